import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';

/** All SQL of the chat: contacts with their unread counts, messages, read receipts. */

export interface ContactRow {
  id: number;
  fullname: string;
  group_id: number | null;
  parallel: number | null;
  letter: string | null;
  subjects: string[] | null;
  unread: number;
  last_at: string | null;
}

export interface MessageRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  text: string;
  files: number[];
  at: string;
  read_at: string | null;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const MESSAGE_COLUMNS = `id, sender_id, recipient_id, text, files, to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS at,
  to_char(read_at AT TIME ZONE 'UTC', ${ISO}) AS read_at`;

/** Unread messages from the contact `u` and the time of the last message either way. */
const CONTACT_STATS = `(SELECT count(*)::int FROM chat_messages m WHERE m.sender_id = u.id AND m.recipient_id = $1 AND m.read_at IS NULL) AS unread,
      (SELECT to_char(max(m.created_at) AT TIME ZONE 'UTC', ${ISO}) FROM chat_messages m
        WHERE (m.sender_id = u.id AND m.recipient_id = $1) OR (m.sender_id = $1 AND m.recipient_id = u.id)) AS last_at`;

/** A student's teachers: whoever teaches their group, and its class teachers. */
export async function listStudentContacts(
  q: Queryable,
  studentId: number,
  locale: Locale,
): Promise<ContactRow[]> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return q.query<ContactRow>(
    `SELECT u.id, concat_ws(' ', u.surname, u.firstname, u.lastname) AS fullname, NULL::int AS group_id,
            NULL::int AS parallel, NULL AS letter,
            (SELECT array_agg(DISTINCT sub.${name}) FROM timetable_slots t JOIN subjects sub ON sub.id = t.subject_id
              WHERE t.teacher_id = u.id AND t.group_id = me.group_id) AS subjects, ${CONTACT_STATS}
       FROM users me JOIN users u ON u.id IN (
             SELECT teacher_id FROM timetable_slots WHERE group_id = me.group_id AND teacher_id IS NOT NULL
             UNION SELECT user_id FROM group_personnel WHERE group_id = me.group_id)
      WHERE me.id = $1
      ORDER BY u.surname, u.firstname`,
    [studentId],
  );
}

/** The students a staff member teaches or leads (management: the whole school). */
export async function listStaffContacts(
  q: Queryable,
  staff: { userId: number; schoolId: number; isManagement: boolean },
): Promise<ContactRow[]> {
  return q.query<ContactRow>(
    `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname, g.id AS group_id, g.parallel, g.letter,
            NULL::text[] AS subjects, ${CONTACT_STATS}
       FROM users u JOIN groups g ON g.id = u.group_id
      WHERE u.role = 'student' AND g.school_id = $2 AND (
            $3 OR g.id IN (SELECT group_id FROM timetable_slots WHERE teacher_id = $1
                           UNION SELECT group_id FROM group_personnel WHERE user_id = $1))
      ORDER BY g.parallel, g.letter, u.surname, u.firstname`,
    [staff.userId, staff.schoolId, staff.isManagement],
  );
}

/** A page of the conversation, newest first: `limit + 1` rows tell whether there is more. */
export async function listMessages(
  q: Queryable,
  userId: number,
  peerId: number,
  page: { before?: number; limit: number },
): Promise<MessageRow[]> {
  return q.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages
        WHERE ((sender_id = $1 AND recipient_id = $2) OR (sender_id = $2 AND recipient_id = $1))
          AND ($3::int IS NULL OR id < $3)
        ORDER BY id DESC LIMIT $4`,
    [userId, peerId, page.before ?? null, page.limit + 1],
  );
}

export async function insertMessage(
  q: Queryable,
  message: { senderId: number; recipientId: number; text: string; files: number[] },
): Promise<MessageRow> {
  const rows = await q.query<MessageRow>(
    `INSERT INTO chat_messages (sender_id, recipient_id, text, files) VALUES ($1, $2, $3, $4) RETURNING ${MESSAGE_COLUMNS}`,
    [message.senderId, message.recipientId, message.text, message.files],
  );
  return rows[0] as MessageRow;
}

/** Marks the peer's unread messages to the user read; returns how many. */
export async function markMessagesRead(
  q: Queryable,
  userId: number,
  peerId: number,
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    'UPDATE chat_messages SET read_at = now() WHERE sender_id = $1 AND recipient_id = $2 AND read_at IS NULL RETURNING id',
    [peerId, userId],
  );
  return rows.length;
}
