import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { PLAN_LESSON_MAX_HOURS, PLAN_TOPIC_MAX } from '@sabaq/platform';
import type {
  ApiError,
  CalendarPlanImport,
  CalendarPlanLessonFields,
  Locale,
} from '@sabaq/platform';
import { HttpError } from '../http/errors';
import { readSheet } from '../sheets/sheet-reader';
import { CalendarPlanError } from './calendar-plans';

/**
 * Plan lessons as rows «№ | Тақырып/Тема | Сағат/Часы | Тоқсан/Четверть | Күні/Дата»: the .xlsx
 * export and the bulk replace (a pasted list or an .xlsx). The № column is informative only: the
 * order of the rows is the order of the plan. A row whose topic cell is a column title is a header
 * and skipped. Dates are `DD.MM.YYYY` or `YYYY-MM-DD` (or a date cell).
 */
export const IMPORT_MAX_ROWS = 400;

export const PLAN_COLUMNS = ['№', 'Тақырып/Тема', 'Сағат/Часы', 'Тоқсан/Четверть', 'Күні/Дата'];

const HEADER = /^(тақырып|тема|topic|сабақ тақырыбы|тема урока)/i;

type RowProblem = 'topic_empty' | 'topic_long' | 'hours' | 'quarter' | 'date_invalid' | 'date_out';

const ROW_MESSAGES: Record<RowProblem, Record<Locale, string>> = {
  topic_empty: { kz: 'тақырып бос', ru: 'тема пустая' },
  topic_long: {
    kz: `тақырып ${PLAN_TOPIC_MAX} таңбадан ұзын`,
    ru: `тема длиннее ${PLAN_TOPIC_MAX} символов`,
  },
  hours: {
    kz: `сағат саны 1-ден ${PLAN_LESSON_MAX_HOURS}-ға дейінгі бүтін сан болуы керек`,
    ru: `часы — целое число от 1 до ${PLAN_LESSON_MAX_HOURS}`,
  },
  quarter: {
    kz: 'тоқсан 1, 2, 3 немесе 4 болуы керек',
    ru: 'четверть — 1, 2, 3 или 4',
  },
  date_invalid: {
    kz: 'күн КК.АА.ЖЖЖЖ түрінде болуы керек',
    ru: 'дата должна быть в виде ДД.ММ.ГГГГ',
  },
  date_out: {
    kz: 'күн жоспардың оқу жылынан тыс',
    ru: 'дата вне учебного года плана',
  },
};

function rowMessage(row: number, problems: RowProblem[], locale: Locale): string {
  const what = problems.map((p) => ROW_MESSAGES[p][locale]).join('; ');
  return locale === 'ru' ? `Строка ${row}: ${what}` : `${row}-жол: ${what}`;
}

/** 422 naming every bad row (field `rows.<n>`), in the request's language. Nothing is written. */
export class ImportRowsError extends HttpError {
  constructor(readonly problems: { row: number; problems: RowProblem[] }[]) {
    super(422, 'validation_failed');
  }

  override toBody(locale: Locale): ApiError & Record<string, unknown> {
    const n = this.problems.length;
    const errors: Record<string, string[]> = {};
    for (const p of this.problems)
      errors[`rows.${p.row}`] = [rowMessage(p.row, p.problems, locale)];
    return {
      message:
        locale === 'ru'
          ? `Ошибки в строках (${n}): ничего не сохранено`
          : `Жолдарда қате бар (${n}): ештеңе сақталмады`,
      errors,
    };
  }
}

/** One row as read: its number in the sheet or the pasted text and its cells as text. */
export interface RawRow {
  row: number;
  cells: string[];
}

/**
 * The rows of an .xlsx: base64 in the body (`xlsx`), or a stream of a file sent to the file
 * service first (`fileId`); errors name that field. Read off the event loop within limits
 * (sheets/sheet-reader.ts): a few title and header rows are fine, a sheet far longer than a plan
 * is refused as soon as its rows pass that.
 */
export async function readXlsx(
  source: string | Readable,
  field: 'xlsx' | 'fileId' = 'xlsx',
): Promise<RawRow[]> {
  const rows = await readSheet(source, {
    field,
    limits: { maxRows: IMPORT_MAX_ROWS + 20, columns: 5 },
    unreadable: () => new CalendarPlanError(422, 'import_unreadable', field),
    tooManyRows: () =>
      new CalendarPlanError(422, 'import_too_long', 'rows', { n: IMPORT_MAX_ROWS }),
  });
  return rows.map((r) => ({ row: r.row, cells: r.cells.map((c) => c.trim()) }));
}

