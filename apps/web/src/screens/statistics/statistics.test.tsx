import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Figures, SchoolStatistics } from '@sabaq/platform';
import { serve } from '../../test/serve';
import { FiguresTable, showAverage, showPercent } from './Figures';
import School from './School';
import { STATISTICS_TEXTS, statisticsText } from './texts';

const renderWithKit = (node: ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

const figures = (quality: number | null, average: number | null): Figures => ({
  quality,
  success: quality === null ? null : Math.min(100, quality + 20),
  average,
  attendance: 95.5,
  sor: 70,
  soch: null,
  usage: quality === null ? null : 48,
  pupils: 25,
  graded: quality === null ? 0 : 25,
  grades: { five: 5, four: 10, three: 8, two: 2 },
});

describe('statistics screens', () => {
  it('shows percentages and averages as a person reads them, and — for nothing', () => {
    expect(showPercent(62.5)).toBe('62,5 %');
    expect(showPercent(null)).toBe('—');
    expect(showAverage(3.75)).toBe('3,75');
    expect(showAverage(4)).toBe('4,00');
  });

  it('has every label in both languages', () => {
    expect(Object.keys(STATISTICS_TEXTS.kz).sort()).toEqual(
      Object.keys(STATISTICS_TEXTS.ru).sort(),
    );
    for (const text of Object.values(STATISTICS_TEXTS.kz)) expect(text.trim()).not.toBe('');
  });

  it('sorts a table by a column from the keyboard, rows with nothing to count last', async () => {
    const t = statisticsText('ru');
    renderWithKit(
      <FiguresTable
        caption="По классам"
        nameHeader={t('group')}
        rows={[
          { id: 1, name: '7А', figures: figures(40, 3.4) },
          { id: 2, name: '7Б', figures: figures(null, null) },
          { id: 3, name: '7Ә', figures: figures(72.5, 4.1) },
        ]}
        t={t}
      />,
    );
    const names = () =>
      within(screen.getByRole('table', { name: 'По классам' }))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    // Kazakh alphabetical order: А, Ә, Б.
    expect(names()).toEqual(['7А', '7Ә', '7Б']);
    const quality = screen.getByRole('button', { name: /Качество знаний/ });
    quality.focus();
    await userEvent.keyboard('{Enter}');
    // First press: highest quality first; the class with no grades stays last.
    expect(names()).toEqual(['7Ә', '7А', '7Б']);
    expect(quality.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    await userEvent.keyboard('{Enter}');
    expect(names()).toEqual(['7А', '7Ә', '7Б']);
    expect(screen.getAllByText('72,5 %')).toHaveLength(1);
  });

  it('the school page: figures, the class table linking each class, pupils at risk; switches quarters', async () => {
    const period = (id: number, name: string, current: boolean) => ({ id, name, current });
    const school = (periodId: number, span: 'quarter' | 'year' = 'quarter'): SchoolStatistics => ({
      school: { id: 1, name: 'Астана қаласының № 54 мектеп-лицейі' },
      scope: 'school',
      span,
      period: periodId === 2 ? period(2, 'II тоқсан', true) : period(1, 'I тоқсан', false),
      periods: [period(1, 'I тоқсан', false), period(2, 'II тоқсан', true)],
      figures: figures(periodId === 2 ? 62.5 : null, periodId === 2 ? 3.75 : null),
      trend: [{ period: period(1, 'I тоқсан', false), figures: figures(55, 3.6) }],
      subjects: [{ id: 5, name: 'Алгебра', figures: figures(62.5, 3.75) }],
      teachers: [{ id: 9, name: 'Ахметова Гүлнар', figures: figures(62.5, 3.75) }],
      groups: [{ id: 42, name: '7А', figures: figures(62.5, 3.75) }],
      atRisk: [
        {
          id: 77,
          name: 'Серіков Нұрлан',
          groupId: 42,
          groupName: '7А',
          subjects: [{ id: 5, name: 'Алгебра', total: 31.5 }],
        },
      ],
    });
    // The first answer is the current quarter, the next one the first quarter (the choice).
    let answered = 0;
    const calls = serve(
      {
        // Handlers match the path; the query asked for is checked through `calls`.
        'GET /api/v2/os/statistics/school': () => [
          200,
          { data: answered++ === 0 ? school(2) : school(1, answered > 2 ? 'year' : 'quarter') },
        ],
      },
      { withSearch: true },
    );
    renderWithKit(<School />);
    await screen.findByRole('heading', { name: 'Мектеп статистикасы', level: 1 });
    const tile = document.querySelector('.stat-tiles .stat-tile')!;
    expect(tile.textContent).toContain('Білім сапасы');
    expect(tile.textContent).toContain('62,5 %');
    expect(screen.getByRole('link', { name: '7А сыныбын ашу' }).getAttribute('href')).toBe(
      '/kk/statistics/42',
    );
    expect(screen.getByText(/Серіков Нұрлан/).closest('li')!.textContent).toContain(
      'Алгебра 31,5 %',
    );
    expect(calls[0]?.path).toBe('/api/v2/os/statistics/school');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Тоқсан' }), '1');
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/v2/os/statistics/school?periodId=1'));
    expect(await screen.findByText(/әзірге тоқсандық баға жоқ/)).toBeTruthy();
    // The usage tile says what it counts.
    const usage = [...document.querySelectorAll('.stat-tiles .stat-tile')].find((each) =>
      each.textContent?.includes('Платформаны пайдалану'),
    );
    expect(usage?.textContent).toContain('үй жұмысын');
    // Year to date: a radio of the span group, asked with the chosen quarter.
    await userEvent.click(screen.getByRole('radio', { name: 'Жыл басынан' }));
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe('/api/v2/os/statistics/school?periodId=1&span=year'),
    );
    expect(await screen.findByText(/Жыл басынан I тоқсан қоса алғанға дейінгі/)).toBeTruthy();
  });
});
