/**
 * The wire format of `/collab/{draftId}`: the y-websocket protocol (a varUint message type, then
 * y-protocols' sync or awareness payload), plus Sabaq messages the stock client would ignore:
 * `access` (the server tells a peer whether it may edit), `saved` (the server's state vector
 * after a write to the database reached it — everything it covers survives a restart),
 * `notice` (the link to co-authors on other server processes went or came back) and `vouched`
 * (an update the server relays with its seal, which the peer may send back after reconnecting
 * elsewhere: a co-author's edit the new process has not got yet is then a replay the server can
 * verify, not a forgery in the co-author's name).
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type * as Y from 'yjs';

export const MESSAGE = {
  sync: 0,
  awareness: 1,
  queryAwareness: 3,
  access: 100,
  saved: 101,
  notice: 102,
  vouched: 103,
} as const;

/**
 * `split`: the server lost its link to the other processes (Redis): co-authors connected
 * elsewhere do not see this peer's edits for now (they are still stored); `joined`: the link is
 * back and the processes resynchronised.
 */
export const NOTICES = ['split', 'joined'] as const;
export type Notice = (typeof NOTICES)[number];

export const SYNC_STEP = {
  step1: syncProtocol.messageYjsSyncStep1,
  step2: syncProtocol.messageYjsSyncStep2,
  update: syncProtocol.messageYjsUpdate,
} as const;

/**
 * Close codes of `/collab/{draftId}` (documented in README). An expired token is refused before
 * the upgrade with HTTP 426 by the server's WebSocket registry (refresh and reconnect).
 */
export const CLOSE_CODES = {
  /** Missing or invalid token: sign in again. */
  badToken: 4401,
  /**
   * The user's role may not edit drafts at all, or the peer sent an update in someone else's
   * name that is not a replay the server sealed (a forgery).
   */
  forbidden: 4403,
  /** No such draft, deleted, or not shared with this user (ids reveal nothing). */
  unknownDraft: 4404,
  /** Per-user or per-draft connection limit reached: retry later. */
  tooManyConnections: 4429,
  /** The user's access to the draft changed (invitation changed or withdrawn): reconnect. */
  accessChanged: 4409,
  /** A message that is not y-websocket protocol (or a seal that does not hold). */
  badMessage: 4400,
  /** The draft could not be loaded or saved; the client keeps its edits and reconnects. */
  storageFailed: 4500,
  /** The server is shutting down (after flushing): reconnect. */
  restarting: 1012,
} as const;
export type CloseCode = (typeof CLOSE_CODES)[keyof typeof CLOSE_CODES];

/** Codes after which reconnecting cannot help (the user must act first). */
export const FATAL_CLOSE_CODES: readonly number[] = [
  CLOSE_CODES.badToken,
  CLOSE_CODES.forbidden,
  CLOSE_CODES.unknownDraft,
];

export const ACCESS = ['edit', 'view'] as const;
export type Access = (typeof ACCESS)[number];

export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE.sync);
  syncProtocol.writeSyncStep1(e, doc);
  return encoding.toUint8Array(e);
}

export function encodeSyncStep2(doc: Y.Doc, stateVector?: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE.sync);
  syncProtocol.writeSyncStep2(e, doc, stateVector);
  return encoding.toUint8Array(e);
}

export function encodeUpdate(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE.sync);
  syncProtocol.writeUpdate(e, update);
  return encoding.toUint8Array(e);
}

export function encodeAwareness(
  awareness: awarenessProtocol.Awareness,
  clients: number[],
): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE.awareness);
  encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
  return encoding.toUint8Array(e);
}

export function encodeAccess(access: Access): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE.access);
  encoding.writeVarString(e, access);
  return encoding.toUint8Array(e);
}

export function encodeSaved(stateVector: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE.saved);
  encoding.writeVarUint8Array(e, stateVector);
  return encoding.toUint8Array(e);
}

export function encodeNotice(notice: Notice): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE.notice);
  encoding.writeVarString(e, notice);
  return encoding.toUint8Array(e);
}

/** A Yjs update with the server's seal over it (both directions). */
export function encodeVouched(update: Uint8Array, seal: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE.vouched);
  encoding.writeVarUint8Array(e, update);
  encoding.writeVarUint8Array(e, seal);
  return encoding.toUint8Array(e);
}

export type Decoded =
  | { type: 'sync'; step: 'step1'; stateVector: Uint8Array }
  | { type: 'sync'; step: 'step2' | 'update'; update: Uint8Array }
  | { type: 'awareness'; update: Uint8Array }
  | { type: 'queryAwareness' }
  | { type: 'access'; access: Access }
  | { type: 'saved'; stateVector: Uint8Array }
  | { type: 'notice'; notice: Notice }
  | { type: 'vouched'; update: Uint8Array; seal: Uint8Array };

/** Decodes one message; null when it is not one of ours (the caller closes with badMessage). */
export function decodeMessage(data: Uint8Array): Decoded | null {
  try {
    const d = decoding.createDecoder(data);
    const type = decoding.readVarUint(d);
    switch (type) {
      case MESSAGE.sync: {
        const step = decoding.readVarUint(d);
        const payload = decoding.readVarUint8Array(d);
        if (step === SYNC_STEP.step1) return { type: 'sync', step: 'step1', stateVector: payload };
        if (step === SYNC_STEP.step2) return { type: 'sync', step: 'step2', update: payload };
        if (step === SYNC_STEP.update) return { type: 'sync', step: 'update', update: payload };
        return null;
      }
      case MESSAGE.awareness:
        return { type: 'awareness', update: decoding.readVarUint8Array(d) };
      case MESSAGE.queryAwareness:
        return { type: 'queryAwareness' };
      case MESSAGE.access: {
        const a = decoding.readVarString(d);
        return (ACCESS as readonly string[]).includes(a)
          ? { type: 'access', access: a as Access }
          : null;
      }
      case MESSAGE.saved:
        return { type: 'saved', stateVector: decoding.readVarUint8Array(d) };
      case MESSAGE.notice: {
        const n = decoding.readVarString(d);
        return (NOTICES as readonly string[]).includes(n)
          ? { type: 'notice', notice: n as Notice }
          : null;
      }
      case MESSAGE.vouched: {
        const update = decoding.readVarUint8Array(d);
        return { type: 'vouched', update, seal: decoding.readVarUint8Array(d) };
      }
      default:
        return null;
    }
  } catch {
    // Truncated or garbled bytes: not a protocol message.
    return null;
  }
}

/** True when every change in `local` (a state vector) is covered by `remote`. */
export function covers(remote: Uint8Array, local: Map<number, number>): boolean {
  const d = decoding.createDecoder(remote);
  const r = new Map<number, number>();
  try {
    const n = decoding.readVarUint(d);
    for (let i = 0; i < n; i++) {
      const client = decoding.readVarUint(d);
      r.set(client, decoding.readVarUint(d));
    }
  } catch {
    return false;
  }
  for (const [client, clock] of local) if ((r.get(client) ?? 0) < clock) return false;
  return true;
}
