/**
 * `npm run bench:peak` (issue 27; a benchmark, not a test): the quarter-end peak of the journal.
 *
 * For each size (PEAK_SIZES, default "1,10": 1× ≈ 40 schools, 10× ≈ 400) it makes a database
 * sabaq_peak_<k>x beside DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test), builds
 * the generated tree there (statistics/generator.ts), starts TWO server processes on it sharing
 * Redis (REDIS_URL, default redis://127.0.0.1:6379), signs in PEAK_TEACHERS (20) teachers of
 * different schools and lets each put marks into their own class through `PUT journal/marks`, one
 * request in flight each, for PEAK_ROUNDS (3) rounds of PEAK_ROUND_S (20) s. Interleaved with
 * those rounds, as many PostgreSQL connections do a single-row upsert + commit into a table shaped
 * like journal_marks (the raw rate). Then it checks in SQL that every acknowledged mark is stored
 * once with its last value, times the journal grid, the teacher's week and the statistics
 * drill-down (country, school, class) unloaded, times the statistics roll-up, and drops the
 * database. The same drive runs against one PGlite server process (PEAK_PGLITE=0 skips it).
 * Prints medians of the rounds: marks/s, p50/p99, errors, share of raw; and the 10×/1× ratios.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { TreeSize } from '../../src/statistics/generator';
import { schoolDate } from '../../src/teaching/journal-access';

const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const N = Number(process.env.PEAK_TEACHERS ?? 20);
const ROUND_S = Number(process.env.PEAK_ROUND_S ?? 20);
const ROUNDS = Number(process.env.PEAK_ROUNDS ?? 3);
const SIZES = (process.env.PEAK_SIZES ?? '1,10').split(',').map(Number);
const PUPILS = Number(process.env.PEAK_PUPILS ?? 28);
const PARALLELS = Number(process.env.PEAK_PARALLELS ?? 11);
const RUNS = Number(process.env.PEAK_RUNS ?? 30);
const ROLLUP_MAX = Number(process.env.PEAK_ROLLUP_MAX ?? 200);
const PASSWORD = 'Sabaq-Demo-2026';
const SERVER = fileURLToPath(new URL('./peak-server.ts', import.meta.url));

/** k× ≈ 40·k schools: one or two departments per region, 2·k schools per region. */
function treeOf(k: number): TreeSize {
  const departmentsPerRegion = k >= 2 ? 2 : 1;
  return {
    departmentsPerRegion,
    schoolsPerDepartment: Math.max(1, Math.round((2 * k) / departmentsPerRegion)),
    parallels: Array.from({ length: PARALLELS }, (_, i) => 11 - PARALLELS + i + 1),
    pupilsPerClass: PUPILS,
  };
}

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
}

async function startProcess(
  env: Record<string, string>,
): Promise<{ url: string; sqlUrl: string | null; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) =>
      reject(new Error(`server process ended (${code}) before it listened`)),
    );
  });
  return { url, sqlUrl: /SQL (\S+)/.exec(out)?.[1] ?? null, child };
}
async function stopProcess(p: { child: ChildProcess }): Promise<void> {
  if (p.child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });
}

