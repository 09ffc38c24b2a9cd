import { CATALOGUES, type UiLang } from '@sabaq/platform';
import { initI18n } from '../app/i18n';

/**
 * Component tests start i18next at once with the catalogue imported statically; both languages
 * are there, so a test may switch with changeLanguage (the app reloads the page instead).
 */
export function initTestI18n(lang: UiLang) {
  const i18n = initI18n(lang, CATALOGUES[lang]);
  for (const other of ['kz', 'ru'] as const)
    if (!i18n.hasResourceBundle(other, 'translation'))
      i18n.addResourceBundle(other, 'translation', CATALOGUES[other]);
  return i18n;
}
