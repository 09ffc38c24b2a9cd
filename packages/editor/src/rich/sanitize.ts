import DOMPurify from 'dompurify';
import {
  RICH_MARKS,
  RICH_NODES,
  emptyDoc,
  type RichMark,
  type RichNode,
  type RichText,
} from '@sabaq/engine';

/** Node and mark types the editor produces (the allow-list of stored rich text, issue 28);
 * anything else (pasted or from an old draft) is dropped with its markup, keeping its text. */
const NODES: ReadonlySet<string> = new Set(Object.keys(RICH_NODES));
const MARKS: ReadonlySet<string> = new Set(Object.keys(RICH_MARKS));

const SAFE_URL = /^(https?:|mailto:)/i;
/** Images come from the server's file route (relative) or https. */
const SAFE_IMAGE = /^(https:|\/api\/)/i;

/** A link href a person may follow, or null. */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  return SAFE_URL.test(v) ? v : null;
}

export function safeImageSrc(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  return SAFE_IMAGE.test(v) && !/["<>\s]/.test(v) ? v : null;
}

function cleanMark(m: RichMark): RichMark | null {
  if (!MARKS.has(m.type)) return null;
  if (m.type !== 'link') return { type: m.type };
  const href = safeHref(m.attrs?.href);
  return href ? { type: 'link', attrs: { href } } : null;
}

function cleanNode(n: RichNode): RichNode[] {
  if (!NODES.has(n.type)) {
    // Unknown block: keep its children (their text), drop the wrapper.
    return (n.content ?? []).flatMap(cleanNode);
  }
  if (n.type === 'text') {
    if (typeof n.text !== 'string' || n.text === '') return [];
    const marks = (n.marks ?? []).map(cleanMark).filter((m): m is RichMark => m !== null);
    return [
      marks.length > 0 ? { type: 'text', text: n.text, marks } : { type: 'text', text: n.text },
    ];
  }
  if (n.type === 'image') {
    const src = safeImageSrc(n.attrs?.src);
    if (!src) return [];
    const alt = typeof n.attrs?.alt === 'string' ? n.attrs.alt.slice(0, 500) : null;
    return [{ type: 'image', attrs: { src, alt } }];
  }
  const out: RichNode = { type: n.type };
  if (n.type === 'heading') {
    const level = Number(n.attrs?.level);
    out.attrs = { level: level >= 2 && level <= 4 ? level : 3 };
  }
  if (n.type === 'orderedList' && typeof n.attrs?.start === 'number') {
    out.attrs = { start: Math.max(1, Math.floor(n.attrs.start)) };
  }
  if (n.content) out.content = n.content.flatMap(cleanNode);
  return [out];
}

/** The document with only known nodes and marks and only safe URLs (on the way in and out). */
export function sanitizeDoc(doc: RichText | null | undefined): RichText {
  if (!doc || doc.type !== 'doc') return emptyDoc();
  const [clean] = cleanNode(doc);
  return clean && clean.type === 'doc' ? { type: 'doc', content: clean.content ?? [] } : emptyDoc();
}

/** Pasted HTML goes through DOMPurify before ProseMirror parses it. */
export function sanitizeHtml(html: string): string {
  const asText = () => escapeText(html.replace(/<[^>]*>/g, ' '));
  // Without a usable DOM DOMPurify would hand the input back untouched; paste plain text then.
  if (!DOMPurify.isSupported) return asText();
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'a',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'code',
      'pre',
      'img',
      'hr',
    ],
    ALLOWED_ATTR: ['href', 'src', 'alt'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/api\/)/i,
  });
  // Belt and braces: a DOM that DOMPurify cannot fully drive (some test DOMs) leaves markup in;
  // then the paste goes in as text rather than trusting it.
  return UNSAFE.test(clean) ? asText() : clean;
}

const UNSAFE = /<\s*(script|style|iframe|object|embed)|\son\w+\s*=|javascript:/i;

function escapeText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** True when a document has no text and no image. */
export function isEmptyDoc(doc: RichText | null | undefined): boolean {
  if (!doc) return true;
  const stack: RichNode[] = [doc];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if ((n.type === 'text' && n.text) || n.type === 'image') return false;
    if (n.content) stack.push(...n.content);
  }
  return true;
}
