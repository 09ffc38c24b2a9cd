import type { LessonChatMessage } from '@sabaq/platform';
import type { LessonChatRow } from './lesson-chat-queries';

/** Lesson chat rows → the camelCase contract of `@sabaq/platform` (contracts/teaching/lesson-chat). */
export function presentLessonMessage(
  row: LessonChatRow,
  teacherId: number | null,
): LessonChatMessage {
  return {
    id: row.id,
    lessonId: row.lesson_id,
    sender: { id: row.sender_id, fullname: row.sender_name },
    fromTeacher: row.sender_id === teacherId,
    text: row.text,
    at: row.at,
    deleted: row.deleted,
  };
}
