import type { Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** The methodical cabinet's own kz/ru answers. */
export const METHODICAL_MESSAGES = {
  methodical_not_found: { kz: 'Мұндай материал жоқ', ru: 'Такого материала нет' },
  methodical_off: { kz: 'Бұл бөлім әзірге жабық', ru: 'Этот раздел пока закрыт' },
  methodical_file_not_found: { kz: 'Мұндай файл жоқ', ru: 'Такого файла нет' },
  methodical_file_invalid: {
    kz: 'Файлды алдымен әдістемелік кабинетке жүктеңіз',
    ru: 'Сначала загрузите файл в методический кабинет',
  },
  methodical_subject_invalid: { kz: 'Мұндай пән жоқ', ru: 'Такого предмета нет' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MethodicalMessageKey = keyof typeof METHODICAL_MESSAGES;

/** An answer of the methodical routes in the reader's language. */
export class MethodicalError extends CatalogueError {
  constructor(
    status: 404 | 422,
    readonly methodicalKey: MethodicalMessageKey,
    field?: string,
  ) {
    super(
      status,
      status === 404 ? 'not_found' : 'validation_failed',
      METHODICAL_MESSAGES[methodicalKey],
      field,
      {},
    );
  }
}
