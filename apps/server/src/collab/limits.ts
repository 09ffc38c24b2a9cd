/**
 * Connection limits of `/collab`: open sockets per user and per draft. Alone, a process counts
 * its own sockets (`localLimits`). With REDIS_URL the limits hold across every process
 * (`redisLimits`): each process keeps its counts as its own field of a Redis hash per user and
 * per draft and announces itself with a heartbeat; a check sums the fields of live processes
 * and takes the slot in the same script, so two processes cannot both take the last one. A
 * process that dies without cleaning up stops counting once its heartbeat is older than
 * `ttlMs`. When Redis does not answer, the process falls back to its own counts: nobody is
 * locked out because Redis is down.
 */
import { randomUUID } from 'node:crypto';
import type { RedisLink } from '../redis/link';

export interface LimitValues {
  perUser: number;
  perDraft: number;
}

export type Acquired = { ok: true; release: () => void } | { ok: false; limit: 'user' | 'draft' };

export interface ConnectionLimits {
  /** Takes a slot for one socket of `userId` on `draftId`, unless `limits` is reached (read at
   * every check: tests and the benchmark change a running service's options). */
  acquire(userId: number, draftId: string, limits: LimitValues): Promise<Acquired>;
  close(): Promise<void>;
}

/** Counts of this process only. */
export function localLimits(): ConnectionLimits {
  const perUser = new Map<number, number>();
  const perDraft = new Map<string, number>();
  const bump = <K>(m: Map<K, number>, k: K, by: number) => {
    const n = (m.get(k) ?? 0) + by;
    if (n <= 0) m.delete(k);
    else m.set(k, n);
  };
  return {
    async acquire(userId, draftId, l) {
      if ((perUser.get(userId) ?? 0) >= l.perUser) return { ok: false, limit: 'user' };
      if ((perDraft.get(draftId) ?? 0) >= l.perDraft) return { ok: false, limit: 'draft' };
      bump(perUser, userId, 1);
      bump(perDraft, draftId, 1);
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          bump(perUser, userId, -1);
          bump(perDraft, draftId, -1);
        },
      };
    },
    async close() {},
  };
}

/** Redis's clock in ms: every process compares heartbeats on the same clock. */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/** KEYS: heartbeats hash. ARGV: this process, ttl (ms). */
const BEAT = `${NOW}redis.call('HSET', KEYS[1], ARGV[1], now + tonumber(ARGV[2]))
return now`;

/**
 * KEYS: user hash, draft hash, process heartbeats hash. ARGV: this process, user limit, draft
 * limit. Fields of processes whose heartbeat is missing or past are dropped.
 */
const ACQUIRE = `${NOW}
local function live(key)
  local total = 0
  local fields = redis.call('HGETALL', key)
  for i = 1, #fields, 2 do
    local proc = fields[i]
    local beat = tonumber(redis.call('HGET', KEYS[3], proc) or '0')
    if proc == ARGV[1] or beat > now then
      total = total + tonumber(fields[i + 1])
    else
      redis.call('HDEL', key, proc)
    end
  end
  return total
end
if live(KEYS[1]) >= tonumber(ARGV[2]) then return 1 end
if live(KEYS[2]) >= tonumber(ARGV[3]) then return 2 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], 86400000)
redis.call('PEXPIRE', KEYS[2], 86400000)
return 0
`;

/** KEYS: user hash, draft hash. ARGV: this process. */
const RELEASE = `
for i = 1, 2 do
  if redis.call('HINCRBY', KEYS[i], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[i], ARGV[1]) end
end
return 0
`;

export interface RedisLimitsOptions {
  /** Key prefix (tests use their own). Default `sabaq:collab:limits`. */
  prefix?: string;
  /** How long a heartbeat vouches for a process (ms); it is renewed every third of that. */
  ttlMs?: number;
}

/**
 * Limits across the processes sharing `link`'s Redis. Works from the start whether Redis answers
 * or not: while it does not, the local counts decide (and the heartbeat resumes when it is back).
 */
export function redisLimits(link: RedisLink, opts: RedisLimitsOptions = {}): ConnectionLimits {
  const redis = link.commands;
  if (!redis) return localLimits();
  const prefix = opts.prefix ?? 'sabaq:collab:limits';
  const ttlMs = opts.ttlMs ?? 15_000;
  const me = randomUUID();
  const procs = `${prefix}:procs`;
  const userKey = (id: number) => `${prefix}:user:${id}`;
  const draftKey = (id: string) => `${prefix}:draft:${id}`;
  // The link's command connection fails at once while Redis is away (no offline queue) and
  // waits at most a second for an answer.
  const beat = () => redis.eval(BEAT, 1, procs, me, ttlMs);
  void beat().catch(() => undefined);
  // At once when Redis is (back) up: without a current heartbeat this process's slots would be
  // dropped by the others' next check.
  const offState = link.onState((state) => {
    if (state === 'up') void beat().catch(() => undefined);
  });
  const timer = setInterval(() => void beat().catch(() => undefined), Math.max(50, ttlMs / 3));
  timer.unref();
  // Used while Redis does not answer.
  const fallback = localLimits();

  return {
    async acquire(userId, draftId, l) {
      let r: unknown;
      try {
        r = await redis.eval(
          ACQUIRE,
          3,
          userKey(userId),
          draftKey(draftId),
          procs,
          me,
          l.perUser,
          l.perDraft,
        );
      } catch {
        return fallback.acquire(userId, draftId, l);
      }
      if (r === 1) return { ok: false, limit: 'user' };
      if (r === 2) return { ok: false, limit: 'draft' };
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          redis.eval(RELEASE, 2, userKey(userId), draftKey(draftId), me).catch(() => undefined);
        },
      };
    },
    async close() {
      clearInterval(timer);
      offState();
      // Our slots stop counting at once: the process is gone from the heartbeats. The
      // connection is the link's (the server closes it).
      await redis.hdel(procs, me).catch(() => undefined);
    },
  };
}
