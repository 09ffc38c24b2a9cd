import type { SessionUser } from '@sabaq/platform';
import type { ReadCache } from '../api/client';

/**
 * The signed-in user's reads kept on this device (issue 31), in IndexedDB: what they opened last
 * opens again when the link drops. Every entry is keyed by the user's id, logout deletes the whole
 * database (shared computers), and a different user signing in on the browser starts it afresh.
 *
 * Kept: the reads of the daily screens that work offline (schedule and lessons, journal,
 * homework, diary, chat) and the session's user; nothing else (no files, exports, statistics).
 */
const DB_NAME = 'sabaq-offline';
const READS = 'reads';
/** The writes waiting for the network (outbox.ts), in the order they were made. */
export const OUTBOX = 'outbox';
/** Files picked offline for a homework answer (kept-files.ts), waiting to be uploaded. */
export const FILES = 'files';
/** An entry older than this is not shown offline (and is pruned at the next sign-in). */
export const KEEP_DAYS = 14;
const KEEP_MS = KEEP_DAYS * 24 * 3600 * 1000;
/** localStorage: when a read last reached this device (the banner's «last synced»). */
export const SYNCED_AT = 'sabaq_synced_at';

const KEPT =
  /^(?:kz|ru)\|[^|]*\|\/api\/v2\/os\/(?:user-info|schedule|journal|homework|diary|chats?|lessons?|teaching|groups\/\d+\/(?:journal|subjects|students))(?:[/?]|$)/;

/** Whether a read (its cache key: language|quarter|url) is one the device keeps. */
export function isKept(key: string): boolean {
  return KEPT.test(key);
}

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    // A browser without IndexedDB (some private modes) keeps nothing: online as before.
    if (typeof indexedDB === 'undefined') return reject(new Error('no IndexedDB'));
    const request = indexedDB.open(DB_NAME, 3);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(READS)) db.createObjectStore(READS);
      if (!db.objectStoreNames.contains(OUTBOX))
        db.createObjectStore(OUTBOX, { keyPath: 'seq', autoIncrement: true });
      // Version 3: the files kept for the outbox; the stores above stay as they are.
      if (!db.objectStoreNames.contains(FILES)) db.createObjectStore(FILES, { keyPath: 'key' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab's logout deletes the database: let it go.
      db.onversionchange = () => {
        db.close();
        opened = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
  });
  return opened;
}

/** One request in a transaction of its own on `store` (the reads unless told), once committed. */
export function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
  store: string = READS,
): Promise<T> {
  return database().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(store, mode);
        const request = work(tx.objectStore(store));
        tx.oncomplete = () => resolve(request.result);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      }),
  );
}

interface Entry {
  readonly body: unknown;
  readonly at: number;
}

/** The cache the API client uses for `userId`'s reads. */
export function readCacheFor(userId: number): ReadCache {
  const prefix = `${userId}|`;
  return {
    save(key, body) {
      if (!isKept(key)) return;
      const entry: Entry = { body, at: Date.now() };
      void run('readwrite', (s) => s.put(entry, prefix + key))
        .then(() => localStorage.setItem(SYNCED_AT, new Date(entry.at).toISOString()))
        .catch(() => undefined);
    },
    async read(key) {
      if (!isKept(key)) return undefined;
      try {
        const entry = (await run('readonly', (s) => s.get(prefix + key))) as Entry | undefined;
        return entry && Date.now() - entry.at < KEEP_MS ? entry.body : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Keeps the session's user for a start without the network; drops entries past their time. */
export async function keepUser(user: SessionUser): Promise<void> {
  await run('readwrite', (s) =>
    s.put({ body: user, at: Date.now() } satisfies Entry, `${user.userId}|user`),
  );
  const limit = Date.now() - KEEP_MS;
  await run('readwrite', (s) => {
    const cursor = s.openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return;
      if (((c.value as Entry).at ?? 0) < limit) c.delete();
      c.continue();
    };
    return cursor;
  });
}

/** The user kept for `userId`, if any. */
export async function keptUser(userId: number): Promise<SessionUser | null> {
  try {
    const entry = (await run('readonly', (s) => s.get(`${userId}|user`))) as Entry | undefined;
    return (entry?.body as SessionUser | undefined) ?? null;
  } catch {
    return null;
  }
}

/**
 * Deletes the kept reads but not the outbox nor its kept files (a session that ended without a
 * logout: the waiting writes go when the same user signs in again).
 */
export async function wipeReadsOnly(): Promise<void> {
  localStorage.removeItem(SYNCED_AT);
  await run('readwrite', (s) => s.clear()).catch(() => undefined);
}

/**
 * Deletes everything this device keeps offline, the outbox and its kept files too (logout,
 * another user signing in).
 */
export async function wipeReads(): Promise<void> {
  if (opened) {
    const db = await opened.catch(() => null);
    db?.close();
    opened = null;
  }
  localStorage.removeItem(SYNCED_AT);
  if (typeof indexedDB === 'undefined') return;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
