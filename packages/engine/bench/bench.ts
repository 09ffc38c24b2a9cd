/**
 * Engine benchmark (a script, not a test): `npm run bench -w @sabaq/engine`.
 *
 * 1. Builds a seeded log of 100,000 mixed commands (the property-test generator: structure
 *    while the lesson is small, then mostly edits; ~1 in 8 rejected because ids went stale).
 * 2. Times `replay(log)` — the fold every peer runs — in µs/command, twice: the log held in
 *    memory (commands validated once by `makeEvent`, so replay skips zod; what the editor's time
 *    travel, undo and collab folding do) and the same log from JSON text (parse + zod + fold).
 * 3. Baseline in the same run: the same edits as Yjs updates, one transaction (one update) per
 *    applied command, produced by mirroring each draft change into Y.Map/Y.Array types (pages and
 *    modules keyed by id, order as id arrays — see `normalize`); times
 *    applying all of them into a fresh Y.Doc. Prints the ratio as `N×` on the Yjs line, against the
 *    in-memory replay (both sides start from data in memory), plus the ratio for the JSON path.
 * 4. Opens a 200-module draft from a snapshot plus a 1,000-event tail (from JSON text and from
 *    memory) and prints the times.
 */
import { cpus, loadavg } from 'node:os';
import * as Y from 'yjs';
import {
  apply,
  createDraft,
  makeEvent,
  openDraft,
  parseSnapshot,
  replay,
  SCHEMA_VERSION,
  type CommandInput,
  type Draft,
  type DraftEvent,
  type Snapshot,
} from '../src/index.js';
import { genCommand, prng } from '../src/test/gen.js';

const N = Number(process.env.BENCH_COMMANDS ?? 100_000);
const SEED = 42;
const AT = '2026-11-21T12:00:00.000Z';

// ---- JSON → Yjs mirroring (the "equivalent edits") -------------------------------------------
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function toY(v: unknown): unknown {
  if (Array.isArray(v)) {
    const a = new Y.Array();
    a.insert(0, v.map(toY));
    return a;
  }
  if (typeof v === 'object' && v !== null) {
    const m = new Y.Map();
    for (const [k, x] of Object.entries(v)) m.set(k, toY(x));
    return m;
  }
  return v;
}

function syncMap(ym: Y.Map<unknown>, a: Record<string, Json>, b: Record<string, Json>): void {
  for (const k of Object.keys(b)) {
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    const cur = ym.get(k);
    if (Array.isArray(x) && Array.isArray(y) && cur instanceof Y.Array) syncArray(cur, x, y);
    else if (isObj(x) && isObj(y) && cur instanceof Y.Map) syncMap(cur, x, y);
    else ym.set(k, toY(y));
  }
  for (const k of Object.keys(a)) if (!(k in b)) ym.delete(k);
}

function isObj(v: unknown): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Structural sharing makes unchanged elements `===`: only the changed middle is rewritten. */
function syncArray(ya: Y.Array<unknown>, a: Json[], b: Json[]): void {
  let s = 0;
  while (s < a.length && s < b.length && a[s] === b[s]) s++;
  let ea = a.length;
  let eb = b.length;
  while (ea > s && eb > s && a[ea - 1] === b[eb - 1]) {
    ea--;
    eb--;
  }
  if (ea - s === 1 && eb - s === 1 && isObj(a[s]) && isObj(b[s])) {
    const cur = ya.get(s);
    if (cur instanceof Y.Map)
      return syncMap(cur, a[s] as Record<string, Json>, b[s] as Record<string, Json>);
  }
  if (ea > s) ya.delete(s, ea - s);
  if (eb > s) ya.insert(s, b.slice(s, eb).map(toY));
}

/**
 * The Yjs layout a collaborative editor would use (and the fairest baseline): pages and modules
 * in maps keyed by id, order as arrays of ids, so a move is a small id delete+insert rather than
 * a rewrite of a whole subtree. The engine-only `version` counter is left out.
 */
const pageViews = new WeakMap<object, Record<string, Json>>();
function normalize(d: Draft): Record<string, Json> {
  const pages: Record<string, Json> = {};
  const modules: Record<string, Json> = {};
  for (const p of d.pages) {
    let view = pageViews.get(p);
    if (!view) {
      view = { title: p.title, expand: p.expand, modules: p.modules.map((m) => m.id) };
      pageViews.set(p, view);
    }
    pages[p.id] = view;
    for (const m of p.modules) modules[m.id] = m as unknown as Json;
  }
  const { version: _v, pages: _p, ...meta } = d;
  return {
    ...(meta as unknown as Record<string, Json>),
    pageOrder: d.pages.map((p) => p.id),
    pages,
    modules,
  };
}

// ---- workload ------------------------------------------------------------------------------

