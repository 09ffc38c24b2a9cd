import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createDraft, newModule, textDoc } from '@sabaq/engine';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetail, CoursePupils } from '@sabaq/platform';
import { serve } from '../../test/serve';
import Course from './Course';
import CourseModule from './CourseModule';
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
  minMinutes: 0,
  list: [1, 2].map((n) => ({
    id: 10 + n,
    position: n,
    title: `Модуль про дескрипторы ${n}`,
    item: { draftId: `demo-${n}`, type: 'lesson', title: `Урок ${n}` },
    done: true,
    opened: true,
  })),
  canEnrol: false,
  canStudy: true,
  test: {
    source: 'questions',
    content: null,
    size: 2,
    opensAt: null,
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
  // The texts follow the address's language.
  window.history.replaceState(null, '', path);
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
    // Issue 28: a teacher course's module is studied on its own page; no mark to set by hand.
    const link = await screen.findByRole('link', {
      name: 'Модульді оқу: Урок 1',
    });
    expect(link.getAttribute('href')).toBe('/kk/control/courses/list/3/module/11');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByTestId('module-state-12').textContent).toBe('(Оқылды)');
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

  it('a module with checks is answered on its page and scored by the server, without keys', async () => {
    const draft = createDraft({ id: 'demo-1', type: 'lesson', title: 'Урок 1', lang: 'ru' });
    const task = newModule('t1', 'task', 'Дескриптор');
    task.content = textDoc('Что описывает дескриптор?');
    task.options = {
      kind: 'select',
      items: [
        { id: 'a', text: 'Оценку' },
        { id: 'b', text: 'Действие ученика' },
      ],
      rightId: null,
    };
    draft.pages = [{ id: 'p1', title: 'Страница', expand: true, modules: [task] }];
    const calls = serve({
      'GET /api/v2/os/courses/3/modules/11': () => [
        200,
        {
          data: {
            id: 11,
            position: 1,
            title: 'Дескрипторы',
            item: { draftId: 'demo-1', type: 'lesson', title: 'Урок 1' },
            content: draft,
            checks: 1,
            passMark: 70,
            done: false,
            percent: null,
          },
        },
      ],
      'POST /api/v2/os/courses/3/modules/11/check': () => [
        200,
        {
          data: {
            percent: 0,
            passMark: 70,
            passed: false,
            done: false,
            results: [
              {
                moduleId: 't1',
                number: 1,
                title: 'Дескриптор',
                kind: 'select',
                points: 0,
                max: 1,
                status: 'wrong',
              },
            ],
          },
        },
      ],
    });
    mount(
      '/ru/control/courses/list/3/module/11',
      '/ru/control/courses/list/:courseId/module/:moduleId',
      <CourseModule />,
    );
    await screen.findByText(
      'Заданий: 1. Проходной балл — 70 %. Правильные ответы не показываются.',
    );
    await userEvent.selectOptions(screen.getByRole('combobox'), 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Проверить' }));
    await screen.findByText(
      'Результат: 0 %, проходной балл — 70 %. Перечитайте материал и попробуйте ещё раз.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      answers: { t1: { kind: 'select', optionId: 'a' } },
    });
  });

  it('says when the minimum study time ends and why a review shows no right answers', async () => {
    serve({
      'GET /api/v2/os/courses/3': () => [
        200,
        {
          data: {
            ...course,
            minMinutes: 45,
            test: {
              ...course.test!,
              open: false,
              opensAt: '2026-11-28T06:30:00.000Z',
              last: {
                correct: 0,
                total: 2,
                percent: 0,
                passed: false,
                at: '2026-11-28T05:00:00.000Z',
                review: {
                  questions: [],
                  results: [],
                  answers: {},
                  content: null,
                  keysHidden: 'inUse',
                },
              },
            },
          },
        },
      ],
    });
    mount('/ru/control/courses/list/3', '/ru/control/courses/list/:courseId', <Course />);
    await screen.findByText(
      'На курс должно уйти не меньше 45 мин.: итоговый тест откроется с 28.11.2026 11:30.',
    );
    expect(screen.getByText('Минимальное время изучения курса: 45 мин.')).toBeTruthy();
  });

  it('a review without right answers says why', async () => {
    serve({
      'GET /api/v2/os/courses/3': () => [
        200,
        {
          data: {
            ...course,
            test: {
              ...course.test!,
              last: {
                correct: 0,
                total: 2,
                percent: 0,
                passed: false,
                at: '2026-11-28T05:00:00.000Z',
                review: {
                  questions: [],
                  results: [],
                  answers: {},
                  content: null,
                  keysHidden: 'otherSchool',
                },
              },
            },
          },
        },
      ],
    });
    mount('/ru/control/courses/list/3', '/ru/control/courses/list/:courseId', <Course />);
    expect((await screen.findByTestId('keys-hidden')).textContent).toBe(
      'Правильные ответы этого теста не показываются: это работа другой школы. Отмечено только, что верно и что нет.',
    );
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

  it('after a failed test shows which questions were wrong with the right answers, and starts again on request', async () => {
    serve({
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
            review: {
              questions: [
                {
                  id: 'q1',
                  text: 'Что такое дескриптор?',
                  chosen: { id: 'b', text: 'Описание действия' },
                  right: true,
                  answer: null,
                },
                {
                  id: 'q2',
                  text: 'Когда проводится СОР?',
                  chosen: { id: 'b', text: 'Каждый урок' },
                  right: false,
                  answer: { id: 'a', text: 'После раздела' },
                },
              ],
              results: [],
              answers: {},
              content: null,
            },
          },
        },
      ],
    });
    mount('/ru/control/courses/list/3', '/ru/control/courses/list/:courseId', <Course />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Описание действия' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Каждый урок' }));
    await userEvent.click(screen.getByRole('button', { name: 'Отправить ответы' }));
    const review = await screen.findByRole('region', { name: 'Разбор ответов' });
    const items = within(review).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Верно');
    expect(items[0]!.textContent).not.toContain('Правильный ответ');
    expect(items[1]!.textContent).toContain('Неверно');
    expect(items[1]!.textContent).toContain('Ваш ответ: Каждый урок');
    expect(items[1]!.textContent).toContain('Правильный ответ: После раздела');
    // The form is gone until the teacher starts again, on a clean sheet.
    expect(screen.queryByRole('button', { name: 'Отправить ответы' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Пройти тест ещё раз' }));
    expect(screen.queryByRole('region', { name: 'Разбор ответов' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'Каждый урок' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(document.activeElement?.textContent).toBe('Итоговый тест');
  });

  it('shows the review of a builder test with the right answer and the explanation of a wrong task', async () => {
    const draft = createDraft({ id: 'exam', type: 'soch', title: 'Итоговый тест', lang: 'ru' });
    const task = newModule('f2', 'task', 'Время');
    task.content = textDoc('Когда обратная связь полезнее всего?');
    task.options = {
      kind: 'select',
      items: [
        { id: 'f2-a', text: 'В конце четверти' },
        { id: 'f2-b', text: 'На уроке' },
      ],
      rightId: 'f2-b',
    };
    task.hints = { solution: textDoc('Ученик успевает исправить работу.') };
    draft.pages = [{ id: 'p1', title: 'Тест', expand: true, modules: [task] }];
    const withoutKeys = structuredClone(draft);
    const hidden = withoutKeys.pages[0]!.modules[0]!;
    hidden.options = { ...task.options, rightId: null };
    hidden.hints = { solution: null };
    const last = {
      correct: 0,
      total: 1,
      percent: 0,
      passed: false,
      at: '2026-11-28T05:00:00.000Z',
      review: {
        questions: [],
        results: [
          {
            moduleId: 'f2',
            number: 1,
            title: 'Время',
            kind: 'select',
            points: 0,
            max: 1,
            status: 'wrong',
          },
        ],
        answers: { f2: { kind: 'select', optionId: 'f2-a' } },
        content: draft,
      },
    };
    serve({
      'GET /api/v2/os/courses/4': () => [
        200,
        {
          data: {
            ...course,
            id: 4,
            test: {
              source: 'content',
              questions: [],
              content: withoutKeys,
              size: 1,
              open: true,
              last,
            },
          },
        },
      ],
    });
    mount('/ru/control/courses/list/4', '/ru/control/courses/list/:courseId', <Course />);
    const review = await screen.findByRole('region', { name: 'Разбор ответов' });
    expect(review.textContent).toContain('Неверно: 0 / 1');
    expect(review.textContent).toContain('Правильный ответ: На уроке');
    expect(review.textContent).toContain('Пояснение: Ученик успевает исправить работу.');
    expect(screen.getByText('Последний результат: 0 %')).toBeTruthy();
    // Starting again shows the test as sent before handing in: no right answer in it.
    await userEvent.click(screen.getByRole('button', { name: 'Пройти тест ещё раз' }));
    expect(document.body.textContent).not.toContain('Ученик успевает исправить работу');
    expect(screen.getByRole('combobox', { name: 'Ваш ответ' })).toBeTruthy();
  });
});
