/** Languages as they appear in the URL prefix (spec §2). */
export const URL_LANGS = ['kk', 'ru'] as const;
export type UrlLang = (typeof URL_LANGS)[number];

/** Interface languages as kept in local storage (spec §1). */
export const UI_LANGS = ['kz', 'ru'] as const;
export type UiLang = (typeof UI_LANGS)[number];

export const DEFAULT_UI_LANG: UiLang = 'kz';
export const DEFAULT_URL_LANG: UrlLang = 'kk';

export function isUrlLang(value: unknown): value is UrlLang {
  return value === 'kk' || value === 'ru';
}

/** Spec §1: the locale kk maps to kz, anything else to ru. */
export function uiLangFromLocale(locale: string): UiLang {
  return locale === 'kk' ? 'kz' : 'ru';
}

export function urlLangFromUi(lang: UiLang): UrlLang {
  return lang === 'kz' ? 'kk' : 'ru';
}

/** Reads a stored interface language; anything unknown or missing falls back to kz (spec §1). */
export function storedUiLang(stored: string | null | undefined): UiLang {
  return stored === 'ru' ? 'ru' : stored === 'kz' ? 'kz' : DEFAULT_UI_LANG;
}

/**
 * Spec §2 prefix rules. Returns the path to redirect to, or null when the path already starts with
 * /kk or /ru. A first segment that looks like a language code (`/en/login`, `/kz/faq`) is replaced
 * by kk; any other unknown top-level path goes to /kk. Query and hash are kept on replacement.
 */
export function normalizeLangPath(pathname: string, search = '', hash = ''): string | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const first = segments[0];
  if (first !== undefined && isUrlLang(first)) return null;
  if (first !== undefined && /^[a-z]{2}(?:[-_][a-z]{2})?$/i.test(first) && segments.length > 1) {
    return `/${DEFAULT_URL_LANG}/${segments.slice(1).join('/')}${search}${hash}`;
  }
  return `/${DEFAULT_URL_LANG}`;
}

/** Dates are shown as DD.MM.YYYY (spec §1, §5). */
export function formatDate(date: Date): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${date.getFullYear()}`;
}
