/**
 * `npm run bench:start -w @sabaq/server`: how long `npm start` takes to answer on existing data
 * after a crash, and where the time goes. Not a test: it prints figures.
 *
 * A data directory (BENCH_DATA_DIR, else a temporary one) gets its first start (migrations, the
 * demo seed, the statistics' small tree), then `npm start` is started BENCH_RUNS times (3) and
 * killed with SIGKILL once it answers — each next start is a start after a crash. For each: the
 * wall time until `/api/health` answers 200, and the server's own phases from its "started in"
 * log line (openDb, migrate, seed, prepare:<domain>, buildApp, listen); the rest is npm, the web
 * build check and loading the code.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';

const repo = resolve(fileURLToPath(import.meta.url), '../../../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const given = process.env.BENCH_DATA_DIR;
const dataDir = given ?? mkdtempSync(join(tmpdir(), 'sabaq-bench-start-'));

function freePort(): Promise<number> {
  return new Promise((r) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => r(port));
    });
  });
}

interface Start {
  wallMs: number;
  phases: Record<string, number>;
  buildCheck: string;
}

async function start(label: string): Promise<Start> {
  const port = await freePort();
  const began = performance.now();
  // Its own process group, so the kill takes npm and the node process under it at once.
  const child = spawn('npm', ['start'], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
  let wallMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label}: npm start exited:\n${out}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) {
      wallMs = performance.now() - began;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
  const line = out.split('\n').find((l) => l.includes('"startup"'));
  const phases = line ? (JSON.parse(line) as { startup: Record<string, number> }).startup : {};
  const buildCheck = /web app (up to date[^\n]*|[^\n]*building it)/.exec(out)?.[0] ?? '?';
  return { wallMs, phases, buildCheck };
}

function row(label: string, s: Start): string {
  const server = Object.values(s.phases).reduce((a, b) => a + b, 0);
  const phases = Object.entries(s.phases)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return `${label.padEnd(12)} answers after ${(s.wallMs / 1000).toFixed(1)} s — server phases ${server} ms (${phases}); npm, build check and loading the code ${Math.round(s.wallMs - server)} ms; ${s.buildCheck}`;
}

try {
  console.log(`npm start on ${dataDir} (${RUNS} starts after a crash)`);
  const first = await start('first start');
  console.log(row('first start', first));
  const walls: number[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const s = await start(`restart ${i}`);
    walls.push(s.wallMs);
    console.log(row(`restart ${i}`, s));
  }
  walls.sort((a, b) => a - b);
  const median = walls[Math.floor(walls.length / 2)]!;
  console.log(
    `after a crash: median ${(median / 1000).toFixed(1)} s, worst ${(walls.at(-1)! / 1000).toFixed(1)} s (goal < 10 s)`,
  );
} finally {
  if (!given) rmSync(dataDir, { recursive: true, force: true });
}