function buildLog(n: number): {
  events: DraftEvent[];
  updates: Uint8Array[];
  final: Draft;
  applied: number;
} {
  const r = prng(SEED);
  const init = { id: 'bench', type: 'sor' as const, title: 'БЖБ', lang: 'kz' as const };
  let d = createDraft(init);
  const events: DraftEvent[] = [
    makeEvent({ type: 'draft/create', init }, { id: 'e0', actor: 'a', at: AT }),
  ];
  const doc = new Y.Doc();
  const root = doc.getMap('draft');
  const updates: Uint8Array[] = [];
  doc.on('update', (u: Uint8Array) => updates.push(u));
  doc.transact(() => {
    for (const [k, v] of Object.entries(normalize(d))) root.set(k, toY(v));
  });
  let id = 0;
  const fresh = () => `n${++id}`;
  let applied = 0;
  let view = normalize(d);
  for (let i = 1; i < n; i++) {
    const c: CommandInput = genCommand(d, r, fresh);
    const res = apply(d, c);
    events.push(makeEvent(c, { id: `e${i}`, actor: i % 3 === 0 ? 'b' : 'a', at: AT }));
    if (!res.ok) continue;
    applied++;
    const before = view;
    d = res.draft;
    view = normalize(d);
    doc.transact(() => syncMap(root, before, view));
  }
  return { events, updates, final: d, applied };
}

/** Collects garbage left by the previous measurement (the other side's, in alternating rounds)
 * so it is not charged to this one. Needs `node --expose-gc` (the bench script passes it). */
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

function time(f: () => void): number {
  collect();
  const t = performance.now();
  f();
  return performance.now() - t;
}
function best(runs: number, f: () => void): number {
  let b = Infinity;
  for (let i = 0; i < runs; i++) b = Math.min(b, time(f));
  return b;
}
const fmt = (x: number, digits = 2) => x.toFixed(digits);

function lesson200(): { events: DraftEvent[]; draft: Draft } {
  const init = {
    id: 'open',
    type: 'sor' as const,
    title: 'Тоқсандық жиынтық бағалау',
    lang: 'kz' as const,
  };
  const cmds: CommandInput[] = [];
  for (let p = 0; p < 10; p++) {
    cmds.push({ type: 'page/add', pageId: `p${p}`, title: `${p + 1}-бөлім` });
    for (let m = 0; m < 20; m++) {
      const id = `p${p}m${m}`;
      cmds.push({
        type: 'module/add',
        pageId: `p${p}`,
        moduleId: id,
        moduleType: 'task',
        title: `Тапсырма ${id}`,
      });
      cmds.push({
        type: 'module/setContent',
        moduleId: id,
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [{ type: 'text', text: 'Мәтінді оқып, сұраққа жауап беріңіз. '.repeat(5) }],
            },
          ],
        },
      });
      const kind = m % 3;
      if (kind === 0) {
        cmds.push({
          type: 'module/setOptions',
          moduleId: id,
          options: {
            kind: 'select',
            items: [0, 1, 2, 3].map((k) => ({ id: `${id}s${k}`, text: `нұсқа ${k}` })),
            rightId: `${id}s1`,
          },
        });
      } else if (kind === 1) {
        cmds.push({
          type: 'module/setOptions',
          moduleId: id,
          options: {
            kind: 'choice',
            multiple: true,
            items: [0, 1, 2, 3].map((k) => ({
              id: `${id}c${k}`,
              content: `жауап ${k}`,
              right: k % 2 === 0,
            })),
          },
        });
      } else {
        cmds.push({
          type: 'module/setOptions',
          moduleId: id,
          options: {
            kind: 'connection',
            left: [0, 1, 2].map((k) => ({ id: `${id}l${k}`, content: `сол ${k}` })),
            right: [0, 1, 2].map((k) => ({ id: `${id}r${k}`, content: `оң ${k}` })),
            links: [0, 1, 2].map((k) => ({ left: `${id}l${k}`, right: `${id}r${k}` })),
          },
        });
      }
      cmds.push({
        type: 'descriptor/setCriterion',
        moduleId: id,
        criterion: 'Мәтіннің мазмұнын түсінеді',
      });
      cmds.push({
        type: 'descriptor/addRow',
        moduleId: id,
        rowId: `${id}d0`,
        title: 'негізгі ойды анықтайды',
        mark: 1,
      });
      cmds.push({
        type: 'descriptor/addRow',
        moduleId: id,
        rowId: `${id}d1`,
        title: 'дәлелдер келтіреді',
        mark: 2,
      });
    }
  }
  const events = [
    makeEvent({ type: 'draft/create', init }, { id: 'o0', actor: 'a', at: AT }),
    ...cmds.map((c, i) => makeEvent(c, { id: `o${i + 1}`, actor: 'a', at: AT })),
  ];
  return { events, draft: replay(events).draft };
}

// ---- run -----------------------------------------------------------------------------------

