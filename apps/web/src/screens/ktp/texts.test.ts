import { describe, expect, it } from 'vitest';
import { KTP_TEXTS, ktpText } from './texts';

describe('KTP texts', () => {
  it('has the same keys in kz and ru, none empty, with real Kazakh letters', () => {
    expect(Object.keys(KTP_TEXTS.kz).sort()).toEqual(Object.keys(KTP_TEXTS.ru).sort());
    for (const lang of ['kz', 'ru'] as const)
      for (const [k, v] of Object.entries(KTP_TEXTS[lang]))
        expect(v.trim(), `${lang}.${k}`).not.toBe('');
    expect(Object.values(KTP_TEXTS.kz).join('')).toMatch(/[әғқңөұүһі]/);
    // Kazakh labels are not Russian ones left untranslated.
    const same = Object.keys(KTP_TEXTS.kz).filter(
      (k) =>
        KTP_TEXTS.kz[k as keyof typeof KTP_TEXTS.kz] ===
        KTP_TEXTS.ru[k as keyof typeof KTP_TEXTS.ru],
    );
    // «Материал», «Балл» and «№» are the same words in both languages.
    expect(same.sort()).toEqual(['content', 'number', 'score']);
  });
  it('fills placeholders', () => {
    expect(ktpText('ru')('pageOf', { n: 2, total: 5 })).toBe('Страница 2 из 5');
    expect(ktpText('kz')('pageOf', { n: 2, total: 5 })).toBe('2-бет / 5');
  });
});
