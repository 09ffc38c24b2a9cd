import { describe, expect, it } from 'vitest';
import { subgroupName } from './subgroups';

describe('subgroup names in the interface language (issue 18)', () => {
  it('numbered names read "N-топ" in kz and "N-я группа" in ru', () => {
    for (const name of ['1-топ', '1 топ', '1', '1 группа', '1-я группа', 'Группа 1', 'топ 1'])
      expect([subgroupName(name, 'kz'), subgroupName(name, 'ru')], name).toEqual([
        '1-топ',
        '1-я группа',
      ]);
  });
  it('a name of the school’s own is shown as written', () => {
    expect(subgroupName('Неміс тілі', 'ru')).toBe('Неміс тілі');
    expect(subgroupName('Advanced', 'kz')).toBe('Advanced');
  });
});
