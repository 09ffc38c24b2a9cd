import ExcelJS from 'exceljs';
import type { ApiError, Locale } from '@sabaq/platform';
import { HttpError } from '../http/errors';

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

/** The first worksheet of a base64 .xlsx, or `unreadable()` thrown. */
export async function firstSheet(
  base64: string,
  unreadable: () => Error,
): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  try {
    // exceljs takes a Node Buffer at runtime; its typings predate the generic Buffer.
    await wb.xlsx.load(Buffer.from(base64, 'base64') as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadable();
  }
  const ws = wb.worksheets[0];
  if (!ws) throw unreadable();
  return ws;
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
