import { afterEach, describe, expect, it } from 'vitest';
import { store } from '../../session/store';
import { sessionUser } from '../../test/factories';
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
});
