import { describe, expect, it } from 'vitest';
import { draftLabel, formatDate, formatDateTime, formatTime } from './format';

describe('builder formats', () => {
  it('dates are DD.MM.YYYY and times HH:MM (24 h) in Kazakhstan’s time, whatever the language', () => {
    const at = new Date(Date.UTC(2026, 0, 5, 4, 7, 42)); // 09:07 in Astana
    expect(formatDate(at)).toBe('05.01.2026');
    expect(formatTime(at)).toBe('09:07');
    expect(formatDateTime(at)).toBe('05.01.2026 09:07');
    // 20:30 UTC is already the next day in Kazakhstan.
    expect(formatDateTime('2026-12-31T20:30:00.000Z')).toBe('01.01.2027 01:30');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('a draft’s kind and version read as words in kz and ru', () => {
    expect(draftLabel('sor', 12, 'kz')).toBe('БЖБ · 12-нұсқа');
    expect(draftLabel('sor', 12, 'ru')).toBe('СОР · версия 12');
    expect(draftLabel('soch', 3, 'kz')).toBe('ТЖБ · 3-нұсқа');
    expect(draftLabel('lecture', 1, 'ru')).toBe('Лекция · версия 1');
    expect(draftLabel('customLesson', 2, 'kz')).toBe('Сабақ · 2-нұсқа');
    expect(draftLabel('somethingNew', 2, 'ru')).toBe('Материал · версия 2');
  });
});
