/**
 * A draft's live room in one process: the Y.Doc, the awareness (presence), the connections,
 * and the write-behind to the database. An editor's update, once checked, is relayed to the
 * other connections as received, then applied to the doc, published on the bus and queued; the
 * queue is written as one merged row after a short debounce (bounded by a maximum delay),
 * retried with backoff up to a cap. After a write
 * the room tells the connections the server's state vector (`saved`): what it covers survives a
 * restart. The `drafts` row is re-materialised on a slower debounce, and the stored rows are
 * compacted once enough accumulate.
 */
import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { WebSocket } from 'ws';
import {
  CLOSE_CODES,
  encodeAccess,
  encodeAwareness,
  encodeNotice,
  encodeSaved,
  encodeVouched,
  encodeSyncStep1,
  encodeSyncStep2,
  encodeUpdate,
  decodeMessage,
  LogFolder,
  guardUpdate,
  type Access,
} from '@sabaq/collab';
import type { Db } from '../db/db';
import { BUS_KIND, type BusMessage, type CollabBus } from './bus';
import type { Sealer } from './seal';
import {
  REST_SEQ,
  compact,
  countUpdates,
  loadUpdates,
  restEventsAfter,
  writeMaterialised,
} from './store';
import { BatchWriter, type WritableRoom } from './writer';

export interface RoomOptions {
  /** Quiet time before queued updates are written (ms). */
  flushDebounceMs: number;
  /** Longest an update may wait in the queue under constant typing (ms). */
  flushMaxDelayMs: number;
  /** Write retries before the room gives up (its clients keep their edits and reconnect). */
  maxRetries: number;
  retryBaseMs: number;
  /** Quiet time before the `drafts` row is re-materialised (ms). */
  materialiseDebounceMs: number;
  /** Stored rows of a draft that trigger a compaction. */
  compactAfterRows: number;
  /** With a bus: how often the room asks the other processes for what it may have missed. */
  antiEntropyMs: number;
  /** How often open rooms look for commands applied through the REST route (0 = at load only;
   * one query for all rooms of the process). */
  restPollMs: number;
}

export interface Connection {
  socket: WebSocket;
  userId: number;
  access: Access;
  /** Awareness client ids this connection announced (removed when it leaves). */
  clients: Set<number>;
  /** The person's name from the session: the server vouches for presence, not the client. */
  name: string;
  /** A sync step 1 to ask this peer again for what it holds (its update waited on a missing one). */
  resync?: ReturnType<typeof setTimeout> | null;
}

/** Awareness client ids one connection may hold (a tab has one; reconnects may add one). */
const MAX_CLIENTS_PER_CONNECTION = 8;

const REMOTE = Symbol('bus');

/** How long a peer whose update depends on something missing waits before it is asked again. */
const RESYNC_MS = 1000;
/** At most one state-vector request per room in this time, when answering another's. */
const ASK_BACK_MS = 1000;

/** An update that carries nothing (no structs, empty delete set) is 2 bytes. */
const isEmpty = (update: Uint8Array) => update.length <= 2;

/** Whether `sv` (another replica's state vector) holds structs `doc` lacks. */
function holdsMore(doc: Y.Doc, sv: Uint8Array): boolean {
  for (const [client, clock] of Y.decodeStateVector(sv))
    if (clock > Y.getState(doc.store, client)) return true;
  return false;
}

/** The per-client maximum of two state vectors. */
function maxStateVector(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = Y.decodeStateVector(a);
  for (const [client, clock] of Y.decodeStateVector(b))
    if (clock > (out.get(client) ?? 0)) out.set(client, clock);
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, out.size);
  for (const [client, clock] of out) {
    encoding.writeVarUint(e, client);
    encoding.writeVarUint(e, clock);
  }
  return encoding.toUint8Array(e);
}
/** The room's own changes (REST events pulled in): broadcast, stored and fanned out. */
const SERVER = Symbol('server');

