import ExcelJS from 'exceljs';
import type { ExportDocument, ExportTable } from './export-document';

/** Excel's limit on a sheet's name, and the characters it refuses there. */
const SHEET_NAME_MAX = 31;
const SHEET_NAME_REFUSED = /[\\/*?:[\]]/g;

/** Sheet names as Excel takes them: short, without its special characters, unique. */
export function nameSheets(wanted: readonly string[]): string[] {
  const taken = new Set<string>();
  return wanted.map((name) => {
    const base = name.replace(SHEET_NAME_REFUSED, ' ').replace(/\s+/g, ' ').trim() || '—';
    let candidate = base.slice(0, SHEET_NAME_MAX).trim();
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      const tail = ` (${n})`;
      candidate = `${base.slice(0, SHEET_NAME_MAX - tail.length).trim()}${tail}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

function addTable(sheet: ExcelJS.Worksheet, table: ExportTable): void {
  if (table.heading) sheet.addRow([table.heading]).font = { bold: true };
  const header = sheet.addRow(table.header);
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  table.rows.forEach((cells, index) => {
    const row = sheet.addRow(cells);
    row.alignment = { wrapText: true, vertical: 'top' };
    if (table.total && index === table.rows.length - 1) row.font = { bold: true };
  });
  sheet.addRow([]);
}

/**
 * The export as an .xlsx workbook: one sheet per section, each starting with the title and the
 * export's lines (what, which period, when), then its tables. Figures stay numbers.
 */
export async function buildWorkbook(document: ExportDocument): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sabaq';
  workbook.title = document.title;
  const names = nameSheets(document.sections.map((section) => section.sheet));
  document.sections.forEach((section, index) => {
    const sheet = workbook.addWorksheet(names[index]!);
    sheet.addRow([document.title]).font = { bold: true, size: 13 };
    for (const line of document.lines) sheet.addRow([line]);
    sheet.addRow([]);
    if (section.heading) sheet.addRow([section.heading]).font = { bold: true, size: 12 };
    for (const line of section.lines) sheet.addRow([line]);
    for (const table of section.tables) addTable(sheet, table);
    const weights = section.tables[0]?.weights ?? [4];
    const columns = Math.max(...section.tables.map((t) => t.header.length), 1);
    for (let column = 1; column <= columns; column++)
      sheet.getColumn(column).width = Math.round(Math.max(8, 11 * (weights[column - 1] ?? 1)));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
