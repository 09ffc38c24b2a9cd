import { createHash, randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import type { Readable, TransformCallback } from 'node:stream';
import type { FileUse, UploadedFile } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import { assertSize, assertType, extensionOf, fileLabel } from './file-access';
import {
  insertAttachment,
  insertBuilderAsset,
  insertStoredFile,
  loadOwnStoredFile,
} from './file-queries';
import type { StoredFile } from './file-queries';
import { SNIFF_BYTES, sniffType } from './sniff';
import type { FileStorage } from './storage';

export interface Uploader {
  userId: number;
  schoolId: number | null;
}

/**
 * Watches bytes on their way to the storage: counts them (refusing the file as soon as it passes
 * the use's limit), hashes them, and decides the type from the first SNIFF_BYTES (refusing a type
 * the use does not admit before the rest arrives). Nothing is buffered beyond the head.
 */
class Inspector extends Transform {
  size = 0;
  mime: string | null = null;
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headBytes = 0;

  constructor(
    private readonly use: FileUse,
    private readonly label: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    try {
      assertSize(this.use, this.size, this.label);
    } catch (err) {
      done(err as Error);
      return;
    }
    this.hash.update(chunk);
    if (this.mime === null) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SNIFF_BYTES) {
        this.decide(false).then(() => done(null, chunk), done);
        return;
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.mime !== null) return done();
    this.decide(true).then(() => done(), done);
  }

  private async decide(complete: boolean): Promise<void> {
    const head = Buffer.concat(this.head).subarray(0, SNIFF_BYTES);
    this.head = [];
    this.mime = await sniffType(head, complete && head.length < SNIFF_BYTES);
    assertType(this.use, this.mime, this.label);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * Streams one file into the storage for `use` and records it: the stored file, and the use's own
 * row (a builder asset's random name, or a homework/chat attachment id). A refused file (too
 * large, wrong type) leaves nothing behind: its partial object is removed.
 */
export async function storeFile(
  db: Db,
  storage: FileStorage,
  input: { use: FileUse; filename: string; body: Readable; uploader: Uploader },
): Promise<UploadedFile> {
  const label = fileLabel(input.filename);
  const inspector = new Inspector(input.use, label);
  const id = randomUUID();
  const piped = input.body.pipe(inspector);
  input.body.on('error', (err) => inspector.destroy(err));
  // The refusal reaches the caller through storage.put's pipeline; without a listener of its own
  // `pipe` would rethrow it as an uncaught exception once that pipeline has settled.
  inspector.on('error', () => undefined);
  try {
    await storage.put(id, piped, 'application/octet-stream');
  } catch (err) {
    input.body.resume(); // let the rest of a refused request drain
    await storage.remove(id).catch(() => undefined);
    throw err;
  }
  const stored = {
    id,
    use: input.use,
    label,
    mime: inspector.mime ?? 'application/octet-stream',
    size: inspector.size,
    sha256: inspector.digest(),
  };
  try {
    return await db.transaction(async (tx) => {
      await insertStoredFile(tx, {
        ...stored,
        ownerId: input.uploader.userId,
        schoolId: input.uploader.schoolId,
      });
      return recordUse(tx, stored, input.uploader);
    });
  } catch (err) {
    await storage.remove(id).catch(() => undefined);
    throw err;
  }
}

/** The use's own row for a stored file, and the answer every upload route gives. */
async function recordUse(
  tx: Queryable,
  stored: Omit<StoredFile, 'createdAt'>,
  uploader: Uploader,
): Promise<UploadedFile> {
  const base = { use: stored.use, label: stored.label, mime: stored.mime, size: stored.size };
  // A plan to import is read once by calendarPlans.import ({fileId}); nothing serves it.
  if (stored.use === 'ktp') return { ...base, id: null, name: stored.id, url: '' };
  // Media files are named by their stored id in a media entry and served only by the media
  // routes, after the subscription gate (media/).
  if (stored.use === 'media') return { ...base, id: null, name: stored.id, url: '' };
  // Methodical and kindergarten files likewise: attached by stored id to a material or a
  // document, served by methodical/ and kindergarten/.
  if (stored.use === 'methodical' || stored.use === 'kindergarten')
    return { ...base, id: null, name: stored.id, url: '' };
  if (stored.use === 'builder') {
    const name = `${randomUUID()}.${extensionOf(stored.mime)}`;
    await insertBuilderAsset(tx, {
      name,
      ownerId: uploader.userId,
      schoolId: uploader.schoolId,
      stored,
    });
    return { ...base, id: null, name, url: `/api/v2/os/files/${name}` };
  }
  const attachmentId = await insertAttachment(tx, { ownerId: uploader.userId, stored });
  return {
    ...base,
    id: attachmentId,
    name: stored.label,
    url: `/api/v2/os/teaching/files/${attachmentId}`,
  };
}

/**
 * The bytes of a file the caller uploaded for `use` (e.g. a KTP spreadsheet the import reads),
 * or null when there is no such file of theirs.
 */
export async function openOwnFile(
  db: Db,
  storage: FileStorage,
  file: { id: string; use: FileUse; ownerId: number },
): Promise<Readable | null> {
  const stored = await loadOwnStoredFile(db, file);
  return stored ? storage.read(stored.id) : null;
}
