/**
 * Co-editing benchmark (a script, not a test): `npm run bench -w @sabaq/collab`.
 *
 * The server runs in its own process (bench/server-process.ts), as in production; the 50
 * simulated clients run here, so they do not share the server's event loop.
 *
 * 1. Starts the real server (embedded PGlite, port 0), creates 10 SOR drafts, connects 50
 *    clients (5 per draft) over loopback with the same CollabProvider the editor uses.
 * 2. Every client makes edits at a steady pace (each edit one engine event through its
 *    CollabDraft); every other client of the draft records when the event arrives. Prints
 *    propagation p50/p95/p99/max through /collab.
 * 3. Baseline in the same run: a raw WebSocket broadcast server (`ws`, no auth, no Yjs, no
 *    storage), also in its own process, with the same 10 rooms × 5 clients, the same pace and
 *    message sizes. Prints its percentiles and the ratio (goal: p99 ≤ 3× baseline and < 50 ms).
 * 4. Memory per open draft on the server: opens N more rooms of a 40-module draft and prints
 *    the heap growth per room (run with --expose-gc for a clean figure; the script does).
 *
 * Env: BENCH_EDITS (edits per client, default 40), BENCH_WARMUP (unmeasured edits per client
 * first, default 10), BENCH_ROUNDS (alternating baseline and /collab runs, pooled; default 3),
 * BENCH_INTERVAL_MS (default 100),
 * DATABASE_URL (PostgreSQL instead of embedded PGlite).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import * as Y from 'yjs';
import { WebSocket } from 'ws';
import { createDraft, makeEvent, type CommandInput } from '@sabaq/engine';
import { CollabDraft, CollabProvider, createDraftDoc, type SocketLike } from '../src/index.js';
import { DEMO_PASSWORD } from '../../../apps/server/src/db/seed-data.js';

const DRAFTS = 10;
const PER_DRAFT = 5;
const EDITS = Number(process.env.BENCH_EDITS ?? 40);
/** Edits per client before measuring (both runs alike): a server that has just started runs
 * cold code; a live one has long since compiled its hot paths. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
/** Baseline + /collab runs (alternating); the headline percentiles pool every round. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const INTERVAL = Number(process.env.BENCH_INTERVAL_MS ?? 100);
const MEMORY_ROOMS = Number(process.env.BENCH_MEMORY_ROOMS ?? 50);

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}
function line(name: string, xs: number[]): string {
  const f = (v: number) => v.toFixed(2).padStart(7);
  return `${name.padEnd(28)} n=${String(xs.length).padStart(5)}  p50 ${f(pct(xs, 50))} ms  p95 ${f(pct(xs, 95))} ms  p99 ${f(pct(xs, 99))} ms  max ${f(Math.max(...xs))} ms`;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Sends a request and resolves with the child's next message. */
  ask<T>(m: unknown): Promise<T>;
  close(): Promise<void>;
}

/** Starts bench/server-process.ts in a child process (tsx, --expose-gc) and waits for its URL. */
function serverProcess(kind: 'collab' | 'baseline'): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./server-process.ts', import.meta.url)), [kind], {
    execArgv: [
      '--expose-gc',
      '--import',
      'tsx',
      // BENCH_CPU_PROF=DIR: a V8 CPU profile of the server process, to see where its time goes.
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${kind} server exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m) => {
        child.off('exit', onExit);
        resolve(m as T);
      });
    });
  return next<{ url: string }>().then(({ url }) => ({
    url,
    child,
    ask<T>(m: unknown) {
      const p = next<T>();
      child.send(m as object);
      return p;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      }),
  }));
}

interface LoopFigures {
  /** Event-loop delay p99 / max of the server process during the edits (ms). */
  serverP99: number;
  serverMax: number;
  /** CPU time the server process used during the edits (ms, user + system, all threads). */
  serverCpu: number;
  /** Share of the edit phase the server's main thread was busy. */
  serverMainBusy: number;
  clientP99: number;
  clientMax: number;
}

