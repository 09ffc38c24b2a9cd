/** Text helpers shared by importers and exporters. */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  laquo: '«',
  raquo: '»',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Collapses whitespace the way HTML rendering does, and drops spaces before closing punctuation. */
export function normalizeSpace(s: string): string {
  return s
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/ ([;,.:!?)])/g, '$1')
    .trim();
}

/** Visible text of an HTML fragment: tags removed, block breaks as spaces, entities decoded. */
export function htmlToText(html: string): string {
  const noComments = html.replace(/<!--[\s\S]*?-->/g, '');
  const spaced = noComments.replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, ' ');
  return normalizeSpace(decodeEntities(spaced.replace(/<[^>]*>/g, '')));
}

/** Plain text (from a format without markup) as an HTML fragment. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br/>');
}

/** Whether an HTML fragment carries markup beyond plain text. */
export function hasMarkup(html: string): boolean {
  return /<[a-z!/]/i.test(html);
}
