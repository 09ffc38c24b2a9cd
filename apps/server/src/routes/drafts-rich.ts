/**
 * Rich text sent through the REST routes (commands, a whole draft on create or import) is checked
 * against the editor's own ProseMirror schema (`@sabaq/editor/rich-schema`, the extensions every
 * rich-text field uses) before anything is stored: a document the editor cannot open — a text
 * node at the top of a doc, an unknown node or mark, a list item outside a list — would break
 * that field for every co-author of the draft.
 */
import { checkRichText } from '@sabaq/editor/rich-schema';
import { allowRichText, copyRichNode, refusalText } from '@sabaq/engine';
import type { Locale } from '@sabaq/platform';

const TEXT = {
  kz: 'Мәтін пішімі редакторға сәйкес келмейді',
  ru: 'Формат текста не подходит для редактора',
} as const;

/** Deepest nesting walked (the engine caps rich text far below this). */
const MAX_DEPTH = 200;

/**
 * Every rich-text document (`{type: 'doc', …}`) inside `value` checked before it is stored: the
 * editor must open it (its ProseMirror schema) and it must pass the allow-list of stored rich
 * text (`allowRichText`, issue 28: links http/https/mailto or this site, pictures https or the
 * platform's files, attribute values by their rules). What fails is a field error keyed by its
 * path under `prefix` (e.g. `commands.2.content`), kz or ru; `value` comes back with attributes
 * outside the allow-list (`onerror`, `style`) dropped from every document.
 */
export function cleanRichText(
  value: unknown,
  prefix: string,
  locale: Locale,
): { value: unknown; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const lang = locale === 'ru' ? 'ru' : 'kz';
  const walk = (v: unknown, path: string, depth: number): unknown => {
    if (depth > MAX_DEPTH || typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) return v.map((item, i) => walk(item, `${path}.${i}`, depth + 1));
    if ((v as { type?: unknown }).type === 'doc') {
      const problem = checkRichText(v);
      if (problem) {
        errors[path] = [`${TEXT[lang]}: ${problem}`];
        return v;
      }
      // A document's own nodes are checked with it.
      const shaped = copyRichNode(v);
      const allowed = shaped ? allowRichText(shaped) : null;
      if (allowed && !allowed.ok) {
        errors[path] = [`${TEXT[lang]}: ${refusalText(allowed.refusal, lang)}`];
        return v;
      }
      return allowed?.ok ? allowed.doc : v;
    }
    return Object.fromEntries(
      Object.entries(v).map(([k, child]) => [k, walk(child, path ? `${path}.${k}` : k, depth + 1)]),
    );
  };
  return { value: walk(value, prefix, 0), errors };
}

/** The field errors of `cleanRichText` alone (what a 422 names). */
export function richTextErrors(
  value: unknown,
  prefix: string,
  locale: Locale,
): Record<string, string[]> {
  return cleanRichText(value, prefix, locale).errors;
}
