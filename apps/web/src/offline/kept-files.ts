import type { FileUse } from '@sabaq/platform';
import { FILES, run } from './read-cache';

/**
 * Files picked for a homework answer without the network (issue 31): the bytes wait on this
 * device, in IndexedDB next to the outbox, until the outbox uploads them with the answer that
 * carries them (outbox.ts). Logout wipes them with the rest; a session that ended otherwise keeps
 * them with the waiting writes.
 */

/** The largest file kept on the device offline; a larger one needs the link (README «Offline»). */
export const OFFLINE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** A kept file as a waiting write refers to it; `id` once the outbox has uploaded it. */
export interface KeptUpload {
  readonly key: string;
  readonly name: string;
  readonly size: number;
  readonly mime: string;
  readonly use: FileUse;
  /** The attachment id the upload answered: a retry after a lost answer does not upload again. */
  readonly id?: number;
}

interface Stored extends KeptUpload {
  readonly userId: number;
  readonly at: number;
  /** The bytes (an ArrayBuffer keeps in every browser's IndexedDB, a Blob not in all). */
  readonly bytes: ArrayBuffer;
}

/** Keeps `file` for `userId`; `key` is the new entry's (random) key. */
export async function storeFile(
  userId: number,
  key: string,
  file: File,
  use: FileUse,
): Promise<KeptUpload> {
  const ref: KeptUpload = {
    key,
    name: file.name,
    size: file.size,
    mime: file.type || 'application/octet-stream',
    use,
  };
  // The bytes read now: a File handle may not outlive the page that picked it.
  const bytes = await file.arrayBuffer();
  const entry: Stored = { ...ref, userId, at: Date.now(), bytes };
  await run('readwrite', (s) => s.put(entry), FILES);
  return ref;
}

/** The kept file of `key` as a File to upload, or null when it is no longer on the device. */
export async function keptFile(key: string): Promise<File | null> {
  const entry = (await run('readonly', (s) => s.get(key), FILES).catch(() => undefined)) as
    Stored | undefined;
  if (!entry) return null;
  return new File([entry.bytes], entry.name, { type: entry.mime });
}

/** The files kept for `userId` (without their bytes), oldest first. */
export async function storedFiles(userId: number): Promise<(KeptUpload & { at: number })[]> {
  const all = (await run('readonly', (s) => s.getAll(), FILES).catch(() => [])) as Stored[];
  return all
    .filter((f) => f.userId === userId)
    .sort((a, b) => a.at - b.at)
    .map(({ key, name, size, mime, use, at }) => ({ key, name, size, mime, use, at }));
}

/** Deletes the kept files of `keys` (uploaded and handed in, or given up). */
export async function dropFiles(keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await run('readwrite', (s) => s.delete(key), FILES).catch(() => undefined);
}
