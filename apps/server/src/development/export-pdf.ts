import { EDUCATIONAL_AREAS, EDUCATIONAL_AREA_LABELS } from '@sabaq/platform';
import type { CardExport, GroupExport } from './export-data';
import { cardFacts, distributionLines, groupFacts } from './export-data';
import { EXPORT_TEXTS, levelText, stageText } from './export-texts';
import type { Pdf, PdfFonts, TableRow } from './pdf-table';
import { MARGIN, ensureRoom, facts, heading, innerWidth, openDocument, table } from './pdf-table';

/**
 * A child's developmental card as an A4 PDF: the child, per area the skills with their levels at
 * the stages shown, the area's level and the teacher's notes, then the overall level.
 */
export function renderCardPdf(exported: CardExport, fonts: PdfFonts): Promise<Buffer> {
  const { card, stages, locale } = exported;
  const t = EXPORT_TEXTS[locale];
  const { doc, done } = openDocument(`${t.cardTitle} — ${card.child.name}`, 'portrait', fonts);
  heading(doc, t.cardTitle, 15);
  facts(doc, cardFacts(exported));
  const widths = [4.2, ...stages.map(() => 1.7)];
  const header: TableRow = { cells: [t.skill, ...stages.map((s) => stageText(s, locale))] };
  for (const area of card.areas) {
    heading(doc, area.title, 12);
    table(doc, widths, [
      header,
      ...area.skills.map((skill) => ({
        cells: [skill.title, ...stages.map((s) => levelText(skill.levels[s]))],
      })),
      { cells: [t.areaLevel, ...stages.map((s) => levelText(area.levels[s]))], bold: true },
    ]);
    for (const stage of stages) {
      const note = area.notes[stage];
      if (note)
        writeNote(doc, stageText(stage, locale), [
          [t.comment, note.comment],
          [t.recommendation, note.recommendation],
        ]);
    }
  }
  heading(doc, t.overall, 12);
  table(doc, widths, [
    { cells: [t.stage, ...stages.map((s) => stageText(s, locale))] },
    { cells: [t.overall, ...stages.map((s) => levelText(card.overall[s]))], bold: true },
  ]);
  footnote(doc, t.levels);
  doc.end();
  return done;
}

/**
 * A group's summary for a stage as an A4 landscape PDF: children × areas with the overall level,
 * then the number of children at each level per area (development.group's distribution).
 */
export function renderGroupPdf(exported: GroupExport, fonts: PdfFonts): Promise<Buffer> {
  const { group, locale } = exported;
  const t = EXPORT_TEXTS[locale];
  const { doc, done } = openDocument(`${t.groupTitle} — ${group.name}`, 'landscape', fonts);
  heading(doc, t.groupTitle, 15);
  facts(doc, groupFacts(exported));
  const areaTitles = EDUCATIONAL_AREAS.map((area) => EDUCATIONAL_AREA_LABELS[area][locale]);
  table(
    doc,
    [0.5, 3.2, ...EDUCATIONAL_AREAS.map(() => 1.7), 1.4],
    [
      { cells: [t.number, t.childName, ...areaTitles, t.overall] },
      ...group.children.map((child, index) => ({
        cells: [
          String(index + 1),
          child.name,
          ...EDUCATIONAL_AREAS.map((area) => levelText(child.areas[area])),
          levelText(child.overall),
        ],
      })),
    ],
    2,
  );
  heading(doc, t.distribution, 12);
  table(
    doc,
    [4, 1.2, 1.2, 1.2, 1.5],
    [
      { cells: [t.area, 'I', 'II', 'III', t.notAssessed] },
      ...distributionLines(exported).map((line, index, all) => ({
        cells: [line.title, ...[line.level1, line.level2, line.level3, line.none].map(String)],
        bold: index === all.length - 1,
      })),
    ],
  );
  footnote(doc, t.levels);
  doc.end();
  return done;
}

/** A stage's note under an area's table: the stage in bold, then each non-empty text. */
function writeNote(doc: Pdf, stage: string, texts: readonly (readonly [string, string])[]): void {
  ensureRoom(doc, 40);
  doc
    .font('bold')
    .fontSize(9)
    .text(stage, MARGIN, doc.y, { width: innerWidth(doc) });
  for (const [label, text] of texts) {
    if (text === '') continue;
    doc.font('bold').text(`${label}: `, MARGIN, doc.y, { continued: true, width: innerWidth(doc) });
    doc.font('body').text(text);
  }
  doc.moveDown(0.5);
}

function footnote(doc: Pdf, text: string): void {
  ensureRoom(doc, 20);
  doc
    .font('body')
    .fontSize(8)
    .fillColor('#444444')
    .text(text, MARGIN, doc.y, {
      width: innerWidth(doc),
    });
  doc.fillColor('#000000');
}
