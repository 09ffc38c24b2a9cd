/**
 * Rich text sent through the REST routes (commands, a whole draft on create or import) is checked
 * against the editor's own ProseMirror schema (`@sabaq/editor/rich-schema`, the extensions every
 * rich-text field uses) before anything is stored: a document the editor cannot open — a text
 * node at the top of a doc, an unknown node or mark, a list item outside a list — would break
 * that field for every co-author of the draft.
 */
import { checkRichText } from '@sabaq/editor/rich-schema';
import type { Locale } from '@sabaq/platform';

const TEXT = {
  kz: 'Мәтін пішімі редакторға сәйкес келмейді',
  ru: 'Формат текста не подходит для редактора',
} as const;

/** Deepest nesting walked (the engine caps rich text far below this). */
const MAX_DEPTH = 200;

/**
 * Every rich-text document (`{type: 'doc', …}`) inside `value` that the editor could not open,
 * as field errors keyed by their path under `prefix` (e.g. `commands.2.content`), kz or ru.
 */
export function richTextErrors(
  value: unknown,
  prefix: string,
  locale: Locale,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const walk = (v: unknown, path: string, depth: number): void => {
    if (depth > MAX_DEPTH || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}.${i}`, depth + 1));
      return;
    }
    if ((v as { type?: unknown }).type === 'doc') {
      const problem = checkRichText(v);
      if (problem) errors[path] = [`${TEXT[locale === 'ru' ? 'ru' : 'kz']}: ${problem}`];
      return; // a document's own nodes are checked with it
    }
    for (const [k, child] of Object.entries(v)) walk(child, path ? `${path}.${k}` : k, depth + 1);
  };
  walk(value, prefix, 0);
  return errors;
}
