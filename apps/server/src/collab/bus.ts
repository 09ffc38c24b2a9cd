/**
 * Fan-out of collab traffic between server processes. Alone, a process needs none (`nullBus`);
 * with REDIS_URL, every process publishes the Yjs updates and awareness changes of a draft on
 * the draft's channel and applies what the others publish, so two users on two processes edit
 * the same draft live. The database stays the truth: each process stores the updates its own
 * clients sent; the bus only carries them to the other processes' rooms.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

export const BUS_KIND = {
  /** A Yjs update. */
  update: 0,
  /** An awareness update. */
  awareness: 1,
  /** "Send me what I miss": payload is the sender's state vector (a room just loaded). */
  syncRequest: 2,
} as const;
export type BusKind = (typeof BUS_KIND)[keyof typeof BUS_KIND];

export interface BusMessage {
  kind: BusKind;
  payload: Uint8Array;
}

export interface CollabBus {
  /** This process's id; its own messages are not delivered back to it. */
  readonly origin: string;
  subscribe(draftId: string, handler: (m: BusMessage) => void): Promise<void>;
  unsubscribe(draftId: string): Promise<void>;
  publish(draftId: string, m: BusMessage): void;
  close(): Promise<void>;
}

/** One process: nothing to fan out. */
export function nullBus(): CollabBus {
  return {
    origin: randomUUID(),
    async subscribe() {},
    async unsubscribe() {},
    publish() {},
    async close() {},
  };
}

const channel = (draftId: string) => `sabaq:collab:${draftId}`;

function encode(origin: string, m: BusMessage): Buffer {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, origin);
  encoding.writeVarUint(e, m.kind);
  encoding.writeVarUint8Array(e, m.payload);
  return Buffer.from(encoding.toUint8Array(e));
}

function decode(buf: Uint8Array): { origin: string; m: BusMessage } | null {
  try {
    const d = decoding.createDecoder(buf);
    const origin = decoding.readVarString(d);
    const kind = decoding.readVarUint(d);
    if (kind !== 0 && kind !== 1 && kind !== 2) return null;
    return { origin, m: { kind, payload: decoding.readVarUint8Array(d) } };
  } catch {
    return null;
  }
}

/** Redis pub/sub (ioredis 5): one connection publishes, one subscribes per draft channel. */
export async function redisBus(url: string): Promise<CollabBus> {
  const origin = randomUUID();
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  // A dropped connection reconnects by itself; errors must not crash the process meanwhile.
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  await pub.connect();
  await sub.connect();
  const handlers = new Map<string, (m: BusMessage) => void>();
  sub.on('messageBuffer', (ch: Buffer, message: Buffer) => {
    const h = handlers.get(ch.toString());
    if (!h) return;
    const msg = decode(message);
    if (msg && msg.origin !== origin) h(msg.m);
  });
  return {
    origin,
    async subscribe(draftId, handler) {
      handlers.set(channel(draftId), handler);
      await sub.subscribe(channel(draftId));
    },
    async unsubscribe(draftId) {
      handlers.delete(channel(draftId));
      await sub.unsubscribe(channel(draftId)).catch(() => undefined);
    },
    publish(draftId, m) {
      // Fire and forget: a lost message is repaired by the sync request of the next load,
      // and the clients' own sync; the edit itself is already stored by this process.
      pub.publish(channel(draftId), encode(origin, m)).catch(() => undefined);
    },
    async close() {
      handlers.clear();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
