import { describe, expect, it } from 'vitest';
import { staffKindLabel } from './personnel';
import { SchoolSettingsSchema, schoolYearBounds, settingsProblems } from './school-settings';
import type { SchoolSettingsInput } from './school-settings';

const good: SchoolSettingsInput = {
  nameKz: 'Мектеп',
  nameRu: 'Школа',
  addressKz: 'Астана',
  addressRu: 'Астана',
  bin: '060940012343',
  shifts: [
    {
      shift: 1,
      bells: [
        { startsAt: '08:00', endsAt: '08:40' },
        { startsAt: '08:50', endsAt: '09:30' },
      ],
    },
  ],
  schoolYear: '2026-2027',
  quarters: [
    { quarter: 1, start: '2026-09-01', end: '2026-10-26' },
    { quarter: 2, start: '2026-11-03', end: '2026-12-28' },
  ],
  holidays: [{ start: '2027-03-21', end: '2027-03-23', nameKz: 'Наурыз', nameRu: 'Наурыз' }],
  weights: { formative: 25, sor: 25, soch: 50 },
};

describe('school settings rules', () => {
  it('a school year is two following years, 1 September to 31 August', () => {
    expect(schoolYearBounds('2026-2027')).toEqual({ start: '2026-09-01', end: '2027-08-31' });
    expect(schoolYearBounds('2026-2028')).toBeNull();
    expect(settingsProblems({ ...good, schoolYear: '2026-2026' })).toMatchObject({
      schoolYear: 'year_invalid',
    });
  });

  it('accepts good settings', () => {
    expect(settingsProblems(good)).toEqual({});
  });

  it('names each broken rule by its field', () => {
    const bad: SchoolSettingsInput = {
      ...good,
      quarters: [
        { quarter: 1, start: '2026-09-01', end: '2026-11-05' },
        { quarter: 2, start: '2026-11-03', end: '2026-12-28' },
        { quarter: 2, start: '2027-01-08', end: '2027-01-01' },
        { quarter: 4, start: '2027-02-30', end: '2027-05-25' },
      ],
      holidays: [{ start: '2027-09-01', end: '2027-09-02', nameKz: 'x', nameRu: 'x' }],
      shifts: [
        {
          shift: 2,
          bells: [
            { startsAt: '13:30', endsAt: '14:10' },
            { startsAt: '14:00', endsAt: '14:40' },
          ],
        },
      ],
      weights: { formative: 50, sor: 50, soch: 50 },
    };
    expect(settingsProblems(bad)).toEqual({
      'quarters.1.start': 'quarters_overlap',
      'quarters.2.quarter': 'quarter_repeated',
      'quarters.2.end': 'range_reversed',
      'quarters.3.start': 'date_invalid',
      'holidays.0.start': 'outside_year',
      'shifts.0.bells.1.startsAt': 'bells_overlap',
      weights: 'weights_sum',
    });
  });

  it('the save body checks the BIN rule and drops spaces', () => {
    expect(SchoolSettingsSchema.safeParse({ ...good, bin: '0609 4001 2343' }).success).toBe(true);
    const bad = SchoolSettingsSchema.safeParse({ ...good, bin: '060940012345' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('bin_invalid');
  });

  it('labels staff kinds in kz and ru', () => {
    expect(staffKindLabel('teacher', 'DCR', 'kz')).toBe('Сынып жетекшісі');
    expect(staffKindLabel('zavuch', null, 'ru')).toBe('Заместитель директора');
    expect(staffKindLabel('teacher', null, 'ru')).toBe('Учитель');
  });
});
