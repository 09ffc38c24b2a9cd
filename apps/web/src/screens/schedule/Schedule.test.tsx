import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import Schedule from './Schedule';

const lesson = (id: number, date: string, n: number) => ({
  id,
  date,
  number: n,
  startsAt: '08:00',
  endsAt: '08:40',
  shift: 1,
  group: { id: 7, name: '7А' },
  subgroup: null,
  subject: { id: 5, name: 'Алгебра' },
  teacher: { id: 2, fullname: 'Ахметова Гүлнар Қайратқызы' },
  theme: '',
  content: null,
  homeworkCount: 1,
});

function week(monday: string) {
  const add = (d: string, n: number) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  return {
    quarter: 2,
    period: { id: 2, name: 'II тоқсан', startDate: '2026-11-03', endDate: '2026-12-28' },
    selectedDate: add(monday, 2),
    days: [0, 1, 2, 3, 4].map((i) => ({
      date: add(monday, i),
      weekday: i + 1,
      lessons: i === 0 ? [lesson(11, monday, 1)] : [],
    })),
    weeks: {
      prev: { start: add(monday, -7), end: add(monday, -2) },
      current: { start: monday, end: add(monday, 5) },
      next: { start: add(monday, 7), end: add(monday, 12) },
    },
    groups: [],
    groupId: null,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('schedule week', () => {
  it('shows the days with lessons and moves to the next week', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          });
        if (url.pathname === '/api/v2/os/periods') return json({ data: [] });
        asked.push(url.searchParams.get('date') ?? '');
        const date = url.searchParams.get('date') ?? '2026-11-18';
        return json({ data: week(date >= '2026-11-23' ? '2026-11-23' : '2026-11-16') });
      }),
    );
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/kk/schedule/2026-11-18']}>
          <Routes>
            <Route path="/:lang/schedule/:date?" element={<Schedule />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Дүйсенбі, 16.11.2026' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /Алгебра · 7А/ });
    expect(link.getAttribute('href')).toBe('/kk/schedule/lesson/11');
    expect(
      screen.getByRole('region', { name: 'Сәрсенбі 18.11.2026' }).getAttribute('aria-current'),
    ).toBe('date');
    await userEvent.setup().click(screen.getByRole('button', { name: /Келесі апта/ }));
    expect(await screen.findByRole('heading', { name: 'Дүйсенбі, 23.11.2026' })).toBeTruthy();
    expect(asked).toEqual(['2026-11-18', '2026-11-23']);
  });

  it('opens the week of a day typed as DD.MM.YYYY and refuses another format', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          });
        if (url.pathname === '/api/v2/os/periods') return json({ data: [] });
        const date = url.searchParams.get('date') ?? '2026-11-18';
        asked.push(date);
        return json({ data: week(date >= '2026-11-23' ? '2026-11-23' : '2026-11-16') });
      }),
    );
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/kk/schedule/2026-11-18']}>
          <Routes>
            <Route path="/:lang/schedule/:date?" element={<Schedule />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    const field = await screen.findByRole('textbox', { name: /Күні/ });
    expect((field as HTMLInputElement).value).toBe('18.11.2026');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '2026-11-25{Enter}');
    expect(await screen.findByText(/КК\.АА\.ЖЖЖЖ түрінде/)).toBeTruthy();
    await user.clear(field);
    await user.type(field, '25.11.2026{Enter}');
    expect(await screen.findByRole('heading', { name: 'Дүйсенбі, 23.11.2026' })).toBeTruthy();
    expect(asked).toEqual(['2026-11-18', '2026-11-25']);
    // The same day picked in the kit's calendar (kz month names, weeks from Monday) asks the
    // server for the same date as typing it did.
    await user.click(screen.getByRole('button', { name: 'Күнтізбені ашу: Күні' }));
    const calendar = await screen.findByRole('dialog');
    expect(await within(calendar).findByText('Қараша 2026', { exact: false })).toBeTruthy();
    expect(within(calendar).getAllByRole('columnheader')[0]?.textContent?.toLowerCase()).toMatch(
      /^дй/, // дүйсенбі
    );
    await user.click(within(calendar).getByRole('button', { name: '18 қараша 2026' }));
    expect(await screen.findByRole('heading', { name: 'Дүйсенбі, 16.11.2026' })).toBeTruthy();
    expect(asked).toEqual(['2026-11-18', '2026-11-25', '2026-11-18']);
  }, 20_000);
});
