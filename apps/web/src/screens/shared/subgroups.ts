import type { UiLang } from '@sabaq/platform';

/**
 * A subgroup's name in the interface's language. Schools number their subgroups ("1-топ",
 * "2 группа", or just "1"): a numbered name is shown as "1-топ" in Kazakh and "1-я группа" in
 * Russian, so neither interface shows the other language; any other name is the school's own
 * and shown as written.
 */
export function subgroupName(name: string, lang: UiLang): string {
  const numbered = /^\s*(\d{1,2})\s*(?:-?\s*(?:топ|топша)|-?\s*(?:я\s*)?группа|гр\.?)?\s*$/iu.exec(
    name,
  );
  const groupPrefixed = /^\s*(?:топ|группа)\s*(\d{1,2})\s*$/iu.exec(name);
  const n = numbered?.[1] ?? groupPrefixed?.[1];
  if (n === undefined) return name;
  return lang === 'kz' ? `${n}-топ` : `${n}-я группа`;
}
