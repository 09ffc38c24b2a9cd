import ExcelJS from 'exceljs';
import { EDUCATIONAL_AREAS, EDUCATIONAL_AREA_LABELS } from '@sabaq/platform';
import type { CardExport, GroupExport } from './export-data';
import { cardFacts, distributionLines, groupFacts } from './export-data';
import { EXPORT_TEXTS, levelText, stageText } from './export-texts';

/** A sheet name Excel accepts: at most 31 characters, none of \ / * ? : [ ]. */
function sheetName(text: string): string {
  return text.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31);
}

function newWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sabaq';
  return workbook;
}

/** Title, the «label: value» lines and an empty row. */
function writeHead(sheet: ExcelJS.Worksheet, title: string, lines: [string, string][]): void {
  sheet.addRow([title]).font = { bold: true, size: 14 };
  for (const line of lines) sheet.addRow(line).getCell(1).font = { bold: true };
  sheet.addRow([]);
}

function writeHeader(sheet: ExcelJS.Worksheet, cells: readonly (string | null)[]): void {
  const row = sheet.addRow([...cells]);
  row.font = { bold: true };
  row.alignment = { wrapText: true, vertical: 'middle' };
}

/**
 * A child's developmental card as a workbook: the child, then one row per skill (area, skill,
 * level at each stage shown), the area's level after its skills and the overall level; a second
 * sheet holds the teacher's comments and recommendations.
 */
export async function buildCardWorkbook(exported: CardExport): Promise<Buffer> {
  const { card, stages, locale } = exported;
  const t = EXPORT_TEXTS[locale];
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet(sheetName(card.child.name));
  writeHead(sheet, t.cardTitle, cardFacts(exported));
  writeHeader(sheet, [t.area, t.skill, ...stages.map((s) => stageText(s, locale))]);
  for (const area of card.areas) {
    for (const skill of area.skills)
      sheet.addRow([area.title, skill.title, ...stages.map((s) => levelText(skill.levels[s]))]);
    sheet.addRow([area.title, t.areaLevel, ...stages.map((s) => levelText(area.levels[s]))]).font =
      { bold: true };
  }
  sheet.addRow([null, t.overall, ...stages.map((s) => levelText(card.overall[s]))]).font = {
    bold: true,
  };
  sheet.addRow([]);
  sheet.addRow([t.levels]).font = { italic: true };
  sheet.getColumn(1).width = 26;
  sheet.getColumn(2).width = 60;
  stages.forEach((_, index) => (sheet.getColumn(3 + index).width = 20));
  writeNotes(workbook.addWorksheet(sheetName(t.notes)), exported);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The teacher's comments and recommendations of the stages shown, one row per area and stage. */
function writeNotes(sheet: ExcelJS.Worksheet, exported: CardExport): void {
  const { card, stages, locale } = exported;
  const t = EXPORT_TEXTS[locale];
  writeHeader(sheet, [t.area, t.stage, t.comment, t.recommendation]);
  for (const area of card.areas)
    for (const stage of stages) {
      const note = area.notes[stage];
      if (!note) continue;
      const row = sheet.addRow([
        area.title,
        stageText(stage, locale),
        // An empty text stays an empty cell.
        note.comment || null,
        note.recommendation || null,
      ]);
      row.alignment = { wrapText: true, vertical: 'top' };
    }
  [26, 22, 60, 60].forEach((width, index) => (sheet.getColumn(index + 1).width = width));
}

/**
 * A group's summary for a stage as a workbook: children × areas with the overall level, then
 * the number of children at each level per area and overall (numbers, not text).
 */
export async function buildGroupWorkbook(exported: GroupExport): Promise<Buffer> {
  const { group, locale } = exported;
  const t = EXPORT_TEXTS[locale];
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet(sheetName(`${t.group} ${group.name}`));
  writeHead(sheet, t.groupTitle, groupFacts(exported));
  const areaTitles = EDUCATIONAL_AREAS.map((area) => EDUCATIONAL_AREA_LABELS[area][locale]);
  writeHeader(sheet, [t.number, t.childName, ...areaTitles, t.overall]);
  group.children.forEach((child, index) =>
    sheet.addRow([
      index + 1,
      child.name,
      ...EDUCATIONAL_AREAS.map((area) => levelText(child.areas[area])),
      levelText(child.overall),
    ]),
  );
  sheet.addRow([]);
  sheet.addRow([t.distribution]).font = { bold: true };
  writeHeader(sheet, [null, t.area, 'I', 'II', 'III', t.notAssessed]);
  for (const line of distributionLines(exported))
    sheet.addRow([null, line.title, line.level1, line.level2, line.level3, line.none]);
  sheet.addRow([]);
  sheet.addRow([t.levels]).font = { italic: true };
  sheet.getColumn(1).width = 6;
  sheet.getColumn(2).width = 32;
  for (let column = 3; column <= 3 + EDUCATIONAL_AREAS.length; column++)
    sheet.getColumn(column).width = 15;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
