import { randomUUID } from 'node:crypto';
import type { Locale, Person, Reflection } from '@sabaq/platform';
import type { WebSocket } from 'ws';
import type { Queryable } from '../db/db';
import type { RedisLink } from '../redis/link';

/**
 * Live delivery of the teaching core: the lesson sync (ping list and reflection list) and chat.
 * Each server process keeps its own sockets; what another process must know travels over a bus:
 * in-process when alone, Redis pub/sub when REDIS_URL is set (several processes behind a load
 * balancer, DESIGN.md). The database stays the truth — the bus only says "look again" or carries
 * a message already stored.
 */
export type BusMessage =
  | { type: 'presence'; origin: string; lessonId: number; users: Person[] }
  | { type: 'reflections'; lessonId: number }
  | { type: 'deliver'; userIds: number[]; payload: unknown }
  | { type: 'lesson-chat'; lessonId: number; payload: unknown };

export interface Bus {
  publish(msg: BusMessage): Promise<void>;
  onMessage(handler: (msg: BusMessage) => void): void;
  close(): Promise<void>;
}

export function localBus(): Bus {
  const handlers: ((m: BusMessage) => void)[] = [];
  return {
    async publish(msg) {
      for (const h of handlers) h(msg);
    },
    onMessage(h) {
      handlers.push(h);
    },
    async close() {},
  };
}

const CHANNEL = 'sabaq:teaching';

/**
 * Redis pub/sub through the process's link (redis/link.ts). While Redis is away `publish`
 * rejects, and the hub delivers to this process's own sockets instead; the others read what
 * they missed from the history (chat messages are stored before they are delivered).
 */
export function redisBus(link: RedisLink): Bus {
  const handlers: ((m: BusMessage) => void)[] = [];
  void link.subscribe(CHANNEL, (raw) => {
    let msg: BusMessage;
    try {
      msg = JSON.parse(raw.toString()) as BusMessage;
    } catch {
      return;
    }
    for (const h of handlers) h(msg);
  });
  return {
    async publish(msg) {
      if (!(await link.publish(CHANNEL, JSON.stringify(msg))))
        throw new Error('Redis is unavailable');
    },
    onMessage(h) {
      handlers.push(h);
    },
    async close() {
      handlers.length = 0;
      await link.unsubscribe(CHANNEL);
    },
  };
}

interface LessonClient {
  socket: WebSocket;
  user: Person;
  /** Staff of the lesson get the reflection list; students only the ping list. */
  staff: boolean;
  locale: Locale;
}

/** Close code of a planned shutdown (the registry's, `WS_CLOSE.restarting`). */
const RESTARTING = 1012;

/** Remote presence older than this is dropped (a process that died stops refreshing it). */
const PRESENCE_TTL_MS = 60_000;

export class TeachingHub {
  readonly origin = randomUUID();
  private readonly lessons = new Map<number, Set<LessonClient>>();
  private readonly remote = new Map<number, Map<string, { users: Person[]; at: number }>>();
  private readonly chats = new Map<number, Set<WebSocket>>();
  /** Open lesson chat sockets by lesson (participants only: the endpoint checks before joining). */
  private readonly lessonChats = new Map<number, Set<WebSocket>>();

  constructor(
    private readonly db: Queryable,
    readonly bus: Bus,
  ) {
    bus.onMessage((m) => this.onBus(m));
  }

  // --- lesson sync ----------------------------------------------------------------------------

  /** Who is in the lesson now, across processes; students only (the teacher is not "present"). */
  presence(lessonId: number): Person[] {
    const seen = new Map<number, Person>();
    for (const c of this.lessons.get(lessonId) ?? []) if (!c.staff) seen.set(c.user.id, c.user);
    const now = Date.now();
    for (const [origin, entry] of this.remote.get(lessonId) ?? []) {
      if (now - entry.at > PRESENCE_TTL_MS) {
        this.remote.get(lessonId)?.delete(origin);
        continue;
      }
      for (const u of entry.users) seen.set(u.id, u);
    }
    return [...seen.values()].sort((a, b) => a.fullname.localeCompare(b.fullname));
  }

  async reflections(lessonId: number): Promise<Reflection[]> {
    const rows = await this.db.query<{
      id: number;
      fullname: string;
      mood: Reflection['mood'];
      text: string;
      at: string;
    }>(
      `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname, r.mood, r.text,
              to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
         FROM reflections r JOIN users u ON u.id = r.user_id
        WHERE r.lesson_id = $1 ORDER BY r.at`,
      [lessonId],
    );
    return rows.map((r) => ({
      student: { id: r.id, fullname: r.fullname },
      mood: r.mood,
      text: r.text,
      at: r.at,
    }));
  }

  joinLesson(lessonId: number, client: LessonClient): void {
    let set = this.lessons.get(lessonId);
    if (!set) this.lessons.set(lessonId, (set = new Set()));
    set.add(client);
    void this.presenceChanged(lessonId);
    if (client.staff) void this.sendReflections(lessonId, client);
    else send(client.socket, { type: 'ping', users: this.presence(lessonId) });
  }

