import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseDraft } from '@sabaq/platform';
import { serve } from '../../test/serve';
import CourseEditor from './CourseEditor';
import { AuthoredCourses } from './AuthoredCourses';
import { EDITOR_TEXTS } from './editor-texts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const A = '/api/v2/os/course-authoring';
const base: CourseDraft = {
  id: 9,
  title: { kz: 'Формативті бағалау', ru: 'Формативное оценивание' },
  description: { kz: 'Кері байланыс', ru: 'Обратная связь' },
  subject: null,
  audience: 'all',
  hours: 16,
  passMark: 70,
  minMinutes: 0,
  published: false,
  learners: 0,
  modules: [],
  test: null,
  problems: { modules: ['Добавьте хотя бы один модуль'], test: ['Выберите итоговый тест'] },
  canRemove: true,
  updatedAt: '2026-11-28T05:00:00.000Z',
};
const module = (id: number, position: number, name: string, studied = 0) => ({
  id,
  position,
  title: { kz: name, ru: name },
  item: { draftId: `item-${id}`, type: 'lecture', title: name },
  studied,
});
const found = (id: string, title: string, type: string) => ({
  id,
  version: 1,
  type,
  title,
  summary: '',
  lang: 'ru',
  subject: null,
  subjectName: null,
  parallel: null,
  schoolName: null,
  authorName: 'Әдіскер',
  publishedAt: '2026-11-20T05:00:00.000Z',
});
const catalogue = (items: unknown[]) => ({
  data: { items, total: items.length, page: 1, perPage: 8, subjects: [], canCopy: true },
});