export class Room implements WritableRoom {
  readonly doc = new Y.Doc();
  readonly awareness: awarenessProtocol.Awareness;
  readonly conns = new Set<Connection>();
  private materialiseTimer: ReturnType<typeof setTimeout> | null = null;
  private antiEntropy: ReturnType<typeof setInterval> | null = null;
  private pulling: Promise<void> | null = null;
  private rowsWritten = 0;
  private dirty = false;
  /** The server's own fold of the doc, kept incrementally for the materialised row. */
  private view: LogFolder | null = null;
  private closed = false;
  /** Closing: updates from clients are no longer taken (they stay unacknowledged). */
  private stopping = false;
  private closingDown: Promise<void> | null = null;
  /**
   * The state vector of what is stored: at load, everything read from the database; later, each
   * stored batch's. A joining connection is told it at once, since a client forgets the server's
   * `saved` when its socket closes: one that reconnects with nothing new to store would otherwise
   * wait for somebody else's write before it could show "all saved".
   */
  private savedSv: Uint8Array | null = null;
  /** When this room last asked the other processes for what it lacks (ms). */
  private askedAt = 0;
  /** Rejects when the room gave up writing (the service drops it). */
  onFailed: (err: unknown) => void = () => undefined;

  private constructor(
    readonly draftId: string,
    private readonly db: Db,
    private readonly bus: CollabBus,
    private readonly opts: RoomOptions,
    private readonly writer: BatchWriter,
    private readonly sealer: Sealer | null,
  ) {
    // The server's own awareness state stays empty: only people are present.
    this.awareness = new awarenessProtocol.Awareness(this.doc);
    this.awareness.setLocalState(null);
  }

  /** Loads the draft's doc (making it from the draft row the first time) and joins the bus. */
  static async open(
    draftId: string,
    db: Db,
    bus: CollabBus,
    opts: RoomOptions,
    writer: BatchWriter = new BatchWriter(db, opts),
    sealer: Sealer | null = null,
  ): Promise<Room> {
    const room = new Room(draftId, db, bus, opts, writer, sealer);
    const early: BusMessage[] = [];
    let loaded = false;
    // Subscribed before reading the database, so nothing published meanwhile is missed.
    await bus.subscribe(draftId, (m) => (loaded ? room.onBus(m) : early.push(m)));
    try {
      const updates = await loadUpdates(db, draftId);
      room.doc.transact(() => {
        for (const u of updates) Y.applyUpdate(room.doc, u);
      }, REMOTE);
      room.savedSv = Y.encodeStateVector(room.doc);
    } catch (err) {
      await bus.unsubscribe(draftId);
      throw err;
    }
    loaded = true;
    for (const m of early) room.onBus(m);
    room.doc.on('update', (update: Uint8Array, origin: unknown) => room.onUpdate(update, origin));
    room.awareness.on(
      'update',
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => room.onAwareness(added, updated, removed, origin),
    );
    room.askOthers();
    await room.pullRest();
    if (opts.antiEntropyMs > 0) {
      room.antiEntropy = setInterval(() => room.askOthers(), opts.antiEntropyMs);
      room.antiEntropy.unref();
    }
    return room;
  }

  // --- connections ---------------------------------------------------------------------------

  /** Starts the y-websocket exchange with a connection whose rights were already checked. */
  join(conn: Connection): void {
    this.conns.add(conn);
    send(conn.socket, encodeAccess(conn.access));
    send(conn.socket, encodeSyncStep1(this.doc));
    if (this.savedSv) send(conn.socket, encodeSaved(this.savedSv));
    if (this.bus.state === 'down') send(conn.socket, encodeNotice('split'));
    const states = [...this.awareness.getStates().keys()];
    if (states.length > 0) send(conn.socket, encodeAwareness(this.awareness, states));
  }

