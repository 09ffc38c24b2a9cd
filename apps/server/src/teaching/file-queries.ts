import type { FileRef } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { TeachingError } from './errors';

/**
 * All SQL of the attachments of homework and chat: stored in the database (bytea) so several
 * server processes and both database backends see the same files without a shared disk.
 */

/** The files of `ids` that exist, in that order. */
export async function loadFileRefs(q: Queryable, ids: readonly number[]): Promise<FileRef[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<FileRef>(
    'SELECT id, name, size, mime FROM teaching_files WHERE id = ANY($1::int[])',
    [[...ids]],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is FileRef => row !== undefined);
}

/**
 * The files must have been uploaded by the sender (no attaching someone else's upload): the ids
 * without repeats, or 422 on `field`.
 */
export async function assertOwnFiles(
  q: Queryable,
  ownerId: number,
  ids: readonly number[],
  field: string,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await q.query<{ id: number }>(
    'SELECT id FROM teaching_files WHERE id = ANY($1::int[]) AND owner_id = $2',
    [unique, ownerId],
  );
  if (rows.length !== unique.length) throw new TeachingError(422, 'file_not_found', field);
  return unique;
}

export async function insertFile(
  q: Queryable,
  file: { ownerId: number; name: string; mime: string; data: Buffer },
): Promise<FileRef> {
  const rows = await q.query<FileRef>(
    `INSERT INTO teaching_files (owner_id, name, mime, size, data) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, name, size, mime`,
    [file.ownerId, file.name, file.mime, file.data.length, file.data],
  );
  return rows[0] as FileRef;
}

/**
 * A file the user may download, or null. Who may: the uploader; both sides of a chat message
 * carrying it; the students of a lesson whose homework carries it and the staff who run that
 * lesson (its teacher, the group's class teachers, management); the same staff for an answer
 * carrying it.
 */
export async function loadReadableFile(
  q: Queryable,
  fileId: number,
  user: { userId: number; isManagement: boolean; schoolId: number; ledGroups: number[] },
): Promise<{ name: string; mime: string; data: Uint8Array } | null> {
  const rows = await q.query<{ name: string; mime: string; data: Uint8Array }>(
    `SELECT f.name, f.mime, f.data FROM teaching_files f
        WHERE f.id = $1 AND (
          f.owner_id = $2
          OR EXISTS (SELECT 1 FROM chat_messages m WHERE $1 = ANY(m.files) AND ($2 IN (m.sender_id, m.recipient_id)))
          OR EXISTS (SELECT 1 FROM homework h JOIN lessons l ON l.id = h.lesson_id JOIN timetable_slots s ON s.id = l.slot_id
                      JOIN groups g ON g.id = s.group_id
                      WHERE $1 = ANY(h.files) AND (
                        s.group_id = (SELECT group_id FROM users WHERE id = $2)
                        OR s.teacher_id = $2 OR h.teacher_id = $2
                        OR ($3 AND g.school_id = $4) OR g.id = ANY($5::int[])))
          OR EXISTS (SELECT 1 FROM homework_answers a JOIN homework h ON h.id = a.homework_id
                      JOIN lessons l ON l.id = h.lesson_id JOIN timetable_slots s ON s.id = l.slot_id
                      JOIN groups g ON g.id = s.group_id
                      WHERE $1 = ANY(a.files) AND (a.student_id = $2 OR h.teacher_id = $2 OR s.teacher_id = $2
                        OR ($3 AND g.school_id = $4) OR g.id = ANY($5::int[]))))`,
    [fileId, user.userId, user.isManagement, user.schoolId, user.ledGroups],
  );
  return rows[0] ?? null;
}
