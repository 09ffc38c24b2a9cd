import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * The pupils' roster (issue 13 "contingent"): the school's director and zavuch export and import
 * it in the backoffice, and read it through the §7 monitoring call (monitoring-director is theirs,
 * spec §2). Row rules (only the caller's school) are in the server's backoffice/roster-*.ts.
 */
const management: readonly Role[] = ROLE_GROUPS.management;
const P = '/api/v2/os/backoffice';

export const ROSTER_ROUTES = {
  'roster.export': {
    method: 'GET',
    path: `${P}/contingent/export`,
    policy: management,
    summary: "The school's pupils as .xlsx: IIN, names, birth date, class, study language",
  },
  'roster.import': {
    method: 'POST',
    path: `${P}/contingent/import`,
    policy: management,
    summary:
      'Import the roster: new pupil accounts, moves by IIN; any bad row named, nothing written',
  },
  'monitoring.contingentList': {
    method: 'POST',
    path: '/api/v1/monitoring/contingent-list',
    policy: management,
    summary: "The school's pupils in a period: active, or (archive=1) removed to the archive",
  },
} as const;
