import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupList, SubgroupTransfer as TransferData } from '@sabaq/platform';
import GroupCard from './GroupCard';
import Groups from './Groups';
import { canSave, formProblems } from './GroupModal';
import SubgroupTransfer, { changedMembers } from './SubgroupTransfer';
import { renderAt, serve } from './test-kit';
import { BACKOFFICE_TEXTS, backofficeText } from './texts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const B = '/api/v2/os/backoffice';
const kz = backofficeText('kz');

const list: GroupList = {
  canManage: true,
  parallels: [
    {
      parallel: 7,
      groups: [
        {
          id: 11,
          parallel: 7,
          letter: 'А',
          name: '7А',
          eduLang: { id: 1, name: 'Қазақ тілі' },
          teachers: [{ id: 3, fullname: 'Ахметова Гүлнар' }],
          pupils: 14,
        },
        {
          id: 12,
          parallel: 7,
          letter: 'Ә',
          name: '7Ә',
          eduLang: { id: 2, name: 'Орыс тілі' },
          teachers: [],
          pupils: 0,
        },
      ],
    },
  ],
};

describe('group modal rules (spec §5)', () => {
  const form = { parallel: '7', letter: 'А', lang: '1', teachers: ['1', '2'] };
  it('saves with letter, parallel, language and at most two teachers', () => {
    expect(canSave(form, kz)).toBe(true);
    expect(canSave({ ...form, parallel: null }, kz)).toBe(false);
    expect(canSave({ ...form, letter: ' ' }, kz)).toBe(false);
    expect(canSave({ ...form, lang: null }, kz)).toBe(false);
  });
  it('a third teacher shows the max-personnel message; a bad letter its own', () => {
    const three = { ...form, teachers: ['1', '2', '3'] };
    expect(formProblems(three, kz).teachers).toBe('Сыныпқа ең көбі 2 мұғалім таңдауға болады');
    expect(canSave(three, kz)).toBe(false);
    expect(formProblems({ ...form, letter: '7' }, backofficeText('ru')).letter).toBe(
      'Литера — только буквы (не более 3)',
    );
  });
});

describe('backoffice/groups', () => {
  it('lists the classes of a parallel with language, class teachers and pupils', async () => {
    serve({ [`GET ${B}/groups`]: () => [200, { data: list }] });
    renderAt('/kk/backoffice/groups', '/kk/backoffice/groups', <Groups />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('7А');
    expect(rows[1]!.textContent).toContain('Ахметова Гүлнар');
    expect(rows[1]!.textContent).toContain('14');
    expect(rows[2]!.textContent).toContain(kz('noTeacher'));
    expect(screen.getByRole('button', { name: kz('createGroup') })).toBeTruthy();
  });

  it('delete of a class that is not empty shows the server refusal and keeps the class', async () => {
    const refusal = 'Сыныпты жоюға болмайды: онда оқушылар бар.';
    const calls = serve({
      [`GET ${B}/groups`]: () => [200, { data: list }],
      [`DELETE ${B}/group/11`]: () => [409, { message: refusal }],
    });
    renderAt('/kk/backoffice/groups', '/kk/backoffice/groups', <Groups />);
    await userEvent.click(await screen.findByRole('button', { name: `${kz('delete')}: 7А` }));
    await userEvent.click(await screen.findByRole('button', { name: kz('delete') }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(calls.filter((c) => c.path === `${B}/groups`)).toHaveLength(1);
  });

  it('a class teacher sees their class without the actions', async () => {
    serve({ [`GET ${B}/groups`]: () => [200, { data: { ...list, canManage: false } }] });
    renderAt('/kk/backoffice/groups', '/kk/backoffice/groups', <Groups />);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: kz('createGroup') })).toBeNull();
    expect(screen.queryByRole('button', { name: `${kz('delete')}: 7А` })).toBeNull();
  });
});

