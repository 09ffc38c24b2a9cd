import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { DocumentDetail, DocumentList } from '@sabaq/platform';
import { store } from '../../session/store';
import { serve } from '../../test/serve';
import SteamList from './SteamList';
import KatalogPage from './Katalog';
import Cyclogram from './Cyclogram';
import PerspectivePlan from './PerspectivePlan';
import DocumentPage, { sectionOf } from './DocumentPage';
import { KINDERGARTEN_TEXTS, kgText } from './texts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.reset();
});

const P = '/api/v2/os/kindergarten/documents';
const kz = (key: keyof typeof KINDERGARTEN_TEXTS.kz, params = {}) => kgText(key, params, 'kz');

function renderAt(url: string, routes: Record<string, ReactNode>): void {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {Object.entries(routes).map(([pattern, element]) => (
            <Route key={pattern} path={pattern} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const card = {
  id: 3,
  section: 'steam' as const,
  title: 'Су айналымы',
  summary: 'Бұлт пен жаңбыр қалай пайда болады',
  ageGroup: 'preschool' as const,
  area: 'cognition' as const,
  status: 'published' as const,
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const list = (canManage = false): DocumentList => ({
  items: [card],
  total: 1,
  page: 1,
  pageSize: 20,
  canManage,
});
const body = {
  type: 'doc' as const,
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Материалдар' }] },
  ],
};
const detail = (canManage = false): DocumentDetail => ({
  ...card,
  body,
  titles: { kz: 'Су айналымы', ru: 'Круговорот воды' },
  summaries: { kz: card.summary, ru: 'Облака и дождь' },
  bodies: { kz: body, ru: body },
  files: [
    {
      id: 'f0e1d2c3-b4a5-4697-8899-aabbccddeeff',
      name: 'Тәжірибе.pdf',
      mime: 'application/pdf',
      size: 120_000,
    },
  ],
  canManage,
});

describe('kindergarten document sections', () => {
  it('lists a section, searches and filters through the query', async () => {
    const calls = serve(
      { [`GET ${P}/steam`]: () => [200, { data: list() }] },
      { withSearch: true },
    );
    renderAt('/kk/steam', { '/kk/steam': <SteamList /> });
    const link = await screen.findByRole('link', { name: 'Су айналымы' });
    expect(link.getAttribute('href')).toBe('/kk/steam/3');
    expect(screen.getByRole('heading', { level: 1, name: kz('title.steam') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: kz('add') })).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: kz('search') }), 'су');
    await waitFor(() =>
      expect(calls.some((c) => c.path.includes(`q=${encodeURIComponent('су')}`))).toBe(true),
    );
  });

  it('shows the methodist the add button', async () => {
    serve({ [`GET ${P}/steam`]: () => [200, { data: list(true) }] });
    renderAt('/kk/steam', { '/kk/steam': <SteamList /> });
    expect(await screen.findByRole('button', { name: kz('add') })).toBeTruthy();
  });

  it('opens a document with its rich text', async () => {
    serve({ [`GET ${P}/steam/3`]: () => [200, { data: detail() }] });
    renderAt('/kk/steam/3', { '/kk/steam/:documentId': <DocumentPage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Су айналымы' })).toBeTruthy();
    expect(await screen.findByText('Материалдар')).toBeTruthy();
    expect(screen.queryByRole('button', { name: kz('edit') })).toBeNull();
    // Its file, downloaded through the document (with the document's rights).
    expect(screen.getByRole('button', { name: 'Жүктеп алу: Тәжірибе.pdf' })).toBeTruthy();
    expect(screen.getByText('0.2 МБ')).toBeTruthy();
  });

  it('sends a user without the subscription to the tariffs (423)', async () => {
    serve({
      [`GET ${P}/steam/3`]: () => [423, { message: 'Жазылым', redirect: '/kk/tariffs' }],
    });
    renderAt('/kk/steam/3', {
      '/kk/steam/:documentId': <DocumentPage />,
      '/kk/tariffs': <p>tariffs page</p>,
    });
    expect(await screen.findByText('tariffs page')).toBeTruthy();
  });

  it('reads the section from the path', () => {
    expect(sectionOf('/kk/regime-process/5')).toBe('regime-process');
    expect(sectionOf('/ru/nomenclature/1')).toBe('nomenclature');
  });

  it('has the same keys in kz and ru, none empty, no Russian words in Kazakh', () => {
    expect(Object.keys(KINDERGARTEN_TEXTS.ru).sort()).toEqual(
      Object.keys(KINDERGARTEN_TEXTS.kz).sort(),
    );
    for (const lang of ['kz', 'ru'] as const)
      for (const text of Object.values(KINDERGARTEN_TEXTS[lang])) expect(text).not.toBe('');
    const russian = /[ёЁщЩъЪ]|(?<!\p{L})(?:и|или|не|для|что|это)(?!\p{L})/iu;
    for (const [key, text] of Object.entries(KINDERGARTEN_TEXTS.kz))
      expect(russian.test(text), `${key}: ${text}`).toBe(false);
  });
});

describe('kindergarten katalog', () => {
  const K = '/api/v2/os/kindergarten/katalog';
  const material = {
    id: 5,
    name: { kz: 'Асық жиыны', ru: 'Набор асыков' },
    kind: 'game' as const,
    ageGroup: 'preschool' as const,
    area: 'health' as const,
    quantity: 10,
    place: 'Спорт залы',
    condition: 'worn' as const,
  };

  it("lists the kindergarten's materials and lets its staff add one", async () => {
    const calls = serve({
      [`GET ${K}`]: () => [
        200,
        { data: { kindergarten: '«Балбөбек» балабақшасы', items: [material], canEdit: true } },
      ],
      [`POST ${K}`]: () => [201, { data: { id: 6 } }],
    });
    renderAt('/kk/katalog', { '/kk/katalog': <KatalogPage /> });
    expect(await screen.findByText('Асық жиыны')).toBeTruthy();
    expect(screen.getByText('Тозған')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: kz('addMaterial') }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: kz('nameField', { lang: kz('kz') }) }),
      'Доп',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: kz('nameField', { lang: kz('ru') }) }),
      'Мяч',
    );
    await userEvent.click(screen.getByRole('button', { name: kz('save') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ name: { kz: 'Доп', ru: 'Мяч' }, kind: 'toy', quantity: 1 });
  });

  it('tells a user of no kindergarten why the list is empty, with no editing', async () => {
    serve({
      [`GET ${K}`]: () => [200, { data: { kindergarten: null, items: [], canEdit: false } }],
    });
    renderAt('/kk/katalog', { '/kk/katalog': <KatalogPage /> });
    expect(await screen.findByText(kz('katalogNone'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: kz('addMaterial') })).toBeNull();
  });
});

