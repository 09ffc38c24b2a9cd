/**
 * A PostgreSQL and a Redis that a fault test owns: started in a temporary folder on a spare port,
 * stopped, killed and started again by the test, removed at the end. Never the shared ones
 * (DATABASE_URL / REDIS_URL), which other tests and engineers use. The binaries are Debian's
 * (`postgresql`, `redis-server`); without them the tests say plainly that they are skipped.
 *
 * Ports come from 56400–56599 (this suite's range on a shared machine): a random start, the
 * first port nobody listens on.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const PORT_LOW = 56400;
const PORT_HIGH = 56599;

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port of 56400–56599 that nothing listens on now. */
export async function sparePort(): Promise<number> {
  const span = PORT_HIGH - PORT_LOW + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = PORT_LOW + ((start + i) % span);
    if (await portFree(port)) return port;
  }
  throw new Error(`no free port in ${PORT_LOW}–${PORT_HIGH}`);
}

/** Waits until `check` holds (polling), or throws with `what` after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

// --- PostgreSQL ---------------------------------------------------------------------------------

/** The newest installed PostgreSQL's bin folder, or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** initdb refuses root: as root, the server runs as the `postgres` user. */
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

async function asPostgres(cmd: string, args: string[]): Promise<void> {
  if (asRoot) await run('runuser', ['-u', 'postgres', '--', cmd, ...args]);
  else await run(cmd, args);
}

export interface LocalPostgres {
  readonly port: number;
  /** postgres://postgres@127.0.0.1:port/postgres */
  readonly url: string;
  /** Starts the stopped server (waits until it accepts connections). */
  start(): Promise<void>;
  /** A clean stop: sessions are ended (57P01), new connections refused. */
  stop(): Promise<void>;
  /** Stops as a crash would (immediate: no checkpoint; recovery at the next start). */
  kill(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
}

/** Why PostgreSQL fault tests cannot run here, or null when they can. */
export function postgresMissing(): string | null {
  const bin = postgresBin();
  if (!bin)
    return 'PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)';
  if (asRoot && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser'))
    return 'running as root without runuser: initdb cannot run';
  return null;
}

export async function startPostgres(): Promise<LocalPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(postgresMissing() ?? 'no PostgreSQL');
  const dir = mkdtempSync(join(tmpdir(), 'sabaq-pg-'));
  if (asRoot) await run('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  await asPostgres(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const port = await sparePort();
  // Durability off: this server lives for one test; a crash drill still gets WAL recovery.
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
  ].join(' ');
  const ctl = (args: string[]) => asPostgres(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const start = () => ctl(['-o', options, '-l', join(dir, 'log'), '-w', '-t', '120', 'start']);
  await start();
  let running = true;
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await start();
      running = true;
    },
    async stop() {
      await ctl(['-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async kill() {
      await ctl(['-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    async dispose() {
      if (running) await ctl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// --- Redis --------------------------------------------------------------------------------------

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) =>
  existsSync(p),
);

/** Why Redis fault tests cannot run here, or null when they can. */
export function redisMissing(): string | null {
  return REDIS_SERVER ? null : 'redis-server not found (apt-get install redis-server)';
}

export interface LocalRedis {
  readonly port: number;
  readonly url: string;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  start(): Promise<void>;
  /** SIGKILL: connections drop at once, as when the machine goes. */
  kill(): Promise<void>;
  dispose(): Promise<void>;
}

/** A redis-server on a spare port that saves nothing (`--save ''`), owned by the test. */
export async function startRedis(port?: number): Promise<LocalRedis> {
  if (!REDIS_SERVER) throw new Error(redisMissing() ?? 'no redis-server');
  const p = port ?? (await sparePort());
  let child: ChildProcess | null = null;
  const up = async () => {
    const c = spawn(
      REDIS_SERVER,
      ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    child = c;
    await waitFor(async () => !(await portFree(p)), `redis-server on ${p}`, 30_000);
  };
  const down = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await up();
  return {
    port: p,
    url: `redis://127.0.0.1:${p}`,
    start: up,
    kill: down,
    dispose: down,
  };
}
