/**
 * `npm run bench:outage -w @sabaq/server`: how the server meets a database outage, in figures
 * (the fault tests check the behaviour; this prints the times). Needs PostgreSQL's binaries
 * (a server of its own, test/services.ts); not a test.
 *
 * - PostgreSQL stopped (`pg_ctl stop -m fast`): how long API calls take to answer 503 while it is
 *   away (max of BENCH_CALLS calls), and, once `pg_ctl start` returns, how long until the same
 *   process serves a signed-in call again (goal: 503 within 1 s, serving within 5 s).
 * - PGlite's worker thread ended: how long until the restarted thread serves again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteWorkerOf } from '../src/db/db';
import { startServer, type RunningServer } from '../src/server';
import { postgresMissing, startPostgres } from '../src/test/services';

const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const ms = (t: number) => `${Math.round(t)} ms`;

async function signIn(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/v2/os/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'teacher', password: 'Sabaq-Demo-2026' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function timedCall(server: RunningServer, token: string): Promise<[number, number]> {
  const t = performance.now();
  const res = await fetch(`${server.url}/api/v2/os/user-info`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return [res.status, performance.now() - t];
}

/** Calls until one answers 200; the time from `since`. */
async function untilServing(server: RunningServer, token: string, since: number): Promise<number> {
  for (;;) {
    const [status] = await timedCall(server, token);
    if (status === 200) return performance.now() - since;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const servers: RunningServer[] = [];
const dirs: string[] = [];
try {
  const missing = postgresMissing();
  if (missing) console.log(`PostgreSQL: skipped (${missing})`);
  else {
    const pgs = await startPostgres();
    try {
      const server = await startServer({
        port: 0,
        dataDir: 'memory',
        webDist: '/nonexistent',
        databaseUrl: pgs.url,
        redisUrl: null,
        statisticsRollupMs: 0,
      });
      servers.push(server);
      const token = await signIn(server);
      // The 2 s token cache would answer without the database: let the calls reach it.
      await new Promise((r) => setTimeout(r, 2100));
      await pgs.stop();
      const latencies: number[] = [];
      const statuses = new Set<number>();
      for (let i = 0; i < CALLS; i++) {
        const [status, took] = await timedCall(server, token);
        statuses.add(status);
        latencies.push(took);
      }
      latencies.sort((a, b) => a - b);
      console.log(
        `PostgreSQL away: ${CALLS} calls answered ${[...statuses].join('/')} in ${ms(latencies[0]!)}–${ms(latencies.at(-1)!)} (median ${ms(latencies[Math.floor(CALLS / 2)]!)}; goal 503 within 1 s)`,
      );
      await pgs.start();
      const back = await untilServing(server, token, performance.now());
      console.log(
        `PostgreSQL back: serving again ${ms(back)} after pg_ctl start returned (goal < 5 s)`,
      );
    } finally {
      for (const s of servers.splice(0)) await s.close();
      await pgs.dispose();
    }
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'sabaq-bench-outage-'));
  dirs.push(dataDir);
  const lite = await startServer({
    port: 0,
    dataDir,
    webDist: '/nonexistent',
    redisUrl: null,
    statisticsRollupMs: 0,
  });
  servers.push(lite);
  const token = await signIn(lite);
  await new Promise((r) => setTimeout(r, 2100));
  const killedAt = performance.now();
  await pgliteWorkerOf(lite.db)!.terminate();
  const [status, took] = await timedCall(lite, token);
  const back = await untilServing(lite, token, killedAt);
  console.log(
    `PGlite thread ended: the next call answered ${status} in ${ms(took)}; serving again ${ms(back)} after (a new thread on the same data)`,
  );
} finally {
  for (const s of servers) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
