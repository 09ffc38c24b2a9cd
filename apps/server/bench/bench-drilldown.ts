/**
 * Drill-down benchmark of statistics and monitoring (`npm run bench:drilldown -w @sabaq/server`;
 * not a test). Times each screen's call at every level of the tree — statistics/country from the
 * country to a class, questionnaire/completion from the country to an organization — through the
 * real server (HTTP, the route's own SQL), and prints p50/p99 per level beside a plain
 * `SELECT count(*)` of the rows the level sums. Goal: p99 < 100 ms per screen at every level.
 *
 * On PostgreSQL (DATABASE_URL) with BENCH_SCHEMA naming a schema that holds `npm run seed:scale`'s
 * tree, it reads that; otherwise it builds a scratch schema with a tree of BENCH_DEPARTMENTS (2)
 * departments per region and BENCH_SCHOOLS (5) schools each, and drops it afterwards.
 */
import { performance } from 'node:perf_hooks';
import { startServer } from '../src/server';
import type { TreeSize } from '../src/statistics/generator';
import { rollupWorkerOf } from '../src/statistics/rollup-worker';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const url = process.env.DATABASE_URL;
const tree: TreeSize = {
  departmentsPerRegion: Number(process.env.BENCH_DEPARTMENTS ?? 2),
  schoolsPerDepartment: Number(process.env.BENCH_SCHOOLS ?? 5),
  parallels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  pupilsPerClass: Number(process.env.BENCH_PUPILS ?? 24),
};

const started = performance.now();
const server = await startServer({
  port: 0,
  dataDir: 'memory',
  webDist: '/nonexistent',
  ...(url ? { databaseUrl: url, databaseSchema: process.env.BENCH_SCHEMA ?? 'fresh' } : {}),
  statisticsTree: tree,
  // The roll-up runs below, timed, instead of on the worker's clock.
  statisticsRollupMs: 0,
});
const db = server.db;
console.log(`tree ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
// What a server's background roll-up does each morning (statistics/rollup-worker.ts): settle
// every school's quarters of the year, here all at once and timed.
{
  const worker = rollupWorkerOf(db);
  const t = performance.now();
  let total = 0;
  for (let done = await worker.runOnce(100); done > 0; done = await worker.runOnce(100)) {
    total += done;
    console.log(`  background roll-up: ${total} school-periods settled`);
  }
  console.log(
    `background roll-up of ${total} school-periods: ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}

