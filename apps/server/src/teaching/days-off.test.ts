import { describe, expect, it } from 'vitest';
import { publicDaysOff, publicDaysOffBetween } from './days-off';

describe('public days off of Kazakhstan', () => {
  it('2026: the fixed holidays and the days carried from a weekend', () => {
    expect(publicDaysOff(2026).map((d) => d.date)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-07',
      '2026-03-08', // Sunday → Monday the 9th
      '2026-03-09',
      '2026-03-21', // Saturday and Sunday → the 24th and 25th (the 23rd is Nauryz itself)
      '2026-03-22',
      '2026-03-23',
      '2026-03-24',
      '2026-03-25',
      '2026-05-01',
      '2026-05-07',
      '2026-05-09', // Saturday → Monday the 11th
      '2026-05-11',
      '2026-07-06',
      '2026-08-30', // Sunday → Monday the 31st
      '2026-08-31',
      '2026-10-25', // Sunday → Monday the 26th
      '2026-10-26',
      '2026-12-16',
    ]);
  });

  it('a religious holiday on a weekend is not carried (7 January 2029 is a Sunday)', () => {
    const days = publicDaysOff(2029).map((d) => d.date);
    expect(days).toContain('2029-01-07');
    expect(days).not.toContain('2029-01-08');
  });

  it('names the carried day in both languages and spans school years', () => {
    const days = publicDaysOffBetween('2026-09-01', '2027-05-25');
    expect(days.find((d) => d.date === '2026-10-26')).toEqual({
      date: '2026-10-26',
      kz: 'Республика күні (ауыстырылған демалыс)',
      ru: 'День Республики (перенесённый выходной)',
    });
    expect(days[0]?.date).toBe('2026-10-25');
    expect(days.at(-1)?.date).toBe('2027-05-10'); // 9 May 2027 is a Sunday
  });
});
