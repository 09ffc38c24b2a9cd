import { MantineProvider } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Answer, Homework, ModuleResult } from '@sabaq/platform';
import { serve } from '../../test/serve';
import ControlAnswer from './ControlAnswer';
import StudentAnswer from './StudentAnswer';

/** Issue 20: open answers of a homework scored task by task; the pupil sees the points. */

const homework: Homework = {
  id: 3,
  scheduleId: 11,
  text: '§14',
  files: [],
  exercise: { draftId: 'd-1', version: 1, type: 'lesson', title: 'Теңдеулер' },
  deadline: '2026-11-25T15:00:00.000Z',
  createdAt: '2026-11-23T05:00:00.000Z',
  teacher: { id: 2, fullname: 'Ахметова Гүлнар' },
  subject: { id: 5, name: 'Алгебра' },
  group: { id: 7, name: '7А' },
  lessonDate: '2026-11-24',
  theme: '',
};

const exercise = {
  id: 'd-1',
  type: 'lesson',
  title: 'Теңдеулер',
  pages: [
    {
      id: 'p1',
      title: '',
      modules: [
        {
          id: 'm5',
          type: 'task',
          title: 'Есеп',
          content: {
            type: 'doc',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x-ті табыңыз' }] }],
          },
        },
      ],
    },
  ],
};

function answerWith(result: ModuleResult, score: number): Answer {
  return {
    id: 9,
    homeworkId: 3,
    student: { id: 1, fullname: 'Серікбаев Әлихан' },
    status: 'sent',
    text: '',
    files: [],
    exerciseAnswers: { m5: { kind: 'open', text: 'x = 9' } },
    exerciseResults: [result],
    exerciseScore: score,
    exerciseMax: 3,
    grade: null,
    comment: '',
    sentAt: '2026-11-24T10:00:00.000Z',
    checkedAt: null,
  };
}

const pending: ModuleResult = {
  moduleId: 'm5',
  number: 1,
  title: 'Есеп',
  kind: 'open',
  points: null,
  max: 3,
  status: 'pending',
};
const scored: ModuleResult = { ...pending, points: 2.5, status: 'partial' };

beforeAll(() => {
  // Mantine's autosize Textarea listens to document.fonts, which happy-dom does not have.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('homework open answers scored per task', () => {
  it('the teacher gives an open task its points; the total that comes back is shown', async () => {
    const calls = serve({
      'GET /api/v2/os/homework/answers/9': () => [
        200,
        { data: { homework, answer: answerWith(pending, 0), exercise } },
      ],
      'PUT /api/v2/os/homework/answers/9': () => [
        200,
        { data: { homework, answer: answerWith(scored, 2.5), exercise } },
      ],
    });
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/kk/homework/control/assigned/9']}>
          <Routes>
            <Route path="/:lang/homework/control/assigned/:answerId" element={<ControlAnswer />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    const user = userEvent.setup();
    const points = await screen.findByRole('textbox', { name: 'Балл' });
    await user.type(points, '2.5');
    await user.click(
      within(points.closest('form') as HTMLElement).getByRole('button', { name: 'Бағалау' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        action: 'score',
        grades: [{ moduleId: 'm5', points: 2.5 }],
      }),
    );
    expect(await screen.findByText(/Жартылай дұрыс: 2\.5 \/ 3/)).toBeTruthy();
    expect(screen.getByText(/Жаттығу: 2\.5 \/ 3/)).toBeTruthy();
  });

  it("the pupil's own page shows the task's points", async () => {
    serve({
      'GET /api/v2/os/homework/list/assigned/9': () => [
        200,
        {
          data: {
            homework,
            answer: { ...answerWith(scored, 2.5), status: 'checked', grade: 8 },
            exercise,
          },
        },
      ],
    });
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/kk/homework/list/assigned/9']}>
          <Routes>
            <Route path="/:lang/homework/list/assigned/:answerId" element={<StudentAnswer />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    const status = await screen.findByText(/Жартылай дұрыс: 2\.5 \/ 3/);
    expect(status).toBeTruthy();
    // Numbered from 1 for the pupil (issue 20 saw «3.»), and no form label of the teacher's.
    expect(screen.getByText('1. Есеп')).toBeTruthy();
    expect(screen.queryByText(/міндетті емес/)).toBeNull();
  });
});
