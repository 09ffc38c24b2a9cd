/**
 * The client side of `/collab/{draftId}`: connects a Y.Doc (and its awareness) to the server,
 * syncs, reconnects with exponential backoff and jitter, and reports a connection state the
 * editor shows. Edits made while offline stay in the doc and reach the server in the sync of
 * the next connection (the server's sync step 1 asks for everything it lacks). The socket is
 * injected (`createSocket`), so the browser's WebSocket and Node's `ws` both fit and this file
 * needs no DOM.
 */
import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import {
  CLOSE_CODES,
  FATAL_CLOSE_CODES,
  covers,
  decodeMessage,
  encodeAwareness,
  encodeSyncStep1,
  encodeSyncStep2,
  encodeUpdate,
  encodeVouched,
  type Access,
} from './protocol.js';

/** What the provider needs of a WebSocket (browser WebSocket and `ws` both have it). */
export interface SocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export const CONNECTION_STATES = ['connecting', 'syncing', 'online', 'offline', 'closed'] as const;
/**
 * - `connecting`: opening the socket; `syncing`: open, first sync not finished;
 * - `online`: synced, edits flow live; `offline`: waiting to retry (edits stay local);
 * - `closed`: stopped for good (`closeCode` says why: token, rights, unknown draft) or destroyed.
 */
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export interface ProviderStatus {
  state: ConnectionState;
  /** What the server allows this user (null until told). */
  access: Access | null;
  /** Every local edit is stored by the server (survives its restart). */
  saved: boolean;
  /** The close code that stopped the provider, or the last one seen. */
  closeCode: number | null;
  /** Failed attempts since the last successful sync. */
  attempt: number;
  /** When the next attempt starts (ms since epoch), while offline. */
  retryAt: number | null;
  /**
   * The server lost its link to the other server processes: co-authors connected to another one
   * do not see this peer's edits until it is back (they are stored all the same).
   */
  split: boolean;
}

export interface ProviderOptions {
  /** Server origin as ws:// or wss://, e.g. `ws://localhost:8080`. */
  serverUrl: string;
  draftId: string;
  doc: Y.Doc;
  /** A current access token for each attempt (refresh it here when it expires). */
  token: () => string | null | Promise<string | null>;
  /**
   * The server closed a live connection with 4401: its session ended or its access token
   * expired unrefreshed. A new token (the app refreshed the session) reconnects at once; null
   * (or a throw) stops for good — sign in again. Without it, 4401 always stops.
   */
  refreshToken?: () => Promise<string | null>;
  createSocket: (url: string, protocols: string[]) => SocketLike;
  awareness?: awarenessProtocol.Awareness;
  /** Backoff between attempts: min·2^attempt capped at max, with ±jitter. */
  backoff?: { minMs: number; maxMs: number; jitter: number };
  /** Timers (tests drive them). */
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (t: unknown) => void;
  random?: () => number;
}

const OPEN = 1;
/** Sealed co-author updates kept for a replay (a few seconds of a busy draft's traffic). */
const MAX_VOUCHED = 5000;
const PROVIDER = Symbol('collab-provider');

