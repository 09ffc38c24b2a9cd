import type { Queryable } from '../db/db';

/** All SQL of the lesson chat: pages of a lesson's messages, saying, deleting. */

export interface LessonChatRow {
  id: number;
  lesson_id: number;
  sender_id: number;
  sender_name: string;
  text: string;
  at: string;
  deleted: boolean;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const SELECT = `SELECT m.id, m.lesson_id, m.sender_id, concat_ws(' ', u.surname, u.firstname) AS sender_name,
       CASE WHEN m.deleted_at IS NULL THEN m.text ELSE '' END AS text,
       to_char(m.created_at AT TIME ZONE 'UTC', ${ISO}) AS at, m.deleted_at IS NOT NULL AS deleted
  FROM lesson_chat_messages m JOIN users u ON u.id = m.sender_id`;

/** A page of the lesson's messages, newest first: `limit + 1` rows tell whether there is more. */
export async function listLessonMessages(
  q: Queryable,
  lessonId: number,
  page: { before?: number; limit: number },
): Promise<LessonChatRow[]> {
  return q.query<LessonChatRow>(
    `${SELECT} WHERE m.lesson_id = $1 AND ($2::int IS NULL OR m.id < $2) ORDER BY m.id DESC LIMIT $3`,
    [lessonId, page.before ?? null, page.limit + 1],
  );
}

export async function loadLessonMessage(
  q: Queryable,
  lessonId: number,
  messageId: number,
): Promise<LessonChatRow | null> {
  const rows = await q.query<LessonChatRow>(`${SELECT} WHERE m.lesson_id = $1 AND m.id = $2`, [
    lessonId,
    messageId,
  ]);
  return rows[0] ?? null;
}

export async function insertLessonMessage(
  q: Queryable,
  m: { lessonId: number; senderId: number; text: string },
): Promise<LessonChatRow> {
  const rows = await q.query<{ id: number }>(
    'INSERT INTO lesson_chat_messages (lesson_id, sender_id, text) VALUES ($1, $2, $3) RETURNING id',
    [m.lessonId, m.senderId, m.text],
  );
  const row = await loadLessonMessage(q, m.lessonId, rows[0]!.id);
  return row!;
}

/** Marks the message deleted (its text is emptied); a second delete changes nothing. */
export async function deleteLessonMessage(
  q: Queryable,
  m: { lessonId: number; messageId: number; by: number },
): Promise<LessonChatRow | null> {
  await q.query(
    `UPDATE lesson_chat_messages SET deleted_at = now(), deleted_by = $3, text = ''
      WHERE lesson_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [m.lessonId, m.messageId, m.by],
  );
  return loadLessonMessage(q, m.lessonId, m.messageId);
}
