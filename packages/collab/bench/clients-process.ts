/**
 * Simulated clients of the co-editing bench, in a process of their own: real people edit from
 * separate browsers, so the bench spreads its 50 clients over several processes (by default one
 * per draft: a draft's five co-authors share a process, so an edit's send and its arrivals are
 * timed on one clock) instead of serialising all their work through one event loop. Driven by
 * bench.ts over IPC; the same process type serves the raw WebSocket baseline (`raw`) and
 * `/collab` (`collab`, the editor's CollabProvider on bare Y.Docs).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as Y from 'yjs';
import { WebSocket } from 'ws';
import { makeEvent, type CommandInput } from '@sabaq/engine';
import { CollabProvider, type SocketLike } from '../src/index.js';

export type ClientsRequest =
  | {
      type: 'setup';
      mode: 'collab' | 'raw';
      url: string;
      /** Draft ids (collab) or room names (raw), with their index for unique event ids. */
      groups: Array<{ key: string; index: number }>;
      perGroup: number;
      token: string;
      actor: string;
      interval: number;
    }
  | { type: 'drive'; edits: number; measure: boolean }
  | { type: 'close' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const reply = (m: unknown) => process.send!(m);

interface Client {
  send(n: number): void;
  whenSaved(): Promise<void>;
  close(): void;
}

const sentAt = new Map<string, number>();
let lat: number[] = [];
let clients: Client[] = [];
let interval = 100;

function collabClient(
  url: string,
  draftId: string,
  d: number,
  k: number,
  token: string,
  actor: string,
): Promise<Client> {
  const doc = new Y.Doc();
  const provider = new CollabProvider({
    serverUrl: url.replace(/^http/, 'ws'),
    draftId,
    doc,
    token: () => token,
    createSocket: (u, protocols) => new WebSocket(u, protocols) as unknown as SocketLike,
  });
  // Bare Y.Docs behind the real provider: they append the events an editor would (valid engine
  // events) but do not fold; the fold's own cost per event is measured separately.
  let n = 0;
  const log = doc.getArray<unknown>('log');
  const append = (command: CommandInput) => {
    const event = makeEvent(command, {
      id: `${d}-${k}-${++n}`,
      actor,
      at: new Date().toISOString(),
    });
    log.push([event]);
    return event.id;
  };
  // Arrival of co-authors' events, read from the structs the transaction added (not from
  // `event.changes`, which walks the whole log on every update: the measurement must not cost
  // more than what it measures).
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
  return provider.whenOnline().then(() => {
    // One page per draft to edit, added by its first client.
    if (k === 0) append({ type: 'page/add', pageId: 'p1', title: 'Бет' });
    return {
      send(m: number) {
        const id = append({
          type: 'page/rename',
          pageId: 'p1',
          title: `Бет ${d}.${k}.${m} — Абай жолы`,
        });
        sentAt.set(id, performance.now());
      },
      whenSaved: () => provider.whenSaved(),
      close: () => provider.destroy(),
    };
  });
}

function rawClient(url: string, room: string, d: number, k: number): Promise<Client> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/room/${room}`);
  ws.binaryType = 'arraybuffer';
  ws.on('message', (data: ArrayBuffer) => {
    const now = performance.now();
    const id = new TextDecoder().decode(new Uint8Array(data).subarray(0, 16)).trim();
    const t = sentAt.get(id);
    if (t !== undefined) lat.push(now - t);
  });
  // About the size of a page/rename update through /collab (id + padding: ~150 bytes).
  const pad = new Uint8Array(150);
  return new Promise((resolve) =>
    ws.on('open', () =>
      resolve({
        send(m: number) {
          const id = `${d}.${k}.${m}`.padEnd(16);
          const msg = new Uint8Array(pad.length);
          msg.set(new TextEncoder().encode(id));
          sentAt.set(id.trim(), performance.now());
          ws.send(msg);
        },
        whenSaved: async () => undefined,
        close: () => ws.close(),
      }),
    ),
  );
}

let runs = 0;
process.on('message', (m: ClientsRequest) => {
  void (async () => {
    if (m.type === 'setup') {
      interval = m.interval;
      clients = await Promise.all(
        m.groups.flatMap((g) =>
          Array.from({ length: m.perGroup }, (_, k) =>
            m.mode === 'collab'
              ? collabClient(m.url, g.key, g.index, k, m.token, m.actor)
              : rawClient(m.url, g.key, g.index, k),
          ),
        ),
      );
      reply({ type: 'ready' });
    } else if (m.type === 'drive') {
      // Each client sends `edits` messages, one every `interval` ms, from a random offset.
      const base = ++runs * 1000;
      lat = [];
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      await Promise.all(
        clients.map(async (c) => {
          await sleep(Math.random() * interval);
          for (let n = 0; n < m.edits; n++) {
            c.send(base + n);
            await sleep(interval);
          }
        }),
      );
      await sleep(500);
      loop.disable();
      reply({
        type: 'done',
        lat: m.measure ? lat : [],
        loopP99: loop.percentile(99) / 1e6,
        loopMax: loop.max / 1e6,
      });
    } else {
      await Promise.all(clients.map((c) => c.whenSaved()));
      for (const c of clients) c.close();
      reply({ type: 'closed' });
      process.exit(0);
    }
  })();
});
