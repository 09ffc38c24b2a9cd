import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { MethodicalDetail, MethodicalList } from '@sabaq/platform';
import { store } from '../../session/store';
import { serve } from '../../test/serve';
import MethodicalCabinet from './MethodicalCabinet';
import { METHODICAL_TEXTS, mcText } from './texts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.reset();
});

const P = '/api/v2/os/methodical/materials';
const kz = (key: keyof typeof METHODICAL_TEXTS.kz, params = {}) => mcText(key, params, 'kz');

function renderAt(url: string): void {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/kk/methodical_cabinet" element={<MethodicalCabinet />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const card = {
  id: 4,
  title: 'Жай бөлшектерді қосу және азайту',
  summary: '5-сыныпқа арналған қысқа мерзімді жоспар',
  subject: { id: 5, name: 'Математика' },
  parallelFrom: 5,
  parallelTo: 5,
  kind: 'lesson-plan' as const,
  status: 'published' as const,
  author: 'Әдіскер',
  fileCount: 1,
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const list = (canManage = false): MethodicalList => ({
  items: [card],
  total: 1,
  page: 1,
  pageSize: 12,
  subjects: [{ id: 5, name: 'Математика' }],
  canManage,
});
const body = {
  type: 'doc' as const,
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Сабақ барысы' }] },
  ],
};
const detail = (status: 'draft' | 'published', canManage: boolean): MethodicalDetail => ({
  ...card,
  status,
  body,
  titles: { kz: card.title, ru: 'Сложение дробей' },
  summaries: { kz: card.summary, ru: 'План' },
  bodies: { kz: body, ru: body },
  files: [
    {
      id: '7d0c1a52-3b7e-4f61-9a1e-2f3c4b5a6d02',
      name: 'жоспар.txt',
      mime: 'text/plain',
      size: 900,
    },
  ],
  canManage,
});

describe('methodical cabinet', () => {
  it('lists materials and sends the search words and class to the server', async () => {
    const calls = serve({ [`GET ${P}`]: () => [200, { data: list() }] }, { withSearch: true });
    renderAt('/kk/methodical_cabinet');
    const link = await screen.findByRole('link', { name: card.title });
    expect(link.getAttribute('href')).toBe('/kk/methodical_cabinet?material=4');
    expect(screen.getByRole('heading', { level: 1, name: kz('title') })).toBeTruthy();
    expect(screen.getAllByText(kz('oneParallel', { n: 5 })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: kz('add') })).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: kz('search') }), 'бөлшек');
    await waitFor(() =>
      expect(calls.some((c) => c.path.includes(`q=${encodeURIComponent('бөлшек')}`))).toBe(true),
    );
  });

  it('opens a material with its rich text and file; a teacher gets no editing buttons', async () => {
    serve({ [`GET ${P}/4`]: () => [200, { data: detail('published', false) }] });
    renderAt('/kk/methodical_cabinet?material=4');
    expect(await screen.findByRole('heading', { level: 1, name: card.title })).toBeTruthy();
    expect(await screen.findByText('Сабақ барысы')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: kz('download', { name: 'жоспар.txt' }) }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: kz('edit') })).toBeNull();
  });

  it('lets the methodist publish a draft', async () => {
    let status: 'draft' | 'published' = 'draft';
    const calls = serve({
      [`GET ${P}/4`]: () => [200, { data: detail(status, true) }],
      [`GET ${P}`]: () => [200, { data: list(true) }],
      [`PUT ${P}/4`]: (sent: { status: 'published' }) => {
        status = sent.status;
        return [200, { data: { id: 4 } }];
      },
    });
    renderAt('/kk/methodical_cabinet?material=4');
    await userEvent.click(await screen.findByRole('button', { name: kz('publish') }));
    await waitFor(() => expect(screen.queryByRole('button', { name: kz('publish') })).toBeNull());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      status: 'published',
      fileIds: [detail('draft', true).files[0]!.id],
    });
  });

  it('has the same keys in kz and ru, none empty, no Russian words in Kazakh', () => {
    expect(Object.keys(METHODICAL_TEXTS.ru).sort()).toEqual(
      Object.keys(METHODICAL_TEXTS.kz).sort(),
    );
    const russian = /[ёЁщЩъЪ]|(?<!\p{L})(?:и|или|не|для|что|это)(?!\p{L})/iu;
    for (const [key, text] of Object.entries(METHODICAL_TEXTS.kz)) {
      expect(text, key).not.toBe('');
      expect(russian.test(text), `${key}: ${text}`).toBe(false);
    }
  });
});
