/**
 * What a load balancer and an operator ask a process (README "Run it in production"):
 * - liveness (`/api/health/live`): the process answers; no database call, so a database outage
 *   never gets healthy processes restarted;
 * - readiness (`/api/health/ready`): each dependency's state. Ready (200) when the database and the
 *   file storage answer; Redis is optional — a process without it serves its own traffic — so
 *   Redis down is reported (`degraded`) without taking the process out of rotation.
 */
import type { Db } from '../db/db';
import type { FileStorage } from '../files/storage';
import type { RedisLink } from '../redis/link';

export type CheckState = 'up' | 'down' | 'off';

export interface Check {
  state: CheckState;
  /** How long the check took (ms). */
  ms?: number;
  /** Why it is down. */
  error?: string;
}

export interface Readiness {
  /** `ready`: all up; `degraded`: ready without Redis; `unready`: database or storage down. */
  status: 'ready' | 'degraded' | 'unready';
  checks: { database: Check; redis: Check; storage: Check };
}

export interface HealthDeps {
  db: Db;
  redis: RedisLink;
  storage: FileStorage;
}

const CHECK_TIMEOUT_MS = 1500;

async function timed(run: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { state: 'up', ms: Math.round(performance.now() - started) };
  } catch (err) {
    return {
      state: 'down',
      ms: Math.round(performance.now() - started),
      error: err instanceof Error ? err.message : String(err),
    };
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(deps: HealthDeps): Promise<Readiness> {
  const [database, storage, redis] = await Promise.all([
    timed(() => deps.db.ping(CHECK_TIMEOUT_MS)),
    timed(() => deps.storage.check()),
    deps.redis.state === 'off'
      ? Promise.resolve<Check>({ state: 'off' })
      : timed(async () => {
          if (!(await deps.redis.ping(CHECK_TIMEOUT_MS))) throw new Error('Redis does not answer');
        }),
  ]);
  const status =
    database.state !== 'up' || storage.state !== 'up'
      ? 'unready'
      : redis.state === 'down'
        ? 'degraded'
        : 'ready';
  return { status, checks: { database, redis, storage } };
}
