import { LESSON_CHAT_TEXT_MAX } from '@sabaq/platform';
import type { AuthContext } from '../http/context';
import { LessonChatError } from './lesson-chat-errors';
import type { LessonRow, StudentRow } from './lessons';

/** Row rules of the lesson chat: pure checks, no database. */

export interface Participant {
  userId: number;
  fullname: string;
  /** The lesson's teacher (may delete messages). */
  teacher: boolean;
}

/**
 * The user as a participant of the lesson: its teacher, or one of its pupils (`students`: the
 * lesson's, a subgroup lesson's own). Anyone else who may read the lesson (a director, the class
 * lead) is refused with 403; who may not read it was already told 404 by `visibleLesson`.
 */
export function assertParticipant(
  auth: AuthContext,
  lesson: Pick<LessonRow, 'teacher_id' | 'teacher_name'>,
  students: readonly StudentRow[],
): Participant {
  if (lesson.teacher_id === auth.userId)
    return { userId: auth.userId, fullname: lesson.teacher_name ?? '', teacher: true };
  const pupil =
    auth.role === 'student' ? students.find((student) => student.id === auth.userId) : undefined;
  if (!pupil) throw new LessonChatError(403, 'lesson_chat_not_participant');
  return { userId: pupil.id, fullname: pupil.fullname, teacher: false };
}

/** The message's text, trimmed: 1–2000 characters (422 at `text`, kz/ru). */
export function messageText(raw: string): string {
  const text = raw.trim();
  if (!text) throw new LessonChatError(422, 'lesson_chat_text_empty', {}, 'text');
  if (text.length > LESSON_CHAT_TEXT_MAX)
    throw new LessonChatError(
      422,
      'lesson_chat_text_too_long',
      { max: LESSON_CHAT_TEXT_MAX, length: text.length },
      'text',
    );
  return text;
}

/** Only the lesson's teacher deletes (403 for its pupils). */
export function assertMayDelete(me: Participant): void {
  if (!me.teacher) throw new LessonChatError(403, 'lesson_chat_delete_teacher_only');
}