// Other processes on a shared machine change every figure; say how busy it was.
const load = () => `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
console.log(
  `engine bench — node ${process.version}, seed ${SEED}, ${N.toLocaleString('en')} commands, ${load()}`,
);
const tBuild = performance.now();
const { events, updates, final, applied } = buildLog(N);
const modules = final.pages.reduce((s, p) => s + p.modules.length, 0);
console.log(
  `log built in ${fmt((performance.now() - tBuild) / 1000, 1)} s: ${applied.toLocaleString('en')} applied, ${(N - 1 - applied).toLocaleString('en')} rejected; final draft ${final.pages.length} pages, ${modules} modules, version ${final.version}`,
);

// Replay and Yjs are timed in alternating rounds and compared round by round, so a burst of load
// from other processes on a shared machine hits both sides of a ratio alike; the median ratio
// and each side's best time are printed.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// The same log as JSON text, as a server or a file hands it over: its commands are plain objects,
// so replay validates every one with zod (the in-memory log's commands were validated once by
// `makeEvent` and are branded, so replay skips zod for them).
const logJson = JSON.stringify(events);
const replayJson = () => {
  const r = replay(JSON.parse(logJson) as unknown[]);
  if (r.draft.version !== final.version) throw new Error('replay from JSON disagrees with apply');
};
// One untimed round of each first, so all are measured with warm JIT code.
replay(events);
replayJson();
{
  const warm = new Y.Doc();
  for (const u of updates) Y.applyUpdate(warm, u);
}
const replayTimes: number[] = [];
const jsonTimes: number[] = [];
const yjsTimes: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  jsonTimes.push(time(replayJson));
  replayTimes.push(
    time(() => {
      const r = replay(events);
      if (r.draft.version !== final.version) throw new Error('replay disagrees with apply');
    }),
  );
  yjsTimes.push(
    time(() => {
      const doc = new Y.Doc();
      for (const u of updates) Y.applyUpdate(doc, u);
    }),
  );
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const tReplay = Math.min(...replayTimes);
const tJson = Math.min(...jsonTimes);
const tYjs = Math.min(...yjsTimes);
// The headline ratio compares like with like: Yjs applies binary updates already in memory, and
// the engine folds a log already in memory (its commands validated once, when it was built).
const ratio = median(replayTimes.map((t, i) => yjsTimes[i]! / t));
const ratioJson = median(jsonTimes.map((t, i) => yjsTimes[i]! / t));
const perCmd = (t: number) => fmt((t * 1000) / events.length);
console.log(`timed ${ROUNDS} alternating rounds (${load()} now)`);
console.log(
  `replay, in-memory log (validated once, zod skipped): ${fmt(tReplay, 0)} ms total, ${perCmd(tReplay)} µs/command (best of ${ROUNDS}; median ${perCmd(median(replayTimes))})`,
);
console.log(
  `replay from JSON text (JSON.parse + zod + fold):     ${fmt(tJson, 0)} ms total, ${perCmd(tJson)} µs/command (best of ${ROUNDS}; median ${perCmd(median(jsonTimes))})`,
);
console.log(
  `yjs applyUpdate (baseline, in-memory updates):       ${fmt(tYjs, 0)} ms total, ${fmt((tYjs * 1000) / updates.length)} µs/update (${updates.length.toLocaleString('en')} updates) — in-memory replay is ${fmt(ratio, 1)}× faster (median of per-round ratios; goal ≥ 10×); replay from JSON text is ${fmt(ratioJson, 1)}×`,
);

const tApply = best(1, () => {
  let d: Draft | null = null;
  for (const e of events) {
    if (d === null) d = replay([e]).draft;
    else {
      const r = apply(d, e.command);
      if (r.ok) d = r.draft;
    }
  }
});
console.log(
  `apply chain (immer, pure):   ${fmt(tApply, 0)} ms total, ${fmt((tApply * 1000) / events.length)} µs/command (the interactive path, for reference)`,
);

// Open: snapshot of a 200-module draft + 1,000-event tail.
const { events: lessonEvents, draft: lesson } = lesson200();
const snapshot: Snapshot = {
  schemaVersion: SCHEMA_VERSION,
  eventCount: lessonEvents.length,
  draft: lesson,
};
const r = prng(7);
let tailDraft = lesson;
let tid = 0;
const tail: DraftEvent[] = [];
for (let i = 0; i < 1000; i++) {
  const c = genCommand(tailDraft, r, () => `t${++tid}`);
  const res = apply(tailDraft, c);
  if (res.ok) tailDraft = res.draft;
  tail.push(makeEvent(c, { id: `t-e${i}`, actor: 'a', at: AT }));
}
const snapshotJson = JSON.stringify(snapshot);
const tailJson = JSON.stringify(tail);
const tOpenMem = best(5, () => openDraft(snapshot, tail));
const tOpenJson = best(5, () => {
  const s = parseSnapshot(JSON.parse(snapshotJson));
  if (!s.ok) throw new Error('snapshot did not parse');
  const opened = openDraft(s.value, JSON.parse(tailJson) as unknown[]);
  if (opened.draft.version !== tailDraft.version) throw new Error('open disagrees with apply');
});
console.log(
  `open 200-module draft from snapshot (${fmt(snapshotJson.length / 1024, 0)} KB) + 1,000-event tail: ${fmt(tOpenJson, 1)} ms from JSON text (parse+validate+fold), ${fmt(tOpenMem, 1)} ms from memory (goal < 50 ms)`,
);
