import type { ApiError, Locale, MessageKey } from '@sabaq/platform';
import { HttpError } from '../http/errors';

/** The monitoring routes' own kz/ru answers. */
export const MONITORING_MESSAGES = {
  period_not_found: {
    kz: 'Мұндай мониторинг кезеңі жоқ',
    ru: 'Такого периода мониторинга нет',
  },
  questionnaire_not_found: {
    kz: 'Мұндай сауалнама табылмады',
    ru: 'Такая анкета не найдена',
  },
  respondent_not_found: {
    kz: 'Мұндай респондент табылмады',
    ru: 'Такой респондент не найден',
  },
  period_closed: {
    kz: 'Мониторинг кезеңі жабық: жауаптарды өзгертуге болмайды',
    ru: 'Период мониторинга закрыт: ответы изменить нельзя',
  },
  already_submitted: {
    kz: 'Сауалнама жіберілген: жауаптарды өзгертуге болмайды',
    ru: 'Анкета уже отправлена: ответы изменить нельзя',
  },
  incomplete: {
    kz: 'Міндетті сұрақтардың барлығына жауап беріңіз ({count})',
    ru: 'Ответьте на все обязательные вопросы (осталось: {count})',
  },
  answers_invalid: {
    kz: 'Кейбір жауаптар сұраққа сәйкес келмейді',
    ru: 'Некоторые ответы не подходят к вопросу',
  },
  answer_required: { kz: 'Міндетті сұрақ', ru: 'Обязательный вопрос' },
  answer_option: { kz: 'Мұндай жауап нұсқасы жоқ', ru: 'Такого варианта ответа нет' },
  answer_range: {
    kz: 'Мән рұқсат етілген аралықтан тыс',
    ru: 'Значение вне допустимого диапазона',
  },
  answer_kind: { kz: 'Жауап түрі сұраққа сәйкес емес', ru: 'Тип ответа не подходит к вопросу' },
  answer_unknown: {
    kz: 'Бұл сауалнамада мұндай сұрақ жоқ',
    ru: 'В этой анкете нет такого вопроса',
  },
  no_scope: {
    kz: 'Тіркелгіңізге өңір, бөлім немесе ұйым бекітілмеген: әкімшіге хабарласыңыз',
    ru: 'За вашей учётной записью не закреплены регион, отдел или организация: обратитесь к администратору',
  },
  node_not_found: {
    kz: 'Мұндай өңір, бөлім немесе ұйым табылмады',
    ru: 'Такой регион, отдел или организация не найдены',
  },
  group_not_found: {
    kz: 'Сауалнамада мұндай сұрақтар бөлімі жоқ',
    ru: 'В анкете нет такого раздела вопросов',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MonitoringMessageKey = keyof typeof MONITORING_MESSAGES;

const STATUS_KEY: Record<number, MessageKey> = {
  403: 'forbidden',
  404: 'not_found',
  409: 'validation_failed',
  422: 'validation_failed',
};

/** An answer in the reader's language, with field errors (`answers.<questionId>`) on 422. */
export class MonitoringError extends HttpError {
  constructor(
    status: 403 | 404 | 409 | 422,
    readonly text: MonitoringMessageKey,
    readonly fields: Readonly<Record<string, MonitoringMessageKey>> = {},
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(status, STATUS_KEY[status]!);
  }

  override toBody(locale: Locale): ApiError & Record<string, unknown> {
    const say = (key: MonitoringMessageKey) =>
      MONITORING_MESSAGES[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
        Object.hasOwn(this.params, name) ? String(this.params[name]) : whole,
      );
    const entries = Object.entries(this.fields);
    return entries.length > 0
      ? {
          message: say(this.text),
          errors: Object.fromEntries(entries.map(([field, key]) => [field, [say(key)]])),
        }
      : { message: say(this.text) };
  }
}
