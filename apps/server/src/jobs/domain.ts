import type { Domain } from '../domain';
import { scrapedGauge } from '../ops/metrics';
import { registerJobRoutes } from './job-routes';
import { jobsOf } from './job-runner';
import { JOBS_SQL } from './jobs-schema';

/**
 * Long work as jobs (DESIGN.md "Long work"): the table, the routes that follow a job, and the
 * runner every process polls with. The kinds of jobs are the other domains' (`Domain.jobs`).
 */
export const jobsDomain: Domain = {
  name: 'jobs',
  migrations: [{ id: 2050, name: 'jobs-year-transition', sql: JOBS_SQL }],
  routes: registerJobRoutes,
  metrics(ctx, registry) {
    scrapedGauge(
      registry,
      'sabaq_jobs',
      'Jobs waiting or running, by status',
      ['status'],
      async (set) => {
        const rows = await ctx.db.query<{ status: string; n: number }>(
          `SELECT status, count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running') GROUP BY status`,
        );
        for (const status of ['queued', 'running'])
          set(rows.find((r) => r.status === status)?.n ?? 0, { status });
      },
    );
    scrapedGauge(
      registry,
      'sabaq_jobs_oldest_queued_seconds',
      'Age of the oldest job still waiting to be claimed (0 when none)',
      [],
      async (set) => {
        const [row] = await ctx.db.query<{ age: number | null }>(
          `SELECT extract(epoch FROM now() - min(created_at))::float8 AS age FROM jobs WHERE status = 'queued'`,
        );
        set(row?.age ?? 0);
      },
    );
  },
  workers: (ctx) => [
    {
      name: 'jobs',
      start: (log) => jobsOf(ctx.db).start(log),
      stop: () => jobsOf(ctx.db).stop(),
    },
  ],
};
