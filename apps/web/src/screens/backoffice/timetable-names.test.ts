import { describe, expect, it } from 'vitest';
import { shortPersonName } from './timetable-names';

describe('shortPersonName (issue 29)', () => {
  it('keeps the surname and gives the initials', () => {
    expect(shortPersonName('Сапарова Айгүл Маратқызы')).toBe('Сапарова А. М.');
    expect(shortPersonName('  Иванов   Пётр ')).toBe('Иванов П.');
    expect(shortPersonName('Әлімов Ұлан Өмірұлы')).toBe('Әлімов Ұ. Ө.');
    expect(shortPersonName('Ахметов')).toBe('Ахметов');
    expect(shortPersonName('')).toBe('');
  });
});
