import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the bytes of stored files live, behind one interface: a folder of the data directory by
 * default (`npm start` needs nothing else), S3-compatible object storage when configured
 * (s3-storage.ts, storage-config.ts). Keys are the service's own (`<uuid>`), never a person's
 * file name.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Streams `body` into `key` (replacing it); the key appears only once all bytes are written. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The bytes `start..end` (inclusive) of `key`, or all of it. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The stored size, or null when the key is absent. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Resolves when the storage is reachable and writable (readiness); rejects with why not. */
  check(): Promise<void>;
  /** Every stored key (backups walk them). */
  keys(): AsyncIterable<string>;
}

const KEY = /^[0-9a-f-]{36}$/;

function checkKey(key: string): string {
  // Keys come from the service (UUIDs); anything else would be a path outside the folder.
  if (!KEY.test(key)) throw new Error(`bad storage key ${key}`);
  return key;
}

/** Files in `root/<first two characters>/<key>`; written to a temporary name, then renamed. */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    return join(this.root, checkKey(key).slice(0, 2), key);
  }

  async put(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.part`;
    try {
      await pipeline(body, createWriteStream(partial));
      await rename(partial, target);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const path = this.pathOf(key);
    await stat(path); // ENOENT here rather than as a stream error mid-answer
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async *keys(): AsyncIterable<string> {
    let dirs: string[];
    try {
      dirs = (await readdir(this.root)).filter((d) => /^[0-9a-f]{2}$/.test(d)).sort();
    } catch {
      return; // nothing stored yet
    }
    for (const dir of dirs)
      for (const name of (await readdir(join(this.root, dir))).sort())
        if (KEY.test(name)) yield name;
  }
}
