import { randomInt } from 'node:crypto';
import PDFDocument from 'pdfkit';
import type { Locale } from '@sabaq/platform';

/**
 * The certificate of a passed course (pdfkit, landscape A4) with the DejaVu font the receipts
 * embed (commerce/receipt-pdf.ts: Kazakh letters need it), and its verification code.
 */

const LABELS = {
  kz: {
    title: 'СЕРТИФИКАТ',
    given: 'Осы сертификат',
    passed: 'біліктілікті арттыру курсын сәтті аяқтағанын растайды:',
    hours: 'Көлемі: {hours} академиялық сағат',
    score: 'Қорытынды тест нәтижесі: {percent} %',
    date: 'Берілген күні: {date}',
    code: 'Тексеру коды: {code}',
    check: 'Түпнұсқалығын тексеру: {url}',
    platform: 'Sabaq білім беру платформасы',
  },
  ru: {
    title: 'СЕРТИФИКАТ',
    given: 'Настоящий сертификат подтверждает, что',
    passed: 'успешно завершил(а) курс повышения квалификации:',
    hours: 'Объём: {hours} академических часов',
    score: 'Результат итогового теста: {percent} %',
    date: 'Дата выдачи: {date}',
    code: 'Код проверки: {code}',
    check: 'Проверка подлинности: {url}',
    platform: 'Образовательная платформа Sabaq',
  },
} as const;

function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));
}

/** `2026-11-28` → `28.11.2026`. */
function displayDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

/** Letters and digits that cannot be confused when typed (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new verification code, e.g. `SBQ-7KQ2-M9XD`. */
export function newCertificateCode(): string {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `SBQ-${part()}-${part()}`;
}

export interface CertificateContent {
  holder: string;
  course: string;
  hours: number;
  percent: number;
  issuedOn: string;
  code: string;
  /** Where the code is checked (the public page). */
  checkUrl: string;
}

export function renderCertificate(
  content: CertificateContent,
  locale: Locale,
  font: string,
): Promise<Buffer> {
  const l = LABELS[locale];
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 60,
    info: { Title: `${l.title} ${content.code}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 120;
  doc
    .lineWidth(3)
    .strokeColor('#1f4e79')
    .rect(30, 30, doc.page.width - 60, doc.page.height - 60)
    .stroke();
  doc.registerFont('body', font);
  const centre = { width, align: 'center' as const };
  doc.font('body').fillColor('#555').fontSize(12).text(l.platform, 60, 70, centre);
  doc.moveDown(1.5).fillColor('#1f4e79').fontSize(34).text(l.title, centre);
  doc.moveDown(1).fillColor('#000').fontSize(14).text(l.given, centre);
  doc.moveDown(0.5).fontSize(24).text(content.holder, centre);
  doc.moveDown(0.5).fontSize(14).text(l.passed, centre);
  doc.moveDown(0.5).fontSize(20).text(`«${content.course}»`, centre);
  doc.moveDown(1).fontSize(13);
  doc.text(fill(l.hours, { hours: content.hours }), centre);
  doc.text(fill(l.score, { percent: content.percent }), centre);
  doc.text(fill(l.date, { date: displayDate(content.issuedOn) }), centre);
  doc.moveDown(1.5).fontSize(12).fillColor('#333');
  doc.text(fill(l.code, { code: content.code }), centre);
  doc.text(fill(l.check, { url: content.checkUrl }), centre);
  doc.end();
  return done;
}