describe('backoffice/groups/{groupId}', () => {
  const card = {
    group: list.parallels[0]!.groups[0]!,
    pupils: [{ id: 101, fullname: 'Әлиев Нұр', iin: '130405600123' }],
    subjects: [
      { id: 5, name: 'Ағылшын тілі', teachers: [{ id: 9, fullname: 'Смит Анна' }], subgroups: 2 },
    ],
    otherGroups: [{ id: 12, name: '7Ә' }],
    canManage: true,
  };
  it('removes a pupil to the archive after confirming, and reloads the card', async () => {
    const calls = serve({
      [`GET ${B}/groups/11/card`]: () => [200, { data: card }],
      [`DELETE ${B}/groups/11/pupils/101`]: () => [200, { data: { id: 101 } }],
    });
    renderAt('/kk/backoffice/groups/11', '/kk/backoffice/groups/:groupId', <GroupCard />);
    expect(await screen.findByText('Смит Анна')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: `${kz('toArchive')}: Әлиев Нұр` }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: kz('toArchive') }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === `${B}/groups/11/card`)).toHaveLength(2),
    );
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${B}/groups/11/pupils/101`)).toBe(
      true,
    );
  });

  it(
    'adds a new pupil account and shows the one-time password once',
    { timeout: 15_000 },
    async () => {
      const calls = serve({
        [`GET ${B}/groups/11/card`]: () => [200, { data: card }],
        [`POST ${B}/groups/11/pupils`]: () => [
          201,
          {
            data: {
              pupil: { id: 102, fullname: 'Бекова Дана', iin: '130405650125' },
              initialPassword: 'Ab-cdef-2345',
            },
          },
        ],
      });
      renderAt('/kk/backoffice/groups/11', '/kk/backoffice/groups/:groupId', <GroupCard />);
      await userEvent.click(await screen.findByRole('button', { name: kz('addPupil') }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByText(kz('newPupil')));
      await userEvent.type(
        within(dialog).getByRole('textbox', { name: new RegExp(kz('iin')) }),
        '1304-0565 0122',
      );
      await userEvent.type(
        within(dialog).getByRole('textbox', { name: new RegExp(kz('surname')) }),
        'Бекова',
      );
      await userEvent.type(
        within(dialog).getByRole('textbox', { name: new RegExp(`^${kz('firstname')}`) }),
        'Дана',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: kz('add') }));
      expect(
        await screen.findByText(kz('initialPassword', { password: 'Ab-cdef-2345' })),
      ).toBeTruthy();
      expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
        mode: 'new',
        iin: '130405650122',
        surname: 'Бекова',
        firstname: 'Дана',
      });
    },
  );
});

describe('the group modal in edit mode', () => {
  const detail = {
    group: { id: 11, letter: 'А', bl_name: { id: 7 }, edu_lang: 1, personnel_id: [3] },
    langs: [
      { id: 1, name: 'Қазақ тілі' },
      { id: 2, name: 'Орыс тілі' },
    ],
    personnels: [
      { id: 3, fullname: 'Ахметова Гүлнар' },
      { id: 4, fullname: 'Бекова Әсем' },
    ],
  };
  const dictionaries = {
    groups: [{ id: 7, name: '7 сынып' }],
    langs: detail.langs,
    personnels: detail.personnels,
  };
  it('loads the group, saves it with PUT and the spec §7 body, closes and refreshes the list', async () => {
    const calls = serve({
      [`GET ${B}/groups`]: () => [200, { data: list }],
      [`GET ${B}/personals/group`]: () => [200, dictionaries],
      [`GET ${B}/group/11`]: () => [200, detail],
      [`PUT ${B}/group/11`]: (body) => [
        200,
        { ...detail, group: { ...detail.group, letter: body.letter } },
      ],
    });
    renderAt('/kk/backoffice/groups', '/kk/backoffice/groups', <Groups />);
    await userEvent.click(await screen.findByRole('button', { name: `${kz('edit')}: 7А` }));
    const dialog = await screen.findByRole('dialog');
    const letter = within(dialog).getByRole('textbox', { name: new RegExp(kz('letter')) });
    await waitFor(() => expect((letter as HTMLInputElement).value).toBe('А'));
    await userEvent.clear(letter);
    await userEvent.type(letter, 'Б');
    await userEvent.click(within(dialog).getByRole('button', { name: kz('save') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      name: 7,
      letter: 'Б',
      edu_lang: 1,
      personnel_id: [3],
    });
    await waitFor(() => expect(calls.filter((c) => c.path === `${B}/groups`)).toHaveLength(2));
  });

  it('a letter that is not letters keeps Save disabled and says why', async () => {
    serve({
      [`GET ${B}/groups`]: () => [200, { data: list }],
      [`GET ${B}/personals/group`]: () => [200, dictionaries],
      [`GET ${B}/group/11`]: () => [200, detail],
    });
    renderAt('/kk/backoffice/groups', '/kk/backoffice/groups', <Groups />);
    await userEvent.click(await screen.findByRole('button', { name: `${kz('edit')}: 7А` }));
    const dialog = await screen.findByRole('dialog');
    const letter = within(dialog).getByRole('textbox', { name: new RegExp(kz('letter')) });
    await waitFor(() => expect((letter as HTMLInputElement).value).toBe('А'));
    await userEvent.type(letter, '1');
    expect(await within(dialog).findByText(kz('letterInvalid'))).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: kz('save') }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
  });
});

describe('backoffice/groups/{groupId}/subgroups/{subjectId}', () => {
  const data: TransferData = {
    group: { id: 11, name: '7А' },
    subject: { id: 5, name: 'Ағылшын тілі' },
    subgroups: [
      { id: 21, name: '1-топ', members: 1 },
      { id: 22, name: '2-топ', members: 1 },
    ],
    pupils: [
      { id: 101, fullname: 'Әлиев Нұр', subgroupId: 21 },
      { id: 102, fullname: 'Бек Дана', subgroupId: 22 },
      { id: 103, fullname: 'Сейіт Али', subgroupId: null },
    ],
    canManage: true,
  };
  it('sends only the pupils whose subgroup changed', () => {
    expect(changedMembers(data, { 101: '21', 102: '22', 103: 'none' })).toEqual([]);
    expect(changedMembers(data, { 101: '22', 102: '22', 103: '21' })).toEqual([
      { userId: 101, subgroupId: 22 },
      { userId: 103, subgroupId: 21 },
    ]);
    expect(changedMembers(data, { 101: 'none', 102: '22', 103: 'none' })).toEqual([
      { userId: 101, subgroupId: null },
    ]);
  });

  it('moves a pupil to the other subgroup and saves', async () => {
    const calls = serve({
      [`GET ${B}/groups/11/subgroups/5`]: () => [200, { data }],
      [`PUT ${B}/groups/11/subgroups/5`]: () => [
        200,
        {
          data: {
            ...data,
            pupils: data.pupils.map((p) => (p.id === 101 ? { ...p, subgroupId: 22 } : p)),
          },
        },
      ],
    });
    renderAt(
      '/kk/backoffice/groups/11/subgroups/5',
      '/kk/backoffice/groups/:groupId/subgroups/:subjectId',
      <SubgroupTransfer />,
    );
    const save = await screen.findByRole('button', { name: kz('save') });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Әлиев Нұр: 2-топ' }));
    expect(screen.getByText(kz('unsaved'))).toBeTruthy();
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      members: [{ userId: 101, subgroupId: 22 }],
    });
  });
});

describe('texts', () => {
  it('kz and ru have the same keys and no empty text', () => {
    expect(Object.keys(BACKOFFICE_TEXTS.ru).sort()).toEqual(
      Object.keys(BACKOFFICE_TEXTS.kz).sort(),
    );
    for (const dict of Object.values(BACKOFFICE_TEXTS))
      for (const value of Object.values(dict)) expect(value.trim()).not.toBe('');
  });
});
