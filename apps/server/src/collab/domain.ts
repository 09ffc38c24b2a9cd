import type { Domain } from '../domain';
import { scrapedGauge } from '../ops/metrics';
import { collabOf, mountCollab } from './index';
import { COLLAB_INSTALLATION_SQL, COLLAB_SECRET_SQL, COLLAB_SQL } from './schema';

/**
 * Live co-editing (issue 7): the `/collab/{draftId}` endpoint, its storage and its fan-out
 * between processes. Ids 7xx and 2840–2859 (issue 32) are this domain's.
 */
export const collabDomain: Domain = {
  name: 'collab',
  migrations: [
    // Yjs updates of each draft's doc and the collaborators the owner invited.
    { id: 701, name: 'collab', sql: COLLAB_SQL },
    // The installation: processes on one database share it, so Redis keys that count across
    // processes (connection limits) never mix two installations that share a Redis.
    { id: 702, name: 'collab-installation', sql: COLLAB_INSTALLATION_SQL },
    // The secret that seals relayed updates, so a replay after a failover is told from a forgery.
    { id: 2840, name: 'collab-seal-secret', sql: COLLAB_SECRET_SQL },
  ],
  metrics(ctx, registry) {
    scrapedGauge(
      registry,
      'sabaq_collab_rooms',
      'Drafts open for co-editing in this process',
      [],
      (set) => set(collabOf(ctx.db)?.openRooms ?? 0),
    );
    scrapedGauge(
      registry,
      'sabaq_collab_connections',
      'Co-editing sockets open in this process',
      [],
      (set) => set(collabOf(ctx.db)?.connections ?? 0),
    );
  },
  async routes(app, ctx) {
    await mountCollab({ app, db: ctx.db, websockets: ctx.websockets, redis: ctx.redis });
  },
};
