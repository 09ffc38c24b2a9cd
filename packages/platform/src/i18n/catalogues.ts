import type { UiLang } from '../routes/lang';
import { kz, type Catalogue, type MessageKey } from './kz';
import { ru } from './ru';

export const CATALOGUES: Readonly<Record<UiLang, Catalogue>> = { kz, ru };

/** Looks a key up with `{{name}}` interpolation; for code outside React (API client, guards). */
export function translate(
  lang: UiLang,
  key: MessageKey,
  values: Readonly<Record<string, string | number>> = {},
  overrides: Readonly<Record<string, string>> = {},
): string {
  const template = overrides[key] ?? CATALOGUES[lang][key];
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export type { Catalogue, MessageKey };
