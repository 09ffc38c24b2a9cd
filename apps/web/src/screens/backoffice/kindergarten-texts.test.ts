import { afterEach, describe, expect, it } from 'vitest';
import { store } from '../../session/store';
import { sessionUser } from '../../test/factories';
import { personnelText } from './personnel-texts';
import { ROSTER_TEXTS, rosterText } from './roster-texts';
import { SETTINGS_TEXTS, settingsText } from './settings-texts';
import { BACKOFFICE_TEXTS, backofficeText } from './texts';

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

  /**
   * A school word at the start of a word: «мектеп», «школа», «сынып», «класс» — but not the
   * kindergarten's own «Мектепке дейінгі» (preschool) nor «дошкольные».
   */
  const SCHOOL_WORD = /(?<!\p{L})(?:[Мм]ектеп(?!ке дейінгі)|[Шш]кол|[Сс]ынып|[Кк]ласс)/u;

  it('no label of the group, roster, archive or settings screens says school or class there', () => {
    store.set({
      user: sessionUser('director', {
        school: { name: 'Балбөбек', address: 'Астана', bin: '1', kind: 'kindergarten' },
      }),
    });
    const said: string[] = [];
    for (const lang of ['kz', 'ru'] as const) {
      const modules = [
        [Object.keys(BACKOFFICE_TEXTS[lang]), backofficeText(lang)],
        [Object.keys(ROSTER_TEXTS[lang]), rosterText(lang)],
        // Quarters and journal weights are the settings' own words, not a school's name.
        [Object.keys(SETTINGS_TEXTS[lang]), settingsText(lang)],
      ] as const;
      for (const [keys, text] of modules)
        for (const key of keys) {
          const value = (text as (k: string) => string)(key);
          if (SCHOOL_WORD.test(value)) said.push(`${lang}.${key}: ${value}`);
        }
    }
    expect(said).toEqual([]);
    // A school keeps its own words.
    store.set({ user: sessionUser('director') });
    expect(rosterText('ru')('className')).toBe('Класс');
    expect(backofficeText('kz')('pupils')).toBe('Оқушылар');
  });
});
