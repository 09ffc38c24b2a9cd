import type { Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** Messages of the lesson chat in Kazakh and Russian (spec §8 body, like every error). */
export const LESSON_CHAT_MESSAGES = {
  lesson_chat_not_participant: {
    kz: 'Сабақ чатына тек сабақтың мұғалімі мен оқушылары жаза алады',
    ru: 'Писать в чат урока могут только учитель и ученики этого урока',
  },
  lesson_chat_text_empty: {
    kz: 'Хабарлама бос: мәтін жазыңыз',
    ru: 'Сообщение пустое: напишите текст',
  },
  lesson_chat_text_too_long: {
    kz: 'Хабарлама {max} таңбадан аспауы керек (қазір {length})',
    ru: 'Сообщение не длиннее {max} символов (сейчас {length})',
  },
  lesson_chat_delete_teacher_only: {
    kz: 'Хабарламаны тек сабақтың мұғалімі өшіре алады',
    ru: 'Удалить сообщение может только учитель урока',
  },
  lesson_chat_message_not_found: {
    kz: 'Хабарлама табылмады',
    ru: 'Сообщение не найдено',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type LessonChatMessageKey = keyof typeof LESSON_CHAT_MESSAGES;

export class LessonChatError extends CatalogueError {
  constructor(
    status: number,
    key: LessonChatMessageKey,
    params: Record<string, string | number> = {},
    field?: string,
  ) {
    super(
      status,
      status === 403 ? 'forbidden' : status === 404 ? 'not_found' : 'validation_failed',
      LESSON_CHAT_MESSAGES[key],
      field,
      params,
    );
  }
}
