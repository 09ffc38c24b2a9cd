import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContestList as List } from '@sabaq/platform';
import { serve } from '../../test/serve';
import ContestList from './ContestList';
import { CONTEST_TEXTS } from './texts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const list: List = {
  items: [
    {
      id: 4,
      title: 'Үздік сабақ — 2026',
      summary: 'Республикалық байқау',
      type: 'best-lesson',
      lessonType: 'lesson',
      language: null,
      subject: { code: 'algebra', name: 'Алгебра' },
      parallels: { from: 7, to: 9 },
      startsOn: '2026-11-08',
      submitUntil: '2026-12-23',
      resultsOn: '2027-01-07',
      stage: 'open',
      entries: 3,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 12,
  subjects: [{ code: 'algebra', name: 'Алгебра' }],
  schools: [{ id: 1, name: '№ 54 мектеп-лицей' }],
};

describe('contest screens', () => {
  it('has every label in both languages', () => {
    expect(Object.keys(CONTEST_TEXTS.kz).sort()).toEqual(Object.keys(CONTEST_TEXTS.ru).sort());
  });

  it('lists contests with their dates and sends each filter to the server', async () => {
    const calls = serve(
      { 'GET /api/v2/os/contests': () => [200, { data: list }] },
      { withSearch: true },
    );
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/kk/contest/list']}>
          <Routes>
            <Route path="/kk/contest/list" element={<ContestList />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    const link = await screen.findByRole('link', { name: 'Ашу: Үздік сабақ — 2026' });
    expect(link.getAttribute('href')).toBe('/kk/contest/4');
    expect(screen.getByText(/08\.11\.2026 – 23\.12\.2026/)).toBeTruthy();
    expect(screen.getByText(/7–9 сыныптар/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Пән' }), 'algebra');
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/v2/os/contests?subject=algebra'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Мектеп' }), '1');
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe('/api/v2/os/contests?subject=algebra&school=1'),
    );
  });
});
