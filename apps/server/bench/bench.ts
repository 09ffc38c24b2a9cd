/**
 * Loopback benchmark (`npm run bench -w @sabaq/server`): GET user-info and GET draft against the
 * server on PGlite (and on PostgreSQL when DATABASE_URL is set), beside a bare node:http
 * hello-world measured in the same run. Two passes per target: as fast as it goes (10
 * connections) and held at 1,000 req/s (the goal: p99 under 25 ms there). Prints figures and
 * ratios; it asserts nothing.
 *
 * The load comes from an autocannon worker thread; server and load still share the machine's
 * cores, so run it on a quiet machine.
 *
 * Env: BENCH_SECONDS (default 5), BENCH_RATE (default 1000), BENCH_CONNECTIONS (default 10).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { startServer } from '../src/index';
import type { RunningServer } from '../src/index';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rate = Number(process.env.BENCH_RATE ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Figures {
  name: string;
  mode: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function run(
  name: string,
  mode: 'max' | 'rate',
  url: string,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const result = await autocannon({
    url,
    headers,
    connections: mode === 'rate' ? Math.max(connections, 20) : connections,
    duration: seconds,
    // The load generator runs in a worker thread so it does not share the event loop with the
    // server (and PGlite, which runs on the main thread).
    workers: 1,
    ...(mode === 'rate' ? { overallRate: rate } : {}),
  });
  return {
    name,
    mode: mode === 'max' ? `max, ${connections} conns` : `${rate} req/s`,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

interface JsonBody {
  access_token?: string;
  data?: { summary?: { id?: string } };
}

async function json(res: Response): Promise<JsonBody> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as JsonBody;
}

async function targets(server: RunningServer, label: string) {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }).then(json);
  const login = await post('/api/v2/os/auth/login', {
    login: 'methodist',
    password: 'Sabaq-Demo-2026',
  });
  const token = login.access_token ?? '';
  const created = await post(
    '/api/v2/os/drafts',
    { init: { type: 'sor', title: 'Бенчмарк', lang: 'kz' } },
    token,
  );
  const id = created.data?.summary?.id ?? '';
  const commands = [{ type: 'page/add', pageId: 'p1', title: 'Тапсырмалар' }];
  for (let i = 0; i < 20; i++) {
    commands.push({
      type: 'module/add',
      pageId: 'p1',
      moduleId: `m${i}`,
      moduleType: 'task',
      title: `Тапсырма ${i + 1}`,
    } as never);
  }
  await post(`/api/v2/os/drafts/${id}/commands`, { expectedVersion: 0, commands }, token);
  const headers = { authorization: `Bearer ${token}`, 'x-localization': 'kz' };
  return [
    { name: `GET user-info (${label})`, url: `${server.url}/api/v2/os/user-info`, headers },
    { name: `GET draft (${label})`, url: `${server.url}/api/v2/os/drafts/${id}`, headers },
  ];
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(9);

async function main() {
  const baseline = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"hello":"world"}');
  });
  await new Promise<void>((r) => baseline.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}/`;

  const servers: { label: string; server: RunningServer }[] = [
    {
      label: 'PGlite',
      server: await startServer({
        port: 0,
        dataDir: 'memory',
        logger: false,
        webDist: '/nonexistent',
      }),
    },
  ];
  if (process.env.DATABASE_URL) {
    servers.push({
      label: 'PostgreSQL',
      server: await startServer({
        port: 0,
        databaseUrl: process.env.DATABASE_URL,
        databaseSchema: 'fresh',
        logger: false,
        webDist: '/nonexistent',
      }),
    });
  }

  const rows: Figures[] = [];
  for (const mode of ['max', 'rate'] as const) {
    rows.push(await run('node:http hello (baseline)', mode, baseUrl));
    for (const { label, server } of servers) {
      for (const t of await targets(server, label))
        rows.push(await run(t.name, mode, t.url, t.headers));
    }
  }

  console.log(
    `\nSabaq server bench: ${seconds} s per run, loopback, one process (server and load share 2 cores)\n`,
  );
  console.log(
    `${'target'.padEnd(32)} ${'mode'.padEnd(18)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'vs base'.padStart(9)} errors non2xx  goal(p99<25ms @${rate}/s)`,
  );
  for (const r of rows) {
    const base = rows.find((b) => b.mode === r.mode && b.name.startsWith('node:http'));
    const ratio = base ? r.rps / base.rps : 1;
    const goal =
      r.mode.includes('req/s') && !r.name.startsWith('node:http')
        ? r.p99 < 25 && r.rps >= rate * 0.95
          ? 'met'
          : 'NOT met'
        : '';
    console.log(
      `${r.name.padEnd(32)} ${r.mode.padEnd(18)} ${fmt(r.rps, 0)} ${fmt(r.p50)} ${fmt(r.p99)} ${fmt(ratio, 2)}x ${String(r.errors).padStart(6)} ${String(r.non2xx).padStart(6)}  ${goal}`,
    );
  }

  for (const { server } of servers) await server.close();
  await new Promise((r) => baseline.close(r));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
