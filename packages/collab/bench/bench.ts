/**
 * Co-editing benchmark (a script, not a test): `npm run bench -w @sabaq/collab`.
 *
 * The server runs in its own process (bench/server-process.ts), as in production; the 50
 * simulated clients run in a process of their own (bench/clients-process.ts), so they share no
 * event loop with the server or with the script that drives them; BENCH_CLIENT_PROCESSES spreads
 * them over more (a draft's co-authors stay together, so an edit and its arrivals are timed on
 * one clock).
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
 * BENCH_CLIENT_PROCESSES (default 1; 10 = one per draft),
 * BENCH_INTERVAL_MS (default 100),
 * DATABASE_URL (PostgreSQL instead of embedded PGlite).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as Y from 'yjs';
import { createDraft } from '@sabaq/engine';
import { CollabDraft, createDraftDoc } from '../src/index.js';
import type { ClientsRequest } from './clients-process.js';
import { DEMO_PASSWORD } from '../../../apps/server/src/core/seed-data.js';

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
/** Processes the simulated clients are spread over (default 1: on 2 cores, more client
 * processes than cores measure the scheduler more than the relay; 10 = one per draft). */
const PROCESSES = Math.max(1, Number(process.env.BENCH_CLIENT_PROCESSES ?? 1));

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
  /** The worst client process's event-loop delay p99 / max (ms). */
  clientP99: number;
  clientMax: number;
}

function loopLine(f: LoopFigures): string {
  const x = (v: number) => v.toFixed(1);
  return `    event-loop delay p99/max: server ${x(f.serverP99)}/${x(f.serverMax)} ms, clients ${x(f.clientP99)}/${x(f.clientMax)} ms; server CPU ${f.serverCpu.toFixed(0)} ms, main thread busy ${(f.serverMainBusy * 100).toFixed(0)} %`;
}

/** One process of simulated clients (bench/clients-process.ts). */
interface ClientsProcess {
  ask<T>(m: ClientsRequest): Promise<T>;
}

function clientsProcess(): ClientsProcess {
  const child = fork(fileURLToPath(new URL('./clients-process.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    ask<T>(m: ClientsRequest) {
      return new Promise<T>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`clients exited (${code})`));
        child.once('exit', onExit);
        child.once('message', (r) => {
          child.off('exit', onExit);
          resolve(r as T);
        });
        child.send(m);
      });
    },
  };
}

/**
 * The edit phase of one run against `server`: `PROCESSES` client processes, the rooms dealt
 * round-robin, all driven at once — first WARMUP unmeasured edits per client, then EDITS
 * measured ones while the server records its event-loop delay and CPU.
 */
async function runClients(
  server: ServerProcess,
  mode: 'collab' | 'raw',
  keys: string[],
  auth: { token: string; actor: string },
): Promise<{ lat: number[]; loop: LoopFigures }> {
  const n = Math.min(PROCESSES, keys.length);
  const procs = Array.from({ length: n }, () => clientsProcess());
  await Promise.all(
    procs.map((p, i) =>
      p.ask({
        type: 'setup',
        mode,
        url: server.url,
        groups: keys.map((key, index) => ({ key, index })).filter((g) => g.index % n === i),
        perGroup: PER_DRAFT,
        token: auth.token,
        actor: auth.actor,
        interval: INTERVAL,
      }),
    ),
  );
  await sleep(300);
  await Promise.all(procs.map((p) => p.ask({ type: 'drive', edits: WARMUP, measure: false })));
  await sleep(300);
  type Cpu = { user: number; system: number };
  type Done = { lat: number[]; loopP99: number; loopMax: number };
  const a = await server.ask<{ cpu: Cpu }>({ type: 'loop', action: 'start' });
  const done = await Promise.all(
    procs.map((p) => p.ask<Done>({ type: 'drive', edits: EDITS, measure: true })),
  );
  const b = await server.ask<{ p99: number; max: number; cpu: Cpu; mainBusy: number }>({
    type: 'loop',
    action: 'stop',
  });
  await Promise.all(procs.map((p) => p.ask({ type: 'close' })));
  const lat = done.flatMap((d) => d.lat);
  const expected = keys.length * PER_DRAFT * EDITS * (PER_DRAFT - 1);
  if (lat.length < expected) console.warn(`! only ${lat.length} of ${expected} deliveries seen`);
  return {
    lat,
    loop: {
      serverP99: b.p99,
      serverMax: b.max,
      serverCpu: (b.cpu.user + b.cpu.system - a.cpu.user - a.cpu.system) / 1000,
      serverMainBusy: b.mainBusy,
      clientP99: Math.max(...done.map((d) => d.loopP99)),
      clientMax: Math.max(...done.map((d) => d.loopMax)),
    },
  };
}

async function collabRun() {
  const server = await serverProcess('collab');
  const login = await fetch(`${server.url}/api/v2/os/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'methodist', password: DEMO_PASSWORD }),
  }).then((r) => r.json() as Promise<{ access_token: string; user: { userId: number } }>);
  const token = login.access_token;
  if (!token) throw new Error('login failed (demo password changed?)');
  // Every simulated client writes as the signed-in user (the server refuses other names).
  const actor = String(login.user?.userId);
  const drafts: string[] = [];
  for (let d = 0; d < DRAFTS; d++) {
    const res = await fetch(`${server.url}/api/v2/os/drafts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ init: { type: 'sor', title: `БЖБ ${d + 1}`, lang: 'kz' } }),
    }).then((r) => r.json() as Promise<{ data: { draft: { id: string } } }>);
    drafts.push(res.data.draft.id);
  }
  const { lat, loop } = await runClients(server, 'collab', drafts, { token, actor });
  return { lat, server, token, loop };
}

async function baselineRun(): Promise<{ lat: number[]; loop: LoopFigures }> {
  const server = await serverProcess('baseline');
  const rooms = Array.from({ length: DRAFTS }, (_, d) => String(d));
  const r = await runClients(server, 'raw', rooms, { token: '', actor: '' });
  await server.close();
  return r;
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
    `collab bench: ${DRAFTS} drafts × ${PER_DRAFT} clients in ${PROCESSES} client process(es), ${EDITS} edits per client every ${INTERVAL} ms (after ${WARMUP} unmeasured), ${ROUNDS} rounds, loopback, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}`,
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