export class CollabProvider {
  readonly doc: Y.Doc;
  readonly awareness: awarenessProtocol.Awareness;
  private socket: SocketLike | null = null;
  private statusValue: ProviderStatus = {
    state: 'connecting',
    access: null,
    saved: true,
    closeCode: null,
    attempt: 0,
    retryAt: null,
    split: false,
  };
  private readonly listeners = new Set<(s: ProviderStatus) => void>();
  private retryTimer: unknown = null;
  private destroyed = false;
  private serverSv: Uint8Array | null = null;
  /**
   * Co-authors' updates the server sealed, kept until a `saved` covers them: after a reconnect
   * (perhaps to another process that has not got them) they go back first, so this peer's own
   * edits that build on them are not refused as depending on something missing.
   */
  private vouched: Array<{ update: Uint8Array; seal: Uint8Array; to: Map<number, number> }> = [];
  private readonly opts: Required<Omit<ProviderOptions, 'awareness' | 'refreshToken'>> &
    Pick<ProviderOptions, 'refreshToken'>;
  private readonly onDocUpdate: (update: Uint8Array, origin: unknown) => void;
  private readonly onAwarenessUpdate: (
    c: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => void;

  constructor(o: ProviderOptions) {
    this.doc = o.doc;
    this.awareness = o.awareness ?? new awarenessProtocol.Awareness(o.doc);
    this.opts = {
      backoff: { minMs: 250, maxMs: 10_000, jitter: 0.3 },
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (t) => globalThis.clearTimeout(t as ReturnType<typeof setTimeout>),
      random: Math.random,
      ...o,
    };
    this.onDocUpdate = (update, origin) => {
      if (origin === PROVIDER) return;
      this.refreshSaved();
      // Sent live when online; otherwise it waits in the doc for the next sync.
      if (this.statusValue.access !== 'view') this.send(encodeUpdate(update));
    };
    this.onAwarenessUpdate = ({ added, updated, removed }, origin) => {
      if (origin === PROVIDER) return;
      this.send(encodeAwareness(this.awareness, [...added, ...updated, ...removed]));
    };
    this.doc.on('update', this.onDocUpdate);
    this.awareness.on('update', this.onAwarenessUpdate);
    void this.connect();
  }

  get status(): ProviderStatus {
    return this.statusValue;
  }

  /** Calls `fn` on every status change; returns the unsubscribe function. */
  onStatus(fn: (s: ProviderStatus) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private set(patch: Partial<ProviderStatus>): void {
    const next = { ...this.statusValue, ...patch };
    const same = (Object.keys(next) as Array<keyof ProviderStatus>).every(
      (k) => next[k] === this.statusValue[k],
    );
    if (same) return;
    this.statusValue = next;
    for (const fn of [...this.listeners]) fn(next);
  }

  /** Resolves once the first sync of a connection is done (or rejects if closed for good). */
  whenOnline(): Promise<void> {
    return this.when((s) => s.state === 'online');
  }

  /** Resolves once the server has stored every local edit. */
  whenSaved(): Promise<void> {
    return this.when((s) => s.state === 'online' && s.saved);
  }

  private when(ok: (s: ProviderStatus) => boolean): Promise<void> {
    if (ok(this.statusValue)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const off = this.onStatus((s) => {
        if (ok(s)) {
          off();
          resolve();
        } else if (s.state === 'closed') {
          off();
          reject(new Error(`collab connection closed (${s.closeCode ?? 'destroyed'})`));
        }
      });
    });
  }

  private async connect(): Promise<void> {
    if (this.destroyed) return;
    this.set({ state: 'connecting', retryAt: null });
    let token: string | null;
    try {
      token = await this.opts.token();
    } catch {
      token = null;
    }
    if (this.destroyed) return;
    const url = `${this.opts.serverUrl.replace(/\/$/, '')}/collab/${encodeURIComponent(this.opts.draftId)}`;
    let socket: SocketLike;
    try {
      // The token rides in a subprotocol: browsers cannot set headers on a WebSocket.
      socket = this.opts.createSocket(url, token ? [`bearer.${token}`] : []);
    } catch {
      return this.retry(null);
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      this.set({ state: 'syncing' });
      for (const v of this.vouched) socket.send(encodeVouched(v.update, v.seal));
      socket.send(encodeSyncStep1(this.doc));
      if (this.awareness.getLocalState() !== null)
        socket.send(encodeAwareness(this.awareness, [this.doc.clientID]));
    };
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onerror = () => undefined;
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      const wasOnline = this.statusValue.state === 'online';
      this.socket = null;
      this.serverSv = null;
      // What this server said of its links no longer holds; the next one says its own.
      this.set({ split: false });
      // Co-authors' cursors vanish while we cannot see them move.
      const others = [...this.awareness.getStates().keys()].filter((c) => c !== this.doc.clientID);
      awarenessProtocol.removeAwarenessStates(this.awareness, others, PROVIDER);
      if (this.destroyed) return;
      // A live connection whose session or token ended: one refresh, then reconnect or stop.
      // (A 4401 before the first sync means the token was already bad: no refresh loop.)
      if (ev.code === CLOSE_CODES.badToken && wasOnline && this.opts.refreshToken) {
        this.set({ state: 'connecting', closeCode: ev.code, access: null });
        void this.opts
          .refreshToken()
          .catch(() => null)
          .then((fresh) => {
            if (this.destroyed) return;
            if (fresh) void this.connect();
            else this.set({ state: 'closed', closeCode: ev.code, retryAt: null });
          });
        return;
      }
      if (FATAL_CLOSE_CODES.includes(ev.code)) {
        this.set({ state: 'closed', closeCode: ev.code, retryAt: null });
        return;
      }
      // New rights: come back at once rather than after a backoff.
      if (ev.code === CLOSE_CODES.accessChanged) {
        this.set({ state: 'connecting', closeCode: ev.code, access: null });
        void this.connect();
        return;
      }
      this.retry(ev.code);
    };
  }