export function readText(text: string): RawRow[] {
  const lines = text.split(/\r?\n/);
  if (lines.filter((l) => l.trim() !== '').length > IMPORT_MAX_ROWS + 20)
    throw new CalendarPlanError(422, 'import_too_long', 'rows', { n: IMPORT_MAX_ROWS });
  return lines.map((line, i) => {
    const sep = line.includes('\t') ? '\t' : line.includes('|') ? '|' : ';';
    const cells = line.split(sep).map((c) => c.trim());
    // Pasted without the № column («topic | hours | quarter [| date]»): the first cell is text.
    if (cells.length <= 4 && cells[0] && !/^\d+\.?$/.test(cells[0])) cells.unshift('');
    return { row: i + 1, cells };
  });
}

/** `DD.MM.YYYY` / `D.M.YYYY` / `YYYY-MM-DD` → `YYYY-MM-DD`, or null when not a real date. */
export function parseDate(s: string): string | null {
  let y: string, m: string, d: string;
  const dots = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (dots) [, d, m, y] = dots as unknown as [string, string, string, string];
  else if (iso) [, y, m, d] = iso as unknown as [string, string, string, string];
  else return null;
  const out = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const t = new Date(`${out}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(out) ? out : null;
}

function whole(s: string, min: number, max: number): number | null {
  if (!/^\d+([.,]0+)?$/.test(s)) return null;
  const n = Number.parseInt(s, 10);
  return n >= min && n <= max ? n : null;
}

/**
 * The rows as plan lessons, in order; every bad row is reported (ImportRowsError) and nothing is
 * returned then. Blank rows and header rows are skipped.
 */
export function validateRows(
  raw: RawRow[],
  year: { start: string; end: string } | null,
): CalendarPlanLessonFields[] {
  const out: CalendarPlanLessonFields[] = [];
  const bad: { row: number; problems: RowProblem[] }[] = [];
  let started = false;
  for (const r of raw) {
    const [, topicCell = '', hoursCell = '', quarterCell = '', dateCell = ''] = r.cells;
    if (r.cells.every((c) => c === '')) continue;
    // Title rows above the list (one filled cell) carry no lesson.
    if (!started && r.cells.filter((c) => c !== '').length <= 1) continue;
    if (HEADER.test(topicCell) && whole(hoursCell, 1, 1000) === null) continue;
    started = true;
    const problems: RowProblem[] = [];
    const topic = topicCell.replace(/\s+/g, ' ').trim();
    if (!topic) problems.push('topic_empty');
    else if (topic.length > PLAN_TOPIC_MAX) problems.push('topic_long');
    const hours = whole(hoursCell, 1, PLAN_LESSON_MAX_HOURS);
    if (hours === null) problems.push('hours');
    const quarter = whole(quarterCell, 1, 4);
    if (quarter === null) problems.push('quarter');
    let date: string | null = null;
    if (dateCell) {
      date = parseDate(dateCell);
      if (date === null) problems.push('date_invalid');
      else if (!year || date < year.start || date > year.end) problems.push('date_out');
    }
    if (problems.length > 0) bad.push({ row: r.row, problems });
    else out.push({ topic, hours: hours!, quarter: quarter!, date });
  }
  if (bad.length > 0) throw new ImportRowsError(bad);
  if (out.length === 0) throw new CalendarPlanError(422, 'import_empty', 'rows');
  if (out.length > IMPORT_MAX_ROWS)
    throw new CalendarPlanError(422, 'import_too_long', 'rows', { n: IMPORT_MAX_ROWS });
  return out;
}

/** `openFile`: the caller's own KTP upload by id (file service), or null when not theirs. */
export async function rowsOf(
  body: CalendarPlanImport,
  year: { start: string; end: string } | null,
  openFile: (id: string) => Promise<Readable | null>,
): Promise<CalendarPlanLessonFields[]> {
  return validateRows(await rawRowsOf(body, openFile), year);
}

async function rawRowsOf(
  body: CalendarPlanImport,
  openFile: (id: string) => Promise<Readable | null>,
): Promise<RawRow[]> {
  if ('xlsx' in body) return readXlsx(body.xlsx);
  if ('text' in body) return readText(body.text);
  const file = await openFile(body.fileId);
  if (!file) throw new CalendarPlanError(422, 'import_unreadable', 'fileId');
  return readXlsx(file, 'fileId');
}

function dmy(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** The plan's lessons as an .xlsx with the import's columns (the planned date, not a computed one). */
export async function planWorkbook(
  title: string,
  lessons: {
    number: number;
    topic: string;
    hours: number;
    quarter: number;
    planned: string | null;
  }[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sabaq';
  const ws = wb.addWorksheet(title.slice(0, 31).replace(/[\\/*?:[\]]/g, ' ') || 'KTP');
  ws.addRow(PLAN_COLUMNS).font = { bold: true };
  for (const l of lessons)
    ws.addRow([l.number, l.topic, l.hours, l.quarter, l.planned ? dmy(l.planned) : '']);
  ws.getColumn(1).width = 5;
  ws.getColumn(2).width = 60;
  ws.getColumn(3).width = 10;
  ws.getColumn(4).width = 14;
  ws.getColumn(5).width = 12;
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
