import { MantineProvider } from '@mantine/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Homework, HomeworkRow } from '@sabaq/platform';
import { displayDate, displayDateTime, parseSchoolDateTime, schoolToday } from '../shared/api';
import { HomeworkCard, Rows } from './shared';

/**
 * Issue 20: a deadline read 28.11 in the list and 27.11 20:00 on the detail page in a browser of
 * another zone. Every date the homework, journal, schedule and diary screens show or send goes
 * through shared/api.ts (school time, UTC+5): here the browser is in New York,
 * ten hours behind the school.
 */
const saved = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = saved;
});

/** 28.11.2026 02:00 at school = 27.11 21:00 UTC = 27.11 16:00 in New York. */
const DEADLINE = '2026-11-27T21:00:00.000Z';
const DAY_END = (Date.UTC(2026, 10, 28, 23, 59, 59) - 5 * 3_600_000) / 1000;

describe('school time whatever the browser zone', () => {
  it('the browser really is in New York for this test', () => {
    expect(new Date(DEADLINE).getDate()).toBe(27);
    expect(new Date(DEADLINE).getHours()).toBe(16);
  });

  it('formats and parses in UTC+5', () => {
    expect(displayDateTime(DEADLINE)).toBe('28.11.2026 02:00');
    expect(displayDate(DEADLINE)).toBe('28.11.2026');
    expect(displayDate('2026-11-28')).toBe('28.11.2026');
    expect(schoolToday(Date.parse(DEADLINE))).toBe('2026-11-28');
    expect(parseSchoolDateTime('28.11.2026 02:00')).toBe('2026-11-28T02:00:00+05:00');
    expect(Date.parse(parseSchoolDateTime('28.11.2026 02:00') as string)).toBe(
      Date.parse(DEADLINE),
    );
  });

  it('the list row and the detail page name the same day', () => {
    const row: HomeworkRow = {
      dateExpired: DAY_END,
      items: [
        {
          id: 1,
          date: { label: '27.11.2026, жұма', value: '2026-11-27' },
          theme: { subjectId: 5, subject: 'Алгебра', title: '' },
          assigned: { sentAnswers: 0, total: 1, checked: 0, answerId: 7 },
          status: 'assigned',
          deadline: DEADLINE,
          group: '7А',
          text: '§14',
          grade: null,
        },
      ],
    };
    const homework: Homework = {
      id: 1,
      scheduleId: 11,
      text: '§14',
      files: [],
      exercise: null,
      deadline: DEADLINE,
      createdAt: '2026-11-23T05:00:00.000Z',
      teacher: { id: 2, fullname: 'Ахметова Гүлнар' },
      subject: { id: 5, name: 'Алгебра' },
      group: { id: 7, name: '7А' },
      lessonDate: '2026-11-27',
      theme: '',
    };
    render(
      <MantineProvider>
        <MemoryRouter>
          <Rows rows={[row]} staff={false} link={() => '/kk/homework/list/assigned/7'} />
          <HomeworkCard h={homework} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getAllByRole('heading', { level: 2 })[0]?.textContent).toMatch(/28\.11\.2026$/);
    expect(screen.getByText(/28\.11\.2026 02:00/)).toBeTruthy();
    expect(screen.queryByText(/27\.11\.2026 \d\d:\d\d/)).toBeNull();
  });
});
