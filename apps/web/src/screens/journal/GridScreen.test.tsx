import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QUARTER_GRADE_CONFIG, quarterGrade } from '@sabaq/platform';
import Grid from './Grid';

const empty = { formative: null, sor: null, soch: null, total: null, grade: null };
const grid = {
  group: { id: 7, name: '7А' },
  subject: { id: 5, name: 'Алгебра' },
  subgroup: null,
  subgroups: [],
  period: {
    id: 2,
    name: 'II тоқсан',
    quarter: 2,
    startDate: '2026-11-03',
    endDate: '2026-12-28',
    is_current: true,
  },
  lessons: [
    { id: 101, date: '2026-11-03', theme: '' },
    { id: 102, date: '2026-11-05', theme: '' },
  ],
  assessments: [],
  rows: [
    {
      student: { id: 1, fullname: 'Серікбаев Әлихан' },
      cells: [
        { lessonId: 101, mark: null, absent: false },
        { lessonId: 102, mark: null, absent: false },
      ],
      points: {},
      result: empty,
    },
    {
      student: { id: 2, fullname: 'Нұрланова Айару' },
      cells: [
        { lessonId: 101, mark: null, absent: false },
        { lessonId: 102, mark: null, absent: false },
      ],
      points: {},
      result: empty,
    },
  ],
  config: {
    ...QUARTER_GRADE_CONFIG,
    weights: { ...QUARTER_GRADE_CONFIG.weights },
    bands: [...QUARTER_GRADE_CONFIG.bands],
  },
};

/** An in-memory journal API: keeps the marks and computes the result with the shared formula. */
function fakeServer() {
  const marks = new Map<string, { mark: number | null; absent: boolean }>();
  const puts: unknown[] = [];
  const posts: unknown[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const handler = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v2/os/journal/periods') return json(200, { data: [grid.period] });
    if (url.pathname === '/api/v2/os/journal/groups/7/5') return json(200, { data: grid });
    if (url.pathname === '/api/v2/os/journal/marks' && init?.method === 'PUT') {
      const b = JSON.parse(String(init.body)) as {
        lessonId: number;
        studentId: number;
        mark: number | null;
        absent: boolean;
      };
      puts.push(b);
      marks.set(`${b.studentId}|${b.lessonId}`, { mark: b.mark, absent: b.absent });
      const mine = [...marks.entries()]
        .filter(([k]) => k.startsWith(`${b.studentId}|`))
        .map(([, v]) => v.mark);
      const result = quarterGrade({
        formative: mine.filter((m): m is number => m !== null),
        sor: [],
        soch: [],
      });
      return json(200, {
        data: {
          studentId: b.studentId,
          lessonId: b.lessonId,
          assessmentId: null,
          mark: b.mark,
          absent: b.absent,
          points: null,
          result,
        },
      });
    }
    if (url.pathname === '/api/v2/os/journal/groups/7/5/assessments' && init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return json(201, { data: { id: 1 } });
    }
    return json(404, { message: 'Табылмады' });
  };
  return { handler, puts, posts };
}

afterEach(() => vi.unstubAllGlobals());

describe('journal grid', () => {
  it('saves each cell as you leave it, moves like a spreadsheet and shows the quarter grade', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', vi.fn(server.handler));
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/kk/control/journal/groups/7/5']}>
          <Routes>
            <Route
              path="/:lang/control/journal/groups/:groupId/:subjectId/:subgroupId?"
              element={<Grid />}
            />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    const first = await screen.findByRole('textbox', { name: 'Серікбаев Әлихан, 03.11.2026' });
    const user = userEvent.setup();
    await user.click(first);
    await user.keyboard('9{Enter}');
    // Enter saved the cell and moved down to the next pupil on the same date.
    await waitFor(() =>
      expect(server.puts).toEqual([{ lessonId: 101, studentId: 1, mark: 9, absent: false }]),
    );
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'Нұрланова Айару, 03.11.2026' }),
    );
    await waitFor(() => expect(screen.getAllByRole('row')[1]?.textContent).toContain('5'));
    await user.keyboard('н{ArrowUp}{ArrowRight}');
    await waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[1]).toEqual({ lessonId: 101, studentId: 2, mark: null, absent: true });
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'Серікбаев Әлихан, 05.11.2026' }),
    );
    await user.keyboard('12{Enter}');
    expect(await screen.findByText('Баға 1-ден 10-ға дейін немесе «н» болуы керек')).toBeTruthy();
    expect(server.puts).toHaveLength(2);
  });

  it('adds a SOR column on a day typed or picked in the calendar: the same date is sent', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', vi.fn(server.handler));
    window.history.replaceState(null, '', '/kk/control/journal/groups/7/5');
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/kk/control/journal/groups/7/5']}>
          <Routes>
            <Route path="/:lang/control/journal/groups/:groupId/:subjectId" element={<Grid />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'БЖБ/ТЖБ қосу' }));
    // The form is its own chunk, loaded when opened.
    await user.type(await screen.findByRole('textbox', { name: /Атауы/ }), 'БЖБ 1');
    const date = screen.getByRole('textbox', { name: /Күні/ });
    await user.clear(date);
    await user.type(date, '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Сақтау' }));
    expect(await screen.findByText(/КК\.АА\.ЖЖЖЖ түрінде/)).toBeTruthy();
    expect(server.posts).toEqual([]);
    await user.clear(date);
    await user.type(date, '01.11.2026');
    await user.click(screen.getByRole('button', { name: 'Күнтізбені ашу: Күні' }));
    const calendar = await screen.findByRole('dialog');
    await user.click(await within(calendar).findByRole('button', { name: '20 қараша 2026' }));
    expect((date as HTMLInputElement).value).toBe('20.11.2026');
    await user.click(screen.getByRole('button', { name: 'Сақтау' }));
    await waitFor(() =>
      expect(server.posts).toEqual([
        { kind: 'sor', title: 'БЖБ 1', maxPoints: 20, date: '2026-11-20', subgroupId: null },
      ]),
    );
    window.history.replaceState(null, '', '/');
  }, 20_000);
});

describe('journal grid: a lesson still to come (issue 20)', () => {
  it("shows the server's refusal of a future date at the cell, and keeps the cell marked bad", async () => {
    const message =
      '05.11.2026 сабағы әлі өткен жоқ: баға мен қатыспауды сабақ күні немесе одан кейін қойыңыз';
    const base = fakeServer();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/v2/os/journal/marks' && init?.method === 'PUT') {
          const b = JSON.parse(String(init.body)) as { lessonId: number };
          if (b.lessonId === 102)
            return new Response(JSON.stringify({ message, errors: { lessonId: [message] } }), {
              status: 422,
              headers: { 'Content-Type': 'application/json' },
            });
        }
        return base.handler(input, init);
      }),
    );
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/kk/control/journal/groups/7/5']}>
          <Routes>
            <Route
              path="/:lang/control/journal/groups/:groupId/:subjectId/:subgroupId?"
              element={<Grid />}
            />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    const cell = await screen.findByRole('textbox', { name: 'Серікбаев Әлихан, 05.11.2026' });
    const user = userEvent.setup();
    await user.click(cell);
    await user.keyboard('9{Enter}');
    const alert = await screen.findByText(message);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(cell.getAttribute('aria-describedby')).toBe(alert.id);
  });
});