async function api(url: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
async function signIn(url: string, login: string): Promise<string> {
  const res = await api(url, 'POST', '/api/v2/os/auth/login', undefined, {
    login,
    password: PASSWORD,
  });
  if (res.status !== 200)
    throw new Error(`login ${login}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}

interface Teacher {
  login: string;
  token: string;
  url: string;
  groupId: number;
  subjectId: number;
  schoolId: number;
  lessons: number[];
  students: number[];
}

/** Query function over the bench's own connection to a size's database (or PGlite's server). */
type Sql = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** One generated teacher per school (not the demo's): their class, past lessons and pupils. */
async function pickTeachers(sql: Sql, n: number): Promise<Omit<Teacher, 'token' | 'url'>[]> {
  const today = schoolDate(Date.now());
  const picks = await sql<{
    teacher_id: number;
    group_id: number;
    subject_id: number;
    school_id: number;
  }>(
    `SELECT * FROM (
       SELECT DISTINCT ON (g.school_id) g.school_id, t.teacher_id, t.group_id, t.subject_id
         FROM timetable_slots t JOIN groups g ON g.id = t.group_id JOIN periods p ON p.id = t.period_id
         JOIN users u ON u.id = t.teacher_id
        WHERE p.is_current AND u.login IS NULL AND t.subgroup_id IS NULL
        ORDER BY g.school_id, g.parallel DESC, t.teacher_id, t.subject_id) x
      ORDER BY school_id LIMIT $1`,
    [n],
  );
  const out: Omit<Teacher, 'token' | 'url'>[] = [];
  for (const [i, p] of picks.entries()) {
    const login = `peak_teacher_${i + 1}`;
    await sql(
      `UPDATE users SET login = $2, password_hash = (SELECT password_hash FROM users WHERE login = 'teacher')
        WHERE id = $1`,
      [p.teacher_id, login],
    );
    const lessons = await sql<{ id: number }>(
      `SELECT l.id FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id JOIN periods pe ON pe.id = t.period_id
        WHERE t.group_id = $1 AND t.subject_id = $2 AND t.teacher_id = $3 AND pe.is_current
          AND l.lesson_date <= $4::date ORDER BY l.lesson_date DESC LIMIT 12`,
      [p.group_id, p.subject_id, p.teacher_id, today],
    );
    const students = await sql<{ id: number }>(
      `SELECT id FROM users WHERE group_id = $1 AND role = 'student' ORDER BY id`,
      [p.group_id],
    );
    if (lessons.length === 0 || students.length === 0) continue;
    out.push({
      login,
      groupId: p.group_id,
      subjectId: p.subject_id,
      schoolId: p.school_id,
      lessons: lessons.map((l) => l.id),
      students: students.map((s) => s.id),
    });
  }
  if (out.length < n) console.log(`  (only ${out.length} teachers of different schools found)`);
  return out;
}

interface Round {
  marks: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Every teacher puts marks into their own class, one request in flight, for `seconds`. */
async function driveRound(
  teachers: Teacher[],
  seconds: number,
  acked: Map<string, number>,
  doubtful: Set<string>,
): Promise<Round> {
  const took: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    teachers.map(async (t) => {
      while (performance.now() < end) {
        const lessonId = t.lessons[Math.floor(Math.random() * t.lessons.length)]!;
        const studentId = t.students[Math.floor(Math.random() * t.students.length)]!;
        const mark = 1 + Math.floor(Math.random() * 10);
        const key = `${lessonId}|${studentId}`;
        const t0 = performance.now();
        try {
          const res = await api(t.url, 'PUT', '/api/v2/os/journal/marks', t.token, {
            lessonId,
            studentId,
            mark,
          });
          if (res.status === 200) {
            took.push(performance.now() - t0);
            acked.set(key, mark);
            doubtful.delete(key);
          } else {
            errors++;
            if (errors <= 3)
              console.log(`  error ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
            doubtful.add(key);
          }
        } catch {
          errors++;
          doubtful.add(key);
        }
      }
    }),
  );
  const ms = performance.now() - started;
  return {
    marks: took.length,
    perSecond: (took.length / ms) * 1000,
    p50: quantile(took, 0.5),
    p99: quantile(took, 0.99),
    errors,
  };
}

/** N connections, each a single-row upsert + commit into a journal_marks-shaped table. */
async function rawRound(url: string, n: number, seconds: number): Promise<Round> {
  const clients = await Promise.all(
    Array.from({ length: n }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  await clients[0]!.query(
    `CREATE TABLE IF NOT EXISTS peak_raw (lesson_id integer NOT NULL, student_id integer NOT NULL,
       mark integer CHECK (mark BETWEEN 1 AND 10), absent boolean NOT NULL DEFAULT false, updated_by integer,
       updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (lesson_id, student_id))`,
  );
  const took: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    clients.map(async (c, i) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await c.query(
          `INSERT INTO peak_raw (lesson_id, student_id, mark, updated_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (lesson_id, student_id) DO UPDATE SET mark = excluded.mark, updated_by = excluded.updated_by, updated_at = now()`,
          [
            i * 100 + Math.floor(Math.random() * 12),
            Math.floor(Math.random() * 28),
            1 + Math.floor(Math.random() * 10),
            i,
          ],
        );
        took.push(performance.now() - t0);
      }
    }),
  );
  const ms = performance.now() - started;
  await Promise.all(clients.map((c) => c.end()));
  return {
    marks: took.length,
    perSecond: (took.length / ms) * 1000,
    p50: quantile(took, 0.5),
    p99: quantile(took, 0.99),
    errors: 0,
  };
}

