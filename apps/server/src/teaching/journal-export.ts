import ExcelJS from 'exceljs';
import type { JournalGrid, Locale } from '@sabaq/platform';

/** The .xlsx file name of a journal page: group, subject and quarter. */
export function nameJournalFile(grid: JournalGrid): string {
  return `${grid.group.name}-${grid.subject.name}-${grid.period.quarter}.xlsx`;
}

const HEADINGS = {
  ru: {
    student: 'Ученик',
    formative: 'ФО, %',
    sor: 'СОР, %',
    soch: 'СОЧ, %',
    total: 'Итого, %',
    grade: 'Оценка',
    absent: 'н',
  },
  kz: {
    student: 'Оқушы',
    formative: 'ҚБ, %',
    sor: 'БЖБ, %',
    soch: 'ТЖБ, %',
    total: 'Барлығы, %',
    grade: 'Баға',
    absent: 'ж',
  },
} as const;

/** The journal page as an Excel workbook: marks, absences (н), SOR/SOCh points and the result. */
export async function buildJournalWorkbook(grid: JournalGrid, locale: Locale): Promise<Buffer> {
  const text = locale === 'ru' ? HEADINGS.ru : HEADINGS.kz;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sabaq';
  const title = `${grid.group.name} — ${grid.subject.name}${grid.subgroup ? ` (${grid.subgroup.name})` : ''} — ${grid.period.name}`;
  const sheet = workbook.addWorksheet(title.slice(0, 31).replace(/[\\/*?:[\]]/g, ' '));
  sheet.addRow([title]).font = { bold: true, size: 13 };
  const header = [
    '№',
    text.student,
    ...grid.lessons.map((lesson) => `${lesson.date.slice(8, 10)}.${lesson.date.slice(5, 7)}`),
    ...grid.assessments.map(
      (assessment) =>
        `${assessment.kind === 'sor' ? (locale === 'ru' ? 'СОР' : 'БЖБ') : locale === 'ru' ? 'СОЧ' : 'ТЖБ'} ${assessment.title} (${assessment.maxPoints})`,
    ),
    text.formative,
    text.sor,
    text.soch,
    text.total,
    text.grade,
  ];
  sheet.addRow(header).font = { bold: true };
  grid.rows.forEach((row, index) => {
    sheet.addRow([
      index + 1,
      row.student.fullname,
      ...row.cells.map((cell) =>
        cell.absent
          ? cell.mark !== null
            ? `${cell.mark} ${text.absent}`
            : text.absent
          : (cell.mark ?? ''),
      ),
      ...grid.assessments.map((assessment) => row.points[String(assessment.id)] ?? ''),
      row.result.formative ?? '',
      row.result.sor ?? '',
      row.result.soch ?? '',
      row.result.total ?? '',
      row.result.grade ?? '',
    ]);
  });
  sheet.getColumn(2).width = 28;
  sheet.views = [{ state: 'frozen', xSplit: 2, ySplit: 2 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