  /** Handles one message; false when it was not protocol (the caller closes the socket). */
  receive(conn: Connection, data: Uint8Array): boolean {
    const m = decodeMessage(data);
    if (!m) return false;
    switch (m.type) {
      case 'sync':
        if (m.step === 'step1') {
          send(conn.socket, encodeSyncStep2(this.doc, m.stateVector));
          // What of that is not stored yet goes sealed too: should this process go before
          // storing it, the peer can hand it to the next one (a replay, not a forgery).
          if (this.sealer && this.savedSv) {
            const unsaved = Y.encodeStateAsUpdate(
              this.doc,
              maxStateVector(m.stateVector, this.savedSv),
            );
            if (!isEmpty(unsaved)) send(conn.socket, this.sealed(unsaved));
          }
          return true;
        }
        // Viewers read only: their updates are refused (dropped, never applied or stored).
        if (conn.access !== 'edit') return true;
        // Closing: the last write is under way; the sender resends after reconnecting.
        if (this.stopping) return true;
        try {
          // Editors may not rewrite the base, delete events or write in someone else's name.
          const refusal = guardUpdate(this.doc, m.update, String(conn.userId));
          if (refusal === 'missing') {
            // It builds on an update this process has not got (a co-author's, sent to a process
            // that went before passing it on): not applied, not a forgery. The peer keeps it
            // unsaved and is asked again once the missing part may have come.
            this.askAgain(conn);
            return true;
          }
          if (refusal) {
            conn.socket.close(CLOSE_CODES.forbidden, refusal);
            return true;
          }
          if (m.step === 'update') {
            // Checked, so relayed at once (sealed): co-authors do not wait for this doc to
            // integrate it (Yjs peers take structs in any order and ignore ones they hold).
            // Stored and fanned out to other processes when applied below.
            const out = this.sealed(m.update);
            for (const c of this.conns) if (c !== conn) send(c.socket, out);
            Y.applyUpdate(this.doc, m.update, { relayedFor: conn });
          } else Y.applyUpdate(this.doc, m.update, conn);
        } catch {
          return false;
        }
        return true;
      case 'awareness': {
        let vouched: Uint8Array | 'refused';
        try {
          vouched = this.vouchAwareness(conn, m.update);
        } catch {
          return false;
        }
        if (vouched === 'refused') {
          // The convention of refused updates: the sender is closed, nothing is applied.
          conn.socket.close(CLOSE_CODES.forbidden, 'awareness');
          return true;
        }
        try {
          awarenessProtocol.applyAwarenessUpdate(this.awareness, vouched, conn);
        } catch {
          return false;
        }
        return true;
      }
      case 'vouched': {
        // A co-author's update this installation relayed to the peer before: a replay after
        // reconnecting. Checked when it first arrived; the seal proves it is that update.
        if (conn.access !== 'edit' || this.stopping) return true;
        if (!this.sealer?.holds(this.draftId, m.update, m.seal)) {
          conn.socket.close(CLOSE_CODES.forbidden, 'seal');
          return true;
        }
        try {
          Y.applyUpdate(this.doc, m.update, conn);
        } catch {
          return false;
        }
        return true;
      }
      case 'queryAwareness':
        send(conn.socket, encodeAwareness(this.awareness, [...this.awareness.getStates().keys()]));
        return true;
      default:
        // access/saved/notice are server → client only.
        return false;
    }
  }

  /**
   * A connection's awareness update with the person's identity set by the server: `user.id` and
   * `user.name` come from the session (a client's own colour and caret stay), and a connection
   * may only set states of its own client ids — not one another person's tab announced, here or
   * on another process. 'refused' otherwise.
   */
  private vouchAwareness(conn: Connection, update: Uint8Array): Uint8Array | 'refused' {
    const d = decoding.createDecoder(update);
    const e = encoding.createEncoder();
    const n = decoding.readVarUint(d);
    encoding.writeVarUint(e, n);
    const own = String(conn.userId);
    for (let i = 0; i < n; i++) {
      const clientId = decoding.readVarUint(d);
      const clock = decoding.readVarUint(d);
      const state = JSON.parse(decoding.readVarString(d)) as unknown;
      if (clientId === this.doc.clientID) return 'refused'; // the server's own
      const current = this.awareness.getStates().get(clientId) as { user?: { id?: unknown } };
      if (current && current.user?.id !== own) return 'refused';
      for (const c of this.conns)
        if (c !== conn && c.userId !== conn.userId && c.clients.has(clientId)) return 'refused';
      if (!conn.clients.has(clientId) && conn.clients.size >= MAX_CLIENTS_PER_CONNECTION)
        return 'refused';
      let out: unknown = null;
      if (state !== null) {
        if (typeof state !== 'object' || Array.isArray(state)) return 'refused';
        const claimed = (state as { user?: unknown }).user;
        const color =
          claimed && typeof claimed === 'object' && 'color' in claimed
            ? (claimed as { color?: unknown }).color
            : undefined;
        out = {
          ...state,
          user: {
            ...(typeof color === 'string' && color.length <= 32 ? { color } : {}),
            id: own,
            name: conn.name,
          },
        };
      }
      encoding.writeVarUint(e, clientId);
      encoding.writeVarUint(e, clock);
      encoding.writeVarString(e, JSON.stringify(out));
    }
    return encoding.toUint8Array(e);
  }

