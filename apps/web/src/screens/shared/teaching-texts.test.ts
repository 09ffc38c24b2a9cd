import { describe, expect, it } from 'vitest';
import { TEACHING_TEXTS, teachingText } from './teaching-texts';

describe('teaching texts', () => {
  it('has the same keys in kz and ru, none empty, with real Kazakh letters', () => {
    expect(Object.keys(TEACHING_TEXTS.kz).sort()).toEqual(Object.keys(TEACHING_TEXTS.ru).sort());
    for (const lang of ['kz', 'ru'] as const)
      for (const [k, v] of Object.entries(TEACHING_TEXTS[lang]))
        expect(v.trim(), `${lang}.${k}`).not.toBe('');
    expect(Object.values(TEACHING_TEXTS.kz).join('')).toMatch(/[әғқңөұүһі]/);
  });
  it('fills placeholders', () => {
    expect(teachingText('ru')('toCheck', { n: 3 })).toBe('Ответов ждут проверки: 3');
    expect(teachingText('kz')('toCheck', { n: 3 })).toBe('Тексеруді күтетін жауаптар: 3');
  });
});
