/**
 * Fan-out of collab traffic between server processes. Alone, a process needs none (`nullBus`);
 * with REDIS_URL, every process publishes the Yjs updates and awareness changes of a draft on
 * the draft's channel and applies what the others publish, so two users on two processes edit
 * the same draft live. The database stays the truth: each process stores the updates its own
 * clients sent; the bus only carries them to the other processes' rooms.
 *
 * Redis may go away and come back (redis/link.ts): the bus says so (`state`, `onState`), and the
 * rooms exchange state vectors when it is back (`syncRequest`), both ways, so what each process
 * received meanwhile reaches the others.
 */
import { randomUUID } from 'node:crypto';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { RedisLink, RedisState } from '../redis/link';

export const BUS_KIND = {
  /** A Yjs update. */
  update: 0,
  /** An awareness update. */
  awareness: 1,
  /**
   * "Send me what I miss": payload is the sender's state vector (a room loaded, the bus came
   * back, or the periodic repair). A receiver answers with the update the sender lacks, and asks
   * in turn when the sender holds something it lacks.
   */
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
  /** `off` alone; `up`/`down` with Redis. */
  readonly state: RedisState;
  /** Called when Redis goes (`down`) and when it is back (`up`). */
  onState(fn: (state: 'up' | 'down') => void): () => void;
  subscribe(draftId: string, handler: (m: BusMessage) => void): Promise<void>;
  unsubscribe(draftId: string): Promise<void>;
  publish(draftId: string, m: BusMessage): void;
  close(): Promise<void>;
}

/** One process: nothing to fan out. */
export function nullBus(): CollabBus {
  return {
    origin: randomUUID(),
    state: 'off',
    onState: () => () => undefined,
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

/** Redis pub/sub through the process's link: one channel per open draft. */
export function redisBus(link: RedisLink): CollabBus {
  const origin = randomUUID();
  const channels = new Set<string>();
  return {
    origin,
    get state() {
      return link.state;
    },
    onState: (fn) => link.onState(fn),
    async subscribe(draftId, handler) {
      channels.add(channel(draftId));
      await link.subscribe(channel(draftId), (message) => {
        const msg = decode(message);
        if (msg && msg.origin !== origin) handler(msg.m);
      });
    },
    async unsubscribe(draftId) {
      channels.delete(channel(draftId));
      await link.unsubscribe(channel(draftId));
    },
    publish(draftId, m) {
      // Fire and forget: a message lost while Redis is away is repaired by the state-vector
      // exchange when it is back; the edit itself is already stored by this process.
      void link.publish(channel(draftId), encode(origin, m));
    },
    async close() {
      // The link is the server's (other features share it); this bus only leaves its channels.
      await Promise.all([...channels].map((c) => link.unsubscribe(c)));
      channels.clear();
    },
  };
}
