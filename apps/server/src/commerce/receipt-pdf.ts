import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Locale } from '@sabaq/platform';
import type { LedgerRow } from './ledger-queries';

/**
 * Receipts as PDF (pdfkit). The built-in PDF fonts have no Cyrillic, let alone Kazakh letters
 * (ә ғ қ ң ө ұ ү һ і), so the receipt embeds DejaVu Sans, shipped with the server by the npm
 * package dejavu-fonts-ttf (so a machine without fonts prints receipts too); RECEIPT_FONT points
 * elsewhere when wanted, and Debian's fonts-dejavu-core is the last resort.
 */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/local/share/fonts/DejaVuSans.ttf',
];

function packagedFont(): string | null {
  try {
    return createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
  } catch {
    return null;
  }
}

export function receiptFont(env: NodeJS.ProcessEnv = process.env): string | null {
  const packaged = packagedFont();
  const candidates = [
    ...(env.RECEIPT_FONT ? [env.RECEIPT_FONT] : []),
    ...(packaged ? [packaged] : []),
    ...FONT_CANDIDATES,
  ];
  return candidates.find((p) => existsSync(p)) ?? null;
}

const LABELS = {
  kz: {
    title: 'Төлем түбіртегі',
    number: 'Түбіртек №',
    date: 'Күні',
    payer: 'Төлеуші',
    what: 'Төлем мақсаты',
    amount: 'Сомасы',
    balance: 'Операциядан кейінгі баланс',
    transaction: 'Транзакция',
    platform: 'Sabaq білім беру платформасы',
  },
  ru: {
    title: 'Квитанция об оплате',
    number: 'Квитанция №',
    date: 'Дата',
    payer: 'Плательщик',
    what: 'Назначение платежа',
    amount: 'Сумма',
    balance: 'Баланс после операции',
    transaction: 'Транзакция',
    platform: 'Образовательная платформа Sabaq',
  },
} as const;

function tenge(amount: number): string {
  return `${new Intl.NumberFormat('ru-RU').format(amount).replace(/\u00a0/g, ' ')} ₸`;
}

/** `DD.MM.YYYY HH:MM` in Kazakhstan time (UTC+5), whatever the server's zone. */
export function receiptTime(value: string | Date): string {
  const d = new Date(new Date(value).getTime() + 5 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The receipt of one ledger movement, in the reader's language. */
export function renderReceipt(
  entry: LedgerRow,
  payer: string,
  locale: Locale,
  font: string,
): Promise<Buffer> {
  const l = LABELS[locale];
  const doc = new PDFDocument({
    size: 'A5',
    margin: 40,
    info: { Title: `${l.title} ${entry.id}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', font);
  doc.font('body').fontSize(16).text(l.title);
  doc.fontSize(10).fillColor('#555').text(l.platform).moveDown();
  doc.fillColor('#000').fontSize(11);
  const rows: [string, string][] = [
    [l.number, String(entry.id)],
    [l.date, receiptTime(entry.created_at)],
    [l.payer, payer],
    [l.what, locale === 'kz' ? entry.description_kz : entry.description_ru],
    [l.amount, tenge(Math.abs(entry.amount))],
    [l.balance, tenge(entry.balance_after)],
  ];
  if (entry.transaction_id) rows.push([l.transaction, entry.transaction_id]);
  for (const [label, value] of rows) doc.text(`${label}: ${value}`).moveDown(0.3);
  doc.end();
  return done;
}
