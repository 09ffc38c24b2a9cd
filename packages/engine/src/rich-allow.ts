import type { RichMark, RichNode } from './model.js';

/**
 * The allow-list of stored rich text (issue 28): what a ProseMirror document may hold when the
 * server stores it — builder drafts, methodical materials, kindergarten documents, the site's
 * FAQ, news and pages. Any client of the API may render what it reads, so the stored document
 * must already be safe, not only what the web app shows after cleaning it at display time.
 *
 * - Nodes and marks: exactly those of the editor's schema (`@sabaq/editor/rich-schema`; a test
 *   there keeps this list equal to the schema's). Any other (iframe, script, video…) is refused.
 * - Attributes: each node and mark keeps only the attributes its schema defines, every value
 *   checked (a heading's level is 1–6, a language name is a word…). An attribute outside the
 *   list (`onerror`, `style`, `data-*`) is dropped: it carries no content and the editor never
 *   writes one. A listed attribute with a value outside its rule is refused.
 * - Links: `http:`, `https:` and `mailto:`, or a path on this site (`/…`, `#…`); images: `https:`
 *   or the platform's own files (`/api/…`). `javascript:`, `data:`, `vbscript:`… are refused.
 */

type Check = (value: unknown) => boolean;

const nullOr =
  (check: Check): Check =>
  (v) =>
    v === null || v === undefined || check(v);
const text =
  (max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length <= max;
const int =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v);
const pattern =
  (re: RegExp): Check =>
  (v) =>
    typeof v === 'string' && re.test(v);
/** A picture's size as the image extension keeps it: a number, or a number with px/%. */
const size: Check = (v) =>
  (typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 10_000) ||
  (typeof v === 'string' && /^\d{1,5}(\.\d+)?(px|%)?$/.test(v));

export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'] as const;

