import type { ApiError, Locale } from '@sabaq/platform';
import { HttpError } from '../http/errors';

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
  let text: string = AI_MESSAGES[key][locale];
  for (const [name, value] of Object.entries(params))
    text = text.replaceAll(`{${name}}`, String(value));
  return text;
}

/** An HttpError whose message comes from the assistant's catalogue; 422s name the field too. */
export class AiError extends HttpError {
  constructor(
    status: number,
    readonly aiKey: AiMessageKey,
    readonly opts: { field?: string; params?: Record<string, string | number> } = {},
  ) {
    super(status, status === 422 ? 'validation_failed' : 'generic');
  }

  override toBody(locale: Locale): ApiError & Record<string, unknown> {
    const text = aiMessage(this.aiKey, locale, this.opts.params);
    return this.opts.field
      ? { message: text, errors: { [this.opts.field]: [text] } }
      : { message: text };
  }
}