/** Every acknowledged mark is stored once with its last value (cells with a failed write after their last ack are not judged). */
async function verify(
  sql: Sql,
  acked: Map<string, number>,
  doubtful: Set<string>,
): Promise<string> {
  const keys = [...acked.keys()].filter((k) => !doubtful.has(k));
  const lessons = keys.map((k) => Number(k.split('|')[0]));
  const students = keys.map((k) => Number(k.split('|')[1]));
  const rows = await sql<{ lesson_id: number; student_id: number; mark: number; n: number }>(
    `SELECT m.lesson_id, m.student_id, min(m.mark)::int AS mark, count(*)::int AS n
       FROM journal_marks m JOIN unnest($1::int[], $2::int[]) AS k(lesson_id, student_id)
         ON k.lesson_id = m.lesson_id AND k.student_id = m.student_id
      GROUP BY m.lesson_id, m.student_id`,
    [lessons, students],
  );
  const stored = new Map(rows.map((r) => [`${r.lesson_id}|${r.student_id}`, r]));
  let wrong = 0;
  for (const k of keys) {
    const r = stored.get(k);
    if (!r || r.n !== 1 || r.mark !== acked.get(k)) wrong++;
  }
  return `${keys.length} acknowledged cells checked, ${wrong} wrong${doubtful.size ? `, ${doubtful.size} not judged (a failed write after the last ack)` : ''}`;
}

async function timeCall(
  run: () => Promise<{ status: number }>,
): Promise<{ p50: number; p99: number }> {
  await run();
  const took: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await run();
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    took.push(performance.now() - t0);
  }
  return { p50: quantile(took, 0.5), p99: quantile(took, 0.99) };
}

interface Figures {
  label: string;
  api: Round;
  raw: Round | null;
  verified: string;
  latency: Record<string, { p50: number; p99: number }>;
}

/** The drill-down's three levels for a teacher's school, and a country worker to read them. */
async function drillPaths(url: string, sql: Sql, t: Teacher) {
  const [node] = await sql<{ region: number; department: number; school: number }>(
    `SELECT d.region_id AS region, d.id AS department, s.id AS school FROM schools s
       JOIN localities l ON l.id = s.locality_id JOIN departments d ON d.id = l.department_id WHERE s.id = $1`,
    [t.schoolId],
  );
  const school = `regionId=${node!.region}&departmentId=${node!.department}&schoolId=${node!.school}`;
  return {
    token: await signIn(url, 'country_worker'),
    paths: {
      country: '/api/v2/os/statistics/country',
      school: `/api/v2/os/statistics/country?${school}`,
      class: `/api/v2/os/statistics/country?${school}&groupId=${t.groupId}`,
    } as Record<string, string>,
  };
}

/**
 * A country worker drilling down (country → school → class, one request in flight) for
 * `seconds` while the teachers write: the drill-down's p50/p99 per level under the peak.
 */
async function drillUnderLoad(
  url: string,
  drill: Awaited<ReturnType<typeof drillPaths>>,
  seconds: number,
): Promise<Record<string, { p50: number; p99: number }>> {
  const took: Record<string, number[]> = {};
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end)
    for (const [level, path] of Object.entries(drill.paths)) {
      const t0 = performance.now();
      const res = await api(url, 'GET', path, drill.token);
      if (res.status !== 200) throw new Error(`drill-down ${level}: status ${res.status}`);
      (took[level] ??= []).push(performance.now() - t0);
    }
  return Object.fromEntries(
    Object.entries(took).map(([level, xs]) => [
      `drill-down ${level} under load`,
      { p50: quantile(xs, 0.5), p99: quantile(xs, 0.99) },
    ]),
  );
}

async function readLatencies(url: string, sql: Sql, t: Teacher): Promise<Figures['latency']> {
  const today = schoolDate(Date.now());
  const [node] = await sql<{ region: number; department: number; school: number }>(
    `SELECT d.region_id AS region, d.id AS department, s.id AS school FROM schools s
       JOIN localities l ON l.id = s.locality_id JOIN departments d ON d.id = l.department_id WHERE s.id = $1`,
    [t.schoolId],
  );
  const worker = await signIn(url, 'country_worker');
  const school = `regionId=${node!.region}&departmentId=${node!.department}&schoolId=${node!.school}`;
  const out: Figures['latency'] = {};
  out['journal grid'] = await timeCall(() =>
    api(url, 'GET', `/api/v2/os/journal/groups/${t.groupId}/${t.subjectId}`, t.token),
  );
  out["teacher's week"] = await timeCall(() =>
    api(url, 'GET', `/api/v2/os/schedule?date=${today}`, t.token),
  );
  out['mark write'] = await timeCall(() =>
    api(url, 'PUT', '/api/v2/os/journal/marks', t.token, {
      lessonId: t.lessons[0],
      studentId: t.students[0],
      mark: 5,
    }),
  );
  out['drill-down country'] = await timeCall(() =>
    api(url, 'GET', '/api/v2/os/statistics/country', worker),
  );
  out['drill-down school'] = await timeCall(() =>
    api(url, 'GET', `/api/v2/os/statistics/country?${school}`, worker),
  );
  out['drill-down class'] = await timeCall(() =>
    api(url, 'GET', `/api/v2/os/statistics/country?${school}&groupId=${t.groupId}`, worker),
  );
  return out;
}

