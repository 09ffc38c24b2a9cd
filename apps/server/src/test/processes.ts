/**
 * Real server processes for fault tests: `npm start`'s own entry (main.ts) in a child process,
 * which a test may end with SIGTERM (a planned restart) or SIGKILL (a crash), and a TCP load
 * balancer in front of them that sends each new connection to a live one, as a proxy would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const serverRoot = resolve(fileURLToPath(import.meta.url), '../../..');

export interface ServerProcess {
  readonly port: number;
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or signal) once the process is gone. */
  readonly exited: Promise<number | string>;
  /** What it wrote, for a failing test's message. */
  output(): string;
}

/** Starts `src/main.ts` with `env` and resolves once it listens. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STATISTICS_TREE: 'none',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | string>((r) =>
    child.once('exit', (code, signal) => r(code ?? signal ?? 'unknown')),
  );
  return new Promise((resolveStart, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /Sabaq server on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        child.stdout?.off('data', onData);
        child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
        const port = Number(m[1]);
        resolveStart({
          port,
          url: `http://127.0.0.1:${port}`,
          child,
          exited,
          output: () => out,
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
    void exited.then((code) =>
      reject(new Error(`server process exited (${code}) before listening:\n${out}`)),
    );
  });
}

export interface Balancer {
  readonly url: string;
  /** The backends new connections go to (round robin; a refused one is skipped). */
  setBackends(ports: readonly number[]): void;
  close(): Promise<void>;
}

/** A TCP load balancer on 127.0.0.1 (port 0) over the given backend ports. */
export async function startBalancer(): Promise<Balancer> {
  let backends: number[] = [];
  let next = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => undefined);
    client.pause();
    const attempt = (tries: number) => {
      if (tries >= backends.length || backends.length === 0) {
        client.destroy();
        return;
      }
      const port = backends[next++ % backends.length]!;
      const upstream = connect(port, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        open.add(upstream);
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (!connected) attempt(tries + 1);
        else client.destroy();
      });
      upstream.on('close', () => {
        open.delete(upstream);
        if (connected) client.destroy();
      });
      client.on('close', () => upstream.destroy());
    };
    attempt(0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    setBackends(ports) {
      backends = [...ports];
    },
    async close() {
      for (const s of open) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
