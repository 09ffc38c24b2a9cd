import { ROLE_GROUPS, type Role } from '../roles/roles';

/**
 * Statistics (issue 16). A school's figures are for its director and deputy, and for a group
 * lead the same page over the classes they lead; a class's for the director, the deputy and the
 * class's own group lead (the handler checks that the class is theirs: 404 otherwise).
 */
const management: readonly Role[] = ROLE_GROUPS.management;
const P = '/api/v2/os/statistics';

export const STATISTICS_ROUTES = {
  'statistics.school': {
    method: 'GET',
    path: `${P}/school`,
    policy: [...management, 'group-lead'],
    summary:
      "The caller's school in a period: quality, success, average, attendance, SOR/SOCh; by subject, teacher and class; the year's trend; pupils at risk",
  },
  'statistics.group': {
    method: 'GET',
    path: `${P}/group/:groupId`,
    policy: [...management, 'group-lead'],
    summary: 'One class in a period: figures by subject and by pupil, the trend, pupils at risk',
  },
  'statistics.country': {
    method: 'GET',
    path: `${P}/country`,
    policy: ROLE_GROUPS.workers,
    summary:
      "The drill-down for education workers: country → region → department → school → class, each from the caller's own level down; figures per child",
  },
} as const;
