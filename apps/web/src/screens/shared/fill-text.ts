import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';

/**
 * «{name} сыныбы» + { name: '7А' } → «7А сыныбы»: fills the named places of a screen's text. A
 * place without a value stays as written, so a missing parameter shows up in a test instead of
 * disappearing from the sentence.
 */
export function fillText(
  template: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * A screen area's text function from its table of both languages with the same keys:
 * `const t = statisticsText(); t('groupTitle', { name: '7А' })`, the language of the page unless
 * one is given.
 */
export function textsOf<Key extends string>(table: Readonly<Record<UiLang, Record<Key, string>>>) {
  return (lang: UiLang = currentUiLang()) =>
    (key: Key, params: Readonly<Record<string, string | number>> = {}) =>
      fillText(table[lang][key], params);
}
