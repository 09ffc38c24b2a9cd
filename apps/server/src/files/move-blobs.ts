import { randomUUID, createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileUse } from '@sabaq/platform';
import type { Db } from '../db/db';
import { insertStoredFile } from './file-queries';
import { SNIFF_BYTES, sniffType } from './sniff';
import type { FileStorage } from './storage';

/**
 * The data half of migration 2100: attachments uploaded before the file service kept their bytes
 * in the database (builder assets in `files.data`, homework and chat attachments in
 * `teaching_files.data`, base64 on the way in). Each such row is written to the storage, gets its
 * `stored_files` row (type decided again from the content, so a mislabelled old upload is served
 * as what it is), points at it and loses its bytes, one row per transaction. Runs at every start;
 * a start that stops half-way resumes with the rows still holding bytes, so the ids and names
 * that homework, chat messages and lessons refer to keep working throughout.
 */
export async function moveBlobsToStorage(db: Db, storage: FileStorage): Promise<number> {
  let moved = 0;
  for (const table of ['files', 'teaching_files'] as const) {
    for (;;) {
      const batch = await db.query<{ key: string }>(
        table === 'files'
          ? 'SELECT name AS key FROM files WHERE stored_id IS NULL AND data IS NOT NULL LIMIT 20'
          : 'SELECT id::text AS key FROM teaching_files WHERE stored_id IS NULL AND data IS NOT NULL LIMIT 20',
      );
      if (batch.length === 0) break;
      for (const { key } of batch) {
        await moveOne(db, storage, table, key);
        moved++;
      }
    }
  }
  return moved;
}

async function moveOne(
  db: Db,
  storage: FileStorage,
  table: 'files' | 'teaching_files',
  key: string,
): Promise<void> {
  const rows = await db.query<{
    label: string;
    owner_id: number;
    school_id: number | null;
    data: Uint8Array;
    created_at: Date | string;
  }>(
    table === 'files'
      ? 'SELECT label, owner_id, school_id, data, created_at FROM files WHERE name = $1'
      : `SELECT f.name AS label, f.owner_id, u.school_id, f.data, f.created_at
           FROM teaching_files f LEFT JOIN users u ON u.id = f.owner_id WHERE f.id = $1::int`,
    [key],
  );
  const row = rows[0];
  if (!row) return;
  const bytes = Buffer.from(row.data);
  const id = randomUUID();
  const sniffed = await sniffType(bytes.subarray(0, SNIFF_BYTES), bytes.length <= SNIFF_BYTES);
  // HTML or SVG from before is kept (nothing is lost) but can only ever download.
  const mime = sniffed === 'application/x-empty' ? 'application/octet-stream' : sniffed;
  await storage.put(id, Readable.from([bytes]), mime);
  const use: FileUse = table === 'files' ? 'builder' : 'homework';
  await db.transaction(async (tx) => {
    await insertStoredFile(tx, {
      id,
      use,
      ownerId: row.owner_id,
      schoolId: row.school_id,
      label: row.label,
      mime,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    await tx.query('UPDATE stored_files SET created_at = $2 WHERE id = $1', [id, row.created_at]);
    await tx.query(
      table === 'files'
        ? 'UPDATE files SET stored_id = $2, mime = $3, data = NULL WHERE name = $1'
        : 'UPDATE teaching_files SET stored_id = $2, mime = $3, data = NULL WHERE id = $1::int',
      [key, id, mime],
    );
  });
}
