/**
 * Live co-editing of drafts (issue 7), mounted on a running app by one line in server.ts:
 * the `/collab/{draftId}` WebSocket endpoint (y-websocket protocol with rights checked before
 * the first sync), Redis fan-out when REDIS_URL is set, and a flush of
 * every open draft when the server closes.
 */
import type { Db } from '../db/db';
import type { App } from '../http/context';
import type { RedisLink } from '../redis/link';
import type { WsRegistry } from '../ws/registry';
import { nullBus, redisBus } from './bus';
import { redisLimits } from './limits';
import { installationOf, sealer } from './seal';
import { CollabService, type CollabOptions } from './service';

export { CollabService, DEFAULT_COLLAB_OPTIONS, accessOf } from './service';
export type { CollabOptions } from './service';

export interface MountCollabOptions {
  app: App;
  db: Db;
  websockets: WsRegistry;
  /** The process's Redis link (fan-out and limits across processes); none: this process alone. */
  redis?: RedisLink | null;
  options?: Partial<CollabOptions>;
}

const services = new WeakMap<Db, CollabService>();

/** The collab service of a running server (tests and the benchmark reach it by its db). */
export function collabOf(db: Db): CollabService | undefined {
  return services.get(db);
}

export async function mountCollab(o: MountCollabOptions): Promise<CollabService> {
  const redis = o.redis && o.redis.state !== 'off' ? o.redis : null;
  const installation = await installationOf(o.db);
  const bus = redis ? redisBus(redis) : nullBus();
  // With Redis the connection limits hold across the installation's processes.
  const limits = redis
    ? redisLimits(redis, { prefix: `sabaq:collab:limits:${installation.id}` })
    : undefined;
  const service = new CollabService(o.db, bus, o.options, limits, sealer(installation.secret));
  service.mount(o.websockets);
  // The collaborators API is registered with the draft routes (routes/drafts.ts), inside
  // buildApp, so the policy table's check at start sees it; it reaches this service by `db`.
  // Runs inside app.close(), after the registry dropped the sockets and before the database
  // closes: every queued update is written and every open draft materialised.
  o.app.addHook('onClose', async () => service.close());
  services.set(o.db, service);
  return service;
}
