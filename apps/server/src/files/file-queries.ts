import type { FileUse, UploadedFile } from '@sabaq/platform';
import type { Queryable } from '../db/db';

/** All SQL of the file service (snake_case rows stay here). */

export interface StoredFile {
  id: string;
  use: FileUse;
  label: string;
  mime: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

interface StoredRow {
  id: string;
  use: FileUse;
  label: string;
  mime: string;
  size: string | number;
  sha256: string;
  created_at: Date | string;
}

function toStored(row: StoredRow): StoredFile {
  return {
    id: row.id,
    use: row.use,
    label: row.label,
    mime: row.mime,
    size: Number(row.size),
    sha256: row.sha256,
    createdAt: new Date(row.created_at),
  };
}

export async function insertStoredFile(
  q: Queryable,
  file: Omit<StoredFile, 'createdAt'> & { ownerId: number; schoolId: number | null },
): Promise<void> {
  await q.query(
    `INSERT INTO stored_files (id, use, owner_id, school_id, label, mime, size, sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [file.id, file.use, file.ownerId, file.schoolId, file.label, file.mime, file.size, file.sha256],
  );
}

/** A builder asset by its random name (capability URL: no owner check). */
export async function loadBuilderAsset(q: Queryable, name: string): Promise<StoredFile | null> {
  const rows = await q.query<StoredRow>(
    `SELECT s.id, s.use, f.label, s.mime, s.size, s.sha256, s.created_at
       FROM files f JOIN stored_files s ON s.id = f.stored_id WHERE f.name = $1`,
    [name],
  );
  return rows[0] ? toStored(rows[0]) : null;
}

/** A stored file of `use` that `ownerId` uploaded, or null. */
export async function loadOwnStoredFile(
  q: Queryable,
  file: { id: string; use: FileUse; ownerId: number },
): Promise<StoredFile | null> {
  const rows = await q.query<StoredRow>(
    `SELECT id, use, label, mime, size, sha256, created_at FROM stored_files
      WHERE id = $1 AND use = $2 AND owner_id = $3`,
    [file.id, file.use, file.ownerId],
  );
  return rows[0] ? toStored(rows[0]) : null;
}

export async function loadStoredFile(q: Queryable, id: string): Promise<StoredFile | null> {
  const rows = await q.query<StoredRow>(
    'SELECT id, use, label, mime, size, sha256, created_at FROM stored_files WHERE id = $1',
    [id],
  );
  return rows[0] ? toStored(rows[0]) : null;
}

export async function insertBuilderAsset(
  q: Queryable,
  asset: {
    name: string;
    ownerId: number;
    schoolId: number | null;
    stored: StoredFile | Omit<StoredFile, 'createdAt'>;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO files (name, owner_id, school_id, label, mime, size, data, stored_id)
     VALUES ($1, $2, $3, $4, $5, $6, NULL, $7)`,
    [
      asset.name,
      asset.ownerId,
      asset.schoolId,
      asset.stored.label,
      asset.stored.mime,
      asset.stored.size,
      asset.stored.id,
    ],
  );
}

/** A homework or chat attachment row (its id is what homework and chat bodies refer to). */
export async function insertAttachment(
  q: Queryable,
  attachment: { ownerId: number; stored: Omit<StoredFile, 'createdAt'> },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO teaching_files (owner_id, name, mime, size, data, stored_id)
     VALUES ($1, $2, $3, $4, NULL, $5) RETURNING id`,
    [
      attachment.ownerId,
      attachment.stored.label,
      attachment.stored.mime,
      attachment.stored.size,
      attachment.stored.id,
    ],
  );
  return rows[0]!.id;
}

// --- resumable uploads ---------------------------------------------------------------------

export interface UploadRow {
  id: string;
  use: FileUse;
  ownerId: number;
  schoolId: number | null;
  label: string;
  length: number;
  result: UploadedFile | null;
}

interface UploadDbRow {
  id: string;
  use: FileUse;
  owner_id: number;
  school_id: number | null;
  label: string;
  length: string | number;
  result: UploadedFile | string | null;
}

export async function insertUpload(q: Queryable, upload: Omit<UploadRow, 'result'>): Promise<void> {
  await q.query(
    `INSERT INTO file_uploads (id, use, owner_id, school_id, label, length)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [upload.id, upload.use, upload.ownerId, upload.schoolId, upload.label, upload.length],
  );
}

/** The caller's own upload, or null (someone else's is as absent as a made-up id). */
export async function loadOwnUpload(
  q: Queryable,
  id: string,
  ownerId: number,
): Promise<UploadRow | null> {
  const rows = await q.query<UploadDbRow>(
    `SELECT id, use, owner_id, school_id, label, length, result FROM file_uploads
      WHERE id = $1 AND owner_id = $2`,
    [id, ownerId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    use: row.use,
    ownerId: row.owner_id,
    schoolId: row.school_id,
    label: row.label,
    length: Number(row.length),
    result: typeof row.result === 'string' ? (JSON.parse(row.result) as UploadedFile) : row.result,
  };
}

export async function finishUpload(q: Queryable, id: string, result: UploadedFile): Promise<void> {
  await q.query('UPDATE file_uploads SET result = $2 WHERE id = $1', [id, JSON.stringify(result)]);
}

export async function deleteUpload(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM file_uploads WHERE id = $1', [id]);
}

/** Unfinished uploads older than `hours` (their bytes are removed with them). */
export async function staleUploads(q: Queryable, hours: number): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM file_uploads WHERE result IS NULL AND created_at < now() - make_interval(hours => $1)`,
    [hours],
  );
  return rows.map((row) => row.id);
}
