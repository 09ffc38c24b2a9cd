import type { Queryable } from '../db/db';

/** SQL of profile pictures: `user_avatars` rows and their `stored_files` (use `avatar`). */

export interface AvatarFile {
  storedId: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

interface AvatarRow {
  stored_id: string;
  name: string;
  mime: string;
  size: string | number;
  sha256: string;
  created_at: string | Date;
}

function toFile(row: AvatarRow): AvatarFile {
  return {
    storedId: row.stored_id,
    name: row.name,
    mime: row.mime,
    size: Number(row.size),
    sha256: row.sha256,
    createdAt: new Date(row.created_at),
  };
}

const COLUMNS = `a.stored_id, a.name, s.mime, s.size, s.sha256, s.created_at
  FROM user_avatars a JOIN stored_files s ON s.id = a.stored_id`;

/** A picture by its random name (capability URL: no owner check). */
export async function findAvatarByName(q: Queryable, name: string): Promise<AvatarFile | null> {
  const rows = await q.query<AvatarRow>(`SELECT ${COLUMNS} WHERE a.name = $1`, [name]);
  return rows[0] ? toFile(rows[0]) : null;
}

/** The user's picture, row-locked for a replacement or removal. */
export async function lockUserAvatar(q: Queryable, userId: number): Promise<AvatarFile | null> {
  const rows = await q.query<AvatarRow>(`SELECT ${COLUMNS} WHERE a.user_id = $1 FOR UPDATE OF a`, [
    userId,
  ]);
  return rows[0] ? toFile(rows[0]) : null;
}

export async function insertAvatarFile(
  q: Queryable,
  file: { id: string; ownerId: number; schoolId: number | null; size: number; sha256: string },
): Promise<void> {
  await q.query(
    `INSERT INTO stored_files (id, use, owner_id, school_id, label, mime, size, sha256)
     VALUES ($1, 'avatar', $2, $3, 'avatar.webp', 'image/webp', $4, $5)`,
    [file.id, file.ownerId, file.schoolId, file.size, file.sha256],
  );
}

/** Points the user at a new picture (replacing the row of an old one). */
export async function upsertUserAvatar(
  q: Queryable,
  userId: number,
  avatar: { name: string; storedId: string },
): Promise<void> {
  await q.query(
    `INSERT INTO user_avatars (user_id, name, stored_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name, stored_id = EXCLUDED.stored_id,
                                         created_at = now()`,
    [userId, avatar.name, avatar.storedId],
  );
}

export async function deleteUserAvatar(q: Queryable, userId: number): Promise<void> {
  await q.query('DELETE FROM user_avatars WHERE user_id = $1', [userId]);
}

export async function deleteStoredFile(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM stored_files WHERE id = $1', [id]);
}