/** Runs `fn` (the edit phase) while both processes record their event-loop delay. */
async function measured(server: ServerProcess, fn: () => Promise<void>): Promise<LoopFigures> {
  type Cpu = { user: number; system: number };
  const here = monitorEventLoopDelay({ resolution: 1 });
  const a = await server.ask<{ cpu: Cpu }>({ type: 'loop', action: 'start' });
  here.enable();
  await fn();
  here.disable();
  const b = await server.ask<{ p99: number; max: number; cpu: Cpu; mainBusy: number }>({
    type: 'loop',
    action: 'stop',
  });
  return {
    serverP99: b.p99,
    serverMax: b.max,
    serverCpu: (b.cpu.user + b.cpu.system - a.cpu.user - a.cpu.system) / 1000,
    serverMainBusy: b.mainBusy,
    clientP99: here.percentile(99) / 1e6,
    clientMax: here.max / 1e6,
  };
}
function loopLine(f: LoopFigures): string {
  const x = (v: number) => v.toFixed(1);
  return `    event-loop delay p99/max: server ${x(f.serverP99)}/${x(f.serverMax)} ms, clients ${x(f.clientP99)}/${x(f.clientMax)} ms; server CPU ${f.serverCpu.toFixed(0)} ms, main thread busy ${(f.serverMainBusy * 100).toFixed(0)} %`;
}

/** Each client sends `edits` messages, one every INTERVAL ms, starting at a random offset. */
async function drive(
  clients: number,
  send: (i: number, n: number) => void,
  edits = EDITS,
): Promise<void> {
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      await sleep(Math.random() * INTERVAL);
      for (let n = 0; n < edits; n++) {
        send(i, n);
        await sleep(INTERVAL);
      }
    }),
  );
}

async function collabRun() {
  const server = await serverProcess('collab');
  const login = await fetch(`${server.url}/api/v2/os/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'methodist', password: DEMO_PASSWORD }),
  }).then((r) => r.json() as Promise<{ access_token: string; user: { userId: number } }>);
  const token = login.access_token;
  // Every simulated client writes as the signed-in user (the server refuses other names).
  const actor = String(login.user?.userId);
  if (!token) throw new Error('login failed (demo password changed?)');
  const drafts: string[] = [];
  for (let d = 0; d < DRAFTS; d++) {
    const res = await fetch(`${server.url}/api/v2/os/drafts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ init: { type: 'sor', title: `БЖБ ${d + 1}`, lang: 'kz' } }),
    }).then((r) => r.json() as Promise<{ data: { draft: { id: string } } }>);
    drafts.push(res.data.draft.id);
  }
  const wsBase = server.url.replace(/^http/, 'ws');
  const sentAt = new Map<string, number>();
  const lat: number[] = [];
  const clients = drafts.flatMap((draftId, d) =>
    Array.from({ length: PER_DRAFT }, (_, k) => {
      const doc = new Y.Doc();
      const provider = new CollabProvider({
        serverUrl: wsBase,
        draftId,
        doc,
        token: () => token,
        createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
      });
      // Simulated clients are bare Y.Docs behind the real provider: they append the events an
      // editor would (valid engine events) but do not fold — in a browser every client folds on
      // its own CPU, here 50 of them would share the server's. The fold's own cost per event
      // is measured separately below.
      let n = 0;
      const log = doc.getArray<unknown>('log');
      const draft = {
        apply: (command: CommandInput) => {
          const event = makeEvent(command, {
            id: `${d}-${k}-${++n}`,
            actor,
            at: new Date().toISOString(),
          });
          log.push([event]);
          return { ok: true as const, event };
        },
      };
      // Arrival of co-authors' events, read from the structs the transaction added (not from
      // `event.changes`, which walks the whole log on every update: the measurement must not
      // cost more than what it measures).
      const seen = new Set<string>();
      doc.on('afterTransaction', (tr: Y.Transaction) => {
        if (tr.local) return;
        const now = performance.now();
        for (const [client, after] of tr.afterState) {
          const before = tr.beforeState.get(client) ?? 0;
          if (after <= before) continue;
          const structs = doc.store.clients.get(client) ?? [];
          for (let i = Y.findIndexSS(structs, before); i < structs.length; i++) {
            const s = structs[i];
            if (!(s instanceof Y.Item) || s.parent !== log || !(s.content instanceof Y.ContentAny))
              continue;
            for (const ev of s.content.getContent() as Array<{ id?: string }>) {
              const t = ev?.id && !seen.has(ev.id) ? sentAt.get(ev.id) : undefined;
              if (t === undefined) continue;
              seen.add(ev.id!);
              lat.push(now - t);
            }
          }
        }
      });
      return { doc, provider, draft };
    }),
  );
  await Promise.all(clients.map((c) => c.provider.whenOnline()));
  // One page per draft to edit (added once, by the first client of each draft).
  for (let d = 0; d < DRAFTS; d++)
    clients[d * PER_DRAFT]!.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Бет' });
  const edit = (i: number, n: number) => {
    const c = clients[i]!;
    const r = c.draft.apply({
      type: 'page/rename',
      pageId: 'p1',
      title: `Бет ${i}.${n} — Абай жолы`,
    });
    if (r.ok) sentAt.set(r.event.id, performance.now());
  };
  await sleep(300);
  await drive(clients.length, (i, n) => edit(i, -1 - n), WARMUP);
  await sleep(300);
  lat.length = 0;
  const loop = await measured(server, () => drive(clients.length, edit));
  await sleep(500);
  const expected = clients.length * EDITS * (PER_DRAFT - 1);
  if (lat.length < expected) console.warn(`! only ${lat.length} of ${expected} deliveries seen`);
  await Promise.all(clients.map((c) => c.provider.whenSaved()));
  for (const c of clients) c.provider.destroy();
  return { lat, server, token, loop };
}

