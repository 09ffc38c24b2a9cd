import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  digitsOnly,
  isValidDisplayDate,
  isValidEmail,
  isValidName,
  passwordProblem,
  toDisplayDate,
} from './fields';

const runs = process.env.CI ? 1000 : 100;

describe('passwordProblem', () => {
  it.each([
    ['Sabaq-Demo-2026', null],
    ['Ab1!', 'password_min'],
    ['Ab 1!defgh', 'password_space'],
    ['abcdefg1!', 'password_invalid'],
    ['ABCDEFG1!', 'password_invalid'],
    ['Abcdefgh!', 'password_invalid'],
    ['Abcdefgh1', 'password_invalid'],
    ['Құпия-Сөз-2026', null],
    [`Aa1!${'x'.repeat(117)}`, 'password_max'],
    [`Aa1!${'x'.repeat(116)}`, null],
  ] as const)('%s → %s', (pw, expected) => {
    expect(passwordProblem(pw)).toBe(expected);
  });
  it('any password with a space is refused for the space first (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(passwordProblem(`${a} ${b}`)).toBe('password_space');
      }),
      { seed: 11, numRuns: runs },
    );
  });
});

describe('other fields', () => {
  it('e-mail', () => {
    expect(isValidEmail('aigerim.n@mektep.kz')).toBe(true);
    expect(isValidEmail('aigerim@')).toBe(false);
    expect(isValidEmail('a b@c.kz')).toBe(false);
    expect(isValidEmail('no-domain@kz')).toBe(false);
  });
  it('names allow Kazakh and Russian letters, Latin, spaces and hyphens', () => {
    expect(isValidName('Әлия Нұрланқызы')).toBe(true);
    expect(isValidName('Анна-Мария')).toBe(true);
    expect(isValidName('Ivanov')).toBe(true);
    expect(isValidName('R2D2')).toBe(false);
    expect(isValidName('   ')).toBe(false);
    expect(isValidName("O'Brien")).toBe(false);
  });
  it('digits only', () => {
    expect(digitsOnly('+7 (701) 123-45-67')).toBe('77011234567');
  });
  it('dates DD.MM.YYYY', () => {
    expect(isValidDisplayDate('29.02.2024')).toBe(true);
    expect(isValidDisplayDate('29.02.2023')).toBe(false);
    expect(isValidDisplayDate('32.01.2020')).toBe(false);
    expect(isValidDisplayDate('01.13.2020')).toBe(false);
    expect(isValidDisplayDate('1.1.2020')).toBe(false);
    expect(toDisplayDate('2011-09-01')).toBe('01.09.2011');
  });
});
