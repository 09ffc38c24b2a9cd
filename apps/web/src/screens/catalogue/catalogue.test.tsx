import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { CatalogueItem, CatalogueList, Lesson } from '@sabaq/platform';
import { store } from '../../session/store';
import { serve } from '../../test/serve';
import { sessionUser } from '../../test/factories';
import LectureCatalogue from './LectureCatalogue';
import { AttachToLesson } from './AttachToLesson';
import { OriginNote } from './OriginNote';
import { CatalogueItemView } from './CatalogueItemView';
import { createDraft } from '@sabaq/engine';
import { catalogueText } from './texts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.reset();
});

const item = (over: Partial<CatalogueItem>): CatalogueItem => ({
  id: 'demo-1',
  version: 1,
  type: 'lecture',
  title: 'Судың айналымы',
  summary: 'Булану мен жауын-шашын',
  lang: 'kz',
  subject: 'geography',
  subjectName: 'География',
  parallel: 5,
  schoolName: '№ 12 мектеп',
  authorName: 'Ахметова Айгүл',
  publishedAt: '2026-11-20T10:00:00.000Z',
  inUseUntil: null,
  ...over,
});
const list = (items: CatalogueItem[], canCopy: boolean, total = items.length): CatalogueList => ({
  items,
  total,
  page: 1,
  perPage: 10,
  subjects: [{ code: 'geography', name: 'География' }],
  canCopy,
});