function mount(path: string, pattern: string, element: React.ReactElement) {
  window.history.replaceState(null, '', path);
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="/ru/control/courses/list/:courseId/edit" element={<p>editor opened</p>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('the course editor', () => {
  it('has every label in both languages', () => {
    expect(Object.keys(EDITOR_TEXTS.kz).sort()).toEqual(Object.keys(EDITOR_TEXTS.ru).sort());
  });

  it('creates a course from the list, showing field errors where the server puts them', async () => {
    let attempts = 0;
    const calls = serve({
      [`GET ${A}`]: () => [
        200,
        { data: { items: [], subjects: [{ code: 'biology', name: 'Биология' }] } },
      ],
      [`POST ${A}`]: () =>
        ++attempts === 1
          ? [
              422,
              {
                message: 'Ошибка проверки данных',
                errors: { 'title.kz': ['Обязательное поле'] },
              },
            ]
          : [201, { data: base }],
    });
    mount('/ru/control/courses/list', '/ru/control/courses/list', <AuthoredCourses />);
    await userEvent.click(await screen.findByRole('button', { name: 'Новый курс' }));
    await userEvent.type(screen.getByLabelText('Название (на русском)'), 'Формативное оценивание');
    await userEvent.selectOptions(screen.getByLabelText('Предмет'), 'biology');
    await userEvent.selectOptions(screen.getByLabelText('Для кого'), 'primary');
    await userEvent.click(screen.getByRole('button', { name: 'Создать курс' }));
    expect(await screen.findByText('Обязательное поле')).toBeTruthy();
    expect(screen.getByLabelText('Название (на казахском)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await userEvent.type(screen.getByLabelText('Название (на казахском)'), 'Формативті бағалау');
    await userEvent.click(screen.getByRole('button', { name: 'Создать курс' }));
    await screen.findByText('editor opened');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({
      title: { kz: 'Формативті бағалау', ru: 'Формативное оценивание' },
      subject: 'biology',
      audience: 'primary',
      hours: 16,
      passMark: 70,
    });
  });

  it('adds, moves and removes modules by keyboard, chooses the test and publishes', async () => {
    let current: CourseDraft = base;
    const answer = (next: CourseDraft): [number, unknown] => {
      current = next;
      return [200, { data: next }];
    };
    const calls = serve({
      [`GET ${A}`]: () => [200, { data: { items: [], subjects: [] } }],
      [`GET ${A}/9`]: () => [200, { data: current }],
      'GET /api/v2/os/catalogue': () => [
        200,
        catalogue([
          found('item-1', 'Строение клетки', 'lecture'),
          found('item-2', 'Круговорот воды', 'lesson'),
        ]),
      ],
      [`POST ${A}/9/modules`]: (body: { draftId: string }) =>
        answer({
          ...current,
          modules: [
            ...current.modules,
            module(
              Number(body.draftId.slice(5)),
              current.modules.length + 1,
              body.draftId === 'item-1' ? 'Строение клетки' : 'Круговорот воды',
            ),
          ],
          problems: { test: ['Выберите итоговый тест'] },
        }),
      [`PUT ${A}/9/modules`]: (body: { moduleIds: number[] }) =>
        answer({
          ...current,
          modules: body.moduleIds.map((id, i) => ({
            ...current.modules.find((m) => m.id === id)!,
            position: i + 1,
          })),
        }),
      [`DELETE ${A}/9/modules/1`]: () => [
        409,
        {
          message:
            'Этот модуль уже отметили изученным педагоги (2): его нельзя убрать из курса, иначе пропадёт их прогресс',
        },
      ],
      [`PUT ${A}/9/final-test`]: () =>
        answer({
          ...current,
          test: { source: 'content', draftId: 'exam', title: 'Итоговый тест', version: 1, size: 3 },
          problems: {},
        }),
      [`PUT ${A}/9/publication`]: (body: { published: boolean }) =>
        answer({ ...current, published: body.published }),
    });
    mount(
      '/ru/control/courses/list/9/edit',
      '/ru/control/courses/list/:courseId/edit',
      <CourseEditor />,
    );
    await screen.findByRole('heading', { name: 'Формативное оценивание', level: 1 });
    expect(screen.getByText('Добавьте хотя бы один модуль')).toBeTruthy();

    // Find in the catalogue, add two modules.
    const search = screen.getByRole('search', { name: 'Добавить модуль' });
    await userEvent.click(within(search).getByRole('button', { name: 'Найти' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Добавить модулем: Строение клетки' }),
    );
    await screen.findByText('Модуль добавлен: Строение клетки');
    await userEvent.click(
      screen.getByRole('button', { name: 'Добавить модулем: Круговорот воды' }),
    );
    await screen.findByRole('heading', { name: 'Круговорот воды', level: 3 });

    // Move the second up with the keyboard: the focus stays on the moved module.
    const up = screen.getByRole('button', { name: 'Выше: Круговорот воды' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Порядок модулей сохранён');
    expect(calls.find((c) => c.method === 'PUT' && c.path.endsWith('/modules'))?.body).toEqual({
      moduleIds: [2, 1],
    });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Ниже: Круговорот воды'),
    );
    expect(screen.getByRole('button', { name: 'Выше: Круговорот воды' })).toHaveProperty(
      'disabled',
      true,
    );

    // A studied module stays, and the editor says why.
    await userEvent.click(screen.getByRole('button', { name: 'Убрать: Строение клетки' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/нельзя убрать из курса/);

    // The final test from the exam catalogue, then publication.
    const testSearch = screen.getByRole('search', { name: 'Найти тест в каталоге' });
    await userEvent.click(within(testSearch).getByRole('button', { name: 'Найти' }));
    await userEvent.click(
      (await screen.findAllByRole('button', { name: /^Сделать итоговым тестом: / }))[0]!,
    );
    await screen.findByText('«Итоговый тест», заданий: 3 (версия 1)');
    expect(calls.some((c) => c.path === '/api/v2/os/catalogue')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Опубликовать' }));
    // The spec's confirm modal: nothing is sent before the copyright tick box is ticked.
    const dialog = await screen.findByRole('dialog', { name: 'Опубликовать' });
    const confirm = within(dialog).getByRole('button', { name: 'Опубликовать' });
    expect(confirm).toHaveProperty('disabled', true);
    expect(calls.some((c) => c.path.endsWith('/publication'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /авторских прав/ }));
    await userEvent.click(confirm);
    await screen.findByText('Курс опубликован');
    expect(screen.getByRole('button', { name: 'Снять с публикации' })).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Открыть страницу, которую видят педагоги' })
        .getAttribute('href'),
    ).toBe('/ru/control/courses/list/9');
  });
});
