import PDFDocument from 'pdfkit';
import {
  EDUCATIONAL_AREA_LABELS,
  REGIME_MOMENTS,
  REGIME_MOMENT_LABELS,
  WEEK_DAYS,
  WEEK_DAY_LABELS,
} from '@sabaq/platform';
import type { CyclogramCell, Locale } from '@sabaq/platform';

const TITLE = { kz: 'Апталық циклограмма', ru: 'Недельная циклограмма' } as const;
const GROUP = { kz: 'Топ', ru: 'Группа' } as const;
const WEEK = { kz: 'Апта', ru: 'Неделя' } as const;

/** The PDF's title line (also its file name and document title). */
export function cyclogramTitle(locale: Locale, group: string, week: string): string {
  return `${TITLE[locale]} — ${GROUP[locale]} ${group} — ${WEEK[locale]} ${week}`;
}

/**
 * A cyclogram week as an A4 landscape PDF: days as columns, regime moments as rows, in the
 * reader's language, DejaVu Sans embedded (Kazakh letters; commerce/receipt-pdf.ts finds it).
 */
export function renderCyclogram(
  cells: readonly CyclogramCell[],
  locale: Locale,
  group: string,
  week: string,
  font: string,
): Promise<Buffer> {
  const title = cyclogramTitle(locale, group, week);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 30,
    info: { Title: title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', font);
  doc.font('body').fontSize(14).text(title);
  doc.moveDown(0.5);
  const left = 30;
  const head = 110;
  const width = (doc.page.width - 60 - head) / WEEK_DAYS.length;
  let y = doc.y;
  doc.fontSize(9);
  WEEK_DAYS.forEach((day, i) =>
    doc.text(WEEK_DAY_LABELS[day]![locale], left + head + i * width + 2, y, { width: width - 4 }),
  );
  y += 16;
  for (const moment of REGIME_MOMENTS) {
    const texts = WEEK_DAYS.map((day) => {
      const cell = cells.find((c) => c.day === day && c.moment === moment);
      if (!cell || !cell.text) return '';
      return cell.area ? `${cell.text} (${EDUCATIONAL_AREA_LABELS[cell.area][locale]})` : cell.text;
    });
    const height =
      Math.max(
        28,
        doc.heightOfString(REGIME_MOMENT_LABELS[moment][locale], { width: head - 4 }),
        ...texts.map((t) => doc.heightOfString(t, { width: width - 4 })),
      ) + 6;
    if (y + height > doc.page.height - 30) {
      doc.addPage();
      y = 30;
    }
    doc.rect(left, y, head, height).stroke();
    doc.text(REGIME_MOMENT_LABELS[moment][locale], left + 2, y + 3, { width: head - 4 });
    texts.forEach((text, i) => {
      doc.rect(left + head + i * width, y, width, height).stroke();
      doc.text(text, left + head + i * width + 2, y + 3, { width: width - 4 });
    });
    y += height;
  }
  doc.end();
  return done;
}
