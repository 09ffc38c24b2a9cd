/**
 * This process's link to Redis (REDIS_URL): one connection for commands and publishing, one
 * for subscriptions, shared by every feature that talks to other processes (collab fan-out and
 * connection limits, the teaching hub's chat and lesson sync).
 *
 * Redis is optional: the server starts without it and serves its own traffic, logs a warning
 * and keeps reconnecting (a short backoff, capped at 2 s, for ever). While it is away commands
 * fail at once (no offline queue that would replay stale traffic later) and the features fall
 * back to this process; `onState` tells them when it goes and when it is back, so they can say
 * so to their users and resynchronise. The subscriptions are the link's to keep: after a
 * reconnect it subscribes again to every channel before it reports 'up'.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** `off`: not configured; `up`: both connections ready; `down`: configured, not reachable now. */
export type RedisState = 'off' | 'up' | 'down';

export type MessageHandler = (message: Buffer) => void;

export interface RedisLink {
  readonly state: RedisState;
  /** Publishes on `channel`; false when Redis is away (nothing is queued for later). */
  publish(channel: string, message: Buffer | string): Promise<boolean>;
  /** Delivers `channel`'s messages to `handler` (one per channel), across reconnects. */
  subscribe(channel: string, handler: MessageHandler): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  /** Calls `fn` when the link goes down or comes back up; returns the unsubscribe function. */
  onState(fn: (state: 'up' | 'down') => void): () => void;
  /** The command connection (Lua scripts); null when Redis is not configured. */
  readonly commands: Redis | null;
  /** Whether Redis answers a PING within `timeoutMs` (readiness). */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Where the link logs from now on (what it said before goes there first). */
  attachLog(log: FastifyBaseLogger): void;
  close(): Promise<void>;
}

/** No Redis configured: one process, nothing to fan out. */
export function noRedis(): RedisLink {
  return {
    state: 'off',
    publish: async () => false,
    subscribe: async () => undefined,
    unsubscribe: async () => undefined,
    onState: () => () => undefined,
    commands: null,
    ping: async () => false,
    attachLog: () => undefined,
    close: async () => undefined,
  };
}

export interface RedisLinkOptions {
  /** Longest wait between reconnect attempts (ms, default 2000). */
  maxRetryMs?: number;
}

type Level = 'info' | 'warn' | 'error';

/** A log that keeps what is said before the server's logger exists, and passes it on later. */
function lateLog() {
  let target: FastifyBaseLogger | null = null;
  const early: Array<[Level, object, string]> = [];
  const say = (level: Level) => (obj: object, msg: string) => {
    if (target) target[level](obj, msg);
    else if (early.length < 20) early.push([level, obj, msg]);
  };
  return {
    info: say('info'),
    warn: say('warn'),
    error: say('error'),
    attach(log: FastifyBaseLogger) {
      target = log;
      for (const [level, obj, msg] of early.splice(0)) log[level](obj, msg);
    },
  };
}

/** Connects in the background and returns at once, whether Redis answers or not. */
export function connectRedis(url: string, opts: RedisLinkOptions = {}): RedisLink {
  const log = lateLog();
  const maxRetryMs = opts.maxRetryMs ?? 2000;
  const settings = {
    // For ever, quickly at first: a Redis restart is seconds.
    retryStrategy: (times: number) => Math.min(maxRetryMs, 50 * 2 ** Math.min(times, 10)),
    // While Redis is away a command fails at once instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // The link subscribes again itself, then reports 'up'.
    autoResubscribe: false,
    connectTimeout: 2000,
    commandTimeout: 1000,
  };
  const pub = new Redis(url, settings);
  const sub = new Redis(url, { ...settings, commandTimeout: undefined });
  const handlers = new Map<string, MessageHandler>();
  const listeners = new Set<(state: 'up' | 'down') => void>();
  let state: RedisState = 'down';
  let closing = false;
  let everUp = false;
  let warnedAtStart = false;
  let subReady = false;

  const set = (next: 'up' | 'down') => {
    if (state === next || closing) return;
    state = next;
    if (next === 'up') {
      if (everUp) log.info({}, 'Redis is back: resynchronising with the other processes');
      else log.info({}, 'Redis connected');
      everUp = true;
    } else log.warn({}, 'Redis lost: live traffic stays in this process until it is back');
    for (const fn of [...listeners]) {
      try {
        fn(next);
      } catch (err) {
        log.error({ err }, 'Redis state listener failed');
      }
    }
  };
  const refresh = () => set(pub.status === 'ready' && subReady ? 'up' : 'down');

  for (const conn of [pub, sub])
    conn.on('error', (err: Error) => {
      // Reconnecting by itself; say it once at start, then on each loss (set()).
      if (!everUp && !warnedAtStart) {
        warnedAtStart = true;
        log.warn(
          { err: err.message },
          'Redis is unreachable: serving this process alone and retrying',
        );
      }
    });
  pub.on('ready', refresh);
  pub.on('close', refresh);
  sub.on('ready', () => {
    const channels = [...handlers.keys()];
    const resubscribed = channels.length > 0 ? sub.subscribe(...channels) : Promise.resolve();
    resubscribed.then(
      () => {
        subReady = true;
        refresh();
      },
      // The connection went again; its next 'ready' tries again.
      () => undefined,
    );
  });
  sub.on('close', () => {
    subReady = false;
    refresh();
  });
  sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
    handlers.get(channel.toString())?.(message);
  });

  return {
    get state() {
      return state;
    },
    async publish(channel, message) {
      if (state !== 'up') return false;
      try {
        await pub.publish(channel, message);
        return true;
      } catch {
        return false;
      }
    },
    async subscribe(channel, handler) {
      handlers.set(channel, handler);
      // While away, the next 'ready' subscribes it with the others.
      if (subReady) await sub.subscribe(channel).catch(() => undefined);
    },
    async unsubscribe(channel) {
      handlers.delete(channel);
      if (subReady) await sub.unsubscribe(channel).catch(() => undefined);
    },
    onState(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    commands: pub,
    async ping(timeoutMs = 1000) {
      if (state !== 'up') return false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
      const answer = pub.ping().then(
        (r) => r === 'PONG',
        () => false,
      );
      return Promise.race([answer, late]).finally(() => clearTimeout(timer));
    },
    attachLog: (l) => log.attach(l),
    async close() {
      closing = true;
      listeners.clear();
      handlers.clear();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
