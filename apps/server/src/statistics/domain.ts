import type { Domain } from '../domain';
import { scrapedGauge } from '../ops/metrics';
import { coreOf } from '../domain';
import { seedMonitoringResponses } from '../monitoring/monitoring-seed';
import { schoolDate } from '../teaching/journal-access';
import { generateTree } from './generator';
import { rollupWorkerOf } from './rollup-worker';
import {
  STATISTICS_INCREMENTAL_SQL,
  STATISTICS_LEAN_WRITES_SQL,
  STATISTICS_SQL,
  STATISTICS_TOTALS_SQL,
  STATISTICS_USAGE_SQL,
} from './statistics-schema';
import { registerStatisticsRoutes } from './statistics-routes';
import { seedAdminTree } from './tree-seed';

/**
 * Statistics (issue 16): the roll-up of quarter grades kept fresh by triggers, the per-school
 * totals, platform usage, the drill-down over Kazakhstan's tree. Ids 2650–2699.
 */
export const statisticsDomain: Domain = {
  name: 'statistics',
  migrations: [
    { id: 2650, name: 'statistics-rollup', sql: STATISTICS_SQL },
    // The second tier: per-school sums read by the levels above a school.
    { id: 2651, name: 'statistics-school-totals', sql: STATISTICS_TOTALS_SQL },
    // Platform usage: pupils who used the platform (attempts, homework answers) per subject.
    { id: 2652, name: 'statistics-usage', sql: STATISTICS_USAGE_SQL },
    // Issue 27: the roll-up's cache without per-row key checks; lessons dated once.
    { id: 2801, name: 'statistics-lean-writes', sql: STATISTICS_LEAN_WRITES_SQL },
    // Issue 27: only the rows whose grade inputs changed are regraded (fingerprints).
    { id: 3110, name: 'statistics-incremental', sql: STATISTICS_INCREMENTAL_SQL },
  ],
  // Kazakhstan's regions and district education departments (tree-seed.ts).
  seed: [
    { name: 'statistics.admin-tree', run: (tx, demo) => seedAdminTree(tx, coreOf(demo).regionId) },
  ],
  // Schools, pupils and journals across the tree, made once beside the demo data (generator.ts).
  async prepare({ db, options }) {
    if (!options.statisticsTree) return;
    const today = schoolDate(Date.now());
    if (await generateTree(db, options.statisticsTree, { seed: 2026, today })) {
      // The generated schools' staff answer the monitoring questionnaires too.
      await seedMonitoringResponses(db, today);
      // Fresh planner statistics after the bulk load (autovacuum would take its time).
      await db.query('ANALYZE');
    }
  },
  routes: (app, ctx) => registerStatisticsRoutes(app, ctx),
  metrics(ctx, registry) {
    // The roll-up's lag: school quarters a journal change marked stale, and how long the oldest
    // of them has waited since its last roll-up (never rolled up: since the quarter began).
    scrapedGauge(
      registry,
      'sabaq_statistics_stale_periods',
      'School quarters whose statistics wait for a roll-up',
      [],
      async (set) => {
        const [row] = await ctx.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM stat_state WHERE stale',
        );
        set(row?.n ?? 0);
      },
    );
    scrapedGauge(
      registry,
      'sabaq_statistics_rollup_lag_seconds',
      'Since the oldest stale school quarter was last rolled up (0 when none is stale)',
      [],
      async (set) => {
        const [row] = await ctx.db.query<{ lag: number | null }>(
          `SELECT extract(epoch FROM now() - min(coalesce(st.refreshed_at, p.start_date::timestamptz)))::float8 AS lag
             FROM stat_state st JOIN periods p ON p.id = st.period_id WHERE st.stale`,
        );
        set(Math.max(0, row?.lag ?? 0));
      },
    );
  },
  workers: (ctx, options) => [
    {
      name: 'statistics-rollup',
      // How often the background roll-up settles schools a read left to it (0 = never).
      start: (log) => rollupWorkerOf(ctx.db).start(options.statisticsRollupMs ?? 60_000, log),
      stop: () => rollupWorkerOf(ctx.db).stop(),
    },
  ],
};