async function token(): Promise<string> {
  const res = await fetch(`${server.url}/api/v2/os/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login: 'country_worker', password: 'Sabaq-Demo-2026' }),
  });
  const body = (await res.json()) as { access_token: string };
  return body.access_token;
}
const bearer = await token();

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  await run(); // warm
  const took: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    took.push(performance.now() - t);
  }
  took.sort((a, b) => a - b);
  const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

// The biggest region, its biggest department, its biggest school and class.
const [node] = await db.query<{ region: number; department: number; school: number; grp: number }>(
  `WITH s AS (SELECT s.id, l.department_id, d.region_id FROM schools s
                JOIN localities l ON l.id = s.locality_id JOIN departments d ON d.id = l.department_id
               WHERE s.kind = 'school')
   SELECT region_id AS region, department_id AS department, s.id AS school,
          (SELECT min(id) FROM groups WHERE school_id = s.id AND NOT archived AND parallel > 0) AS grp
     FROM s WHERE region_id = (SELECT region_id FROM s GROUP BY region_id ORDER BY count(*) DESC LIMIT 1)
    ORDER BY department_id, s.id LIMIT 1`,
);
const [period] = await db.query<{ id: number }>(
  `SELECT id FROM questionnaire_periods WHERE starts_on <= current_date ORDER BY starts_on DESC LIMIT 1`,
);
const [size] = await db.query<{
  schools: number;
  pupils: number;
  marks: number;
  responses: number;
}>(
  `SELECT (SELECT count(*)::int FROM schools) AS schools,
          (SELECT count(*)::int FROM users WHERE role = 'student') AS pupils,
          (SELECT count(*)::int FROM journal_marks) AS marks,
          (SELECT count(*)::int FROM questionnaire_responses) AS responses`,
);
console.log(
  `${url ? 'PostgreSQL' : 'PGlite'}: ${size!.schools} schools, ${size!.pupils} pupils, ${size!.marks} marks, ${size!.responses} questionnaire responses; ${RUNS} runs per level`,
);

const statLevels = [
  { level: 'country', query: '', where: 'true' },
  { level: 'region', query: `regionId=${node!.region}`, where: `d.region_id = ${node!.region}` },
  {
    level: 'department',
    query: `regionId=${node!.region}&departmentId=${node!.department}`,
    where: `d.id = ${node!.department}`,
  },
  {
    level: 'school',
    query: `regionId=${node!.region}&departmentId=${node!.department}&schoolId=${node!.school}`,
    where: `s.id = ${node!.school}`,
  },
  {
    level: 'class',
    query: `regionId=${node!.region}&departmentId=${node!.department}&schoolId=${node!.school}&groupId=${node!.grp}`,
    where: `r.group_id = ${node!.grp}`,
  },
];
const row = (name: string, t: { p50: number; p99: number }, count: { ms: number; rows: number }) =>
  console.log(
    `${name.padEnd(34)} p50 ${t.p50.toFixed(1).padStart(7)} ms  p99 ${t.p99.toFixed(1).padStart(7)} ms  ` +
      `count(*) ${count.ms.toFixed(1).padStart(6)} ms (${count.rows} rows)  ratio ${(t.p99 / Math.max(count.ms, 0.1)).toFixed(1)}×  ${t.p99 < 100 ? 'ok' : 'OVER 100 ms'}`,
  );
async function countRows(sql: string): Promise<{ ms: number; rows: number }> {
  await db.query(sql);
  const t = performance.now();
  const [r] = await db.query<{ n: number }>(sql);
  return { ms: performance.now() - t, rows: r!.n };
}

for (const level of statLevels) {
  const t = await time(() => call('GET', `/api/v2/os/statistics/country?${level.query}`));
  const count = await countRows(
    `SELECT count(*)::int AS n FROM stat_results r JOIN schools s ON s.id = r.school_id
       JOIN localities l ON l.id = s.locality_id JOIN departments d ON d.id = l.department_id
      WHERE ${level.where}`,
  );
  row(`statistics/country: ${level.level}`, t, count);
}
// The year to date (span=year): every quarter of the year up to the current one, per level.
for (const level of statLevels) {
  const t = await time(() =>
    call('GET', `/api/v2/os/statistics/country?span=year${level.query ? `&${level.query}` : ''}`),
  );
  const count = await countRows(
    `SELECT count(*)::int AS n FROM stat_results r JOIN schools s ON s.id = r.school_id
       JOIN localities l ON l.id = s.locality_id JOIN departments d ON d.id = l.department_id
      WHERE ${level.where}`,
  );
  row(`statistics/country year: ${level.level}`, t, count);
}

const monitoringLevels = [
  { level: 'country', body: {}, where: 'true' },
  { level: 'region', body: { regionId: node!.region }, where: `d.region_id = ${node!.region}` },
  {
    level: 'department',
    body: { regionId: node!.region, departmentId: node!.department },
    where: `d.id = ${node!.department}`,
  },
  {
    level: 'organization',
    body: {
      regionId: node!.region,
      departmentId: node!.department,
      organizationIds: [node!.school],
    },
    where: `s.id = ${node!.school}`,
  },
];
for (const level of monitoringLevels) {
  const body = { periodId: period!.id, ...level.body };
  const t = await time(() => call('POST', '/api/v1/questionnaire/completion', body));
  const count = await countRows(
    `SELECT count(*)::int AS n FROM questionnaire_responses r JOIN schools s ON s.id = r.school_id
       JOIN localities l ON l.id = s.locality_id JOIN departments d ON d.id = l.department_id
      WHERE r.period_id = ${period!.id} AND ${level.where}`,
  );
  row(`questionnaire/completion: ${level.level}`, t, count);
  const groups = await time(() =>
    call('POST', '/api/v1/monitoring/groups/statistic', { ...body, groupType: 'teacher' }),
  );
  row(`monitoring/groups/statistic: ${level.level}`, groups, count);
}
// Exports of the biggest region (spec §7): the request, then the job until its file is ready.
async function exportFile(path: string, body: unknown): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status === 200)
    return { ms: performance.now() - started, bytes: (await res.arrayBuffer()).byteLength };
  if (res.status !== 202) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { jobId: number } };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const file = await fetch(`${server.url}/api/v1/monitoring/export/${data.jobId}/file`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    if (file.status === 200)
      return { ms: performance.now() - started, bytes: (await file.arrayBuffer()).byteLength };
    if (file.status !== 409) throw new Error(`export job ${data.jobId}: ${file.status}`);
  }
}
const regionBody = { periodId: period!.id, regionId: node!.region };
for (const [name, path] of [
  ['export (xlsx)', '/api/v1/monitoring/export'],
  ['export-pdf', '/api/v1/monitoring/export-pdf'],
  ['export-school-pages (xlsx)', '/api/v1/monitoring/export-school-pages'],
] as const) {
  const made = await exportFile(path, regionBody);
  console.log(
    `${`region ${name}`.padEnd(34)} ${made.ms.toFixed(0).padStart(7)} ms  ${(made.bytes / 1024).toFixed(1)} KiB`,
  );
}
await server.close();
