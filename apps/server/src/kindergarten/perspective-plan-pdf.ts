import PDFDocument from 'pdfkit';
import {
  EDUCATIONAL_AREAS,
  EDUCATIONAL_AREA_LABELS,
  PLAN_MONTHS,
  PLAN_MONTH_LABELS,
  REGIME_MOMENT_LABELS,
  schoolYearLabel,
} from '@sabaq/platform';
import type { Locale, PlanItem } from '@sabaq/platform';
import { inLanguage } from './perspective-plan-present';

const TITLE = { kz: 'Перспективалық жоспар', ru: 'Перспективный план' } as const;
const GROUP = { kz: 'Топ', ru: 'Группа' } as const;
const YEAR = { kz: 'оқу жылы', ru: 'учебный год' } as const;
const HEAD = {
  area: { kz: 'Білім беру саласы', ru: 'Образовательная область' },
  topic: { kz: 'Тақырып', ru: 'Тема' },
  goals: { kz: 'Мақсаттар', ru: 'Цели' },
  links: { kz: 'Циклограммадағы іс-әрекеттер', ru: 'Занятия в циклограмме' },
} as const;

/** The PDF's title line (also its file name and document title). */
export function planTitle(locale: Locale, group: string, year: number, month?: number): string {
  const when = month
    ? `${PLAN_MONTH_LABELS[month]![locale]} ${schoolYearLabel(year)}`
    : `${schoolYearLabel(year)} ${YEAR[locale]}`;
  return `${TITLE[locale]} — ${GROUP[locale]} ${group} — ${when}`;
}

/**
 * A group's perspective plan as an A4 landscape PDF: for each month (one, or the whole year) a
 * table of the five areas with topic, goals and the cyclogram activities linked to each goal, in
 * the reader's language, DejaVu Sans embedded (commerce/receipt-pdf.ts finds it).
 */
export function renderPlan(
  items: readonly PlanItem[],
  locale: Locale,
  group: string,
  year: number,
  month: number | undefined,
  font: string,
): Promise<Buffer> {
  const title = planTitle(locale, group, year, month);
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
  const left = 30;
  const widths = [120, 170, 260, 232];
  const bottom = doc.page.height - 30;
  const row = (texts: string[], y: number): number => {
    const height =
      Math.max(18, ...texts.map((t, i) => doc.heightOfString(t, { width: widths[i]! - 6 }))) + 6;
    let x = left;
    texts.forEach((text, i) => {
      doc.rect(x, y, widths[i]!, height).stroke();
      doc.text(text, x + 3, y + 3, { width: widths[i]! - 6 });
      x += widths[i]!;
    });
    return height;
  };
  for (const m of month ? [month] : PLAN_MONTHS) {
    doc.fontSize(9);
    const cells = EDUCATIONAL_AREAS.map((area) => {
      const item = items.find((i) => i.month === m && i.area === area);
      return [
        EDUCATIONAL_AREA_LABELS[area][locale],
        item ? inLanguage(item.topic, locale) : '',
        item ? inLanguage(item.goals, locale) : '',
        (item?.links ?? [])
          .map((l) => `${l.date}, ${REGIME_MOMENT_LABELS[l.moment][locale]}: ${l.text}`)
          .join('\n'),
      ];
    });
    const heights = cells.map((texts) =>
      Math.max(...texts.map((t, i) => doc.heightOfString(t, { width: widths[i]! - 6 }))),
    );
    if (doc.y + 60 + (heights[0] ?? 0) > bottom) doc.addPage();
    doc.moveDown(0.6);
    doc.fontSize(12).text(PLAN_MONTH_LABELS[m]![locale], left, doc.y);
    doc.fontSize(9);
    let y = doc.y + 4;
    y += row([HEAD.area[locale], HEAD.topic[locale], HEAD.goals[locale], HEAD.links[locale]], y);
    for (const texts of cells) {
      const height =
        Math.max(18, ...texts.map((t, i) => doc.heightOfString(t, { width: widths[i]! - 6 }))) + 6;
      if (y + height > bottom) {
        doc.addPage();
        y = 30;
      }
      y += row(texts, y);
    }
    doc.x = left;
    doc.y = y;
  }
  doc.end();
  return done;
}
