import type { ApiClient, ApiResult } from '../api/client';
import { currentUiLang, notify } from '../app/services';
import { failure } from '../screens/shared/api';
import { store } from '../session/store';
import { OFFLINE_TEXTS } from './offline-texts';
import { OUTBOX, run } from './read-cache';

/**
 * The outbox (issue 31): writes made without the network wait here, in IndexedDB, in the order
 * they were made, and go to the server when the link is back — across reloads and browser
 * restarts. Each carries the client operation id it was first sent with (`X-Client-Op`), so the
 * server applies it once however often it is retried (apps/server/src/offline/client-ops.ts).
 */
export interface OutboxWrite {
  readonly seq?: number;
  readonly userId: number;
  readonly opId: string;
  readonly method: 'PUT' | 'POST';
  readonly path: string;
  readonly body: unknown;
  /** The screen the write belongs to (e.g. `journal:12:3`): that screen shows it as waiting. */
  readonly scope: string;
  readonly at: number;
  /** The server refused it for good (a 422…): kept with its message for the user, not retried. */
  readonly refused?: string;
  /**
   * Someone else changed the same thing meanwhile (409 with `conflict`): kept, not retried, until
   * the user chooses between theirs and the other value (the journal shows both).
   */
  readonly conflict?: {
    readonly mark: number | null;
    readonly absent: boolean;
    readonly by: string;
  };
}

/** A new client operation id: 32 hex digits (the server takes 8–64 of [A-Za-z0-9_-]). */
export function newOpId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a change of the outbox tells the screens: the writes that reached the server. */
export interface OutboxEvent {
  readonly sent: readonly OutboxWrite[];
}
const listeners = new Set<(event: OutboxEvent) => void>();

/** Calls `listener` whenever the outbox changes; returns the unsubscribe. */
export function subscribe(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let owner: { userId: number; api: ApiClient; ready: () => boolean } | null = null;

function all(): Promise<OutboxWrite[]> {
  return run('readonly', (s) => s.getAll() as IDBRequest<OutboxWrite[]>, OUTBOX).catch(() => []);
}

/** The owner's writes still waiting (refused ones included), oldest first; of `scope` if given. */
export async function waiting(scope?: string): Promise<OutboxWrite[]> {
  if (!owner) return [];
  const userId = owner.userId;
  return (await all()).filter((w) => w.userId === userId && (!scope || w.scope === scope));
}

async function changed(sent: OutboxWrite[] = []): Promise<void> {
  store.set({ outbox: (await waiting()).filter((w) => !w.refused && !w.conflict).length });
  for (const listener of listeners) listener({ sent });
}

/**
 * Starts the outbox for the signed-in user: counts what waits and sends it when it can.
 * `ready` says whether a write may go now (a session token is there: one restored from the
 * device has none until the link is back and the session is renewed).
 */
export function startOutbox(api: ApiClient, userId: number, ready: () => boolean): void {
  owner = { userId, api, ready };
  void changed().then(() => drain());
}

/** Stops it (logout); what waits is wiped with the device's copy. */
export function stopOutbox(): void {
  owner = null;
  clearTimeout(timer);
  store.set({ outbox: 0 });
}

/** Keeps a write that found no network, to be sent later. */
export async function enqueue(write: Omit<OutboxWrite, 'userId' | 'at'>): Promise<void> {
  if (!owner) return;
  const entry: OutboxWrite = { ...write, userId: owner.userId, at: Date.now() };
  await run('readwrite', (s) => s.add(entry), OUTBOX);
  await changed();
  schedule(RETRY_FIRST_MS);
}

/**
 * Keeps a write that found no network in place of the waiting writes of its scope that `stale`
 * says it makes useless (an exam's autosave: only the newest matters). Those already refused or
 * in conflict stay for the user to see.
 */
export async function enqueueLatest(
  write: Omit<OutboxWrite, 'userId' | 'at'>,
  stale: (waiting: OutboxWrite) => boolean,
): Promise<void> {
  if (!owner) return;
  for (const w of await waiting(write.scope))
    if (!w.refused && !w.conflict && stale(w))
      await run('readwrite', (s) => s.delete(w.seq!), OUTBOX);
  await enqueue(write);
}

/** Replaces a waiting write (a conflict the user settled by keeping theirs: sent again). */
export async function replace(write: OutboxWrite): Promise<void> {
  await run('readwrite', (s) => s.put(write), OUTBOX);
  await changed();
  schedule(0);
}

/** Drops a write the user gave up (a refused one, once they have seen why). */
export async function discard(seq: number): Promise<void> {
  await run('readwrite', (s) => s.delete(seq), OUTBOX);
  await changed();
}

const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60_000;
let delay = RETRY_FIRST_MS;
let timer: ReturnType<typeof setTimeout> | undefined;
let draining: Promise<void> | null = null;

function schedule(ms: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void drain(), ms);
}

/**
 * Answers that say "not now" (no network, the server busy or away, a claim still pending). A 409
 * is "not now" only for a claim still pending (its body says `pending`); any other 409 is the
 * answer (an exam's time over, work handed in already) and is kept with its message.
 */
function transient(r: ApiResult<unknown>): boolean {
  const pending = r.error && r.status === 409 && (r.data as { pending?: unknown } | null)?.pending;
  return (
    r.error &&
    (r.errorType === 'network' ||
      r.errorType === 'server' ||
      r.errorType === 'unauthorized' ||
      r.errorType === 'refresh' ||
      pending === true ||
      [0, 408, 423, 429].includes(r.status))
  );
}

/**
 * Sends the waiting writes, oldest first, one at a time; stops at the first "not now" and tries
 * again later, waiting twice as long each time (up to a minute). One drain at a time.
 */
export function drain(): Promise<void> {
  draining ??= drainNow().finally(() => (draining = null));
  return draining;
}

async function drainNow(): Promise<void> {
  const me = owner;
  if (!me) return;
  if (!me.ready() || !navigator.onLine) {
    if ((await waiting()).some((w) => !w.refused)) schedule(delay);
    return;
  }
  const sent: OutboxWrite[] = [];
  for (const write of await waiting()) {
    if (write.refused || write.conflict || owner !== me) continue;
    const r = await me.api.request(write.method, write.path, {
      body: write.body,
      headers: { 'X-Client-Op': write.opId },
      handle: 'silent',
    });
    if (!r.error) {
      await run('readwrite', (s) => s.delete(write.seq!), OUTBOX);
      sent.push(write);
      continue;
    }
    const clash =
      r.error && r.status === 409
        ? (r.data as { conflict?: OutboxWrite['conflict'] } | null)?.conflict
        : undefined;
    if (clash) {
      await run('readwrite', (s) => s.put({ ...write, conflict: clash }), OUTBOX);
      continue;
    }
    if (transient(r)) {
      await changed(sent);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
      schedule(delay);
      return;
    }
    await run('readwrite', (s) => s.put({ ...write, refused: failure(r) }), OUTBOX);
  }
  delay = RETRY_FIRST_MS;
  await changed(sent);
  if (sent.length > 0 && store.get().outbox === 0)
    notify({ kind: 'success', message: OFFLINE_TEXTS[currentUiLang()].allSent });
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void drain());
