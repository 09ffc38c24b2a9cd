import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * Small pdfkit helpers of the development exports: an A4 document with DejaVu Sans embedded (the
 * built-in PDF fonts have no Kazakh letters; commerce/receipt-pdf.ts finds the font) and a table
 * that breaks across pages, repeating its header.
 */
export type Pdf = PDFKit.PDFDocument;

export interface PdfFonts {
  regular: string;
  /** DejaVu Sans Bold beside the regular face, when present. */
  bold: string;
}

/** The fonts of the exports, from the regular face's path. */
export function exportFonts(regular: string): PdfFonts {
  const bold = join(dirname(regular), 'DejaVuSans-Bold.ttf');
  return { regular, bold: existsSync(bold) ? bold : regular };
}

export const MARGIN = 36;

/** A new A4 document and the promise of its bytes (resolved after `doc.end()`). */
export function openDocument(
  title: string,
  layout: 'portrait' | 'landscape',
  fonts: PdfFonts,
): { doc: Pdf; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', layout, margin: MARGIN, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.font('body');
  return { doc, done };
}

/** The width between the margins. */
export function innerWidth(doc: Pdf): number {
  return doc.page.width - 2 * MARGIN;
}

/** Starts a new page when fewer than `height` points are left. */
export function ensureRoom(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN) {
    doc.addPage();
    doc.y = MARGIN;
  }
}

/** A bold heading, kept on one page with what follows it (`room` points: a table's first rows). */
export function heading(doc: Pdf, text: string, size: number, room = 80): void {
  ensureRoom(doc, size * 2 + room);
  doc
    .font('bold')
    .fontSize(size)
    .text(text, MARGIN, doc.y, { width: innerWidth(doc) });
  doc.font('body');
  doc.moveDown(0.3);
}

/** «Label: value» lines under a title. */
export function facts(doc: Pdf, lines: readonly (readonly [string, string])[]): void {
  doc.fontSize(10);
  for (const [label, value] of lines) {
    doc.font('bold').text(`${label}: `, MARGIN, doc.y, { continued: true });
    doc.font('body').text(value);
  }
  doc.moveDown(0.5);
}

export interface TableRow {
  cells: readonly string[];
  bold?: boolean;
}

/**
 * A bordered table: `widths` are fractions of the inner width, the first row is the header
 * (bold, repeated on every page). The first `textColumns` columns are left-aligned, the others
 * (levels, numbers) centred.
 */
export function table(
  doc: Pdf,
  widths: readonly number[],
  rows: readonly TableRow[],
  textColumns = 1,
): void {
  // The header one point smaller: long stage names («Промежуточный контроль») fit their column.
  const sizeOf = (isHeader: boolean) => (isHeader ? 8 : 9);
  const total = widths.reduce((sum, w) => sum + w, 0);
  const columns = widths.map((w) => (w / total) * innerWidth(doc));
  const pad = 3;
  const [header, ...body] = rows;
  const draw = (row: TableRow, isHeader: boolean) => {
    const font = row.bold || isHeader ? 'bold' : 'body';
    doc.font(font).fontSize(sizeOf(isHeader));
    const height =
      Math.max(
        ...row.cells.map((text, i) => doc.heightOfString(text, { width: columns[i]! - 2 * pad })),
      ) +
      2 * pad;
    if (doc.y + height > doc.page.height - MARGIN) {
      doc.addPage();
      doc.y = MARGIN;
      if (!isHeader && header) draw(header, true);
      doc.font(font).fontSize(sizeOf(isHeader));
    }
    const top = doc.y;
    let x = MARGIN;
    row.cells.forEach((text, i) => {
      const width = columns[i]!;
      if (isHeader) doc.rect(x, top, width, height).fillAndStroke('#eeeeee', '#000000');
      else doc.rect(x, top, width, height).stroke();
      doc.fillColor('#000000').text(text, x + pad, top + pad, {
        width: width - 2 * pad,
        align: i < textColumns ? 'left' : 'center',
      });
      x += width;
    });
    doc.x = MARGIN;
    doc.y = top + height;
  };
  if (header) draw(header, true);
  for (const row of body) draw(row, false);
  doc.font('body');
  doc.moveDown(0.6);
}
