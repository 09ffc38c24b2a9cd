/**
 * The `/collab/{draftId}` endpoint: checks the token, the role and the user's rights on the draft
 * before the first sync (messages that arrive meanwhile wait), enforces connection limits, and
 * keeps one `Room` per open draft in this process. Close codes are `CLOSE_CODES` of
 * @sabaq/collab (README).
 */
import type { WebSocket } from 'ws';
import { API_ROUTES, isAllowed } from '@sabaq/platform';
import { CLOSE_CODES, type Access } from '@sabaq/collab';
import type { Db, Queryable } from '../db/db';
import type { WsRegistry, WsUser } from '../ws/registry';
import type { CollabBus } from './bus';
import { localLimits, type Acquired, type ConnectionLimits } from './limits';
import { Room, type Connection, type RoomOptions } from './room';
import { loadDraftAccess } from '../routes/drafts-access';
import { DraftUnavailable } from './store';
import { BatchWriter } from './writer';
import type { Sealer } from './seal';

export interface CollabOptions extends RoomOptions {
  /** Open collab sockets per user (across all processes when they share Redis). */
  maxConnectionsPerUser: number;
  /** Open collab sockets per draft (across all processes when they share Redis). */
  maxConnectionsPerDraft: number;
  /** A room with nobody in it is flushed and unloaded after this long (ms). */
  idleUnloadMs: number;
}

export const DEFAULT_COLLAB_OPTIONS: CollabOptions = {
  flushDebounceMs: 50,
  flushMaxDelayMs: 250,
  maxRetries: 5,
  retryBaseMs: 100,
  materialiseDebounceMs: 1000,
  compactAfterRows: 200,
  antiEntropyMs: 5000,
  restPollMs: 1000,
  maxConnectionsPerUser: 12,
  maxConnectionsPerDraft: 60,
  idleUnloadMs: 30_000,
};

/** Roles that may open drafts at all: the draft routes' policy. */
const DRAFT_POLICY = API_ROUTES['drafts.get'].policy;

/**
 * What `userId` may do with a draft: the one rule of `routes/drafts-access.ts`, which the REST
 * routes use too (owner and invited editors edit, invited viewers and colleagues of the draft's
 * school read; anyone else does not learn the draft exists).
 */
export function accessOf(
  q: Queryable,
  draftId: string,
  user: { userId: number; schoolId: number | null },
): Promise<Access | null> {
  return loadDraftAccess(q, draftId, user);
}

export class CollabService {
  readonly options: CollabOptions;
  private readonly rooms = new Map<string, Promise<Room>>();
  /** Open sockets of this process (after their rights were checked). */
  private sockets = 0;
  readonly limits: ConnectionLimits;
  private readonly idle = new Map<string, ReturnType<typeof setTimeout>>();
  private closing = false;
  private closed: Promise<void> | null = null;
  private readonly writer: BatchWriter;
  private restPoll: ReturnType<typeof setInterval> | null = null;
  private readonly offBus: () => void;

  constructor(
    private readonly db: Db,
    readonly bus: CollabBus,
    options: Partial<CollabOptions> = {},
    limits?: ConnectionLimits,
    private readonly sealer: Sealer | null = null,
  ) {
    this.options = { ...DEFAULT_COLLAB_OPTIONS, ...options };
    this.limits = limits ?? localLimits();
    this.writer = new BatchWriter(db, this.options);
    // Redis went or came back: every open room tells its peers, and resynchronises when back.
    this.offBus = bus.onState((state) => {
      for (const r of this.rooms.values())
        void r.then(
          (room) => room.busState(state),
          () => undefined,
        );
    });
    if (this.options.restPollMs > 0) {
      this.restPoll = setInterval(
        () => void this.pollRest().catch(() => undefined),
        this.options.restPollMs,
      );
      this.restPoll.unref();
    }
  }

  /** One query for every open room: which have REST events they have not pulled yet. */
  private async pollRest(): Promise<void> {
    const rooms = new Map<string, Room>();
    for (const [id, p] of this.rooms) {
      const room = await p.catch(() => null);
      if (room) rooms.set(id, room);
    }
    if (rooms.size === 0) return;
    const rows = await this.db.query<{ draft_id: string; n: number }>(
      `SELECT draft_id, max(seq)::int AS n FROM draft_events
        WHERE draft_id = ANY($1::text[]) GROUP BY draft_id`,
      [[...rooms.keys()]],
    );
    for (const r of rows) {
      const room = rooms.get(r.draft_id);
      if (room && r.n > room.restSeq) await room.pullRest().catch(() => undefined);
    }
  }

  mount(websockets: WsRegistry): void {
    websockets.register({
      path: '/collab/:draftId',
      // Public at the registry so that a missing or bad token gets a close code the browser can
      // read (4401) instead of a failed handshake; the role and rights are checked below.
      policy: 'public',
      onConnection: (socket, { params, user }) => {
        void this.connect(socket, params.draftId ?? '', user);
      },
      // Planned shutdown: every room stored, then its sockets closed with 1012.
      onShutdown: () => this.close(),
    });
  }

  /** The room of a draft in this process, loaded on first use. */
  room(draftId: string): Promise<Room> {
    let r = this.rooms.get(draftId);
    if (!r) {
      r = Room.open(draftId, this.db, this.bus, this.options, this.writer, this.sealer).then(
        (room) => {
          room.onFailed = () => {
            // Storage gave up: drop the room; clients reconnect and resend their edits.
            this.rooms.delete(draftId);
            void room.close(CLOSE_CODES.storageFailed).catch(() => undefined);
          };
          return room;
        },
      );
      this.rooms.set(draftId, r);
      r.catch(() => this.rooms.delete(draftId));
    }
    return r;
  }

