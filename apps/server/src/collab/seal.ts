/**
 * The seal a process puts on every update it relays to a peer (HMAC-SHA256 with the
 * installation's secret, migration 2840, over the draft id and the update; 128 bits). A peer
 * that reconnects — maybe to another process after a failover — sends its co-authors' updates
 * back sealed; any process of the installation can check that this process relayed them, so
 * they are applied as the replay they are, while an update written in a co-author's name
 * without a seal is still refused as a forgery (4403).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db';

const SEAL_BYTES = 16;

export interface Sealer {
  seal(draftId: string, update: Uint8Array): Uint8Array;
  holds(draftId: string, update: Uint8Array, seal: Uint8Array): boolean;
}

export function sealer(secret: string): Sealer {
  const mac = (draftId: string, update: Uint8Array) =>
    createHmac('sha256', secret)
      .update(draftId)
      .update('\0')
      .update(update)
      .digest()
      .subarray(0, SEAL_BYTES);
  return {
    seal: (draftId, update) => new Uint8Array(mac(draftId, update)),
    holds(draftId, update, seal) {
      if (seal.length !== SEAL_BYTES) return false;
      return timingSafeEqual(mac(draftId, update), seal);
    },
  };
}

/** The installation's id and secret (migrations 702 and 2840): every process shares them. */
export async function installationOf(db: Queryable): Promise<{ id: string; secret: string }> {
  const rows = await db.query<{ id: string; secret: string }>(
    'SELECT id, secret FROM collab_installation LIMIT 1',
  );
  if (!rows[0]) throw new Error('collab_installation is empty (migration 702 not applied?)');
  return rows[0];
}
