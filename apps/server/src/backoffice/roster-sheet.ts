import ExcelJS from 'exceljs';
import { isValidIin, isValidName } from '@sabaq/platform';
import type { ContingentPupil, Locale } from '@sabaq/platform';
import { RosterError } from './roster-texts';
import {
  PERSON_ROW_MESSAGES,
  RowsImportError,
  cellText,
  firstSheet,
  iinFromCell,
} from './xlsx-rows';

/**
 * The pupils' roster as an .xlsx sheet, one pupil a row: «№ | ЖСН/ИИН | Тегі/Фамилия | Аты/Имя |
 * Әкесінің аты/Отчество | Туған күні/Дата рождения | Сынып/Класс | Оқу тілі/Язык обучения».
 * The export writes it, the import reads the same columns (№ is informative). The row checks
 * that need no database are here; the rest (class of the school, IIN of someone else) are in
 * roster-commands.ts. One bad row and nothing is written.
 */
export const ROSTER_COLUMNS = [
  '№',
  'ЖСН / ИИН',
  'Тегі / Фамилия',
  'Аты / Имя',
  'Әкесінің аты / Отчество',
  'Туған күні / Дата рождения',
  'Сынып / Класс',
  'Оқу тілі / Язык обучения',
];
export const ROSTER_MAX_ROWS = 5000;

export type RosterProblem =
  | 'iin_invalid'
  | 'surname_invalid'
  | 'firstname_invalid'
  | 'lastname_invalid'
  | 'date_invalid'
  | 'date_not_iin'
  | 'class_invalid'
  | 'class_unknown'
  | 'lang_unknown'
  | 'lang_not_class'
  | 'iin_repeated'
  | 'iin_taken';

export const ROSTER_ROW_MESSAGES: Record<RosterProblem, Record<Locale, string>> = {
  ...PERSON_ROW_MESSAGES,
  date_invalid: {
    kz: 'туған күні КК.АА.ЖЖЖЖ түрінде болуы керек',
    ru: 'дата рождения — в виде ДД.ММ.ГГГГ',
  },
  date_not_iin: {
    kz: 'туған күні ЖСН-мен сәйкес емес',
    ru: 'дата рождения не совпадает с ИИН',
  },
  class_invalid: { kz: 'сынып 7А түрінде жазылады', ru: 'класс пишется как 7А' },
  class_unknown: { kz: 'мектепте мұндай сынып жоқ', ru: 'такого класса в школе нет' },
  lang_unknown: { kz: 'оқу тілі белгісіз', ru: 'неизвестный язык обучения' },
  lang_not_class: {
    kz: 'оқу тілі сыныптың тілімен сәйкес емес',
    ru: 'язык обучения не совпадает с языком класса',
  },
};

export class RosterImportError extends RowsImportError<RosterProblem> {
  constructor(problems: { row: number; problems: RosterProblem[] }[]) {
    super(ROSTER_ROW_MESSAGES, problems);
  }
}

/** One data row as read: its sheet number and what it asks for. */
export interface RosterRow {
  row: number;
  iin: string;
  surname: string;
  firstname: string;
  lastname: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  parallel: number;
  letter: string;
  /** The language cell, normalised; '' when empty. */
  lang: string;
  problems: RosterProblem[];
}

export const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const pad = (n: number) => String(n).padStart(2, '0');

/** DD.MM.YYYY (or a date cell, read as YYYY-MM-DD) to YYYY-MM-DD; null when not a real date. */
export function parseBirthDate(cell: string): string | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(cell) ?? null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell);
  const [d, mo, y] = m
    ? [Number(m[1]), Number(m[2]), Number(m[3])]
    : iso
      ? [Number(iso[3]), Number(iso[2]), Number(iso[1])]
      : [0, 0, 0];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** "7А", "7 а", "11-Б" to parallel and upper-case letter; null when not a class name. */
