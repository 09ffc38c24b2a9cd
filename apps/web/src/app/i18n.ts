import type { Catalogue, UiLang } from '@sabaq/platform';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

declare module 'i18next' {
  interface CustomTypeOptions {
    // Typed keys: `t('header.login')` compiles, a misspelt key does not.
    resources: { translation: Catalogue };
    keySeparator: false;
    nsSeparator: false;
  }
}

/**
 * Each language's catalogue is a chunk of its own: a page carries only the language it shows (a
 * switch reloads the page, spec §1). The server names the page's catalogue in index.html as a
 * modulepreload (http/web-app.ts), so it arrives with the entry instead of after it.
 */
export function loadCatalogue(lang: UiLang): Promise<Catalogue> {
  return lang === 'ru'
    ? import('@sabaq/platform/i18n/ru').then((m) => m.ru)
    : import('@sabaq/platform/i18n/kz').then((m) => m.kz);
}

/** Starts i18next with the page's catalogue; the server's translations are merged on top. */
export function initI18n(lang: UiLang, catalogue: Catalogue): typeof i18next {
  void i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: lang,
    resources: { [lang]: { translation: catalogue } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // Re-render when the server's translations are merged in (addResourceBundle emits `added`).
    react: { bindI18nStore: 'added' },
  });
  return i18next;
}
