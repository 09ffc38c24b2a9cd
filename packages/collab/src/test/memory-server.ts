/**
 * Test harness: an in-memory stand-in for `/collab/{draftId}` speaking the same protocol, with
 * sockets the test can cut and restore, and timers the test drives. The real server is tested
 * in apps/server/src/collab.
 */
import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import {
  decodeMessage,
  encodeAccess,
  encodeAwareness,
  encodeSaved,
  encodeSyncStep1,
  encodeSyncStep2,
  encodeUpdate,
  type Access,
  type Decoded,
} from '../protocol.js';
import type { SocketLike } from '../provider.js';

export class FakeSocket implements SocketLike {
  binaryType = 'arraybuffer';
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  peer: ((data: Uint8Array) => void) | null = null;
  onClosedByClient: (() => void) | null = null;
  send(data: Uint8Array): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.peer?.(data.slice());
  }
  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onClosedByClient?.();
    this.onclose?.({ code });
  }
  /** The server side closes. */
  drop(code: number): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

export class MemoryServer {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  readonly sockets = new Set<FakeSocket>();
  /** While down, new sockets are refused (closed with 1006) and nothing is delivered. */
  down = false;
  /** Close code for the next connections (e.g. 4404), instead of accepting them. */
  refuseWith: number | null = null;
  access: Access = 'edit';
  connects = 0;
  /** Every message the server got, in order (what a client sends on reconnecting). */
  readonly received: Decoded[] = [];

  constructor() {
    this.awareness.setLocalState(null);
    this.doc.on('update', (u: Uint8Array, origin: unknown) => {
      for (const s of this.sockets) if (s !== origin) this.deliver(s, encodeUpdate(u));
      for (const s of this.sockets) this.deliver(s, encodeSaved(Y.encodeStateVector(this.doc)));
    });
    this.awareness.on('update', ({ added, updated, removed }: Record<string, number[]>) => {
      const msg = encodeAwareness(this.awareness, [...added!, ...updated!, ...removed!]);
      for (const s of this.sockets) this.deliver(s, msg);
    });
  }

  private deliver(s: FakeSocket, data: Uint8Array) {
    if (s.readyState === 1) s.onmessage?.({ data: data.slice().buffer });
  }

  /** The `createSocket` a provider gets. Opens asynchronously, like a real socket. */
  createSocket = (): SocketLike => {
    const s = new FakeSocket();
    this.connects++;
    queueMicrotask(() => {
      if (this.down) return s.drop(1006);
      if (this.refuseWith !== null) return s.drop(this.refuseWith);
      s.readyState = 1;
      this.sockets.add(s);
      s.onClosedByClient = () => this.sockets.delete(s);
      s.peer = (data) => this.receive(s, data);
      s.onopen?.({});
      this.deliver(s, encodeAccess(this.access));
      this.deliver(s, encodeSyncStep1(this.doc));
    });
    return s;
  };

  private receive(s: FakeSocket, data: Uint8Array) {
    const m = decodeMessage(data);
    if (!m) return s.drop(4400);
    this.received.push(m);
    if (m.type === 'sync') {
      if (m.step === 'step1') this.deliver(s, encodeSyncStep2(this.doc, m.stateVector));
      else if (this.access === 'edit') Y.applyUpdate(this.doc, m.update, s);
    } else if (m.type === 'awareness')
      awarenessProtocol.applyAwarenessUpdate(this.awareness, m.update, s);
  }

  /** Sends a message of the server's own to every open socket. */
  broadcast(data: Uint8Array): void {
    for (const s of this.sockets) this.deliver(s, data);
  }

  /** Cuts every connection (a network drop or a server restart). */
  cut(code = 1006): void {
    for (const s of [...this.sockets]) {
      this.sockets.delete(s);
      s.drop(code);
    }
  }
}

/** Lets queued microtasks and zero-delay work run. */
export const tick = () => new Promise((r) => setTimeout(r, 0));
