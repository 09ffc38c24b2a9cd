import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Diary as DiaryData } from '@sabaq/platform';
import { serve } from '../../test/serve';
import Diary from './Diary';

const period = (id: number, quarter: number, isCurrent: boolean) => ({
  id,
  name: `${quarter} тоқсан`,
  quarter,
  startDate: quarter === 2 ? '2026-11-03' : '2026-09-01',
  endDate: quarter === 2 ? '2026-12-28' : '2026-10-26',
  isCurrent,
});

const diary = (periodId: number): DiaryData => ({
  period: period(periodId, periodId === 2 ? 2 : 1, periodId === 2),
  periods: [period(1, 1, false), period(2, 2, true)],
  subjects:
    periodId === 2
      ? [
          {
            subject: { id: 6, name: 'Геометрия' },
            subgroup: null,
            marks: [
              { lessonId: 1, date: '2026-11-04', mark: 8, absent: false, homework: false },
              { lessonId: 2, date: '2026-11-06', mark: 9, absent: false, homework: true },
              { lessonId: 3, date: '2026-11-11', mark: null, absent: true, homework: false },
            ],
            assessments: [
              {
                id: 4,
                kind: 'sor',
                title: 'Үшбұрыштар',
                date: '2026-11-13',
                maxPoints: 15,
                points: 12,
              },
            ],
            homework: [
              {
                answerId: 5,
                lessonDate: '2026-11-06',
                text: '§5',
                grade: 9,
                exerciseScore: null,
                exerciseMax: null,
              },
            ],
            result: { formative: 85, sor: 80, soch: null, total: 82.5, grade: 4 },
          },
        ]
      : [],
});

afterEach(() => vi.unstubAllGlobals());

describe("the pupil's diary screen", () => {
  it('shows marks, absences, SOR points, homework and the quarter result; switches quarters', async () => {
    const calls = serve(
      { 'GET /api/v2/os/diary': (_b, _p) => [200, { data: diary(2) }] },
      { withSearch: true },
    );
    render(
      <MantineProvider>
        <MemoryRouter>
          <Diary />
        </MemoryRouter>
      </MantineProvider>,
    );
    const card = await screen.findByRole('article', { name: 'Геометрия' });
    const c = within(card);
    expect(c.getByLabelText('Баға 4').textContent).toBe('4');
    expect(card.textContent).toContain('82.5%');
    expect(c.getByText('сабаққа қатыспады')).toBeTruthy();
    expect(c.getByText(/үй тапсырмасы үшін/)).toBeTruthy();
    expect(c.getByText('12 / 15 балл')).toBeTruthy();
    expect(card.textContent).toContain('06.11');
    expect(calls[0]?.path).toBe('/api/v2/os/diary');

    vi.unstubAllGlobals();
    const next = serve(
      { 'GET /api/v2/os/diary': () => [200, { data: diary(1) }] },
      { withSearch: true },
    );
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Тоқсан' }), '1');
    await waitFor(() => expect(next[0]?.path).toBe('/api/v2/os/diary?periodId=1'));
    expect(await screen.findByText('Бұл тоқсанда пәндер жоқ')).toBeTruthy();
  });
});
