import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetail, CoursePupils } from '@sabaq/platform';
import { serve } from '../../test/serve';
import Course from './Course';
import CorrectionCourse from './CorrectionCourse';
import { COURSE_TEXTS } from './texts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const course: CourseDetail = {
  id: 3,
  kind: 'teacher',
  title: 'Критериальное оценивание',
  description: 'От целей обучения к критериям',
  hours: 24,
  modules: 2,
  done: 2,
  enrolled: true,
  certificate: null,
  audience: 'all',
  subjectName: null,
  passMark: 70,
  list: [1, 2].map((n) => ({
    id: 10 + n,
    position: n,
    title: `Модуль про дескрипторы ${n}`,
    item: { draftId: `demo-${n}`, type: 'lesson', title: `Урок ${n}` },
    done: true,
  })),
  canEnrol: false,
  canStudy: true,
  test: {
    source: 'questions',
    content: null,
    size: 2,
    questions: [
      {
        id: 'q1',
        text: 'Что такое дескриптор?',
        options: [
          { id: 'a', text: 'Оценка' },
          { id: 'b', text: 'Описание действия' },
        ],
      },
      {
        id: 'q2',
        text: 'Когда проводится СОР?',
        options: [
          { id: 'a', text: 'После раздела' },
          { id: 'b', text: 'Каждый урок' },
        ],
      },
    ],
    open: true,
    last: null,
  },
  certificateInfo: null,
  canTrack: false,
};

function mount(path: string, pattern: string, element: ReactElement) {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('course screens', () => {
  it('has every label in both languages', () => {
    expect(Object.keys(COURSE_TEXTS.kz).sort()).toEqual(Object.keys(COURSE_TEXTS.ru).sort());
  });

  it('sends the chosen answers and shows the score the server gave', async () => {
    const calls = serve({
      'GET /api/v2/os/courses/3': () => [200, { data: course }],
      'POST /api/v2/os/courses/3/test': () => [
        200,
        {
          data: {
            correct: 1,
            total: 2,
            percent: 50,
            passed: false,
            at: '2026-11-28T05:00:00.000Z',
            passMark: 70,
            certificate: null,
          },
        },
      ],
    });
    mount('/kk/control/courses/list/3', '/kk/control/courses/list/:courseId', <Course />);
    const link = await screen.findByRole('link', {
      name: 'Материалды ашу: Урок 1',
    });
    expect(link.getAttribute('href')).toBe('/kk/content/lessons/platform/lesson/demo-1');
    expect(screen.getByRole('checkbox', { name: 'Оқылды: Модуль про дескрипторы 2' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Описание действия' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Каждый урок' }));
    await userEvent.click(screen.getByRole('button', { name: 'Жауаптарды жіберу' }));
    await screen.findByText(/Тест тапсырылмады: 1 \/ 2 \(50 %\)/);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      answers: [
        { question: 'q1', option: 'b' },
        { question: 'q2', option: 'b' },
      ],
    });
  });

  it("shows a teacher their pupils' correction progress", async () => {
    const pupils: CoursePupils = {
      modules: course.list.map((m) => ({ id: m.id, title: m.title })),
      pupils: [{ id: 7, name: 'Серікбаев Әлихан', group: '7А', done: [11] }],
    };
    serve({
      'GET /api/v2/os/courses/5': () => [
        200,
        { data: { ...course, id: 5, kind: 'correction', test: null, canTrack: true } },
      ],
      'GET /api/v2/os/courses/5/pupils': () => [200, { data: pupils }],
    });
    mount('/kk/correction_work/5', '/kk/correction_work/:courseId', <CorrectionCourse />);
    const table = await screen.findByRole('table', { name: 'Оқушылардың үлгерімі' });
    const row = await waitFor(() => {
      const found = table.querySelector('tbody tr');
      if (!found) throw new Error('no row yet');
      return found as HTMLElement;
    });
    expect(row.textContent).toContain('Серікбаев Әлихан');
    expect(row.textContent).toContain('1 / 2');
  });
});
