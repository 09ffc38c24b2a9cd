import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { CountryStatistics, Figures } from '@sabaq/platform';

// The chart itself draws nothing in jsdom: what it is told is what matters here.
const chartProps: Record<string, unknown>[] = [];
vi.mock('@mantine/charts', () => ({
  BarChart: (props: Record<string, unknown>) => {
    chartProps.push(props);
    return null;
  },
  LineChart: () => null,
}));

const figures = (quality: number): Figures => ({
  quality,
  success: quality + 10,
  average: 4,
  attendance: 95,
  sor: 70,
  soch: null,
  usage: 40,
  pupils: 25,
  graded: 25,
  grades: { five: 5, four: 10, three: 8, two: 2 },
});
const data: CountryStatistics = {
  level: 'country',
  node: { regionId: null, departmentId: null, schoolId: null, groupId: null },
  trail: [{ level: 'country', id: null, name: 'Қазақстан' }],
  schoolYear: '2026-2027',
  quarter: 2,
  span: 'quarter',
  pendingSchools: 0,
  figures: figures(60),
  childLevel: 'region',
  children: [
    { id: 1, name: 'Алматы', schools: 3, figures: figures(62.5) },
    { id: 2, name: 'Астана', schools: 2, figures: figures(55) },
  ],
} as CountryStatistics;
vi.mock('./api', () => ({
  useCountryStatistics: () => ({ data, error: null, reload: async () => {} }),
}));

const { default: Country } = await import('./Country');

describe('the regions chart (issue 29: no stray «%» on the region names)', () => {
  it('marks the values as percentages, not the category axis', async () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <Country />
        </MemoryRouter>
      </MantineProvider>,
    );
    await screen.findByRole('heading', { name: 'Қазақстан', level: 1 });
    const bar = chartProps.at(-1)!;
    expect(bar.orientation).toBe('vertical');
    // Mantine gives `unit` to the category (names) axis of a vertical chart too.
    expect(bar.unit).toBeUndefined();
    expect((bar.valueFormatter as (v: number) => string)(62.5)).toBe('62,5 %');
  });
});
