import { afterEach, describe, expect, it } from 'vitest';
import { store } from '../../session/store';
import { sessionUser } from '../../test/factories';
import { personnelText } from './personnel-texts';
import { settingsText } from './settings-texts';
import { backofficeText } from './texts';

afterEach(() => store.reset());

describe('backoffice words in a kindergarten (issue 30)', () => {
  it('says Топ / Группа of children in a kindergarten and Сынып / Класс in a school', () => {
    expect(backofficeText('kz')('groups')).toBe('Сыныптар мен оқушылар');
    store.set({
      user: sessionUser('director', {
        school: { name: 'Балбөбек', address: 'Астана', bin: '1', kind: 'kindergarten' },
      }),
    });
    expect(backofficeText('kz')('groups')).toBe('Топтар мен балалар');
    expect(backofficeText('ru')('createGroup')).toBe('Открыть группу');
    expect(backofficeText('ru')('loading')).toBe('Загрузка…');
  });

  it('personnel and school settings name the kindergarten and its groups, not a school', () => {
    expect(settingsText('kz')('title')).toBe('Мектеп баптаулары');
    expect(personnelText('ru')('classes')).toBe('Классы');
    store.set({
      user: sessionUser('director', {
        school: { name: 'Балбөбек', address: 'Астана', bin: '1', kind: 'kindergarten' },
      }),
    });
    expect(settingsText('kz')('title')).toBe('Балабақша баптаулары');
    expect(settingsText('ru')('schoolWorks')).toBe('Детский сад работает');
    expect(personnelText('kz')('classes')).toBe('Топтар');
    expect(personnelText('ru')('subtitle')).toMatch(/детского сада/);
    // Nothing in either screen's kindergarten words still says school or class.
    for (const lang of ['kz', 'ru'] as const)
      for (const text of [settingsText(lang), personnelText(lang)]) {
        for (const key of ['title', 'subtitle', 'school', 'classes'] as const) {
          const said = (text as (k: string) => string)(key);
          if (said !== undefined) expect(said).not.toMatch(/[Мм]ектеп|[Шш]кол|[Сс]ынып|[Кк]ласс/);
        }
      }
  });
});