async function rollup(url: string): Promise<string> {
  const { openDb } = await import('../../src/db/db');
  const { rollupWorkerOf } = await import('../../src/statistics/rollup-worker');
  const db = await openDb({ databaseUrl: url });
  try {
    const worker = rollupWorkerOf(db);
    const t0 = performance.now();
    let total = 0;
    for (
      let done = await worker.runOnce(50);
      done > 0 && total < ROLLUP_MAX;
      done = await worker.runOnce(50)
    )
      total += done;
    const ms = performance.now() - t0;
    return `${total} school-periods in ${sec(ms)} = ${((total / ms) * 1000).toFixed(1)} school-periods/s`;
  } finally {
    await db.close();
  }
}

async function runPostgres(k: number): Promise<Figures> {
  const name = `sabaq_peak_${k}x`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(BASE);
  dbUrl.pathname = `/${name}`;
  const url = dbUrl.toString();
  const conn = new pg.Client({ connectionString: url });
  const procs: { url: string; child: ChildProcess }[] = [];
  try {
    const t0 = performance.now();
    const env = { PEAK_DATABASE_URL: url, PEAK_TREE: JSON.stringify(treeOf(k)), REDIS_URL: REDIS };
    procs.push(await startProcess(env));
    procs.push(await startProcess(env));
    await conn.connect();
    const sql: Sql = async (text, params) => (await conn.query(text, params as unknown[])).rows;
    await sql('ANALYZE');
    const [size] = await sql<{ schools: number; pupils: number; marks: number }>(
      `SELECT (SELECT count(*)::int FROM schools) AS schools,
              (SELECT count(*)::int FROM users WHERE role = 'student') AS pupils,
              (SELECT count(*)::int FROM journal_marks) AS marks`,
    );
    console.log(
      `PostgreSQL ${k}×: ${size!.schools} schools, ${size!.pupils} pupils, ${size!.marks} marks, built in ${sec(performance.now() - t0)}`,
    );
    const teachers = await signInAll(
      sql,
      procs.map((p) => p.url),
    );
    const figures = await drive(`PostgreSQL ×2, ${k}×`, teachers, sql, url);
    figures.latency = {
      ...(await readLatencies(procs[0]!.url, sql, teachers[0]!)),
      ...figures.latency,
    };
    console.log(`  statistics roll-up: ${await rollup(url)}`);
    return figures;
  } finally {
    await Promise.all(procs.map(stopProcess));
    await conn.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function signInAll(sql: Sql, urls: string[]): Promise<Teacher[]> {
  const picked = await pickTeachers(sql, N);
  return Promise.all(
    picked.map(async (p, i) => {
      const url = urls[i % urls.length]!;
      return { ...p, url, token: await signIn(url, p.login) };
    }),
  );
}

async function drive(
  label: string,
  teachers: Teacher[],
  sql: Sql,
  rawUrl: string | null,
): Promise<Figures> {
  const acked = new Map<string, number>();
  const doubtful = new Set<string>();
  const apiRounds: Round[] = [];
  const rawRounds: Round[] = [];
  const drill = await drillPaths(teachers[0]!.url, sql, teachers[0]!);
  // Warm: the first read of a level may roll up its schools (the worker's job, not the peak's).
  for (const path of Object.values(drill.paths))
    await api(teachers[0]!.url, 'GET', path, drill.token);
  let underLoad: Figures['latency'] = {};
  for (let r = 0; r < ROUNDS; r++) {
    // The last round has a country worker drilling down beside the teachers.
    const last = r === ROUNDS - 1;
    const [round, drilled] = await Promise.all([
      driveRound(teachers, ROUND_S, acked, doubtful),
      last ? drillUnderLoad(teachers[0]!.url, drill, ROUND_S) : Promise.resolve({}),
    ]);
    apiRounds.push(round);
    if (last) underLoad = drilled;
    if (rawUrl) rawRounds.push(await rawRound(rawUrl, teachers.length, ROUND_S));
    const a = apiRounds[r]!;
    console.log(
      `  round ${r + 1}: API ${a.perSecond.toFixed(1)} marks/s p50 ${a.p50.toFixed(0)} ms p99 ${a.p99.toFixed(0)} ms errors ${a.errors}` +
        (rawUrl
          ? `; raw ${rawRounds[r]!.perSecond.toFixed(0)}/s p99 ${rawRounds[r]!.p99.toFixed(0)} ms`
          : ''),
    );
  }
  const med = (rs: Round[]): Round => ({
    marks: median(rs.map((x) => x.marks)),
    perSecond: median(rs.map((x) => x.perSecond)),
    p50: median(rs.map((x) => x.p50)),
    p99: median(rs.map((x) => x.p99)),
    errors: rs.reduce((s, x) => s + x.errors, 0),
  });
  const verified = await verify(sql, acked, doubtful);
  console.log(`  verified: ${verified}`);
  return {
    label,
    api: med(apiRounds),
    raw: rawUrl ? med(rawRounds) : null,
    verified,
    latency: underLoad,
  };
}

/** PGlite: one server process (as `npm start`), the 1× tree, no raw rate (embedded, single connection). */
async function runPglite(rawRate: number | null): Promise<Figures> {
  const t0 = performance.now();
  const proc = await startProcess({ PEAK_TREE: JSON.stringify(treeOf(1)), REDIS_URL: '' });
  try {
    // The bench reads and prepares the embedded database through the process's side door.
    const sql: Sql = async (text, params) => {
      const res = await fetch(proc.sqlUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, params: params ?? [] }),
      });
      if (res.status !== 200) throw new Error(`PGlite sql: ${res.status} ${await res.text()}`);
      return (await res.json()) as never;
    };
    console.log(`PGlite 1×: built in ${sec(performance.now() - t0)}`);
    const teachers = await signInAll(sql, [proc.url]);
    const figures = await drive('PGlite, 1×', teachers, sql, null);
    if (rawRate) figures.raw = { marks: 0, perSecond: rawRate, p50: 0, p99: 0, errors: 0 };
    figures.latency = { ...(await readLatencies(proc.url, sql, teachers[0]!)), ...figures.latency };
    return figures;
  } finally {
    await stopProcess(proc);
  }
}

