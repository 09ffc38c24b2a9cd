import ExcelJS from 'exceljs';
import {
  STAFF_KINDS,
  isValidEmail,
  isValidIin,
  isValidName,
  staffKindLabel,
} from '@sabaq/platform';
import type { Locale, StaffMember } from '@sabaq/platform';
import { PersonnelError } from './personnel-texts';
import {
  PERSON_ROW_MESSAGES,
  RowsImportError,
  cellText,
  firstSheet,
  iinFromCell,
  rowMessage as sharedRowMessage,
} from './xlsx-rows';

/**
 * The staff list as an .xlsx sheet, one person a row:
 * «№ | ЖСН/ИИН | Тегі/Фамилия | Аты/Имя | Әкесінің аты/Отчество | Рөлі/Роль | Лауазымы/Должность |
 * Телефон | Email | Пәндер/Предметы | Сыныптар/Классы». The export writes it; the import reads the
 * same columns (№ and classes are informative). Every row is checked; one bad row and nothing is
 * written, each bad row named by its number in the sheet.
 */
export const STAFF_COLUMNS = [
  '№',
  'ЖСН / ИИН',
  'Тегі / Фамилия',
  'Аты / Имя',
  'Әкесінің аты / Отчество',
  'Рөлі / Роль',
  'Лауазымы / Должность',
  'Телефон',
  'Email',
  'Пәндер / Предметы',
  'Сыныптар / Классы',
];
export const IMPORT_MAX_ROWS = 1000;

export type RowProblem =
  | 'iin_invalid'
  | 'surname_invalid'
  | 'firstname_invalid'
  | 'lastname_invalid'
  | 'role_unknown'
  | 'role_forbidden'
  | 'phone_invalid'
  | 'email_invalid'
  | 'subject_unknown'
  | 'iin_repeated'
  | 'email_repeated'
  | 'iin_taken'
  | 'email_taken'
  | 'dismissed';

const ROW_MESSAGES: Record<RowProblem, Record<Locale, string>> = {
  ...PERSON_ROW_MESSAGES,
  role_unknown: { kz: 'рөлі белгісіз', ru: 'неизвестная роль' },
  role_forbidden: {
    kz: 'бұл қызметкерді немесе рөлді сіз өзгерте алмайсыз',
    ru: 'этого сотрудника или эту роль вы менять не можете',
  },
  phone_invalid: { kz: 'телефон 10–11 цифр болуы керек', ru: 'телефон — 10–11 цифр' },
  email_invalid: { kz: 'электрондық пошта қате', ru: 'неверный адрес электронной почты' },
  subject_unknown: { kz: 'мұндай пән жоқ', ru: 'такого предмета нет' },
  email_repeated: { kz: 'бұл пошта файлда екі рет бар', ru: 'этот адрес в файле дважды' },
  email_taken: {
    kz: 'бұл пошта басқа пайдаланушыда',
    ru: 'этот адрес у другого пользователя',
  },
  dismissed: { kz: 'бұл қызметкер жұмыстан шығарылған', ru: 'этот сотрудник уволен' },
};

export function rowMessage(row: number, problems: RowProblem[], locale: Locale): string {
  return sharedRowMessage(ROW_MESSAGES, row, problems, locale);
}

/** 422 naming every bad row (field `rows.<n>`) in the request's language; nothing was written. */
export class StaffImportError extends RowsImportError<RowProblem> {
  constructor(problems: { row: number; problems: RowProblem[] }[]) {
    super(ROW_MESSAGES, problems);
  }
}