describe('kindergarten cyclogram', () => {
  const C = '/api/v2/os/kindergarten/cyclogram';
  const week = (cells: unknown[] = [], updatedAt: string | null = null) => ({
    groups: [{ id: 7, name: 'А тобы' }],
    groupId: 7,
    week: '2026-11-16',
    cells,
    updatedAt,
    canEdit: true,
  });

  it('fills the week from the template and saves it, showing the saved state', async () => {
    const calls = serve({
      [`GET ${C}`]: () => [200, { data: week() }],
      [`PUT ${C}/7/2026-11-16`]: (body: { cells: unknown[] }) => [
        200,
        { data: week(body.cells, '2026-11-16T09:00:00.000Z') },
      ],
    });
    renderAt('/kk/cyclogramm', { '/kk/cyclogramm': <Cyclogram /> });
    await screen.findByText('Апта: 16.11.2026');
    expect(screen.getByTestId('cyclogram-state').textContent).toBe(kz('notSaved'));
    await userEvent.click(screen.getByRole('button', { name: kz('fromTemplate') }));
    const monday = screen.getByRole('textbox', {
      name: kz('cell', { day: 'Дүйсенбі', moment: 'Таңғы жаттығу' }),
    }) as HTMLTextAreaElement;
    expect(monday.value).toBe('«Күнге сәлем» таңғы жаттығуы');
    expect(screen.getByTestId('cyclogram-state').textContent).toBe(kz('unsaved'));
    await userEvent.click(screen.getByRole('button', { name: kz('save') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(
      (calls.find((c) => c.method === 'PUT')!.body as { cells: unknown[] }).cells,
    ).toHaveLength(30);
    await waitFor(() =>
      expect(screen.getByTestId('cyclogram-state').textContent).toMatch(/^Сақталды/),
    );
  });

  it('tells a user without a kindergarten group why there is no grid', async () => {
    serve({ [`GET ${C}`]: () => [200, { data: { ...week(), groups: [], groupId: null } }] });
    renderAt('/kk/cyclogramm', { '/kk/cyclogramm': <Cyclogram /> });
    expect(await screen.findByText(kz('cycloNoGroup'))).toBeTruthy();
  });
});

describe('kindergarten perspective plan', () => {
  const PP = '/api/v2/os/kindergarten/perspective-plan';
  const item = {
    id: 11,
    year: 2026,
    month: 9,
    area: 'communication' as const,
    topic: { kz: 'Менің балабақшам', ru: 'Мой детский сад' },
    goals: { kz: 'Әңгімелеуге үйрету', ru: 'Учить рассказывать' },
    links: [{ date: '2026-09-09', moment: 'activity1' as const, text: 'Сөйлеуді дамыту' }],
  };
  const plan = (
    items: unknown[] = [item],
    updatedAt: string | null = '2026-09-01T09:00:00.000Z',
  ) => ({
    groups: [{ id: 7, name: 'А тобы' }],
    groupId: 7,
    year: 2026,
    items,
    updatedAt,
    canEdit: true,
  });

  it("shows a month's goals with their cyclogram activities, edits a goal and saves the month", async () => {
    const calls = serve({
      [`GET ${PP}`]: () => [200, { data: plan() }],
      [`PUT ${PP}/7/2026/9`]: () => [200, { data: plan() }],
    });
    renderAt('/kk/perspective-plan?month=9', { '/kk/perspective-plan': <PerspectivePlan /> });
    const topic = (await screen.findByRole('textbox', {
      name: kz('fieldOf', { area: 'Денсаулық', field: kz('topic'), lang: kz('kz') }),
    })) as HTMLInputElement;
    expect(
      (
        screen.getByRole('textbox', {
          name: kz('fieldOf', { area: 'Коммуникация', field: kz('topic'), lang: kz('kz') }),
        }) as HTMLInputElement
      ).value,
    ).toBe('Менің балабақшам');
    expect(screen.getByTestId('plan-links-communication').textContent).toContain(
      '09.09.2026, Ұйымдастырылған іс-әрекет 1: Сөйлеуді дамыту',
    );
    await userEvent.type(topic, 'Менің денем');
    expect(screen.getByTestId('plan-state').textContent).toBe(kz('unsaved'));
    await userEvent.click(screen.getByRole('button', { name: kz('save') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!.body as { items: { area: string }[] };
    expect(put.items.find((i) => i.area === 'health')).toMatchObject({
      topic: { kz: 'Менің денем', ru: '' },
    });
    await waitFor(() => expect(screen.getByTestId('plan-state').textContent).toMatch(/^Сақталды/));
  });

  it('links a cyclogram cell to a goal of its area and saves the link', async () => {
    const C = '/api/v2/os/kindergarten/cyclogram';
    const cell = { day: 1, moment: 'activity1', text: 'Ертегі', area: 'communication' };
    const week = {
      groups: [{ id: 7, name: 'А тобы' }],
      groupId: 7,
      week: '2026-09-07',
      cells: [cell],
      updatedAt: '2026-09-07T09:00:00.000Z',
      canEdit: true,
      planItems: [{ ...item, links: undefined }],
    };
    const calls = serve({
      [`GET ${C}`]: () => [200, { data: week }],
      [`PUT ${C}/7/2026-09-07`]: (body: { cells: unknown[] }) => [
        200,
        { data: { ...week, cells: body.cells } },
      ],
    });
    renderAt('/kk/cyclogramm', { '/kk/cyclogramm': <Cyclogram /> });
    const picker = (await screen.findByRole('combobox', {
      name: kz('cellGoal', { day: 'Дүйсенбі', moment: 'Ұйымдастырылған іс-әрекет 1' }),
    })) as HTMLSelectElement;
    await userEvent.selectOptions(picker, 'Менің балабақшам');
    await userEvent.click(screen.getByRole('button', { name: kz('save') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')!.body as { cells: unknown[] }).cells).toEqual([
      { ...cell, planItemId: 11 },
    ]);
  });
});
