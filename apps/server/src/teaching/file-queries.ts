import type { FileRef } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { TeachingError } from './errors';

/**
 * All SQL of the attachments of homework and chat. Their bytes are kept by the file service
 * (files/: the data directory or S3); `teaching_files` holds the ids bodies refer to.
 */

/** The files of `ids` that exist, in that order. */
export async function loadFileRefs(q: Queryable, ids: readonly number[]): Promise<FileRef[]> {
  if (ids.length === 0) return [];
  // size is bigint (files up to the upload limits): PostgreSQL's driver hands it back as text.
  const rows = await q.query<Omit<FileRef, 'size'> & { size: string | number }>(
    'SELECT id, name, size, mime FROM teaching_files WHERE id = ANY($1::int[])',
    [[...ids]],
  );
  const byId = new Map(rows.map((row) => [row.id, { ...row, size: Number(row.size) }]));
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
): Promise<{ storedId: string } | null> {
  const rows = await q.query<{ stored_id: string | null }>(
    `SELECT f.stored_id FROM teaching_files f
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
  // Every row has its bytes in the file service once move-blobs.ts ran at start.
  const storedId = rows[0]?.stored_id;
  return storedId ? { storedId } : null;
}

/** The school a stored attachment belongs to (its uploader's), or null when there is none. */
export async function attachmentSchool(q: Queryable, fileId: number): Promise<number | null> {
  const rows = await q.query<{ school_id: number | null }>(
    `SELECT s.school_id FROM teaching_files f JOIN stored_files s ON s.id = f.stored_id
      WHERE f.id = $1`,
    [fileId],
  );
  return rows[0]?.school_id ?? null;
}
