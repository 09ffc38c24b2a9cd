import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TimetableGroup, TimetableList } from '@sabaq/platform';
import Schedule from './Schedule';
import Schedules from './Schedules';
import { renderAt, serve } from './test-kit';
import { timetableText } from './timetable-texts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const S = '/api/v2/os/backoffice/schedules';
const kz = timetableText('kz');

const periods = [
  {
    id: 5,
    name: 'II тоқсан',
    quarter: 2,
    schoolYear: '2026-2027',
    start: '2026-11-03',
    end: '2026-12-28',
    isCurrent: true,
  },
  {
    id: 6,
    name: 'III тоқсан',
    quarter: 3,
    schoolYear: '2026-2027',
    start: '2027-01-08',
    end: '2027-03-18',
    isCurrent: false,
  },
];

const list: TimetableList = {
  periods,
  periodId: 5,
  canManage: true,
  groups: [
    { id: 11, name: '7А', parallel: 7, shift: 1, lessons: 30, withoutTeacher: 2, state: 'filled' },
    { id: 12, name: '9Д', parallel: 9, shift: null, lessons: 0, withoutTeacher: 0, state: 'empty' },
  ],
};

const bells = [1, 2, 3].map((n) => ({
  lessonNo: n,
  startsAt: `0${7 + n}:00`,
  endsAt: `0${7 + n}:40`,
}));

const group: TimetableGroup = {
  group: { id: 12, name: '9Д', parallel: 9 },
  periods,
  periodId: 5,
  canManage: true,
  shift: 1,
  bells: { 1: bells, 2: bells },
  slots: [
    {
      id: 70,
      weekday: 2,
      lessonNo: 1,
      shift: 1,
      startsAt: '08:00',
      endsAt: '08:40',
      subject: { id: 3, name: 'Ағылшын тілі' },
      subgroup: { id: 8, name: '1-топ' },
      teacher: { id: 21, fullname: 'Смағұлова Айгүл' },
      room: '204',
    },
  ],
  subjects: [
    { id: 1, name: 'Математика', subgroups: [] },
    { id: 3, name: 'Ағылшын тілі', subgroups: [{ id: 8, name: '1-топ' }] },
  ],
  teachers: [
    { id: 20, fullname: 'Бекова Сәуле', subjectIds: [1] },
    { id: 21, fullname: 'Смағұлова Айгүл', subjectIds: [3] },
  ],
  daysOff: [{ date: '2026-12-16', name: 'Тәуелсіздік күні' }],
};

