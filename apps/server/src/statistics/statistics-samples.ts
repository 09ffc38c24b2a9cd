import type { RouteId } from '@sabaq/platform';
import type { SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of the statistics (see test/matrix-samples.ts). The class is the
 * first school's 7А, which the demo group lead leads; the school's figures are the caller's own
 * school's, so the second-school pass skips that route (STATISTICS_OWN_ROUTES).
 */
const P = '/api/v2/os/statistics';

export const STATISTICS_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'statistics.school': async (c) => ({ path: `${P}/school`, opts: { token: c.token } }),
  'statistics.group': async (c) => {
    const [row] = await c.server.db.query<{ id: number }>(
      `SELECT g.id FROM groups g WHERE g.parallel = 7 AND g.letter = 'А'
          AND g.school_id = (SELECT min(id) FROM schools WHERE kind = 'school')`,
    );
    return { path: `${P}/group/${row!.id}`, opts: { token: c.token } };
  },
  // Each worker's own level of the tree (the country, their region, their department).
  'statistics.country': async (c) => ({ path: `${P}/country`, opts: { token: c.token } }),
};

export const STATISTICS_OWN_ROUTES: readonly RouteId[] = [
  'statistics.school',
  'statistics.country',
];
