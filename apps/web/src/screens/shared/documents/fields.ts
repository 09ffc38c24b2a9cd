import type { UiLang } from '@sabaq/platform';
import type { RichText } from '@sabaq/engine';

/** An empty rich text, for a new document's bodies. */
export const EMPTY_BODY: RichText = { type: 'doc', content: [] };

/** What every library saves of a document; each area adds its own fields. */
export interface EditedDocument {
  title: { kz: string; ru: string };
  summary: { kz: string; ru: string };
  body: { kz: RichText; ru: RichText };
  status: 'draft' | 'published';
  fileIds: string[];
}

/** A document as its page has it: the texts in both languages, its status and files. */
export interface EditableDocument {
  titles: { kz: string; ru: string };
  summaries: { kz: string; ru: string };
  bodies: { kz: RichText; ru: RichText };
  status: 'draft' | 'published';
  files: readonly { id: string }[];
}

/** The saved part every library shares of `doc`; empty texts and a draft for a new one. */
export function editedFrom(doc: EditableDocument | null): EditedDocument {
  return {
    title: doc?.titles ?? { kz: '', ru: '' },
    summary: doc?.summaries ?? { kz: '', ru: '' },
    body: doc?.bodies ?? { kz: EMPTY_BODY, ru: EMPTY_BODY },
    status: doc?.status ?? 'draft',
    fileIds: doc?.files.map((f) => f.id) ?? [],
  };
}

/** The options of a select over `values`, named in `lang`. */
export function optionsOf<V extends string>(
  values: readonly V[],
  labels: Record<V, { kz: string; ru: string }>,
  lang: UiLang,
): { value: V; label: string }[] {
  return values.map((value) => ({ value, label: labels[value][lang] }));
}