const all: Figures[] = [];
for (const k of SIZES) all.push(await runPostgres(k));
if (process.env.PEAK_PGLITE !== '0') all.push(await runPglite(all[0]?.raw?.perSecond ?? null));

console.log(
  `\n${N} teachers, ${ROUNDS} rounds of ${ROUND_S} s (medians); raw = single-row upsert + commit, same PostgreSQL, same run`,
);
console.log('| setup | marks/s | p50 | p99 | errors | raw marks/s | share of raw | check |');
console.log('|---|---|---|---|---|---|---|---|');
for (const f of all)
  console.log(
    `| ${f.label} | ${f.api.perSecond.toFixed(1)} | ${f.api.p50.toFixed(0)} ms | ${f.api.p99.toFixed(0)} ms | ${f.api.errors} | ` +
      `${f.raw ? f.raw.perSecond.toFixed(0) : '–'} | ${f.raw ? `${((f.api.perSecond / f.raw.perSecond) * 100).toFixed(1)} %` : '–'} | ${f.verified} |`,
  );
console.log(
  '\n| read (p50 / p99; unloaded unless said) | ' + all.map((f) => f.label).join(' | ') + ' |',
);
console.log('|---|' + all.map(() => '---|').join(''));
for (const what of Object.keys(all[0]?.latency ?? {}))
  console.log(
    `| ${what} | ` +
      all
        .map((f) => `${f.latency[what]?.p50.toFixed(1)} / ${f.latency[what]?.p99.toFixed(1)} ms`)
        .join(' | ') +
      ' |',
  );
const [one, ten] = all;
if (one && ten && ten.label.startsWith('PostgreSQL')) {
  console.log(`\n${ten.label} / ${one.label} (cost ratio, p50; target ≤ 1.3×):`);
  console.log(
    `  mark write under load: ${(one.api.perSecond / ten.api.perSecond).toFixed(2)}× (throughput ${(ten.api.perSecond / one.api.perSecond).toFixed(2)}×)`,
  );
  for (const what of Object.keys(one.latency))
    console.log(
      `  ${what}: ${((ten.latency[what]?.p50 ?? 0) / (one.latency[what]?.p50 || 1)).toFixed(2)}×`,
    );
}