  leaveLesson(lessonId: number, client: LessonClient): void {
    const set = this.lessons.get(lessonId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.lessons.delete(lessonId);
    void this.presenceChanged(lessonId);
  }

  /** A client's periodic ping: re-announces this process's presence so remote entries stay fresh. */
  async ping(lessonId: number): Promise<void> {
    await this.publishPresence(lessonId);
  }

  async reflectionsChanged(lessonId: number): Promise<void> {
    await this.bus.publish({ type: 'reflections', lessonId }).catch(() => undefined);
  }

  private localStudents(lessonId: number): Person[] {
    const out = new Map<number, Person>();
    for (const c of this.lessons.get(lessonId) ?? []) if (!c.staff) out.set(c.user.id, c.user);
    return [...out.values()];
  }

  private async publishPresence(lessonId: number): Promise<void> {
    await this.bus
      .publish({
        type: 'presence',
        origin: this.origin,
        lessonId,
        users: this.localStudents(lessonId),
      })
      .catch(() => undefined);
  }

  private async presenceChanged(lessonId: number): Promise<void> {
    await this.publishPresence(lessonId);
  }

  private broadcastPresence(lessonId: number): void {
    const users = this.presence(lessonId);
    for (const c of this.lessons.get(lessonId) ?? []) send(c.socket, { type: 'ping', users });
  }

  private async sendReflections(lessonId: number, only?: LessonClient): Promise<void> {
    const targets = only ? [only] : [...(this.lessons.get(lessonId) ?? [])].filter((c) => c.staff);
    if (targets.length === 0) return;
    const reflections = await this.reflections(lessonId).catch(() => null);
    if (!reflections) return;
    for (const c of targets) send(c.socket, { type: 'reflections', reflections });
  }

  // --- chat -----------------------------------------------------------------------------------

  joinChat(userId: number, socket: WebSocket): void {
    let set = this.chats.get(userId);
    if (!set) this.chats.set(userId, (set = new Set()));
    set.add(socket);
  }

  leaveChat(userId: number, socket: WebSocket): void {
    const set = this.chats.get(userId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.chats.delete(userId);
  }

  /** Sends an event to every open chat socket of the users, on every process. */
  async deliver(userIds: number[], payload: unknown): Promise<void> {
    await this.bus.publish({ type: 'deliver', userIds, payload }).catch(() => {
      // Redis away: at least the users on this process get it; the rest read it from history.
      this.deliverLocal(userIds, payload);
    });
  }

  private deliverLocal(userIds: number[], payload: unknown): void {
    for (const id of new Set(userIds)) for (const s of this.chats.get(id) ?? []) send(s, payload);
  }

  // --- lesson chat (issue 20) ------------------------------------------------------------------

  joinLessonChat(lessonId: number, socket: WebSocket): void {
    let set = this.lessonChats.get(lessonId);
    if (!set) this.lessonChats.set(lessonId, (set = new Set()));
    set.add(socket);
  }

  leaveLessonChat(lessonId: number, socket: WebSocket): void {
    const set = this.lessonChats.get(lessonId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.lessonChats.delete(lessonId);
  }

  /** Sends an event (a message already stored) to the lesson's chat sockets on every process. */
  async toLessonChat(lessonId: number, payload: unknown): Promise<void> {
    await this.bus.publish({ type: 'lesson-chat', lessonId, payload }).catch(() => {
      this.lessonChatLocal(lessonId, payload);
    });
  }

  private lessonChatLocal(lessonId: number, payload: unknown): void {
    for (const s of this.lessonChats.get(lessonId) ?? []) send(s, payload);
  }

  // --- bus ------------------------------------------------------------------------------------

  private onBus(m: BusMessage): void {
    if (m.type === 'deliver') this.deliverLocal(m.userIds, m.payload);
    else if (m.type === 'lesson-chat') this.lessonChatLocal(m.lessonId, m.payload);
    else if (m.type === 'reflections') void this.sendReflections(m.lessonId);
    else if (m.type === 'presence') {
      if (m.origin !== this.origin) {
        let byOrigin = this.remote.get(m.lessonId);
        if (!byOrigin) this.remote.set(m.lessonId, (byOrigin = new Map()));
        byOrigin.set(m.origin, { users: m.users, at: Date.now() });
      }
      this.broadcastPresence(m.lessonId);
    }
  }

  private closed: Promise<void> | null = null;

  /**
   * Planned shutdown: every lesson and chat socket closed with 1012 (restarting: the clients
   * reconnect), then the bus. Nothing is queued here (chat messages are stored before they are
   * delivered). Idempotent: the socket registry's shutdown and the app's close hook share it.
   */
  close(): Promise<void> {
    this.closed ??= (async () => {
      for (const set of this.lessons.values())
        for (const c of set) c.socket.close(RESTARTING, 'restarting');
      for (const set of this.chats.values()) for (const s of set) s.close(RESTARTING, 'restarting');
      for (const set of this.lessonChats.values())
        for (const s of set) s.close(RESTARTING, 'restarting');
      await this.bus.close();
    })();
    return this.closed;
  }
}

function send(socket: WebSocket, payload: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
}
