/**
 * The rich-text schema of the builder, in one place for the editor and the server: the TipTap
 * extensions every rich-text field uses (StarterKit with the editor's settings, block images),
 * and a check of ProseMirror JSON against the schema they make. No React and no DOM here: the
 * server imports this module (`@sabaq/editor/rich-schema`) to refuse, with a 422, rich text the
 * editor could not open (a text node at the top of a doc, an unknown node or mark, a list item
 * outside a list…), since one such value would break the field for every co-author.
 */
import { getSchema, type AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Node as PmNode, type Schema } from '@tiptap/pm/model';

/**
 * The extensions of a rich-text field. `collab`: the shared text brings its own undo (Yjs),
 * so ProseMirror's history is off (it would undo co-authors' typing too).
 */
export function richExtensions(opts: { collab?: boolean } = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      ...(opts.collab ? { undoRedo: false as const } : {}),
    }),
    Image.configure({ inline: false }),
  ];
}

let schema: Schema | null = null;

/** The ProseMirror schema of rich-text fields (made once). */
export function richSchema(): Schema {
  schema ??= getSchema(richExtensions());
  return schema;
}

/**
 * Null when `json` is a document the editor opens, else what is wrong (ProseMirror's words, for
 * logs and the error's detail). An empty document (`{type:'doc'}` or no content) is what the
 * engine makes for a new field and the editor fills with an empty paragraph: accepted.
 */
export function checkRichText(json: unknown): string | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'not a document';
  const doc = json as { type?: unknown; content?: unknown };
  if (doc.type !== 'doc') return 'not a document';
  if (doc.content === undefined || (Array.isArray(doc.content) && doc.content.length === 0))
    return null;
  try {
    PmNode.fromJSON(richSchema(), json).check();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