/** A control character (C0, DEL, C1) or a space anywhere in `v`. */
function hasControlOrSpace(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c <= 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/** Whether `value` is a link a reader may follow: http(s), mailto, or a path of this site. */
export function isSafeLinkHref(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2000) return false;
  const v = value.trim();
  // No control characters or spaces inside: browsers drop them and `java\tscript:` runs.
  if (v === '' || hasControlOrSpace(v)) return false;
  if (v.startsWith('#') || (v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\')))
    return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  return scheme !== undefined && (LINK_PROTOCOLS as readonly string[]).includes(`${scheme}:`);
}

/** Whether `value` is a picture's address: https, or a file of the platform (`/api/…`). */
export function isSafeImageSrc(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2000) return false;
  const v = value.trim();
  if (hasControlOrSpace(v) || /["<>\\]/.test(v)) return false;
  return /^https:\/\/[^/]/i.test(v) || /^\/api\//.test(v);
}

/** Node type → its attributes and their rules. */
export const RICH_NODES: Readonly<Record<string, Readonly<Record<string, Check>>>> = {
  doc: {},
  paragraph: {},
  text: {},
  heading: { level: int(1, 6) },
  blockquote: {},
  bulletList: {},
  orderedList: { start: nullOr(int(0, 1_000_000)), type: nullOr(oneOf('1', 'a', 'A', 'i', 'I')) },
  listItem: {},
  codeBlock: { language: nullOr(pattern(/^[A-Za-z0-9_+#.-]{1,40}$/)) },
  hardBreak: {},
  horizontalRule: {},
  image: {
    src: isSafeImageSrc,
    alt: nullOr(text(2000)),
    title: nullOr(text(2000)),
    width: nullOr(size),
    height: nullOr(size),
  },
};

/** Mark type → its attributes and their rules. */
export const RICH_MARKS: Readonly<Record<string, Readonly<Record<string, Check>>>> = {
  bold: {},
  italic: {},
  strike: {},
  code: {},
  underline: {},
  link: {
    href: isSafeLinkHref,
    target: nullOr(oneOf('_blank', '_self')),
    rel: nullOr(pattern(/^[a-z]+( [a-z]+)*$/)),
    class: nullOr(pattern(/^[\w-]+( [\w-]+)*$/)),
    title: nullOr(text(2000)),
  },
};

/** Why a document was refused: the kind of problem and where (`content.0.marks.1`). */
export interface RichRefusal {
  reason: 'node' | 'mark' | 'attribute' | 'link' | 'image';
  /** The node or mark type, or `type.attribute`. */
  what: string;
  path: string;
}

export type AllowResult =
  { ok: true; doc: RichNode; dropped: number } | { ok: false; refusal: RichRefusal };

/** Required attributes: a link without an address, a picture without a source are no content. */
const REQUIRED: Readonly<Record<string, string>> = { link: 'href', image: 'src' };

function allowAttrs(
  type: string,
  attrs: Record<string, unknown> | undefined,
  rules: Readonly<Record<string, Check>>,
  path: string,
  count: { dropped: number },
): { attrs?: Record<string, unknown>; refusal?: RichRefusal } {
  const required = REQUIRED[type];
  if (required && (attrs === undefined || !(required in attrs)))
    return {
      refusal: { reason: type === 'link' ? 'link' : 'image', what: `${type}.${required}`, path },
    };
  if (attrs === undefined) return {};
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attrs)) {
    const rule = rules[name];
    if (!rule) {
      count.dropped += 1;
      continue;
    }
    if (!rule(value)) {
      const reason = name === 'href' ? 'link' : name === 'src' ? 'image' : 'attribute';
      return { refusal: { reason, what: `${type}.${name}`, path } };
    }
    out[name] = value;
  }
  return Object.keys(out).length > 0 ? { attrs: out } : {};
}

function allowNode(n: RichNode, path: string, count: { dropped: number }): RichNode | RichRefusal {
  const rules = RICH_NODES[n.type];
  if (!rules) return { reason: 'node', what: n.type, path };
  const at = (p: string) => (path ? `${path}.${p}` : p);
  const attrs = allowAttrs(n.type, n.attrs, rules, path, count);
  if (attrs.refusal) return attrs.refusal;
  const out: RichNode = { type: n.type };
  if (attrs.attrs) out.attrs = attrs.attrs as RichNode['attrs'];
  if (n.text !== undefined) out.text = n.text;
  if (n.marks) {
    const marks: RichMark[] = [];
    for (const [i, m] of n.marks.entries()) {
      const markRules = RICH_MARKS[m.type];
      if (!markRules) return { reason: 'mark', what: m.type, path: at(`marks.${i}`) };
      const markAttrs = allowAttrs(m.type, m.attrs, markRules, at(`marks.${i}`), count);
      if (markAttrs.refusal) return markAttrs.refusal;
      marks.push(
        markAttrs.attrs
          ? { type: m.type, attrs: markAttrs.attrs as RichMark['attrs'] }
          : { type: m.type },
      );
    }
    out.marks = marks;
  }
  if (n.content) {
    const content: RichNode[] = [];
    for (const [i, c] of n.content.entries()) {
      const child = allowNode(c, at(`content.${i}`), count);
      if ('reason' in child) return child;
      content.push(child);
    }
    out.content = content;
  }
  return out;
}

/**
 * The document as it may be stored — attributes outside the allow-list dropped (`dropped` says
 * how many) — or the first thing that refuses it. `doc` is a node tree already shaped by
 * `RichTextSchema` (`copyRichNode`).
 */
export function allowRichText(doc: RichNode): AllowResult {
  const count = { dropped: 0 };
  const result = allowNode(doc, '', count);
  if ('reason' in result) return { ok: false, refusal: result };
  return { ok: true, doc: result, dropped: count.dropped };
}

/** A refusal in words (kz/ru), for the 422 of the field that holds the document. */
export function refusalText(r: RichRefusal, locale: 'kz' | 'ru'): string {
  const ru = {
    node: `элемент «${r.what}» не разрешён в тексте`,
    mark: `оформление «${r.what}» не разрешено в тексте`,
    attribute: `недопустимое значение «${r.what}»`,
    link: 'ссылка может вести только на http, https, mailto или страницу этого сайта',
    image: 'картинка может быть только по https или из файлов платформы',
  };
  const kz = {
    node: `мәтінде «${r.what}» элементіне рұқсат жоқ`,
    mark: `мәтінде «${r.what}» безендіруіне рұқсат жоқ`,
    attribute: `«${r.what}» мәні жарамсыз`,
    link: 'сілтеме тек http, https, mailto немесе осы сайттың бетіне апара алады',
    image: 'сурет тек https арқылы немесе платформа файлдарынан болуы мүмкін',
  };
  return (locale === 'ru' ? ru : kz)[r.reason];
}
