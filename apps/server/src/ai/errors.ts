import type { Locale } from '@sabaq/platform';
import { CatalogueError, withParams } from '../http/errors';

/**
 * Messages of the AI assistant in Kazakh and Russian (the teaching core's pattern: the feature
 * keeps its own catalogue; bodies have the spec §8 shape and go through the same error handler).
 */
export const AI_MESSAGES = {
  ai_not_configured: {
    kz: 'ЖИ көмекшісі бұл серверге қосылмаған',
    ru: 'ИИ-помощник не подключён на этом сервере',
  },
  ai_timeout: {
    kz: 'ЖИ көмекшісі уақытында жауап бермеді. Кейінірек қайталаңыз',
    ru: 'ИИ-помощник не ответил вовремя. Повторите позже',
  },
  ai_upstream_failed: {
    kz: 'ЖИ көмекшісінің қызметі жауап бере алмады. Кейінірек қайталаңыз',
    ru: 'Сервис ИИ-помощника не смог ответить. Повторите позже',
  },
  ai_rate_limited: {
    kz: 'Сұрақтар тым жиі жіберілді. {seconds} секундтан кейін қайталаңыз',
    ru: 'Слишком много вопросов подряд. Повторите через {seconds} с',
  },
  ai_text_empty: { kz: 'Сұрағыңызды жазыңыз', ru: 'Напишите ваш вопрос' },
  ai_text_too_long: {
    kz: 'Сұрақ {max} таңбадан аспауы керек (қазір {length})',
    ru: 'Вопрос должен быть не длиннее {max} символов (сейчас {length})',
  },
  ai_helper_unknown: {
    kz: 'Мұндай көмекші жоқ',
    ru: 'Такого помощника нет',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type AiMessageKey = keyof typeof AI_MESSAGES;

export function aiMessage(
  key: AiMessageKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  return withParams(AI_MESSAGES[key][locale], params);
}

/** An HttpError whose message comes from the assistant's catalogue; 422s name the field too. */
export class AiError extends CatalogueError {
  constructor(
    status: number,
    readonly aiKey: AiMessageKey,
    opts: { field?: string; params?: Record<string, string | number> } = {},
  ) {
    super(
      status,
      status === 422 ? 'validation_failed' : 'generic',
      AI_MESSAGES[aiKey],
      opts.field,
      opts.params,
    );
  }
}
