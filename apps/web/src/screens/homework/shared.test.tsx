import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { HomeworkRow } from '@sabaq/platform';
import { Rows } from './shared';

/** The end of 25.11.2026 in Kazakhstan time (UTC+5), as the server sends `dateExpired`. */
const DAY_END = (Date.UTC(2026, 10, 25, 23, 59, 59) - 5 * 3_600_000) / 1000;

const row: HomeworkRow = {
  dateExpired: DAY_END,
  items: [
    {
      id: 1,
      date: { label: '24.11.2026', value: '2026-11-24' },
      theme: { subjectId: 5, subject: 'Алгебра', title: '' },
      assigned: { sentAnswers: 0, total: 1, checked: 0, answerId: 7 },
      status: 'assigned',
      deadline: '2026-11-25T15:00:00.000Z',
      group: '7А',
      text: '§14',
      grade: null,
    },
  ],
};

describe('homework rows (issue 18: one date formatter)', () => {
  it('heads each row with its deadline day in school time, not the day after', () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <Rows rows={[row]} staff={false} link={() => '/kk/homework/list/assigned/7'} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/25\.11\.2026$/);
    expect(screen.getByRole('region').getAttribute('aria-label')).toMatch(/25\.11\.2026$/);
  });
});