export function parseClassName(cell: string): { parallel: number; letter: string } | null {
  const m = /^(\d{1,2})\s*-?\s*(\p{L}{1,3})$/u.exec(cell.trim());
  if (!m) return null;
  const parallel = Number(m[1]);
  if (parallel > 12) return null;
  return { parallel, letter: (m[2] ?? '').toUpperCase() };
}

function iinIsoDate(iin: string): string | null {
  // The IIN's YYMMDD with its century digit, as the platform validator reads it.
  const y = Number(iin[6]) <= 2 ? 1800 : Number(iin[6]) <= 4 ? 1900 : 2000;
  return parseBirthDate(`${iin.slice(4, 6)}.${iin.slice(2, 4)}.${y + Number(iin.slice(0, 2))}`);
}

/** Reads the sheet's data rows (a header row, recognised by its IIN title, is skipped). */
export async function readRosterSheet(base64: string): Promise<RosterRow[]> {
  const ws = await firstSheet(base64, () => new RosterError(422, 'roster_unreadable', 'xlsx'), {
    maxRows: ROSTER_MAX_ROWS + 5,
    columns: 8,
    tooManyRows: () => new RosterError(422, 'roster_too_long', 'xlsx', { n: ROSTER_MAX_ROWS }),
  });
  const rows: RosterRow[] = [];
  const seen = new Map<string, number>();
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    const cells = Array.from({ length: 8 }, (_, i) => cellText(r.getCell(i + 1).value).trim());
    const [, iinCell = '', surname = '', firstname = '', lastname = '', dateCell = ''] = cells;
    const [classCell = '', langCell = ''] = cells.slice(6);
    if (/ИИН|ЖСН|IIN/i.test(iinCell) || cells.slice(1).every((c) => c === '')) return;
    const problems: RosterProblem[] = [];
    const iin = iinFromCell(iinCell);
    const iinOk = isValidIin(iin);
    if (!iinOk) problems.push('iin_invalid');
    else if (seen.has(iin)) problems.push('iin_repeated');
    if (iinOk && !seen.has(iin)) seen.set(iin, n);
    if (!isValidName(surname)) problems.push('surname_invalid');
    if (!isValidName(firstname)) problems.push('firstname_invalid');
    if (lastname !== '' && !isValidName(lastname)) problems.push('lastname_invalid');
    const birthDate = parseBirthDate(dateCell);
    if (dateCell !== '' && !birthDate) problems.push('date_invalid');
    else if (birthDate && iinOk && iinIsoDate(iin) !== birthDate) problems.push('date_not_iin');
    const cls = parseClassName(classCell);
    if (!cls) problems.push('class_invalid');
    rows.push({
      row: n,
      iin,
      surname,
      firstname,
      lastname: lastname || null,
      birthDate: birthDate ?? (iinOk ? iinIsoDate(iin) : null),
      parallel: cls?.parallel ?? -1,
      letter: cls?.letter ?? '',
      lang: norm(langCell),
      problems,
    });
  });
  if (rows.length === 0) throw new RosterError(422, 'roster_empty', 'xlsx');
  return rows;
}

/** The roster as a workbook in the columns the import reads. */
export async function buildRosterWorkbook(
  pupils: ContingentPupil[],
  locale: Locale,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sabaq';
  const ws = wb.addWorksheet(locale === 'ru' ? 'Ученики' : 'Оқушылар');
  ws.addRow(ROSTER_COLUMNS).font = { bold: true };
  pupils.forEach((p, i) => {
    ws.addRow([
      i + 1,
      p.iin ?? '',
      p.surname,
      p.firstname,
      p.lastname ?? '',
      p.birthDate ?? '',
      p.className ?? '',
      p.lang ?? '',
    ]);
  });
  ws.getColumn(2).numFmt = '@';
  ws.getColumn(6).numFmt = '@';
  [5, 16, 18, 16, 20, 16, 10, 16].forEach((w, i) => (ws.getColumn(i + 1).width = w));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
