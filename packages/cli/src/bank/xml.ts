import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A minimal ordered XML tree: enough for QTI's mixed content and Moodle XML. */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlNode[];
  /** 1-based line of the opening tag in the source, when known. */
  readonly line: number | undefined;
}
export type XmlNode = XmlElement | string;

export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: '#comment',
  parseTagValue: false,
  parseAttributeValue: false,
});

type Raw = Record<string, unknown>;

function convert(raw: Raw[], out: XmlNode[]): void {
  for (const entry of raw) {
    if ('#comment' in entry) continue;
    if ('#text' in entry) {
      out.push(String(entry['#text']));
      continue;
    }
    const name = Object.keys(entry).find((k) => k !== ':@');
    if (name === undefined || name.startsWith('?')) continue;
    const attrs = (entry[':@'] as Record<string, string> | undefined) ?? {};
    const children: XmlNode[] = [];
    convert((entry[name] as Raw[] | undefined) ?? [], children);
    out.push({ name, attrs, children, line: undefined });
  }
}

/** Fills in `line` for every element by walking the source's start tags in document order. */
function assignLines(source: string, root: XmlElement): void {
  const starts: number[] = [];
  // Start tags only; skip comments, CDATA, PIs and end tags. Matches the parser's element order.
  const re =
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/[^>]*>|<([A-Za-z_][\w.:-]*)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(source)) !== null) if (m[1] !== undefined) starts.push(m.index);
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineOf = (offset: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  let i = 0;
  const walk = (el: XmlElement): void => {
    const at = starts[i++];
    (el as { line: number | undefined }).line = at === undefined ? undefined : lineOf(at);
    for (const c of el.children) if (typeof c !== 'string') walk(c);
  };
  walk(root);
}

/** Parses XML text into the root element; malformed XML throws XmlSyntaxError with line and column. */
export function parseXml(source: string): XmlElement {
  const text = source.replace(/^\uFEFF/, '');
  const check = XMLValidator.validate(text);
  if (check !== true) throw new XmlSyntaxError(check.err.msg, check.err.line, check.err.col);
  const nodes: XmlNode[] = [];
  convert(parser.parse(text) as Raw[], nodes);
  const root = nodes.find((n): n is XmlElement => typeof n !== 'string');
  if (root === undefined) throw new XmlSyntaxError('no root element', 1, 1);
  assignLines(text, root);
  return root;
}

/** Local name without a namespace prefix. */
export function localName(el: XmlElement): string {
  const i = el.name.indexOf(':');
  return i < 0 ? el.name : el.name.slice(i + 1);
}

export function childElements(el: XmlElement, name?: string): XmlElement[] {
  return el.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (name === undefined || localName(c) === name),
  );
}

export function firstChild(el: XmlElement, name: string): XmlElement | undefined {
  return childElements(el, name)[0];
}

/** Every descendant element (depth first, document order), the element itself excluded. */
export function descendants(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    for (const c of e.children)
      if (typeof c !== 'string') {
        out.push(c);
        walk(c);
      }
  };
  walk(el);
  return out;
}

/** Concatenated text of an element and its descendants. */
export function textContent(el: XmlElement): string {
  let s = '';
  for (const c of el.children) s += typeof c === 'string' ? c : textContent(c);
  return s;
}

const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'col', 'area', 'source', 'wbr']);

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;');
}

/** Serialises child nodes back to (X)HTML markup; `skip` drops elements (e.g. interactions). */
export function innerHtml(
  el: XmlElement,
  render?: (child: XmlElement) => string | undefined,
): string {
  let s = '';
  for (const c of el.children) {
    if (typeof c === 'string') {
      s += escapeText(c);
      continue;
    }
    const custom = render?.(c);
    if (custom !== undefined) {
      s += custom;
      continue;
    }
    const name = localName(c);
    const attrs = Object.entries(c.attrs)
      .filter(([k]) => !k.startsWith('xmlns') && !k.startsWith('xsi:'))
      .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
      .join('');
    if (VOID.has(name) && c.children.length === 0) s += `<${name}${attrs}/>`;
    else s += `<${name}${attrs}>${innerHtml(c, render)}</${name}>`;
  }
  return s;
}
