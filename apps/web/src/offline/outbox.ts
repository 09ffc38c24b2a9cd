import type { FileUse, UploadedFile } from '@sabaq/platform';
import type { ApiClient, ApiResult } from '../api/client';
import { currentUiLang, notify } from '../app/services';
import { failure } from '../screens/shared/api';
import { fillText } from '../screens/shared/fill-text';
import { store } from '../session/store';
import { OFFLINE_TEXTS } from './offline-texts';
import { dropFiles, keptFile, storeFile, storedFiles } from './kept-files';
import type { KeptUpload } from './kept-files';
import { OUTBOX, run } from './read-cache';

export { OFFLINE_FILE_MAX_BYTES } from './kept-files';
export type { KeptUpload } from './kept-files';

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
  /**
   * Files kept on the device that go first (a homework answer's, picked offline): each is
   * uploaded, its id recorded here, and the ids are added to the body's `files` before it is sent.
   */
  readonly uploads?: readonly KeptUpload[];
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
  void pruneFiles(userId).catch(() => undefined);
}

/** Stops it (logout); what waits is wiped with the device's copy. */
export function stopOutbox(): void {
  owner = null;
  clearTimeout(timer);
  store.set({ outbox: 0 });
}

/** Uploads one kept file (files/upload.ts `sendFile`; tests put a stub in its place). */
export type Uploader = (file: File, use: FileUse) => Promise<UploadedFile>;
let uploader: Uploader = async (file, use) =>
  (await import('../screens/files/upload')).sendFile(file, use);

/** Sets how kept files are uploaded (tests). */
export function setUploader(upload: Uploader): void {
  uploader = upload;
}

/** Keeps a file picked without the network on the device for a write to come (a homework answer). */
export async function keepFile(file: File, use: FileUse): Promise<KeptUpload> {
  if (!owner) throw new Error('no session');
  return storeFile(owner.userId, newOpId(), file, use);
}

/** The files the owner keeps on the device, waiting to be uploaded. */
export async function keptFiles(): Promise<KeptUpload[]> {
  return owner ? storedFiles(owner.userId) : [];
}

/** A kept file no waiting write refers to and older than this is dropped at the outbox's start. */
const KEPT_UNUSED_MS = 24 * 3600 * 1000;

async function pruneFiles(userId: number): Promise<void> {
  const used = new Set((await all()).flatMap((w) => (w.uploads ?? []).map((u) => u.key)));
  const old = Date.now() - KEPT_UNUSED_MS;
  await dropFiles(
    (await storedFiles(userId)).filter((f) => !used.has(f.key) && f.at < old).map((f) => f.key),
  );
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
 * Uploads the kept files of `write` not uploaded yet, recording each id in the outbox as it comes
 * (a retry uploads only what is left), and answers the write with the ids added to its body's
 * `files`: 'later' when the link failed on the way (or the server is away), `refused` with the
 * reason when the server refused a file (its size, its type) or the file is no longer here.
 */
async function uploadKept(
  write: OutboxWrite,
): Promise<'later' | { write: OutboxWrite; body: unknown; refused?: string }> {
  const uploads = [...(write.uploads ?? [])];
  if (uploads.length === 0) return { write, body: write.body };
  let current = write;
  for (const [i, u] of uploads.entries()) {
    if (u.id !== undefined) continue;
    const file = await keptFile(u.key);
    if (!file)
      return {
        write: current,
        body: current.body,
        refused: fillText(OFFLINE_TEXTS[currentUiLang()].keptLost, { name: u.name }),
      };
    let id: number;
    try {
      const sent = await uploader(file, u.use);
      if (sent.id === null) throw new Error('no attachment id');
      id = sent.id;
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      // A 4xx other than "sign in again", "too soon", "too many" is the server's answer.
      if (typeof status === 'number' && status >= 400 && status < 500)
        if (![401, 408, 423, 429].includes(status))
          return { write: current, body: current.body, refused: (err as Error).message };
      return 'later';
    }
    uploads[i] = { ...u, id };
    current = { ...current, uploads: [...uploads] };
    await run('readwrite', (s) => s.put(current), OUTBOX);
  }
  const body = current.body as { files?: number[] };
  const ids = uploads.map((u) => u.id!);
  return { write: current, body: { ...body, files: [...(body.files ?? []), ...ids] } };
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
    const up = await uploadKept(write);
    if (up === 'later') {
      await changed(sent);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
      schedule(delay);
      return;
    }
    if (up.refused !== undefined) {
      await run('readwrite', (s) => s.put({ ...up.write, refused: up.refused }), OUTBOX);
      continue;
    }
    const r = await me.api.request(write.method, write.path, {
      body: up.body,
      headers: { 'X-Client-Op': write.opId },
      handle: 'silent',
    });
    if (!r.error) {
      await run('readwrite', (s) => s.delete(write.seq!), OUTBOX);
      await dropFiles((write.uploads ?? []).map((u) => u.key));
      sent.push(write);
      continue;
    }
    const clash =
      r.error && r.status === 409
        ? (r.data as { conflict?: OutboxWrite['conflict'] } | null)?.conflict
        : undefined;
    if (clash) {
      await run('readwrite', (s) => s.put({ ...up.write, conflict: clash }), OUTBOX);
      continue;
    }
    if (transient(r)) {
      await changed(sent);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
      schedule(delay);
      return;
    }
    await run('readwrite', (s) => s.put({ ...up.write, refused: failure(r) }), OUTBOX);
  }
  delay = RETRY_FIRST_MS;
  await changed(sent);
  if (sent.length > 0 && store.get().outbox === 0)
    notify({ kind: 'success', message: OFFLINE_TEXTS[currentUiLang()].allSent });
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void drain());
