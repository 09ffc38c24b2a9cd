/**
 * HTML fragments (what question banks carry) to and from the editor's rich text: TipTap /
 * ProseMirror JSON documents. Covers what banks use: paragraphs, headings, lists, line breaks,
 * images and the common marks (bold, italic, underline, strike, code, sub/superscript, links).
 */
import { decodeEntities, escapeHtml } from './text.js';

export interface PmMark {
  type: string;
  attrs?: Record<string, string | number | boolean | null>;
}
export interface PmNode {
  type: string;
  attrs?: Record<string, string | number | boolean | null>;
  content?: PmNode[];
  text?: string;
  marks?: PmMark[];
}

const MARK_TAGS: Record<string, string> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
  code: 'code',
  sub: 'subscript',
  sup: 'superscript',
  a: 'link',
};
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'blockquote',
  'pre',
  'tr',
  'table',
]);

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m === null ? null : decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
}

/** Converts an HTML fragment to a ProseMirror `doc`. Unknown tags keep their text. */
export function htmlToDoc(html: string): PmNode {
  const doc: PmNode[] = [];
  let para: PmNode | null = null;
  let heading: number | null = null;
  const marks: PmMark[] = [];
  const lists: PmNode[] = [];
  const flush = (): void => {
    if (para === null) return;
    const content = para.content ?? [];
    // HTML whitespace: trim the paragraph's edges.
    const first = content[0];
    if (first?.text !== undefined) first.text = first.text.replace(/^\s+/, '');
    const last = content[content.length - 1];
    if (last?.text !== undefined) last.text = last.text.replace(/\s+$/, '');
    para.content = content.filter((n) => n.text === undefined || n.text !== '');
    if (para.content.length > 0) {
      const list = lists[lists.length - 1];
      if (list !== undefined) {
        list.content?.push({ type: 'listItem', content: [para] });
      } else doc.push(para);
    }
    para = null;
  };
  const open = (): PmNode => {
    if (para === null)
      para =
        heading === null
          ? { type: 'paragraph', content: [] }
          : { type: 'heading', attrs: { level: heading }, content: [] };
    return para;
  };
  const tokens = html.replace(/<!--[\s\S]*?-->/g, '').match(/<[^>]*>|[^<]+/g) ?? [];
  for (const tok of tokens) {
    if (tok.startsWith('<')) {
      const m = /^<\s*(\/)?\s*([a-zA-Z0-9]+)/.exec(tok);
      if (m === null) continue;
      const closing = m[1] === '/';
      const name = (m[2] ?? '').toLowerCase();
      if (name === 'br') {
        open().content?.push({ type: 'hardBreak' });
      } else if (name === 'img') {
        flush();
        const src = attr(tok, 'src');
        if (src !== null) doc.push({ type: 'image', attrs: { src, alt: attr(tok, 'alt') ?? '' } });
      } else if (name === 'ul' || name === 'ol') {
        flush();
        if (closing) {
          const list = lists.pop();
          if (list !== undefined && (list.content?.length ?? 0) > 0)
            (lists[lists.length - 1]?.content ?? doc).push(list);
        } else lists.push({ type: name === 'ul' ? 'bulletList' : 'orderedList', content: [] });
      } else if (BLOCK_TAGS.has(name)) {
        flush();
        heading = !closing && /^h[1-6]$/.test(name) ? Number(name[1]) : null;
      } else if (MARK_TAGS[name] !== undefined) {
        const type = MARK_TAGS[name] as string;
        if (closing) {
          const i = marks.map((x) => x.type).lastIndexOf(type);
          if (i >= 0) marks.splice(i, 1);
        } else if (!tok.endsWith('/>')) {
          const href = name === 'a' ? attr(tok, 'href') : null;
          if (name === 'a' && href === null) continue;
          marks.push(href === null ? { type } : { type, attrs: { href } });
        }
      }
      continue;
    }
    const text = decodeEntities(tok).replace(/[ \t\r\n\f]+/g, ' ');
    if (text.trim() === '' && para === null) continue;
    const p = open();
    const node: PmNode = { type: 'text', text };
    if (marks.length > 0) node.marks = marks.map((x) => ({ ...x }));
    p.content?.push(node);
  }
  flush();
  while (lists.length > 0) {
    const list = lists.pop();
    if (list !== undefined && (list.content?.length ?? 0) > 0)
      (lists[lists.length - 1]?.content ?? doc).push(list);
  }
  return { type: 'doc', content: doc };
}

function markOpen(m: PmMark): string {
  switch (m.type) {
    case 'bold':
      return '<strong>';
    case 'italic':
      return '<em>';
    case 'underline':
      return '<u>';
    case 'strike':
      return '<s>';
    case 'code':
      return '<code>';
    case 'subscript':
      return '<sub>';
    case 'superscript':
      return '<sup>';
    case 'link':
      return `<a href="${escapeHtml(String(m.attrs?.['href'] ?? ''))}">`;
    default:
      return '';
  }
}
function markClose(m: PmMark): string {
  const tag = {
    bold: 'strong',
    italic: 'em',
    underline: 'u',
    strike: 's',
    code: 'code',
    subscript: 'sub',
    superscript: 'sup',
    link: 'a',
  }[m.type];
  return tag === undefined ? '' : `</${tag}>`;
}

/** Converts a ProseMirror `doc` (or any node) back to HTML. */
export function docToHtml(node: PmNode | null | undefined): string {
  if (node === null || node === undefined) return '';
  const inner = (): string => (node.content ?? []).map((c) => docToHtml(c)).join('');
  switch (node.type) {
    case 'doc':
      return inner();
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading': {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.['level'] ?? 1)));
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'bulletList':
      return `<ul>${inner()}</ul>`;
    case 'orderedList':
      return `<ol>${inner()}</ol>`;
    case 'listItem':
      return `<li>${inner()}</li>`;
    case 'hardBreak':
      return '<br/>';
    case 'image':
      return `<img src="${escapeHtml(String(node.attrs?.['src'] ?? ''))}" alt="${escapeHtml(String(node.attrs?.['alt'] ?? ''))}"/>`;
    case 'text': {
      const marks = node.marks ?? [];
      return (
        marks.map(markOpen).join('') +
        escapeHtml(node.text ?? '') +
        [...marks].reverse().map(markClose).join('')
      );
    }
    default:
      return inner();
  }
}

/** A doc from paragraphs of plain text. */
export function paragraphsDoc(paragraphs: readonly string[]): PmNode {
  return {
    type: 'doc',
    content: paragraphs
      .filter((p) => p.trim() !== '')
      .map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })),
  };
}
