import PDFDocument from 'pdfkit';
import type { Cell, ExportDocument, ExportTable } from './export-document';
import { formatNumber } from './export-texts';

type Pdf = InstanceType<typeof PDFDocument>;

const MARGIN = 30;
const PAD = 3;
const FONT_SIZE = 8;

function shown(cell: Cell): string {
  if (cell === null) return '';
  return typeof cell === 'number' ? formatNumber(cell) : cell;
}

/** Moves to a new page when `height` does not fit below `y`; returns where to draw. */
function room(doc: Pdf, y: number, height: number): number {
  if (y + height <= doc.page.height - MARGIN) return y;
  doc.addPage();
  return MARGIN;
}

function drawRow(
  doc: Pdf,
  cells: string[],
  widths: number[],
  y: number,
  bold: boolean,
  numeric: readonly boolean[] = [],
): number {
  doc.font(bold ? 'bold' : 'body').fontSize(FONT_SIZE);
  const height =
    Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: widths[i]! - 2 * PAD }))) +
    2 * PAD;
  let x = MARGIN;
  cells.forEach((text, i) => {
    doc.rect(x, y, widths[i]!, height).stroke('#888');
    doc.fillColor('#000').text(text, x + PAD, y + PAD, {
      width: widths[i]! - 2 * PAD,
      align: numeric[i] ? 'right' : 'left',
    });
    x += widths[i]!;
  });
  return y + height;
}

/** A table with its header repeated on every page it runs onto. */
function drawTable(doc: Pdf, table: ExportTable): void {
  const width = doc.page.width - 2 * MARGIN;
  const sum = table.weights.reduce((a, b) => a + b, 0);
  const widths = table.weights.map((w) => (width * w) / sum);
  const header = table.header;
  let y = doc.y;
  if (table.heading) {
    doc.font('bold').fontSize(9);
    y = room(doc, y, doc.heightOfString(table.heading, { width }) + 40);
    doc.text(table.heading, MARGIN, y, { width });
    y = doc.y + 3;
  }
  doc.font('bold').fontSize(FONT_SIZE);
  const headerHeight = Math.max(
    ...header.map((t, i) => doc.heightOfString(t, { width: widths[i]! - 2 * PAD })),
  );
  y = room(doc, y, headerHeight + 30);
  y = drawRow(doc, header, widths, y, true);
  table.rows.forEach((cells, index) => {
    const texts = cells.map(shown);
    doc.font('body').fontSize(FONT_SIZE);
    const height =
      Math.max(...texts.map((t, i) => doc.heightOfString(t, { width: widths[i]! - 2 * PAD }))) +
      2 * PAD;
    const top = room(doc, y, height);
    if (top !== y) y = drawRow(doc, header, widths, top, true);
    const total = Boolean(table.total) && index === table.rows.length - 1;
    const numeric = cells.map((c) => typeof c === 'number');
    y = drawRow(doc, texts, widths, y, total, numeric);
  });
  doc.x = MARGIN;
  doc.y = y + 10;
}

/**
 * The export as an A4 landscape PDF in the reader's language: the title and the export's lines,
 * then each section's heading, lines and tables. DejaVu Sans is embedded (regular and bold) so
 * Kazakh letters print; commerce/receipt-pdf.ts finds the font.
 */
export function renderPdf(
  document: ExportDocument,
  fonts: { regular: string; bold: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: document.title, Author: 'Sabaq' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.font('bold').fontSize(14).text(document.title);
  doc.font('body').fontSize(10);
  for (const line of document.lines) doc.text(line);
  doc.moveDown(0.5);
  for (const section of document.sections) {
    if (section.heading) {
      if (doc.y > doc.page.height - 100) doc.addPage();
      doc.font('bold').fontSize(11).text(section.heading, MARGIN, doc.y);
      doc.moveDown(0.3);
    }
    doc.font('body').fontSize(9);
    for (const line of section.lines) doc.text(line, MARGIN, doc.y);
    if (section.lines.length > 0) doc.moveDown(0.3);
    for (const table of section.tables) drawTable(doc, table);
  }
  doc.end();
  return done;
}
