/**
 * The assistant's answer as safe HTML, on the server (the web panel sanitises again with the same
 * tag list): only p, br, b/strong, i/em, ul/ol/li, code/pre, h3/h4, never an attribute.
 *
 * - An answer with block tags (p, br, lists, pre, headings) is read as HTML: allowed tags are
 *   kept (attributes dropped, implied and missing end tags closed, h1/h2 → h3, h5/h6 → h4),
 *   other tags are removed and their text kept, text is escaped.
 * - Anything else is plain text (usually Markdown): every character is escaped, blank lines make
 *   paragraphs, single line breaks `<br>`, `-`/`1.` lines lists, `#` lines headings, ``` fences
 *   code blocks, `**bold**`, `*italic*` and `` `code` `` inline.
 * - In both, script/style-like elements go with their content, and so do comments and the
 *   `<think>` blocks of reasoning models.
 */

export const ANSWER_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'h3',
  'h4',
] as const;

const ALLOWED = new Set<string>(ANSWER_TAGS);
/** Other headings are folded into the two the panel shows. */
const RENAMED: Record<string, string> = { h1: 'h3', h2: 'h3', h5: 'h4', h6: 'h4' };
const DROPPED_WITH_CONTENT =
  'script|style|iframe|object|embed|template|noscript|svg|math|textarea|title|head|select|think';
const DROP_RE = new RegExp(`<(${DROPPED_WITH_CONTENT})\\b[^>]*>[\\s\\S]*?(?:<\\/\\1\\s*>|$)`, 'gi');
const TAG_RE = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g;
/** Block tags make an answer HTML; inline ones alone (`<b>` in Markdown) are text. */
const HTML_HINT = /<\/?(p|br|ul|ol|li|pre|h[1-6])\b[^>]*>/i;
const BLOCKS = new Set(['p', 'ul', 'ol', 'pre', 'h3', 'h4']);

function escapeAll(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** HTML text: escape, but keep character references the author wrote (`&lt;`, `&#8212;`). */
function escapeHtmlText(text: string): string {
  return text
    .replace(/&(?!(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function fromHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let last = 0;
  for (const m of html.matchAll(TAG_RE)) {
    out.push(escapeHtmlText(html.slice(last, m.index)));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const raw = (m[2] ?? '').toLowerCase();
    const tag = RENAMED[raw] ?? raw;
    if (!ALLOWED.has(tag)) continue;
    if (tag === 'br') {
      if (!closing) out.push('<br>');
      continue;
    }
    if (!closing) {
      // HTML's implied end tags: a new item closes the open item of the same list, and a block
      // closes an open paragraph.
      const close = (at: number) => {
        while (open.length > at) out.push(`</${open.pop()}>`);
      };
      if (tag === 'li') {
        const item = open.lastIndexOf('li');
        if (item >= 0 && item > Math.max(open.lastIndexOf('ul'), open.lastIndexOf('ol')))
          close(item);
      } else if (BLOCKS.has(tag) && open.includes('p')) close(open.lastIndexOf('p'));
      open.push(tag);
      out.push(`<${tag}>`);
      continue;
    }
    const at = open.lastIndexOf(tag);
    if (at < 0) continue; // a stray closing tag
    while (open.length > at) out.push(`</${open.pop()}>`);
  }
  out.push(escapeHtmlText(html.slice(last)));
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('').trim();
}

/** Inline Markdown on one escaped line: code spans first, then bold and italic outside them. */
function inline(line: string): string {
  return escapeAll(line)
    .split(/(`[^`\n]+`)/)
    .map((part) => {
      if (part.length > 2 && part.startsWith('`') && part.endsWith('`'))
        return `<code>${part.slice(1, -1)}</code>`;
      return part
        .replace(/\*\*(?=\S)(.+?)\*\*/g, '<strong>$1</strong>')
        .replace(/__(?=\S)(.+?)__/g, '<strong>$1</strong>')
        .replace(/(^|[^*\w])\*(?=\S)([^*]+?)\*(?!\w)/g, '$1<em>$2</em>');
    })
    .join('');
}

function fromText(text: string): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  let list = null as { kind: 'ul' | 'ol'; items: string[] } | null;
  let code: string[] | null = null;
  const flushParagraph = () => {
    if (paragraph.length > 0) out.push(`<p>${paragraph.join('<br>')}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list)
      out.push(`<${list.kind}>${list.items.map((i) => `<li>${i}</li>`).join('')}</${list.kind}>`);
    list = null;
  };
  for (const line of text.split('\n')) {
    if (code) {
      if (/^\s*(```|~~~)/.test(line)) {
        out.push(`<pre><code>${escapeAll(code.join('\n'))}</code></pre>`);
        code = null;
      } else code.push(line);
      continue;
    }
    if (/^\s*(```|~~~)/.test(line)) {
      flushParagraph();
      flushList();
      code = [];
      continue;
    }
    if (line.trim() === '' || /^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flushParagraph();
      flushList();
      continue;
    }
    const heading = /^\s*(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      const tag = (heading[1] ?? '').length <= 3 ? 'h3' : 'h4';
      out.push(`<${tag}>${inline(heading[2] ?? '')}</${tag}>`);
      continue;
    }
    const bullet = /^\s*[-*•+]\s+(.*)$/.exec(line);
    const numbered = bullet ? null : /^\s*\d{1,3}[.)]\s+(.*)$/.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      flushParagraph();
      const kind = bullet ? 'ul' : 'ol';
      if (list?.kind !== kind) {
        flushList();
        list = { kind, items: [] };
      }
      list.items.push(inline(item[1] ?? ''));
      continue;
    }
    if (list && /^\s{2,}\S/.test(line)) {
      // A continuation line of the last list item.
      const items: string[] = list.items;
      items[items.length - 1] += `<br>${inline(line.trim())}`;
      continue;
    }
    flushList();
    paragraph.push(inline(line.trim()));
  }
  if (code) out.push(`<pre><code>${escapeAll(code.join('\n'))}</code></pre>`);
  flushParagraph();
  flushList();
  return out.join('');
}

/** The model's answer as HTML with only {@link ANSWER_TAGS}; '' when nothing readable is left. */
export function sanitizeAnswer(raw: string): string {
  const text = raw
    .replaceAll('\u0000', '')
    .replace(/\r\n?/g, '\n')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(DROP_RE, '');
  const html = HTML_HINT.test(text) ? fromHtml(text) : fromText(text);
  // Nothing but empty elements and white space is no answer.
  return html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '' ? '' : html;
}
