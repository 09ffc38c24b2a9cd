import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * The school year (issue 13): the year transition (director and zavuch, who keep the school
 * settings, spec §2) and the archived class's journal (the archive's readers: management and
 * methodists). Row rules (the caller's school only) are in the server's backoffice/year-*.ts and
 * archive-journal-*.ts.
 */
const management: readonly Role[] = ROLE_GROUPS.management;
const archiveReaders: readonly Role[] = [...ROLE_GROUPS.management, 'methodist'];
const P = '/api/v2/os/backoffice';

export const YEAR_ROUTES = {
  'year.preview': {
    method: 'POST',
    path: `${P}/contingent/upgrade/preview`,
    policy: management,
    summary:
      'What the year transition will do: classes moving up, leavers to the archive, new first classes, quarters, conflicts',
  },
  'year.start': {
    method: 'POST',
    path: `${P}/contingent/upgrade`,
    policy: management,
    summary: 'Start the year transition as a job (202); once per school year',
  },
  'backoffice.archiveJournal': {
    method: 'GET',
    path: `${P}/archive/:groupId/journal/:subjectId`,
    policy: archiveReaders,
    summary: "An archived class's journal of its school year, read-only",
  },
} as const;
