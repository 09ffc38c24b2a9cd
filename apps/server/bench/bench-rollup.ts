/**
 * `npm run bench:rollup -w @sabaq/server` (issue 27; a benchmark, not a test): how many
 * school-periods a second the statistics roll-up settles. Builds a generated tree
 * (ROLLUP_DEPARTMENTS per region × ROLLUP_SCHOOLS schools, 11 parallels, ROLLUP_PUPILS a class)
 * on DATABASE_URL in a scratch schema (PGlite without it), then settles every school-period: once
 * as the first roll-up (which also dates the period's lessons), then as each morning's (every
 * school-period unsettled again), one per transaction and in the worker's batches.
 * Goal: ≥ 50 school-periods/s. BENCH_SCHEMA names a schema to keep between runs (its tree is
 * built once; every run starts from no roll-up). After a pass that wrote many rows it runs
 * ANALYZE as the worker does.
 */
import { performance } from 'node:perf_hooks';
import { startServer } from '../src/server';
import { loadCurrentYear } from '../src/statistics/country-queries';
import { refreshSchoolPeriods } from '../src/statistics/rollup';
import { listUnsettledPeriods } from '../src/statistics/rollup-queries';
import { ROLLUP_BATCH } from '../src/statistics/rollup-worker';
import { schoolDate } from '../src/teaching/journal-access';

const url = process.env.DATABASE_URL;
const t0 = performance.now();
const server = await startServer({
  port: 0,
  dataDir: 'memory',
  webDist: '/nonexistent',
  ...(url ? { databaseUrl: url, databaseSchema: process.env.BENCH_SCHEMA ?? 'fresh' } : {}),
  statisticsTree: {
    departmentsPerRegion: Number(process.env.ROLLUP_DEPARTMENTS ?? 1),
    schoolsPerDepartment: Number(process.env.ROLLUP_SCHOOLS ?? 2),
    parallels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    pupilsPerClass: Number(process.env.ROLLUP_PUPILS ?? 28),
  },
  statisticsRollupMs: 0,
});
const db = server.db;
try {
  console.log(
    `${url ? 'PostgreSQL' : 'PGlite'}: tree ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const current = (await loadCurrentYear(db))!;
  const today = schoolDate(Date.now());
  const year = {
    school_year: current.school_year,
    quarters: [1, 2, 3, 4].filter((quarter) => quarter <= current.quarter),
  };
  const all = { regionId: null, departmentId: null, schoolId: null };
  // A kept schema (BENCH_SCHEMA) starts from no roll-up, as a fresh one does.
  await db.query('DELETE FROM stat_results');
  await db.query('DELETE FROM stat_school_totals');
  await db.query('DELETE FROM stat_state');
  for (const [label, batch] of [
    ['first roll-up', ROLLUP_BATCH],
    ['daily, 1 a transaction', 1],
    [`daily, ${ROLLUP_BATCH} a transaction`, ROLLUP_BATCH],
  ] as const) {
    await db.query('UPDATE stat_state SET stale = true');
    const periods = await listUnsettledPeriods(db, all, year, today);
    const [counted] = await db.query<{ rows: number }>(
      'SELECT count(*)::int AS rows FROM stat_results',
    );
    const t = performance.now();
    let written = 0;
    for (let at = 0; at < periods.length; at += batch)
      written += await refreshSchoolPeriods(db, periods.slice(at, at + batch), today);
    // As the worker does after a run that wrote many rows (rollup-worker.ts).
    if (written >= 5_000) await db.exec('ANALYZE stat_results, stat_school_totals, stat_state');
    const s = (performance.now() - t) / 1000;
    console.log(
      `  ${label}: ${periods.length} school-periods (${counted?.rows ?? 0} pupil-subject rows before) in ${s.toFixed(1)} s = ${(periods.length / s).toFixed(1)} school-periods/s (goal ≥ 50), ${written} rows graded`,
    );
  }
} finally {
  await server.close();
}
