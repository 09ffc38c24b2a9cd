/**
 * School-year benchmark (`npm run bench:year -w @sabaq/server`; not a test, it asserts nothing):
 * on PGlite, a school of BENCH_PUPILS (3,000) new pupils is imported by the director through the
 * roster import's job, then the year transition is previewed and run as its job. Prints wall
 * time and SQL statements of each step (the job's own statements included), and as a baseline
 * measured in the same run the cost of one password hash at the full and the one-time work
 * factor. The goal is under 5 s for the import and for the transition.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ONE_TIME_N, hashOneTimePassword, hashPassword } from '../src/auth/passwords';
import { makeIin } from '../src/core/seed-data';
import { startCountedServer } from './counted-server';
import { jobsOf } from '../src/jobs/job-runner';
import { rosterXlsx } from '../src/backoffice/roster-samples';
import { call, login } from '../src/test/harness';

const pupils = Number(process.env.BENCH_PUPILS ?? 3000);
const B = '/api/v2/os/backoffice';

const { server, statements } = await startCountedServer();

async function timeHash(label: string, hash: (p: string) => Promise<string>, n: number) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await hash('Ab-cdef-2345');
  const ms = (performance.now() - t0) / n;
  console.log(`${label.padEnd(34)} ${ms.toFixed(1).padStart(7)} ms per hash (one at a time)`);
  return ms;
}

/** Runs a request that queues a job and waits for the job; prints time and statements. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies as the harness's call gives them
async function step(label: string, run: () => Promise<{ status: number; body: any }>) {
  statements.reset();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const res = await run();
  let outcome = `status ${res.status}`;
  if (res.status === 202 || (res.status === 200 && res.body?.data?.kind)) {
    await jobsOf(server.db).flush();
    const job = await call(server, 'GET', `/api/v2/os/jobs/${res.body.data.id}`, { token });
    outcome = `job ${job.body.data.status}${job.body.data.error ? ` ${job.body.data.error.message}` : ''}`;
  }
  const ms = performance.now() - t0;
  // CPU time of the whole process (all its threads: scrypt's pool, PGlite's): what the step
  // costs whatever else the machine is doing; wall time on an idle machine is about this divided
  // by the cores the work spreads over.
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  console.log(
    `${label.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(7)} s  cpu ${cpuS.toFixed(2).padStart(6)} s  ${String(statements.count).padStart(5)} queries  ${outcome}`,
  );
  return res;
}

const token = (await login(server, 'director')).access_token;
try {
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (other work slows every figure)`,
  );
  const full = await timeHash('hash, chosen password (N=2^14)', hashPassword, 5);
  const once = await timeHash(
    `hash, one-time password (N=2^${Math.log2(ONE_TIME_N)})`,
    hashOneTimePassword,
    50,
  );
  console.log(`ratio full / one-time: ${(full / once).toFixed(1)}×`);

  const classes = await server.db.query<{ name: string; lang: string }>(
    `SELECT g.parallel || g.letter AS name, e.name_kz AS lang FROM groups g
       JOIN edu_langs e ON e.id = g.edu_lang_id
      WHERE g.school_id = (SELECT school_id FROM users WHERE login = 'director') AND NOT g.archived`,
  );
  const rows = Array.from({ length: pupils }, (_, i) => {
    const cls = classes[i % classes.length] ?? { name: '7А', lang: '' };
    const born = `20${String(10 + (i % 8)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`;
    const iin = makeIin(born, i % 2 ? 'm' : 'w', 6000 + Math.floor(i / 10));
    const [y, m, d] = born.split('-');
    return [iin, 'Бенчмарков', 'Оқушы', '', `${d}.${m}.${y}`, cls.name, cls.lang];
  });
  const xlsx = await rosterXlsx(rows);
  console.log(`school: ${pupils} new pupils over ${classes.length} classes`);
  const imp = () => call(server, 'POST', `${B}/contingent/import`, { token, body: { xlsx } });
  await step('roster import job (all new)', imp);
  await step('roster import job (unchanged)', imp);

  const preview = await step('year transition preview', () =>
    call(server, 'POST', `${B}/contingent/upgrade/preview`, { token, body: {} }),
  );
  const p = preview.body.data;
  const moved = p.moves.reduce((n: number, m: { pupils: number }) => n + m.pupils, 0);
  console.log(
    `  ${p.moves.length} classes (${moved} pupils) move up, ${p.graduates.length} graduate, ${p.opens.length} open`,
  );
  const body = {
    fromYear: p.fromYear,
    newClasses: p.opens.map((o: { letter: string; eduLang: { id: number } }) => ({
      letter: o.letter,
      eduLang: o.eduLang.id,
    })),
  };
  await step('year transition job', () =>
    call(server, 'POST', `${B}/contingent/upgrade`, { token, body }),
  );
  await step('year transition again (no-op)', () =>
    call(server, 'POST', `${B}/contingent/upgrade`, { token, body }),
  );
} finally {
  await server.close();
}