  /** Open collab sockets in this process. */
  get connections(): number {
    return this.sockets;
  }

  /** Rooms loaded in this process (for the benchmark and tests). */
  get openRooms(): number {
    return this.rooms.size;
  }

  private async connect(socket: WebSocket, draftId: string, user: WsUser | null): Promise<void> {
    // Messages sent before the rights are known wait here; nothing is synced before that.
    const pending: Uint8Array[] = [];
    let handler: ((data: Uint8Array) => void) | null = null;
    socket.binaryType = 'nodebuffer';
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) return socket.close(CLOSE_CODES.badMessage, 'binary messages only');
      const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      if (handler) handler(bytes);
      else pending.push(bytes);
    });
    socket.on('error', () => undefined);
    let closed = false;
    socket.once('close', () => (closed = true));

    if (this.closing) return socket.close(CLOSE_CODES.restarting, 'restarting');
    if (!user) return socket.close(CLOSE_CODES.badToken, 'token');
    if (!isAllowed(DRAFT_POLICY, user.role)) return socket.close(CLOSE_CODES.forbidden, 'role');
    let access: Access | null;
    try {
      access = await accessOf(this.db, draftId, user);
    } catch {
      return socket.close(CLOSE_CODES.storageFailed, 'storage');
    }
    if (!access) return socket.close(CLOSE_CODES.unknownDraft, 'draft');
    let slot: Acquired;
    try {
      // Read at every check: tests and the benchmark change a running service's options.
      slot = await this.limits.acquire(user.userId, draftId, {
        perUser: this.options.maxConnectionsPerUser,
        perDraft: this.options.maxConnectionsPerDraft,
      });
    } catch {
      return socket.close(CLOSE_CODES.storageFailed, 'limits');
    }
    if (!slot.ok) return socket.close(CLOSE_CODES.tooManyConnections, `${slot.limit} limit`);
    this.sockets++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.sockets--;
      slot.release();
    };
    if (closed) return release();

    let room: Room;
    try {
      room = await this.room(draftId);
    } catch (err) {
      release();
      return socket.close(
        err instanceof DraftUnavailable && err.reason === 'missing'
          ? CLOSE_CODES.unknownDraft
          : CLOSE_CODES.storageFailed,
        'load',
      );
    }
    if (closed) return release();
    this.cancelIdle(draftId);
    let name: string;
    try {
      name = await this.nameOf(user.userId);
    } catch {
      release();
      return socket.close(CLOSE_CODES.storageFailed, 'storage');
    }
    if (closed) return release();
    const conn: Connection = { socket, userId: user.userId, access, clients: new Set(), name };
    socket.once('close', () => {
      release();
      room.leave(conn);
      if (room.conns.size === 0) this.scheduleIdle(draftId, room);
    });
    room.join(conn);
    handler = (data) => {
      if (!room.receive(conn, data)) socket.close(CLOSE_CODES.badMessage, 'protocol');
    };
    for (const m of pending.splice(0)) handler(m);
  }

  /** The person's name as co-authors see it in presence (surname first, as the app shows it). */
  private async nameOf(userId: number): Promise<string> {
    const rows = await this.db.query<{ name: string }>(
      "SELECT concat_ws(' ', surname, firstname) AS name FROM users WHERE id = $1",
      [userId],
    );
    return rows[0]?.name.trim() || '—';
  }

  private cancelIdle(draftId: string): void {
    const t = this.idle.get(draftId);
    if (t) clearTimeout(t);
    this.idle.delete(draftId);
  }

  private scheduleIdle(draftId: string, room: Room): void {
    this.cancelIdle(draftId);
    const t = setTimeout(() => {
      this.idle.delete(draftId);
      if (room.conns.size > 0) return;
      this.rooms.delete(draftId);
      void room.close().catch(() => undefined);
    }, this.options.idleUnloadMs);
    t.unref();
    this.idle.set(draftId, t);
  }

  /** Closes a user's sockets on a draft (their invitation was withdrawn or changed). */
  async kick(draftId: string, userId: number): Promise<void> {
    const r = this.rooms.get(draftId);
    if (!r) return;
    const room = await r.catch(() => null);
    for (const c of room?.conns ?? [])
      // Not fatal: the client reconnects at once and gets its new rights (or 4404).
      if (c.userId === userId) c.socket.close(CLOSE_CODES.accessChanged, 'access changed');
  }

  /**
   * Flushes and materialises every room, then closes its sockets with 1012 (restart: nothing
   * acknowledged is lost, and the clients learn it is a restart). Idempotent: the registry's
   * shutdown and the app's close hook share it.
   */
  close(): Promise<void> {
    this.closed ??= this.closeOnce();
    return this.closed;
  }

  private async closeOnce(): Promise<void> {
    this.closing = true;
    this.offBus();
    if (this.restPoll) clearInterval(this.restPoll);
    for (const t of this.idle.values()) clearTimeout(t);
    this.idle.clear();
    const rooms = await Promise.allSettled([...this.rooms.values()]);
    this.rooms.clear();
    await Promise.allSettled(
      rooms.map((r) => (r.status === 'fulfilled' ? r.value.close(CLOSE_CODES.restarting) : null)),
    );
    await this.bus.close();
    await this.limits.close();
  }
}
