import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import { store } from '../../session/store';
import { sessionUser } from '../../test/factories';
import Exam, { type ExamData } from './Exam';
import { testLesson } from './test-lesson';

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** A lecture with a text module and, when `withTask`, one open question. */
const lecture = (withTask: boolean) =>
  ({
    type: 'lecture',
    title: 'Абай Құнанбайұлы',
    pages: [
      {
        id: 'p1',
        title: '',
        modules: [
          { id: 'm0', type: 'simple', title: 'Өмірі', content: doc('1845 жылы туған.') },
          ...(withTask
            ? [
                {
                  id: 'm1',
                  type: 'task',
                  title: 'Ақын қай жылы туған?',
                  content: doc(''),
                  options: null,
                },
              ]
            : []),
        ],
      },
    ],
  }) as unknown as Draft;

const examData = (withTask: boolean): ExamData =>
  ({
    lesson: testLesson({
      subject: { id: 5, name: 'Әдебиет' },
      content: { draftId: 'lec-1', type: 'lecture', title: 'Абай', version: 3 },
    }),
    student: { id: 30, fullname: 'Сейітов Арман' },
    draft: lecture(withTask),
    version: 3,
    maxScore: withTask ? 1 : 0,
    attempt: null,
    window: {
      opensAt: '2026-11-18T04:40:00.000Z',
      closesAt: '2026-11-18T05:20:00.000Z',
      custom: false,
      state: 'open',
      showKeys: false,
    },
    sitting: null,
  }) as unknown as ExamData;

function renderExam(withTask: boolean) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return Response.json({
          data: {
            id: 1,
            userId: 30,
            draftId: 'lec-1',
            version: 3,
            answers: {},
            results: null,
            score: 0,
            maxScore: 1,
            percent: 0,
            pending: true,
            finishedAt: '2026-11-18T05:00:00Z',
            shown: 'full',
          },
        });
      }
      return Response.json({ data: examData(withTask) });
    }),
  );
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/kk/schedule/exam/platform/11/30/lecture/lec-1']}>
        <Routes>
          <Route
            path="/:lang/schedule/exam/platform/:scheduleId/:userId/:lessonType/:lessonId/:finished?"
            element={<Exam />}
          />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
  return posted;
}

beforeEach(() => store.set({ user: sessionUser('student'), session: 'ready' }));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("a pupil's lecture on the lesson page (issue 20)", () => {
  it('answers its task and hands it in: the answers reach the server', async () => {
    const posted = renderExam(true);
    const answer = await screen.findByLabelText('Жауабыңыз');
    expect(screen.getByText(/Ең жоғары балл: 1/)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(answer, '1845');
    await user.click(screen.getByRole('button', { name: 'Жұмысты тапсыру' }));
    // The spec's confirm modal, not the browser's confirm(): nothing is sent before it.
    const dialog = await screen.findByRole('dialog', { name: 'Жұмысты тапсыру' });
    expect(posted).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Жұмысты тапсыру' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      path: '/api/v2/os/schedule/exam/11/lecture/lec-1',
      body: { answers: { m1: { kind: 'open', text: '1845' } } },
    });
  });

  it('reads material without tasks with nothing to hand in', async () => {
    renderExam(false);
    expect(await screen.findByText('1845 жылы туған.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Жұмысты тапсыру' })).toBeNull();
    expect(screen.queryByText(/Ең жоғары балл/)).toBeNull();
  });
});
