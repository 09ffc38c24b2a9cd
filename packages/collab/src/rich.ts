/**
 * Rich text ↔ Y.XmlFragment, in the exact shape y-prosemirror (TipTap's Collaboration extension)
 * reads and writes: one Y.XmlElement per ProseMirror node (nodeName = node type, attributes =
 * node attrs), runs of text in a Y.XmlText whose formatting attributes are the marks
 * (`{ [markType]: markAttrs }`). Written here rather than imported so the server and tests can
 * materialise a draft without ProseMirror or a DOM.
 */
import * as Y from 'yjs';
import type { RichMark, RichNode, RichText } from '@sabaq/engine';

/** The rich-text fields of a module that are edited character by character. */
export const RICH_FIELDS = ['content', 'description', 'solution'] as const;
export type RichField = (typeof RICH_FIELDS)[number];

/** Key of a module field's fragment in the doc's `rich` map. */
export function richKey(moduleId: string, field: RichField): string {
  return `${moduleId}/${field}`;
}

/** Splits a `rich` map key back into module id and field (null for a foreign key). */
export function parseRichKey(key: string): { moduleId: string; field: RichField } | null {
  const at = key.lastIndexOf('/');
  if (at <= 0) return null;
  const field = key.slice(at + 1);
  if (!(RICH_FIELDS as readonly string[]).includes(field)) return null;
  return { moduleId: key.slice(0, at), field: field as RichField };
}

type Attrs = Record<string, NonNullable<RichNode['attrs']>[string]>;

function marksToAttributes(marks: readonly RichMark[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of marks ?? []) out[m.type] = m.attrs ?? {};
  return out;
}

/** Fills `target` (empty or not: it is appended to) with the children of `doc`. */
function writeChildren(target: Y.XmlFragment | Y.XmlElement, nodes: readonly RichNode[]): void {
  let pendingText: Y.XmlText | null = null;
  let at = target.length;
  for (const n of nodes) {
    if (n.type === 'text') {
      if (!pendingText) {
        pendingText = new Y.XmlText();
        target.insert(at++, [pendingText]);
      }
      // Marks ride on the inserted run as formatting attributes, as y-prosemirror stores them.
      pendingText.insert(pendingText.length, n.text ?? '', marksToAttributes(n.marks));
      continue;
    }
    pendingText = null;
    const el = new Y.XmlElement(n.type);
    target.insert(at++, [el]);
    for (const [k, v] of Object.entries(n.attrs ?? {})) {
      // y-prosemirror skips null attributes; storing them would make a round trip differ.
      if (v !== null) el.setAttribute(k, v as unknown as string);
    }
    if (n.content && n.content.length > 0) writeChildren(el, n.content);
  }
}

/** Replaces the whole content of an integrated fragment with `doc` (null = empty). */
export function writeRichText(fragment: Y.XmlFragment, doc: RichText | null): void {
  const run = () => {
    if (fragment.length > 0) fragment.delete(0, fragment.length);
    if (doc?.content) writeChildren(fragment, doc.content);
  };
  if (fragment.doc) fragment.doc.transact(run);
  else run();
}

function readElement(el: Y.XmlElement): RichNode {
  const node: RichNode = { type: el.nodeName };
  const attrs = el.getAttributes() as Attrs;
  if (Object.keys(attrs).length > 0) node.attrs = { ...attrs };
  const content = readChildren(el);
  if (content.length > 0) node.content = content;
  return node;
}

function readChildren(parent: Y.XmlFragment | Y.XmlElement): RichNode[] {
  const out: RichNode[] = [];
  for (const child of parent.toArray()) {
    if (child instanceof Y.XmlText) {
      const delta = child.toDelta() as Array<{
        insert: unknown;
        attributes?: Record<string, unknown>;
      }>;
      for (const op of delta) {
        if (typeof op.insert !== 'string' || op.insert === '') continue;
        const t: RichNode = { type: 'text', text: op.insert };
        const marks = Object.entries(op.attributes ?? {}).map(([type, attrs]) => {
          const m: RichMark = { type };
          if (attrs && typeof attrs === 'object' && Object.keys(attrs).length > 0)
            m.attrs = { ...(attrs as Attrs) };
          return m;
        });
        if (marks.length > 0) t.marks = marks;
        out.push(t);
      }
    } else if (child instanceof Y.XmlElement) out.push(readElement(child));
  }
  return out;
}

/** The ProseMirror JSON document held by a fragment. */
export function readRichText(fragment: Y.XmlFragment): RichText {
  return { type: 'doc', content: readChildren(fragment) };
}