/** One data row as read: its sheet number and what it asks for. */
export interface StaffRowInput {
  row: number;
  iin: string;
  surname: string;
  firstname: string;
  lastname: string | null;
  role: string;
  subrole: string | null;
  position: string | null;
  phone: string | null;
  email: string | null;
  subjectIds: number[];
  problems: RowProblem[];
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

function findKind(cell: string): { role: string; subrole: string | null } | null {
  const c = norm(cell);
  const codes: Record<string, { role: string; subrole: string | null }> = {
    teacher: { role: 'teacher', subrole: null },
    dcr: { role: 'teacher', subrole: 'DCR' },
    zvch: { role: 'teacher', subrole: 'ZVCH' },
    zavuch: { role: 'zavuch', subrole: null },
    director: { role: 'director', subrole: null },
  };
  if (codes[c]) return codes[c];
  const kind = STAFF_KINDS.find((k) => norm(k.kz) === c || norm(k.ru) === c);
  return kind ? { role: kind.role, subrole: kind.subrole } : null;
}

/** Reads the sheet's data rows (a header row, recognised by its IIN title, is skipped). */
export async function readStaffSheet(
  base64: string,
  subjects: { id: number; code: string; name_kz: string; name_ru: string }[],
): Promise<StaffRowInput[]> {
  const tooLong = () => new PersonnelError(422, 'import_too_long', 'xlsx', { n: IMPORT_MAX_ROWS });
  const ws = await firstSheet(base64, () => new PersonnelError(422, 'import_unreadable', 'xlsx'), {
    maxRows: IMPORT_MAX_ROWS + 5,
    columns: 10,
    tooManyRows: tooLong,
  });
  const bySubject = new Map<string, number>();
  for (const s of subjects)
    for (const name of [s.code, s.name_kz, s.name_ru]) bySubject.set(norm(name), s.id);
  const rows: StaffRowInput[] = [];
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    const cells = Array.from({ length: 10 }, (_, i) => cellText(r.getCell(i + 1).value).trim());
    const [, iinCell = '', surname = '', firstname = '', lastname = '', roleCell = ''] = cells;
    const [position = '', phoneCell = '', email = '', subjectCell = ''] = cells.slice(6);
    if (/ИИН|ЖСН|IIN/i.test(iinCell) || cells.every((c) => c === '')) return;
    const problems: RowProblem[] = [];
    const iin = iinFromCell(iinCell);
    // An empty IIN is for an account that has none (matched by e-mail in the import).
    if (iin !== '' && !isValidIin(iin)) problems.push('iin_invalid');
    if (!isValidName(surname)) problems.push('surname_invalid');
    if (!isValidName(firstname)) problems.push('firstname_invalid');
    if (lastname !== '' && !isValidName(lastname)) problems.push('lastname_invalid');
    const kind = findKind(roleCell);
    if (!kind) problems.push('role_unknown');
    const phone = phoneCell.replace(/\D+/g, '');
    if (phone !== '' && !/^\d{10,11}$/.test(phone)) problems.push('phone_invalid');
    if (email !== '' && !isValidEmail(email)) problems.push('email_invalid');
    const subjectIds: number[] = [];
    for (const name of subjectCell.split(/[,;]/).map(norm).filter(Boolean)) {
      const id = bySubject.get(name);
      if (id === undefined) problems.push('subject_unknown');
      else if (!subjectIds.includes(id)) subjectIds.push(id);
    }
    rows.push({
      row: n,
      iin,
      surname,
      firstname,
      lastname: lastname || null,
      role: kind?.role ?? '',
      subrole: kind?.subrole ?? null,
      position: position || null,
      phone: phone || null,
      email: email || null,
      subjectIds,
      problems: [...new Set(problems)],
    });
  });
  if (rows.length === 0) throw new PersonnelError(422, 'import_empty', 'xlsx');
  return rows;
}

/** The staff list as a workbook in the columns the import reads. */
export async function buildStaffWorkbook(staff: StaffMember[], locale: Locale): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sabaq';
  const ws = wb.addWorksheet(locale === 'ru' ? 'Сотрудники' : 'Қызметкерлер');
  ws.addRow(STAFF_COLUMNS).font = { bold: true };
  staff.forEach((m, i) => {
    ws.addRow([
      i + 1,
      m.iin ?? '',
      m.surname,
      m.firstname,
      m.lastname ?? '',
      staffKindLabel(m.role, m.subrole, locale),
      m.position ?? '',
      m.phone ?? '',
      m.email ?? '',
      m.subjects.map((s) => s.name).join(', '),
      m.classes.map((c) => c.name).join(', '),
    ]);
  });
  ws.getColumn(2).numFmt = '@';
  [5, 16, 16, 14, 18, 30, 30, 14, 28, 30, 16].forEach((w, i) => (ws.getColumn(i + 1).width = w));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