  private retry(code: number | null): void {
    const attempt = this.statusValue.attempt + 1;
    const { minMs, maxMs, jitter } = this.opts.backoff;
    const base = Math.min(maxMs, minMs * 2 ** (attempt - 1));
    const ms = Math.round(base * (1 - jitter + 2 * jitter * this.opts.random()));
    this.set({
      state: 'offline',
      closeCode: code,
      attempt,
      retryAt: Date.now() + ms,
      saved: this.savedNow(),
    });
    this.retryTimer = this.opts.setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, ms);
  }

  /** Reconnect now (e.g. the browser came back online), skipping the backoff wait. */
  reconnect(): void {
    if (this.destroyed || this.socket) return;
    if (this.retryTimer !== null) this.opts.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    void this.connect();
  }

  private receive(data: unknown): void {
    const bytes =
      data instanceof ArrayBuffer ? new Uint8Array(data) : data instanceof Uint8Array ? data : null;
    if (!bytes) return;
    const m = decodeMessage(bytes);
    if (!m) return;
    switch (m.type) {
      case 'access':
        this.set({ access: m.access });
        return;
      case 'sync':
        if (m.step === 'step1') {
          // The server's state: answer with everything it lacks (incl. offline edits).
          this.send(encodeSyncStep2(this.doc, m.stateVector));
          return;
        }
        Y.applyUpdate(this.doc, m.update, PROVIDER);
        // A co-author's update does not change what of ours is saved; only the first sync does.
        if (m.step === 'step2') {
          this.set({ state: 'online', attempt: 0, retryAt: null, closeCode: null });
          this.refreshSaved();
        }
        return;
      case 'awareness':
        awarenessProtocol.applyAwarenessUpdate(this.awareness, m.update, PROVIDER);
        return;
      case 'saved':
        this.serverSv = m.stateVector;
        if (this.vouched.length > 0) {
          // Decoded once for all the kept updates (a `saved` comes after every server write).
          const stored = Y.decodeStateVector(m.stateVector);
          this.vouched = this.vouched.filter((v) =>
            [...v.to].some(([client, clock]) => (stored.get(client) ?? 0) < clock),
          );
        }
        this.refreshSaved();
        return;
      case 'vouched': {
        Y.applyUpdate(this.doc, m.update, PROVIDER);
        const to = Y.parseUpdateMeta(m.update).to;
        if (to.size > 0 && !(this.serverSv && covers(this.serverSv, to))) {
          this.vouched.push({ update: m.update, seal: m.seal, to });
          // Bounded: the oldest are the likeliest stored already.
          if (this.vouched.length > MAX_VOUCHED)
            this.vouched.splice(0, this.vouched.length - MAX_VOUCHED);
        }
        return;
      }
      case 'notice':
        this.set({ split: m.notice === 'split' });
        return;
      default:
        return;
    }
  }

  /** Whether the server's last `saved` covers this peer's own edits. */
  private savedNow(): boolean {
    const own = Y.encodeStateVector(this.doc);
    const mine = Y.decodeStateVector(own).get(this.doc.clientID) ?? 0;
    if (mine === 0) return true;
    if (!this.serverSv) return false;
    return covers(this.serverSv, new Map([[this.doc.clientID, mine]]));
  }

  private refreshSaved(): void {
    this.set({ saved: this.savedNow() });
  }

  private send(data: Uint8Array): void {
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(data);
  }

  /** Stops for good: closes the socket, withdraws this peer's presence, drops listeners. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.retryTimer !== null) this.opts.clearTimeout(this.retryTimer);
    awarenessProtocol.removeAwarenessStates(this.awareness, [this.doc.clientID], 'destroy');
    this.doc.off('update', this.onDocUpdate);
    this.awareness.off('update', this.onAwarenessUpdate);
    const s = this.socket;
    this.socket = null;
    s?.close(1000, 'bye');
    this.set({ state: 'closed' });
    this.listeners.clear();
  }
}
