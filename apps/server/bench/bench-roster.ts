/**
 * Roster import benchmark (`node --import tsx bench/bench-roster.ts` in apps/server; not a test,
 * it asserts nothing): a 3,000-pupil .xlsx (BENCH_PUPILS) spread over the demo school's classes
 * is imported by the director over HTTP on PGlite (the import's job awaited), then the same file again (every row
 * unchanged), then the roster is exported. Prints wall time and the number of SQL statements
 * each step ran. The goal is under 5 s for the first import.
 */
import { performance } from 'node:perf_hooks';
import { makeIin } from '../src/core/seed-data';
import { startCountedServer } from './counted-server';
import { rosterXlsx } from '../src/backoffice/roster-samples';
import { call, login } from '../src/test/harness';
import { jobsOf } from '../src/jobs/job-runner';

const pupils = Number(process.env.BENCH_PUPILS ?? 3000);

const { server, statements } = await startCountedServer();

try {
  const token = (await login(server, 'director')).access_token;
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
  console.log(
    `roster: ${pupils} pupils over ${classes.length} classes, file ${xlsx.length} base64 chars`,
  );

  async function step(label: string, run: () => Promise<{ status: number; body: unknown }>) {
    statements.reset();
    const t0 = performance.now();
    let res = await run();
    // The import runs as a job (202): wait for it and answer with the job as it ended.
    if (res.status === 202) {
      await jobsOf(server.db).flush();
      const id = (res.body as { data: { id: number } }).data.id;
      const job = await call(server, 'GET', `/api/v2/os/jobs/${id}`, { token });
      res = { status: job.body.data.status === 'done' ? 200 : 500, body: job.body };
    }
    const ms = performance.now() - t0;
    const ok =
      res.status === 200 ? 'ok' : `status ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
    console.log(
      `${label.padEnd(28)} ${(ms / 1000).toFixed(2).padStart(7)} s  ${String(statements.count).padStart(5)} queries  ${ok}`,
    );
  }
  const imp = () =>
    call(server, 'POST', '/api/v2/os/backoffice/contingent/import', { token, body: { xlsx } });
  await step('import (all new accounts)', imp);
  await step('import again (unchanged)', imp);
  await step('export', async () => {
    const res = await fetch(`${server.url}/api/v2/os/backoffice/contingent/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: (await res.arrayBuffer()).byteLength };
  });
} finally {
  await server.close();
}
