import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QUARTER_GRADE_CONFIG } from '@sabaq/platform';
import Grid from './Grid';

const empty = { formative: null, sor: null, soch: null, total: null, grade: null };
const pupils = [
  { id: 1, fullname: 'Әбенов Арман' },
  { id: 2, fullname: 'Бекова Дана' },
  { id: 3, fullname: 'Серікбаев Әлихан' },
  { id: 4, fullname: 'Төлеуова Аружан' },
];
const subgroups = [
  { id: 31, name: '1-топ', students: 2 },
  { id: 32, name: '2-топ', students: 2 },
];
const members: Record<string, number[]> = { '31': [1, 2], '32': [3, 4] };

/** The grid the server would answer for the whole class or one subgroup (its members only). */
function page(subgroupId: string | null) {
  const ids = subgroupId ? (members[subgroupId] ?? []) : pupils.map((p) => p.id);
  return {
    group: { id: 7, name: '7А' },
    subject: { id: 9, name: 'Ағылшын тілі' },
    subgroup: subgroupId
      ? { id: Number(subgroupId), name: subgroupId === '31' ? '1-топ' : '2-топ' }
      : null,
    subgroups,
    period: {
      id: 2,
      name: 'II тоқсан',
      quarter: 2,
      startDate: '2026-11-03',
      endDate: '2026-12-28',
      is_current: true,
    },
    lessons: [{ id: 101, date: '2026-11-04', theme: '' }],
    assessments: [],
    rows: pupils
      .filter((p) => ids.includes(p.id))
      .map((student) => ({
        student,
        cells: [{ lessonId: 101, mark: null, absent: false }],
        points: {},
        result: empty,
      })),
    config: {
      ...QUARTER_GRADE_CONFIG,
      weights: { ...QUARTER_GRADE_CONFIG.weights },
      bands: [...QUARTER_GRADE_CONFIG.bands],
    },
  };
}

function fakeServer() {
  const gridQueries: (string | null)[] = [];
  const puts: unknown[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const handler = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v2/os/journal/periods')
      return json(200, { data: [page(null).period] });
    if (url.pathname === '/api/v2/os/journal/groups/7/9') {
      gridQueries.push(url.searchParams.get('subgroupId'));
      return json(200, { data: page(url.searchParams.get('subgroupId')) });
    }
    if (url.pathname === '/api/v2/os/journal/marks' && init?.method === 'PUT') {
      const b = JSON.parse(String(init.body)) as { studentId: number; subgroupId?: number };
      puts.push(b);
      const msg = 'Ученик не входит в эту подгруппу';
      return json(422, { message: msg, errors: { studentId: [msg] } });
    }
    return json(404, { message: 'Табылмады' });
  };
  return { handler, gridQueries, puts };
}

function mount(start: string) {
  window.history.replaceState(null, '', start);
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[start]}>
        <Routes>
          <Route
            path="/:lang/control/journal/groups/:groupId/:subjectId/:subgroupId?"
            element={<Grid />}
          />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('subgroup picker', () => {
  it('picks a subgroup from the keyboard and lists only its members (kz)', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', vi.fn(server.handler));
    mount('/kk/control/journal/groups/7/9');
    const tabs = await screen.findByRole('tablist', { name: 'Топша' });
    const whole = within(tabs).getByRole('tab', { name: 'Бүкіл сынып' });
    expect(whole.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 4);

    // The kit's tabs: → moves along them, Enter opens the one reached.
    const user = userEvent.setup();
    whole.focus();
    await user.keyboard('{ArrowRight}');
    const second = within(tabs).getByRole('tab', { name: 'Топша: 1-топ, 2 оқушы' });
    expect(document.activeElement).toBe(second);
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(server.gridQueries.at(-1)).toBe('32'));
    await screen.findByRole('heading', { name: /2-топ/ });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Серікбаев Әлихан',
      'Төлеуова Аружан',
    ]);
    const third = within(screen.getByRole('tablist', { name: 'Топша' })).getByRole('tab', {
      name: 'Топша: 2-топ, 2 оқушы',
    });
    expect(third.getAttribute('aria-selected')).toBe('true');
    // The new page's tabs keep the focus where the keyboard was.
    expect(document.activeElement).toBe(third);
  });

  it('labels in ru, sends the subgroup with each mark and shows the server’s refusal', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', vi.fn(server.handler));
    mount('/ru/control/journal/groups/7/9/31');
    const tabs = await screen.findByRole('tablist', { name: 'Подгруппа' });
    expect(
      within(tabs).getByRole('tab', { name: 'Весь класс' }).getAttribute('aria-selected'),
    ).toBe('false');
    expect(
      within(tabs)
        .getByRole('tab', { name: 'Подгруппа: 1-я группа, 2 уч.' })
        .getAttribute('aria-selected'),
    ).toBe('true');
    expect(server.gridQueries).toEqual(['31']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Әбенов Арман, 04.11.2026' }));
    await user.keyboard('8{Enter}');
    await waitFor(() =>
      expect(server.puts).toEqual([
        { lessonId: 101, studentId: 1, mark: 8, absent: false, subgroupId: 31 },
      ]),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Ученик не входит в эту подгруппу',
    );
  });

  it('is not shown for a subject taught to the whole class', async () => {
    const server = fakeServer();
    const handler = async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await server.handler(input, init);
      if (!String(input).includes('/journal/groups/7/9')) return res;
      const body = (await res.json()) as { data: ReturnType<typeof page> };
      return new Response(JSON.stringify({ data: { ...body.data, subgroups: [] } }), {
        headers: { 'Content-Type': 'application/json' },
      });
    };
    vi.stubGlobal('fetch', vi.fn(handler));
    mount('/kk/control/journal/groups/7/9');
    await screen.findByRole('heading', { name: /Ағылшын тілі/ });
    expect(screen.queryByRole('tablist', { name: 'Топша' })).toBeNull();
  });
});