async function baselineRun(): Promise<{ lat: number[]; loop: LoopFigures }> {
  const server = await serverProcess('baseline');
  const port = new URL(server.url).port;
  const sentAt = new Map<string, number>();
  const lat: number[] = [];
  const sockets = await Promise.all(
    Array.from({ length: DRAFTS * PER_DRAFT }, (_, i) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/room/${Math.floor(i / PER_DRAFT)}`);
      ws.binaryType = 'arraybuffer';
      ws.on('message', (data: ArrayBuffer) => {
        const now = performance.now();
        const id = new TextDecoder().decode(new Uint8Array(data).subarray(0, 16)).trim();
        const t = sentAt.get(id);
        if (t !== undefined) lat.push(now - t);
      });
      return new Promise<WebSocket>((r) => ws.on('open', () => r(ws)));
    }),
  );
  // About the size of a page/rename update through /collab (id + padding ~ 150 bytes).
  const pad = new Uint8Array(150);
  const send = (i: number, n: number) => {
    const id = `${i}.${n}`.padEnd(16);
    const msg = new Uint8Array(pad.length);
    msg.set(new TextEncoder().encode(id));
    sentAt.set(id.trim(), performance.now());
    sockets[i]!.send(msg);
  };
  await drive(sockets.length, (i, n) => send(i, -1 - n), WARMUP);
  await sleep(300);
  lat.length = 0;
  const loop = await measured(server, () => drive(sockets.length, send));
  await sleep(300);
  for (const s of sockets) s.close();
  await server.close();
  return { lat, loop };
}

async function memoryPerDraft(server: ServerProcess, token: string) {
  const serverUrl = server.url;
  const modules = Array.from({ length: 40 }, (_, i) => ({
    type: 'module/add',
    pageId: 'p1',
    moduleId: `m${i}`,
    moduleType: 'task',
    title: `Тапсырма ${i + 1}: мәтінді оқып, сұрақтарға жауап беріңіз`,
  }));
  const ids: string[] = [];
  for (let d = 0; d < MEMORY_ROOMS; d++) {
    const res = await fetch(`${serverUrl}/api/v2/os/drafts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ init: { type: 'sor', title: `Жад ${d}`, lang: 'kz' } }),
    }).then((r) => r.json() as Promise<{ data: { draft: { id: string; version: number } } }>);
    const id = res.data.draft.id;
    await fetch(`${serverUrl}/api/v2/os/drafts/${id}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        expectedVersion: res.data.draft.version,
        commands: [{ type: 'page/add', pageId: 'p1', title: 'Бет' }, ...modules],
      }),
    });
    ids.push(id);
  }
  const r = await server.ask<{ perRoom: number; gc: boolean }>({ type: 'memory', ids });
  return { perRoom: r.perRoom, rooms: ids.length, gc: r.gc };
}

/** A client's cost per co-author event: the incremental fold CollabDraft runs on read. */
function foldCost(): number {
  const server = createDraftDoc({ ...emptyDraft() });
  const peer = new Y.Doc();
  Y.applyUpdate(peer, Y.encodeStateAsUpdate(server));
  const local = new CollabDraft(server, { actor: 'a' });
  const remote = new CollabDraft(peer, { actor: 'b' });
  local.apply({ type: 'page/add', pageId: 'p1', title: 'Бет' });
  const updates: Uint8Array[] = [];
  server.on('update', (u: Uint8Array) => updates.push(u));
  const N = 3000;
  for (let i = 0; i < N; i++) local.apply({ type: 'page/rename', pageId: 'p1', title: `Бет ${i}` });
  Y.applyUpdate(peer, Y.encodeStateAsUpdate(server));
  void remote.draft;
  const t = performance.now();
  for (const u of updates) {
    Y.applyUpdate(peer, u);
    void remote.draft;
  }
  return ((performance.now() - t) * 1000) / N;
}

function emptyDraft() {
  return createDraft({ id: 'bench', type: 'sor', title: 'БЖБ', lang: 'kz' });
}

async function main() {
  console.log(
    `collab bench: ${DRAFTS} drafts × ${PER_DRAFT} clients, ${EDITS} edits per client every ${INTERVAL} ms (after ${WARMUP} unmeasured), ${ROUNDS} rounds, loopback, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}`,
  );
  // Rounds alternate baseline and /collab, each on a fresh server process, so a passing burst
  // of other work on the machine does not land on one side only; the headline figures pool the
  // samples of every round.
  const base: number[] = [];
  const coll: number[] = [];
  let last: Awaited<ReturnType<typeof collabRun>> | null = null;
  for (let r = 1; r <= ROUNDS; r++) {
    const b = await baselineRun();
    if (last) await last.server.close();
    const c = await collabRun();
    last = c;
    base.push(...b.lat);
    coll.push(...c.lat);
    const rb = pct(b.lat, 99);
    const rc = pct(c.lat, 99);
    console.log(
      `round ${r}: p99 raw ${rb.toFixed(2)} ms, /collab ${rc.toFixed(2)} ms (${(rc / rb).toFixed(2)}×)`,
    );
    console.log(loopLine(b.loop).replace('    ', '    raw     '));
    console.log(loopLine(c.loop).replace('    ', '    /collab '));
  }
  const b99 = pct(base, 99);
  const c99 = pct(coll, 99);
  console.log(line('raw WebSocket broadcast', base));
  console.log(line('/collab (Yjs + engine fold)', coll));
  console.log(
    `p99 ratio ${(c99 / b99).toFixed(2)}× baseline (goal ≤ 3×: ${c99 <= 3 * b99 ? 'met' : 'NOT met'}); p99 ${c99.toFixed(2)} ms (goal < 50 ms: ${c99 < 50 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `client fold per co-author event (apply update + incremental fold): ${foldCost().toFixed(1)} µs`,
  );
  const mem = await memoryPerDraft(last!.server, last!.token);
  console.log(
    `memory per open draft (40 modules, server heap${mem.gc ? ', after gc' : ', no --expose-gc'}): ${(mem.perRoom / 1024).toFixed(1)} KiB over ${mem.rooms} rooms`,
  );
  await last!.server.close();
}

main().then(
  // PGlite and pools may keep handles open; the figures are printed, so leave.
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
