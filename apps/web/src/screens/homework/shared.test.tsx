import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Homework, HomeworkRow } from '@sabaq/platform';
import { HomeworkCard, Rows } from './shared';

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

describe('the homework card (issue 20: the pupil reads what is asked, not the form)', () => {
  const homework: Homework = {
    id: 3,
    scheduleId: 11,
    text: '§14, 1–5 есептер',
    files: [],
    exercise: { draftId: 'd-1', version: 2, type: 'lesson', title: 'Теңдеулер' },
    deadline: '2026-11-25T15:00:00.000Z',
    createdAt: '2026-11-23T05:00:00.000Z',
    teacher: { id: 2, fullname: 'Ахметова Гүлнар' },
    subject: { id: 5, name: 'Алгебра' },
    group: { id: 7, name: '7А' },
    lessonDate: '2026-11-24',
    theme: '',
  };

  it("names the attached exercise without the form's «optional», and the deadline in school time", () => {
    render(<HomeworkCard h={homework} />, { wrapper: MantineProvider });
    expect(screen.getByText('Теңдеулер').parentElement?.textContent).toBe('Жаттығу: Теңдеулер');
    expect(screen.queryByText(/міндетті емес/)).toBeNull();
    expect(screen.getByText(/25\.11\.2026 20:00/)).toBeTruthy();
  });
});
