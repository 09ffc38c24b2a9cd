import { CATALOGUES, type Catalogue, type UiLang } from '@sabaq/platform';
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

/** Both catalogues ship in the bundle (a few KB); the server's translations are merged on top. */
export function initI18n(lang: UiLang): typeof i18next {
  void i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: lang,
    resources: {
      kz: { translation: CATALOGUES.kz },
      ru: { translation: CATALOGUES.ru },
    },
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
