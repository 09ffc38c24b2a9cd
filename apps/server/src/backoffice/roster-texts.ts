import type { Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** The roster import's and the contingent list's own kz/ru answers (row problems: roster-sheet.ts). */
export const ROSTER_MESSAGES = {
  roster_unreadable: {
    kz: '.xlsx файлын оқу мүмкін емес',
    ru: 'Не удалось прочитать файл .xlsx',
  },
  roster_empty: { kz: 'Файлда бірде-бір оқушы жоқ', ru: 'В файле нет ни одного ученика' },
  roster_too_long: {
    kz: 'Файл тым ұзын: ең көбі {n} жол',
    ru: 'Файл слишком длинный: не больше {n} строк',
  },
  period_not_found: { kz: 'Мұндай тоқсан жоқ', ru: 'Такой четверти нет' },
} as const satisfies Record<string, Record<Locale, string>>;

export type RosterMessageKey = keyof typeof ROSTER_MESSAGES;

export class RosterError extends CatalogueError {
  constructor(
    status: 404 | 422,
    readonly rosterKey: RosterMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(
      status,
      status === 404 ? 'not_found' : 'validation_failed',
      ROSTER_MESSAGES[rosterKey],
      field,
      params,
    );
  }
}