  /** Asks `conn` again, a little later, for what it holds that this doc lacks. */
  private askAgain(conn: Connection): void {
    if (conn.resync) return;
    conn.resync = setTimeout(() => {
      conn.resync = null;
      if (this.conns.has(conn) && !this.stopping) send(conn.socket, encodeSyncStep1(this.doc));
    }, RESYNC_MS);
    conn.resync.unref?.();
  }

  /** An update as peers get it: sealed when the installation has a secret. */
  private sealed(update: Uint8Array): Uint8Array {
    return this.sealer
      ? encodeVouched(update, this.sealer.seal(this.draftId, update))
      : encodeUpdate(update);
  }

  /** Asks the other processes for what this room lacks (they answer, and ask back). */
  askOthers(): void {
    this.askedAt = Date.now();
    this.bus.publish(this.draftId, {
      kind: BUS_KIND.syncRequest,
      payload: Y.encodeStateVector(this.doc),
    });
  }

  /**
   * The link to the other processes went (`down`: co-authors elsewhere do not see this room's
   * edits for now) or is back (`up`: state vectors are exchanged, then the peers hear it).
   */
  busState(state: 'up' | 'down'): void {
    if (this.closed) return;
    if (state === 'up') this.askOthers();
    const notice = encodeNotice(state === 'up' ? 'joined' : 'split');
    for (const c of this.conns) send(c.socket, notice);
  }

  leave(conn: Connection): void {
    if (conn.resync) clearTimeout(conn.resync);
    conn.resync = null;
    if (!this.conns.delete(conn)) return;
    if (conn.clients.size > 0)
      awarenessProtocol.removeAwarenessStates(this.awareness, [...conn.clients], null);
  }

  // --- updates -------------------------------------------------------------------------------

  private onUpdate(update: Uint8Array, origin: unknown): void {
    if (!isRelayed(origin)) {
      const msg = this.sealed(update);
      for (const c of this.conns) if (c !== origin) send(c.socket, msg);
    }
    if (origin === REMOTE) {
      // Stored by the process whose client sent it; the `drafts` row follows this doc too, so
      // a process that got it late (Redis was away) does not leave the row without it.
      this.dirty = true;
      this.scheduleMaterialise();
      return;
    }
    // Stored and fanned out by the process that received it from a client.
    this.bus.publish(this.draftId, { kind: BUS_KIND.update, payload: update });
    this.enqueue(update);
  }

