import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { store } from '../../session/store';
import { sessionUser } from '../../test/factories';
import { serve } from '../../test/serve';
import Faq from './Faq';
import News from './News';
import AdminSite from './AdminSite';
import ArticlePage from './Article';

function renderAt(url: string, pattern: string, element: ReactNode): void {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.reset();
});

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

describe('the public site (issue 19)', () => {
  it('FAQ: questions by category, a search that opens what it finds, no editing link for visitors', async () => {
    serve({
      'GET /api/v2/os/faq': () => [
        200,
        {
          data: [
            {
              id: 1,
              title: 'Платформаға кіру',
              questions: [
                { id: 1, question: 'Қалай кіремін?', answer: doc('ЖСН мен құпиясөзді енгізіңіз') },
                { id: 2, question: 'Құпиясөзді ұмыттым', answer: doc('Сілтеме хатпен келеді') },
              ],
            },
          ],
        },
      ],
    });
    renderAt('/kk/faq', '/:lang/faq', <Faq />);
    expect(await screen.findByRole('heading', { name: 'Платформаға кіру' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Өңдеу' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Сұрақтардан іздеу'), 'хатпен');
    expect(screen.queryByText('Қалай кіремін?')).toBeNull();
    const found = screen.getByText('Құпиясөзді ұмыттым').closest('details')!;
    expect(found.open).toBe(true);
    await userEvent.clear(screen.getByLabelText('Сұрақтардан іздеу'));
    await userEvent.type(screen.getByLabelText('Сұрақтардан іздеу'), 'жоқ сөз');
    expect(screen.getByRole('status').textContent).toBe('Ештеңе табылмады');
  });

  it('news: a page of articles with links, and paging that asks the server for the next page', async () => {
    const calls = serve(
      {
        'GET /api/v2/os/articles': (_b, path) => [
          200,
          {
            data: {
              items: [
                {
                  id: path.includes('page=2') ? 12 : 11,
                  title: 'Жаңалық',
                  summary: 'Қысқаша',
                  cover: null,
                  publishedAt: '2026-11-20T04:00:00.000Z',
                },
              ],
              page: 1,
              pages: 2,
              total: 10,
            },
          },
        ],
      },
      { withSearch: true },
    );
    renderAt('/kk/news', '/:lang/news', <News />);
    const link = await screen.findByRole('link', { name: 'Жаңалық' });
    expect(link.getAttribute('href')).toBe('/kk/news/11');
    expect(screen.getByText('20.11.2026')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Келесі бет' }));
    expect(calls.at(-1)!.path).toContain('page=2');
  });

  it('a missing news article says it is not found, with no Retry (issue 29)', async () => {
    serve({
      'GET /api/v2/os/articles/999': () => [404, { message: 'Табылмады' }],
    });
    renderAt('/kk/news/999', '/:lang/news/:articleId', <ArticlePage />);
    expect(
      await screen.findByRole('heading', { name: 'Жаңалық табылмады', level: 1 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Қайталау' })).toBeNull();
    expect(screen.getByRole('link', { name: /Барлық жаңалықтар/ })).toBeTruthy();
  });

  it('the site editor: the administrator saves the banners; a bad address is named at its field', async () => {
    store.set({ user: sessionUser('admin') });
    let saved: unknown = null;
    serve({
      'GET /api/v2/os/site/banners': () => [
        200,
        {
          data: {
            banners: [
              {
                id: 1,
                image: '/banners/tariffs.svg',
                externalLink: '',
                title: { kz: 'Тариф', ru: 'Тариф' },
              },
            ],
          },
        },
      ],
      'PUT /api/v2/os/site/banners': (body) => {
        if (body.banners[0].image === 'жоқ')
          return [422, { message: 'Қате', errors: { 'banners.0.image': ['Мән дұрыс емес'] } }];
        saved = body;
        return [200, { data: body }];
      },
    });
    renderAt('/kk/admin/site/banners', '/:lang/admin/site/:tab?', <AdminSite />);
    const block = await screen.findByRole('region', { name: '1-баннер' });
    const image = within(block).getByLabelText(/Сурет мекенжайы/);
    await userEvent.clear(image);
    await userEvent.type(image, 'жоқ');
    await userEvent.click(screen.getByRole('button', { name: 'Сақтау' }));
    expect(await screen.findByText('Мән дұрыс емес')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Белгіленген өрістерді түзетіңіз');
    await userEvent.clear(image);
    await userEvent.type(image, '/banners/contest-2026.svg');
    await userEvent.click(screen.getByRole('button', { name: 'Сақтау' }));
    expect(await screen.findByText('Сақталды')).toBeTruthy();
    expect(saved).toEqual({
      banners: [
        {
          id: 1,
          image: '/banners/contest-2026.svg',
          externalLink: '',
          title: { kz: 'Тариф', ru: 'Тариф' },
        },
      ],
    });
  });
});