async function choose(label: string, option: string) {
  const input = screen
    .getAllByLabelText(new RegExp(`^${label}`))
    .find((element) => element.tagName === 'INPUT')!;
  await userEvent.click(input);
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('backoffice/schedules', () => {
  it('lists the classes with the state of their week and links to each', async () => {
    serve({ [`GET ${S}`]: () => [200, { data: list }] });
    renderAt('/kk/backoffice/schedules', '/kk/backoffice/schedules', <Schedules />);
    const link = await screen.findByRole('link', { name: kz('open', { name: '9Д' }) });
    expect(link.getAttribute('href')).toBe('/kk/backoffice/schedules/12?periodId=5');
    const row = link.closest('tr')!;
    expect(within(row).getByText(kz('empty'))).toBeTruthy();
    expect(screen.getByRole('heading', { name: kz('copyTitle') })).toBeTruthy();
  });

  it('puts a lesson in the week and shows a clash the server names', async () => {
    let clash = true;
    const calls = serve({
      [`GET ${S}/12`]: () => [200, { data: group }],
      [`POST ${S}/12/slots`]: (body) =>
        clash
          ? [
              409,
              {
                message:
                  'Кестеде қайшылық бар: Бекова Сәуле мұғалімі бұл уақытта 7А сыныбында сабақ береді (дүйсенбі, 1-сабақ, Математика)',
              },
            ]
          : [201, { data: { ...group.slots[0], id: 71, ...body } }],
    });
    renderAt('/kk/backoffice/schedules/12', '/kk/backoffice/schedules/:groupId', <Schedule />);
    // The existing subgroup lesson is named in full; the days off are listed.
    expect(
      await screen.findByRole('button', {
        name: kz('editAt', {
          day: 'Сейсенбі',
          n: 1,
          subject: 'Ағылшын тілі · 1-топ Смағұлова А. · 204 (Смағұлова Айгүл)',
        }),
      }),
    ).toBeTruthy();
    expect(screen.getByText('16.12.2026 — Тәуелсіздік күні')).toBeTruthy();
    await userEvent.click(
      screen.getByRole('button', { name: kz('addAt', { day: 'Дүйсенбі', n: 1 }) }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(kz('newLesson', { day: 'Дүйсенбі', n: 1 }))).toBeTruthy();
    await choose(kz('subject'), 'Математика');
    // Issue 30: only the subject's teachers, the others behind «show all staff».
    await userEvent.click(
      screen.getAllByLabelText(new RegExp(`^${kz('teacher')}`)).find((e) => e.tagName === 'INPUT')!,
    );
    expect(await screen.findByRole('option', { name: 'Бекова Сәуле', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Смағұлова Айгүл', hidden: true })).toBeNull();
    await userEvent.click(within(dialog).getByRole('switch', { name: kz('allStaff') }));
    await userEvent.click(
      screen.getAllByLabelText(new RegExp(`^${kz('teacher')}`)).find((e) => e.tagName === 'INPUT')!,
    );
    expect(
      await screen.findByRole('option', { name: 'Смағұлова Айгүл', hidden: true }),
    ).toBeTruthy();
    await choose(kz('teacher'), 'Бекова Сәуле');
    await userEvent.type(within(dialog).getByRole('textbox', { name: kz('room') }), ' 305 ');
    await userEvent.click(within(dialog).getByRole('button', { name: kz('save') }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(
      /Бекова Сәуле мұғалімі бұл уақытта 7А сыныбында сабақ береді/,
    );
    const posts = () => calls.filter((c) => c.method === 'POST');
    expect(posts().map((c) => c.body)).toEqual([
      {
        periodId: 5,
        weekday: 1,
        lessonNo: 1,
        shift: 1,
        subjectId: 1,
        subgroupId: null,
        teacherId: 20,
        room: '305',
      },
    ]);
    clash = false;
    await userEvent.click(within(dialog).getByRole('button', { name: kz('save') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Saved: the week is read again from the server.
    expect(calls.filter((c) => c.method === 'GET' && c.path === `${S}/12`)).toHaveLength(2);
  }, 20_000);

  it('a lesson cell of the editor is compact: subject, then «Surname I.» and room; the rest in its title', async () => {
    serve({ [`GET ${S}/12`]: () => [200, { data: group }] });
    renderAt('/kk/backoffice/schedules/12', '/kk/backoffice/schedules/:groupId', <Schedule />);
    const slot = await screen.findByRole('button', {
      name: /^Сейсенбі, 1-сабақ: Ағылшын тілі · 1-топ Смағұлова А\. · 204 \(Смағұлова Айгүл\)/,
    });
    expect(slot.textContent).toBe('Ағылшын тілі · 1-топ Смағұлова А. · 204');
    expect(slot.getAttribute('title')).toBe('Ағылшын тілі · 1-топ · Смағұлова Айгүл · 204');
  });

  it('a class teacher reads the week without add or edit buttons', async () => {
    serve({ [`GET ${S}/12`]: () => [200, { data: { ...group, canManage: false, teachers: [] } }] });
    renderAt('/kk/backoffice/schedules/12', '/kk/backoffice/schedules/:groupId', <Schedule />);
    expect(await screen.findByText(kz('readOnly'))).toBeTruthy();
    expect(screen.getByText('Ағылшын тілі · 1-топ · Смағұлова Айгүл · 204')).toBeTruthy();
    // Issue 29: the cell is compact (the teacher as «Surname I.»), the full detail on focus/tap.
    expect(screen.getByText('Смағұлова А. · 204')).toBeTruthy();
    const cell = screen.getByText('Смағұлова А. · 204').closest('.bo-slot-read') as HTMLElement;
    expect(cell.tabIndex).toBe(0);
    // A phone has no hover: a tap (or Enter) shows the full detail under the face, again hides it.
    expect(cell.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(cell);
    expect(cell.getAttribute('aria-expanded')).toBe('true');
    expect(cell.querySelector('.bo-slot-detail')?.textContent).toBe(
      'Ағылшын тілі · 1-топ · Смағұлова Айгүл · 204',
    );
    cell.focus();
    await userEvent.keyboard('{Enter}');
    expect(cell.querySelector('.bo-slot-detail')).toBeNull();
    // A phone shows one day at a time: the switcher names each day in full for screen readers.
    expect(screen.getByRole('radio', { name: 'Сенбі' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /сабақ қосу/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: kz('copyTitle') })).toBeNull();
  });
});
