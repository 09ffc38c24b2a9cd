/**
 * The server side of the co-editing bench, in its own process (as in production: the clients
 * are browsers elsewhere, not code sharing the server's event loop). Started by bench.ts with
 * `fork`, one process per run:
 * - `collab`: the real Sabaq server (embedded PGlite, or PostgreSQL with DATABASE_URL) on port 0;
 * - `baseline`: a raw WebSocket broadcast server (`ws`, no auth, no Yjs, no storage), rooms by
 *   URL path.
 * Tells the parent its URL over IPC; answers `memory` (heap growth per opened room) and `close`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import { startServer } from '../../../apps/server/src/server.js';
import { collabOf } from '../../../apps/server/src/collab/index.js';

type Request =
  | { type: 'memory'; ids: string[] }
  | { type: 'loop'; action: 'start' | 'stop' }
  | { type: 'close' };

/** Event-loop delay of this process (how long a ready message could wait), in ms. */
const loop = monitorEventLoopDelay({ resolution: 1 });
let elu = performance.eventLoopUtilization();
function loopRequest(action: 'start' | 'stop') {
  if (action === 'start') {
    loop.reset();
    loop.enable();
    elu = performance.eventLoopUtilization();
    return { type: 'loop', cpu: process.cpuUsage() };
  }
  loop.disable();
  return {
    type: 'loop',
    p99: loop.percentile(99) / 1e6,
    max: loop.max / 1e6,
    cpu: process.cpuUsage(),
    // Share of the time the main thread was busy (the rest of the CPU is other threads).
    mainBusy: performance.eventLoopUtilization(elu).utilization,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const gc = (globalThis as { gc?: () => void }).gc;
const reply = (m: unknown) => process.send!(m);

async function collab() {
  const server = await startServer({
    port: 0,
    dataDir: 'memory',
    webDist: '/nonexistent',
    authRateLimitPerMinute: 1_000_000,
    // PostgreSQL when DATABASE_URL is set (a throw-away schema), else embedded PGlite.
    ...(process.env.DATABASE_URL
      ? { databaseUrl: process.env.DATABASE_URL, databaseSchema: 'fresh' as const }
      : {}),
  });
  const service = collabOf(server.db)!;
  // 50 simulated clients sign in as one user.
  service.options.maxConnectionsPerUser = 10_000;
  process.on('message', (m: Request) => {
    void (async () => {
      if (m.type === 'loop') reply(loopRequest(m.action));
      else if (m.type === 'memory') {
        gc?.();
        await sleep(50);
        gc?.();
        const before = process.memoryUsage().heapUsed;
        const rooms = [];
        for (const id of m.ids) rooms.push(await service.room(id));
        gc?.();
        await sleep(50);
        gc?.();
        const after = process.memoryUsage().heapUsed;
        reply({ type: 'memory', perRoom: (after - before) / m.ids.length, gc: !!gc });
      } else {
        await server.close();
        process.exit(0);
      }
    })();
  });
  reply({ type: 'ready', url: server.url });
}

async function baseline() {
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  const rooms = new Map<string, Set<WebSocket>>();
  wss.on('connection', (ws, req) => {
    const room = req.url ?? '/';
    const set = rooms.get(room) ?? new Set();
    rooms.set(room, set);
    set.add(ws);
    ws.on('message', (data) => {
      for (const o of set) if (o !== ws && o.readyState === o.OPEN) o.send(data);
    });
    ws.on('close', () => set.delete(ws));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const port = (http.address() as AddressInfo).port;
  process.on('message', (m: Request) => {
    if (m.type === 'loop') return reply(loopRequest(m.action));
    wss.close();
    http.close();
    process.exit(0);
  });
  reply({ type: 'ready', url: `http://127.0.0.1:${port}` });
}

(process.argv[2] === 'baseline' ? baseline() : collab()).catch((e) => {
  console.error(e);
  process.exit(1);
});