function renderAt(url: string) {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/:lang/catalog/lectures" element={<LectureCatalogue />} />
          <Route path="/:lang/content/lectures/control/edit/:id" element={<p>builder</p>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('lecture catalogue', () => {
  it('searches, counts, copies into the builder (teacher)', async () => {
    store.set({ user: sessionUser('teacher') });
    const calls = serve(
      {
        'GET /api/v2/os/catalogue': () => [200, { data: list([item({})], true, 1) }],
        'POST /api/v2/os/catalogue/demo-1/copy': () => [
          201,
          {
            data: {
              id: 'copy-1',
              type: 'lecture',
              title: 'Судың айналымы',
              originDraftId: 'demo-1',
              originVersion: 1,
            },
          },
        ],
      },
      { withSearch: true },
    );
    renderAt('/kk/catalog/lectures');
    expect(await screen.findByText(catalogueText('found', { n: 1 }, 'kz'))).toBeTruthy();
    // The staff's switch offers the exam catalogue too.
    expect(screen.getByRole('button', { name: catalogueText('kindExams', {}, 'kz') })).toBeTruthy();
    await userEvent.type(
      screen.getByRole('textbox', { name: catalogueText('search', {}, 'kz') }),
      'судың',
    );
    await userEvent.click(screen.getByRole('button', { name: catalogueText('find', {}, 'kz') }));
    await waitFor(() =>
      expect(calls.some((c) => c.path.includes(`q=${encodeURIComponent('судың')}`))).toBe(true),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: catalogueText('copy', {}, 'kz') }),
    );
    expect(await screen.findByText('builder')).toBeTruthy();
  });

  it('an exam of another school still being sat: marked in the list, no copy, no keys (issue 28)', async () => {
    store.set({ user: sessionUser('teacher') });
    const until = '2026-12-01T10:00:00.000Z';
    const exam = item({ id: 'sor-1', type: 'sor', title: 'Бөлшектер БЖБ', inUseUntil: until });
    serve({
      'GET /api/v2/os/catalogue': () => [200, { data: list([exam], true, 1) }],
      'GET /api/v2/os/catalogue/sor-1': () => [
        200,
        {
          data: {
            item: exam,
            keysHidden: true,
            draft: {
              ...createDraft({ id: 'sor-1', type: 'sor', title: 'Бөлшектер БЖБ', lang: 'kz' }),
            },
          },
        },
      ],
    });
    renderAt('/kk/catalog/lectures');
    expect(await screen.findByText('Жазылып жатыр: 01.12.2026 15:00 дейін')).toBeTruthy();
    expect(screen.queryByRole('button', { name: catalogueText('copy', {}, 'kz') })).toBeNull();
    cleanup();
    render(
      <MantineProvider>
        <MemoryRouter>
          <CatalogueItemView id="sor-1" backTo="/kk/catalog/exams" />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect((await screen.findByTestId('exam-in-use')).textContent).toContain('01.12.2026 15:00');
    expect(screen.queryByRole('button', { name: catalogueText('copy', {}, 'kz') })).toBeNull();
  });

  it('a guest reads it, with no copy and no exams', async () => {
    store.set({ user: sessionUser('guest') });
    serve({ 'GET /api/v2/os/catalogue': () => [200, { data: list([item({})], false) }] });
    renderAt('/kk/catalog/lectures');
    expect(
      await screen.findByRole('link', {
        name: catalogueText('preview', { title: 'Судың айналымы' }, 'kz'),
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: catalogueText('copy', {}, 'kz') })).toBeNull();
    expect(screen.queryByRole('button', { name: catalogueText('kindExams', {}, 'kz') })).toBeNull();
  });

  it('says so when nothing is found', async () => {
    store.set({ user: sessionUser('teacher') });
    serve({ 'GET /api/v2/os/catalogue': () => [200, { data: list([], true) }] });
    renderAt('/kk/catalog/lectures');
    expect(await screen.findByText(catalogueText('empty', {}, 'kz'))).toBeTruthy();
  });

  it('the builder names the origin of a copy', async () => {
    serve({
      'GET /api/v2/os/catalogue-origin/copy-1': () => [
        200,
        { data: { origin: { draftId: 'demo-1', version: 3, title: 'Судың айналымы' } } },
      ],
    });
    render(
      <MantineProvider>
        <MemoryRouter>
          <OriginNote draftId="copy-1" type="lecture" />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(await screen.findByRole('link', { name: 'Судың айналымы' })).toBeTruthy();
    expect(screen.getByTestId('draft-origin').textContent).toContain('3');
  });

  it('attaches an item to a lesson of this or next week and links to it', async () => {
    store.set({ user: sessionUser('teacher') });
    const lesson = (id: number, date: string, content: Lesson['content'] = null): Lesson => ({
      id,
      date,
      number: 2,
      startsAt: '09:00',
      endsAt: '09:40',
      shift: 1,
      group: { id: 1, name: '5 А' },
      subgroup: null,
      subject: { id: 3, name: 'География' },
      teacher: null,
      theme: '',
      content,
      homeworkCount: 0,
    });
    const week = (start: string, lessons: Lesson[]) => ({
      quarter: 2,
      period: null,
      selectedDate: start,
      days: [{ date: start, weekday: 1, lessons }],
      weeks: {
        prev: { start: '2026-11-16', end: '2026-11-21' },
        current: { start, end: start },
        next: { start: '2026-11-30', end: '2026-12-05' },
      },
      groups: [],
      groupId: null,
    });
    const calls = serve(
      {
        'GET /api/v2/os/schedule': () => [
          200,
          {
            data: week('2026-11-23', [
              lesson(41, '2026-11-23', { draftId: 'x', type: 'lesson', title: 'Ескі', version: 1 }),
            ]),
          },
        ],
        'POST /api/v2/os/catalogue/demo-1/attach': (body: { scheduleId: number }) => [
          201,
          {
            data: {
              scheduleId: body.scheduleId,
              draftId: 'copy-9',
              type: 'lecture',
              title: 'Судың айналымы',
              version: 1,
            },
          },
        ],
      },
      { withSearch: true },
    );
    render(
      <MantineProvider>
        <MemoryRouter>
          <AttachToLesson draftId="demo-1" title="Судың айналымы" />
        </MemoryRouter>
      </MantineProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: catalogueText('attach', {}, 'kz') }));
    const select = await screen.findByRole('combobox', {
      name: catalogueText('attachLesson', {}, 'kz'),
    });
    expect(select.textContent).toContain('23.11.2026');
    expect(select.textContent).toContain('5 А');
    // What the lesson carries now is named: it will be replaced.
    expect(screen.getByText(catalogueText('attachReplaces', { title: 'Ескі' }, 'kz'))).toBeTruthy();
    await userEvent.click(
      screen.getByRole('button', { name: catalogueText('attachDo', {}, 'kz') }),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ scheduleId: 41 });
    const link = await screen.findByRole('link', { name: catalogueText('openLesson', {}, 'kz') });
    expect(link.getAttribute('href')).toBe('/kk/schedule/lesson/41');
  });
});
