/**
 * What the every-screen walker (e2e/screens-walker.ts) looks for in a kz/ru screen's visible
 * text (issue 29, spec §5): ISO dates (`2026-11-23`, people read DD.MM.YYYY) and Latin code words
 * that leaked from the data (`kindergarden-year`, `InsufficientFunds`, `tariff_code`,
 * `tariffCode`). Pure, so that it is unit-tested without a browser; the walker hands it the
 * page's `innerText` and the texts of `[data-user-text]` (what teachers typed is shown as written
 * and is never a finding).
 */

export type VisibleTextFinding = { kind: 'iso-date' | 'code-word'; text: string };

/** A calendar date written the machine's way: YYYY-MM-DD with a real month and day. */
const ISO_DATE = /(?<![\d.-])(\d{4})-(\d{2})-(\d{2})(?![\d-])/g;

/** Latin words with a hyphen or underscore inside, all small letters: `kindergarden-year`. */
const KEBAB_OR_SNAKE = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$/;
/** CONSTANT_CASE: `NOT_FOUND`. */
const SCREAMING_SNAKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** camelCase: `tariffCode`. */
const CAMEL = /^[a-z]+(?:[A-Z][a-z0-9]*)+$/;
/** PascalCase of two words or more: `InsufficientFunds` (not `ChatGPT`, not `Word`). */
const PASCAL = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+$/;

/** Names people write this way: brands, products and the one Latin word Russian UIs use. */
const ALLOWED = new Set(
  [
    'e-mail',
    'wi-fi',
    'YouTube',
    'WhatsApp',
    'PowerPoint',
    'LinkedIn',
    'TikTok',
    'GeoGebra',
    'CloudPayments',
    'iPhone',
    'iPad',
    'macOS',
    'iOS',
    'GitHub',
    'JavaScript',
    'TypeScript',
    'OpenStreetMap',
    'BilimLand',
    'OnlineMektep',
    'DejaVu',
  ].map((word) => word.toLowerCase()),
);

/** Pieces that are addresses or file names, not words: links, e-mails, `plan.pdf`, `sabaq.kz`. */
function isAddressOrFile(token: string): boolean {
  return (
    /[@/\\]/.test(token) ||
    /^www\./i.test(token) ||
    /\.[a-z0-9]{2,5}$/i.test(token) ||
    /[a-z]\.[a-z]/i.test(token)
  );
}

/** Each distinct finding once, in the order of the text. */
export function findCodeText(
  text: string,
  userTexts: readonly string[] = [],
): VisibleTextFinding[] {
  // People's own words are taken out first (the longest first, so a short one inside a long one
  // does not leave half of it behind).
  const shown = [...userTexts]
    .filter((own) => own.trim() !== '')
    .sort((a, b) => b.length - a.length)
    .reduce((rest, own) => rest.split(own).join(' '), text);
  const found: VisibleTextFinding[] = [];
  const seen = new Set<string>();
  const add = (finding: VisibleTextFinding) => {
    const key = `${finding.kind}:${finding.text}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push(finding);
  };
  for (const match of shown.matchAll(ISO_DATE)) {
    const month = Number(match[2]);
    const day = Number(match[3]);
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31)
      add({ kind: 'iso-date', text: match[0] });
  }
  for (const raw of shown.split(/\s+/)) {
    // Quotes, brackets and the punctuation around a word are not part of it.
    const token = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (token.length < 3 || isAddressOrFile(token) || ALLOWED.has(token.toLowerCase())) continue;
    if (
      KEBAB_OR_SNAKE.test(token) ||
      SCREAMING_SNAKE.test(token) ||
      CAMEL.test(token) ||
      PASCAL.test(token)
    )
      add({ kind: 'code-word', text: token });
  }
  return found;
}
