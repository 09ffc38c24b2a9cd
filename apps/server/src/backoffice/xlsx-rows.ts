import type ExcelJS from 'exceljs';
import type { ApiError, Locale } from '@sabaq/platform';
import { HttpError } from '../http/errors';
import { readSheet } from '../sheets/sheet-reader';

/**
 * What the backoffice .xlsx imports (staff, pupils' roster) share: reading a cell as text, an IIN
 * cell that Excel turned into a number, the first sheet of an uploaded base64 file, and the 422
 * that names every bad row in kz/ru ("nothing written").
 */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v);
}

/** An IIN as typed: spaces dropped, and the leading zero a number cell lost (born 2000–2009) back. */
export function iinFromCell(cell: string): string {
  const digits = cell.replace(/\s+/g, '');
  return /^\d{11}$/.test(digits) ? `0${digits}` : digits;
}

/**
 * The rows of a sheet as the imports walk them (the part of ExcelJS's Worksheet they use): rows
 * with values in order, each cell's value already text.
 */
export interface SheetRows {
  actualRowCount: number;
  eachRow(
    opts: { includeEmpty: false },
    each: (row: { getCell(column: number): { value: string } }, n: number) => void,
  ): void;
}

/**
 * The first worksheet of a base64 .xlsx, read off the event loop within limits (issue 28,
 * sheets/sheet-reader.ts): more than `maxRows` rows with values is `tooManyRows()`, an unpacked
 * size, a cell or a memory bound passed is a 422 naming it; a file that is no workbook is
 * `unreadable()`.
 */
export async function firstSheet(
  base64: string,
  unreadable: () => Error,
  limits: { maxRows: number; columns: number; tooManyRows: () => Error },
): Promise<SheetRows> {
  const rows = await readSheet(base64, {
    field: 'xlsx',
    limits: { maxRows: limits.maxRows, columns: limits.columns },
    unreadable,
    tooManyRows: limits.tooManyRows,
  });
  return {
    actualRowCount: rows.length,
    eachRow(_opts, each) {
      for (const r of rows) each({ getCell: (c) => ({ value: r.cells[c - 1] ?? '' }) }, r.row);
    },
  };
}

export type RowMessages<P extends string> = Record<P, Record<Locale, string>>;

/** What any import of people (staff, pupils) may find wrong in a row, in one wording for both. */
export type PersonRowProblem =
  | 'iin_invalid'
  | 'surname_invalid'
  | 'firstname_invalid'
  | 'lastname_invalid'
  | 'iin_repeated'
  | 'iin_taken';

export const PERSON_ROW_MESSAGES: RowMessages<PersonRowProblem> = {
  iin_invalid: { kz: 'ЖСН қате', ru: 'неверный ИИН' },
  surname_invalid: { kz: 'тегі бос немесе қате', ru: 'фамилия пустая или с недопустимыми знаками' },
  firstname_invalid: { kz: 'аты бос немесе қате', ru: 'имя пустое или с недопустимыми знаками' },
  lastname_invalid: { kz: 'әкесінің аты қате', ru: 'отчество с недопустимыми знаками' },
  iin_repeated: { kz: 'бұл ЖСН файлда екі рет бар', ru: 'этот ИИН в файле дважды' },
  iin_taken: {
    kz: 'бұл ЖСН-мен басқа пайдаланушы тіркелген',
    ru: 'с этим ИИН зарегистрирован другой пользователь',
  },
};

/** "Строка 5: неверный ИИН; …" / "5-жол: ЖСН қате; …". */
export function rowMessage<P extends string>(
  messages: RowMessages<P>,
  row: number,
  problems: readonly P[],
  locale: Locale,
): string {
  const what = problems.map((p) => messages[p][locale]).join('; ');
  return locale === 'ru' ? `Строка ${row}: ${what}` : `${row}-жол: ${what}`;
}

/** 422 naming every bad row (field `rows.<n>`) in the request's language; nothing was written. */
export class RowsImportError<P extends string> extends HttpError {
  constructor(
    readonly messages: RowMessages<P>,
    readonly problems: { row: number; problems: P[] }[],
  ) {
    super(422, 'validation_failed');
  }

  override toBody(locale: Locale): ApiError & Record<string, unknown> {
    const errors: Record<string, string[]> = {};
    for (const p of this.problems)
      errors[`rows.${p.row}`] = [rowMessage(this.messages, p.row, p.problems, locale)];
    const n = this.problems.length;
    return {
      message:
        locale === 'ru'
          ? `Ошибки в строках (${n}): ничего не сохранено`
          : `Жолдарда қате бар (${n}): ештеңе сақталмады`,
      errors,
    };
  }
}
