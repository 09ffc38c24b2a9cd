import type { RouteId } from '@sabaq/platform';
import type { SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of the school year (see test/matrix-samples.ts). The transition
 * itself is not run on the shared matrix server (every class would move up under the other
 * samples): its sample names a year the school is not in, which an admitted caller gets 409
 * for; the real run is year.test.ts.
 */
const P = '/api/v2/os/backoffice';

async function archivedJournal(c: Parameters<SampleFactory>[0]): Promise<string> {
  const rows = await c.server.db.query<{ id: number; subject: number }>(
    `SELECT g.id, min(t.subject_id) AS subject FROM groups g JOIN timetable_slots t ON t.group_id = g.id
      WHERE g.archived AND g.school_id = (SELECT school_id FROM users WHERE login = 'director')
      GROUP BY g.id ORDER BY g.id LIMIT 1`,
  );
  const row = rows[0];
  if (!row) throw new Error('the seed has no archived class with a timetable');
  return `${P}/archive/${row.id}/journal/${row.subject}`;
}

/** A finished job of the caller (a year transition's, as if they had run one). */
async function ownJob(c: Parameters<SampleFactory>[0]): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    `INSERT INTO jobs (kind, school_id, created_by, status, stage, finished_at)
     SELECT 'year.transition', school_id, id, 'done', 'done', now() FROM users WHERE login = $1
     RETURNING id`,
    [c.login],
  );
  return rows[0]?.id ?? 0;
}

export const YEAR_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'year.preview': async (c) => ({
    method: 'POST',
    path: `${P}/contingent/upgrade/preview`,
    opts: { token: c.token, body: {} },
  }),
  'year.start': async (c) => ({
    method: 'POST',
    path: `${P}/contingent/upgrade`,
    opts: { token: c.token, body: { fromYear: '2000-2001', newClasses: [] } },
    expect: [409],
  }),
  'backoffice.archiveJournal': async (c) => ({
    path: await archivedJournal(c),
    opts: { token: c.token },
  }),
  'jobs.get': async (c) => ({
    path: `/api/v2/os/jobs/${await ownJob(c)}`,
    opts: { token: c.token },
  }),
};

/**
 * Routes that name no row of the first school: the caller's own school's transition. Its
 * tenancy is tested in year.test.ts (the second school's preview holds none of the first
 * school's classes; the first school's run leaves the second school's rows as they were).
 */
export const YEAR_OWN_LISTS: readonly RouteId[] = ['year.preview', 'year.start'];