  private onAwareness(added: number[], updated: number[], removed: number[], origin: unknown) {
    const changed = [...added, ...updated, ...removed];
    if (origin && typeof origin === 'object' && 'clients' in origin) {
      const conn = origin as Connection;
      for (const id of added) conn.clients.add(id);
      for (const id of removed) conn.clients.delete(id);
    }
    const msg = encodeAwareness(this.awareness, changed);
    for (const c of this.conns) send(c.socket, msg);
    if (origin !== REMOTE)
      this.bus.publish(this.draftId, {
        kind: BUS_KIND.awareness,
        payload: awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed),
      });
  }

  private onBus(m: BusMessage): void {
    if (this.closed) return;
    try {
      if (m.kind === BUS_KIND.update) Y.applyUpdate(this.doc, m.payload, REMOTE);
      else if (m.kind === BUS_KIND.awareness)
        awarenessProtocol.applyAwarenessUpdate(this.awareness, m.payload, REMOTE);
      else {
        const diff = Y.encodeStateAsUpdate(this.doc, m.payload);
        if (!isEmpty(diff))
          this.bus.publish(this.draftId, { kind: BUS_KIND.update, payload: diff });
        // Both ways: when the asker holds what this room lacks, ask it back (not in a loop).
        if (holdsMore(this.doc, m.payload) && Date.now() - this.askedAt >= ASK_BACK_MS)
          this.askOthers();
      }
    } catch {
      // A garbled bus message is dropped; the next sync request repairs what it carried.
    }
  }

  private enqueue(update: Uint8Array): void {
    this.writer.enqueue(this, update);
  }

  /** Writes everything queued (this room's and others'); resolves once it is stored. */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Called by the writer once a batch of this room is stored. */
  afterWrite(sv: Uint8Array): void {
    if (this.closed) return;
    this.rowsWritten++;
    this.dirty = true;
    this.savedSv = sv;
    const saved = encodeSaved(sv);
    for (const c of this.conns) send(c.socket, saved);
    this.scheduleMaterialise();
    if (this.rowsWritten >= this.opts.compactAfterRows) {
      this.rowsWritten = 0;
      void this.compact().catch(() => undefined);
    }
  }

  writeFailed(err: unknown): void {
    this.onFailed(err);
  }

  /**
   * Adds to the shared log the events the REST commands route appended since the doc last saw
   * it (the route folds them onto the materialised row, which is this doc's draft), so a REST
   * edit is neither lost nor overwritten by the next materialisation.
   */
  /** The last REST event (`draft_events.seq`) the doc holds. */
  get restSeq(): number {
    const v = this.doc.getMap<unknown>('meta').get(REST_SEQ);
    return typeof v === 'number' ? v : 0;
  }

  pullRest(): Promise<void> {
    this.pulling ??= (async () => {
      try {
        const meta = this.doc.getMap<unknown>('meta');
        const after = this.restSeq;
        const rows = await restEventsAfter(this.db, this.draftId, after);
        if (rows.length === 0 || this.closed) return;
        this.doc.transact(() => {
          this.doc.getArray<unknown>('log').push(rows.map((r) => r.event));
          meta.set(REST_SEQ, rows[rows.length - 1]!.seq);
        }, SERVER);
      } finally {
        this.pulling = null;
      }
    })();
    return this.pulling;
  }

  private scheduleMaterialise(): void {
    // Throttled, not debounced: under constant typing the row still follows every interval.
    if (this.materialiseTimer) return;
    // ±25 % jitter: rooms that started together (a class opening its drafts) do not all fold
    // and write in the same tick, once a second, for as long as they are edited.
    const jitter = 0.75 + Math.random() / 2;
    this.materialiseTimer = setTimeout(
      () => void this.materialise().catch(() => undefined),
      Math.round(this.opts.materialiseDebounceMs * jitter),
    );
  }

  /** Writes the folded draft into the `drafts` row (lists, search, statistics). */
  async materialise(): Promise<void> {
    if (this.materialiseTimer) {
      clearTimeout(this.materialiseTimer);
      this.materialiseTimer = null;
    }
    if (!this.dirty) return;
    this.dirty = false;
    try {
      // Folded here, once a second at most, not on every update (no observer on the hot path).
      this.view ??= new LogFolder(this.doc);
      await writeMaterialised(this.db, this.draftId, this.view.draft());
    } catch (err) {
      this.dirty = true;
      throw err;
    }
  }

  async compact(): Promise<number> {
    return compact(this.db, this.draftId);
  }

  storedRows(): Promise<number> {
    return countUpdates(this.db, this.draftId);
  }

  /**
   * Flushes, materialises and leaves the bus; with `code`, closes the remaining sockets — after
   * the last write for a restart (1012: the clients' `saved` covers everything stored), at once
   * when storage failed (nothing more will be stored). Updates arriving meanwhile are dropped
   * unacknowledged: their senders resend them after reconnecting.
   */
  close(code?: number): Promise<void> {
    this.closingDown ??= this.closeOnce(code);
    return this.closingDown;
  }

  private async closeOnce(code?: number): Promise<void> {
    if (this.closed) return;
    this.stopping = true;
    const closeSockets = () => {
      if (code === undefined) return;
      for (const c of this.conns)
        c.socket.close(code, code === CLOSE_CODES.restarting ? 'restarting' : '');
    };
    if (code !== CLOSE_CODES.restarting) closeSockets();
    try {
      await this.flush();
      await this.materialise();
    } finally {
      if (code === CLOSE_CODES.restarting) closeSockets();
      this.closed = true;
      this.writer.forget(this);
      if (this.antiEntropy) clearInterval(this.antiEntropy);
      for (const c of this.conns) if (c.resync) clearTimeout(c.resync);
      if (this.materialiseTimer) clearTimeout(this.materialiseTimer);
      await this.bus.unsubscribe(this.draftId);
      this.awareness.destroy();
      this.doc.destroy();
    }
  }
}

/** The origin of an update already relayed to the room's connections as received. */
function isRelayed(origin: unknown): boolean {
  return typeof origin === 'object' && origin !== null && 'relayedFor' in origin;
}

function send(socket: WebSocket, data: Uint8Array): void {
  // A socket that is closing drops the message; the peer resyncs when it reconnects.
  if (socket.readyState === socket.OPEN) socket.send(data);
}
