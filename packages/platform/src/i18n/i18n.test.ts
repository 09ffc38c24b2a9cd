import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes/routes';
import { CATALOGUES, translate } from './catalogues';
import { kz, type MessageKey } from './kz';
import { ru } from './ru';

// The attested samples live outside the repo: resolve them from the repo root, never copy them.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const corpus = `${repoRoot}../shared/testdata/external/i18n`;
const hasCorpus = existsSync(corpus);
const external = (name: string) =>
  JSON.parse(readFileSync(`${corpus}/${name}`, 'utf8')) as {
    strings: Record<string, { value: string }>;
  };

/**
 * The attested terms themselves (what the corpus says, kz and ru), so that a clone with nothing
 * beside it still checks them; with the corpus present, these are checked against it too.
 */
const ATTESTED: [MessageKey, string, string, string][] = [
  ['common.cancel', 'cancel', 'Болдырмау', 'Отмена'],
  ['common.save', 'save', 'Сақтау', 'Сохранить'],
  ['common.close', 'close', 'Жабу', 'Закрыть'],
  ['common.yes', 'yes', 'Иә', 'Да'],
  ['common.no', 'no', 'Жоқ', 'Нет'],
  ['common.next', 'next', 'Келесі', 'Далее'],
  ['common.search', 'search', 'Іздеу', 'Поиск'],
  ['common.continue', 'continue', 'Жалғастыру', 'Продолжить'],
  ['common.noData', 'no_data', 'Деректер жоқ', 'Нет данных'],
  ['notify.error.title', 'error', 'Қате', 'Ошибка'],
  ['header.logout', 'logout', 'Шығу', 'Выход'],
  ['header.profile', 'dashboard', 'Жеке кабинет', 'Личный кабинет'],
  ['login.password', 'password', 'Құпиясөз', 'Пароль'],
  ['login.login', 'username', 'Пайдаланушы аты', 'Имя пользователя'],
  ['login.submit', 'login_button', 'Кіру', 'Войти'],
];

const KAZAKH_LETTERS = /[әғқңөұүһіӘҒҚҢӨҰҮҺІ]/;
// Letters or words that only Russian uses; a kz string containing them is Russian, not Kazakh.
const RUSSIAN_ONLY =
  /[ёЁщЩъЪ]|(?<!\p{L})(?:и|или|не|для|что|это|ваш|пароль|ошибка|вход|войти)(?!\p{L})/iu;

describe('kz/ru catalogues', () => {
  it('have the same keys', () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(kz).sort());
  });

  it('have no empty texts except optional social links', () => {
    for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
      for (const [key, value] of Object.entries(catalogue)) {
        if (key.startsWith('footer.social.')) continue;
        expect(value.trim(), `${lang} ${key}`).not.toBe('');
      }
    }
  });

  it('write Kazakh in the kz catalogue, never Russian', () => {
    // The detector itself: it must catch Russian words and letters and pass Kazakh ones.
    expect(RUSSIAN_ONLY.test('Введите пароль')).toBe(true);
    expect(RUSSIAN_ONLY.test('Объявление')).toBe(true);
    expect(RUSSIAN_ONLY.test('Құпиясөзді енгізіңіз')).toBe(false);
    const text = Object.values(kz).join(' ');
    expect(KAZAKH_LETTERS.test(text)).toBe(true);
    const withLetters = Object.values(kz).filter((v) => KAZAKH_LETTERS.test(v)).length;
    expect(withLetters / Object.values(kz).length).toBeGreaterThan(0.6);
    for (const [key, value] of Object.entries(kz)) {
      expect(RUSSIAN_ONLY.test(value), `${key}: ${value}`).toBe(false);
    }
    for (const route of ROUTES) {
      expect(RUSSIAN_ONLY.test(route.label.kz), `${route.id}: ${route.label.kz}`).toBe(false);
    }
  });

  it('use the attested Kazakh and Russian terms', () => {
    for (const [ours, , kk, rr] of ATTESTED) {
      expect(kz[ours], ours).toBe(kk);
      expect(ru[ours], ours).toBe(rr);
    }
    expect(kz['common.previous']).toBe('Алдыңғы');
  });

  it.skipIf(!hasCorpus)(
    `the attested terms are the corpus's${hasCorpus ? '' : ' — skipped: ../shared/testdata/external/i18n is not beside this clone'}`,
    () => {
      const kk = external('kk.json').strings;
      const rr = external('ru.json').strings;
      for (const [ours, theirs, kzTerm, ruTerm] of ATTESTED) {
        expect(kk[theirs]!.value, ours).toBe(kzTerm);
        expect(rr[theirs]!.value, ours).toBe(ruTerm);
      }
      expect(kk['previous']!.value).toBe('Алдыңғы');
    },
  );

  it('carry the default notifications of spec §8', () => {
    expect([kz['notify.error.title'], ru['notify.error.title']]).toEqual(['Қате', 'Ошибка']);
    expect(kz['notify.error.text']).toBe('Қате орын алды, кейінірек көріңіз');
    expect(ru['notify.error.text']).toBe('Произошла ошибка, попробуйте позднее');
    expect([kz['notify.warning.title'], ru['notify.warning.title']]).toEqual([
      'Маңызды!',
      'Важно!',
    ]);
    expect([kz['notify.success.title'], ru['notify.success.title']]).toEqual(['Сәтті', 'Успешно']);
    expect(ru['notify.success.text']).toBe('Все прошло успешно');
  });

  it('interpolates and lets server translations override', () => {
    expect(
      translate('kz', 'coming.title', { name: 'Әлия' }, { 'coming.title': 'Сәлем, {{name}}!' }),
    ).toBe('Сәлем, Әлия!');
    expect(translate('ru', 'coming.title')).toBe('Этот раздел скоро появится');
    expect(
      translate('kz', 'footer.support_email', {}, { 'footer.support_email': 'help@x.kz' }),
    ).toBe('help@x.kz');
  });
});
