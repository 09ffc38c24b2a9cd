import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { initTestI18n } from '../../test/i18n';
import { store } from '../../session/store';
import { sessionUser } from '../../test/factories';
import { DraftList } from './DraftList';
import Exams from './Exams';

beforeAll(() => initTestI18n('kz'));
afterEach(() => vi.unstubAllGlobals());

const row = (id: string, title: string, access: 'edit' | 'view', canDelete: boolean) => ({
  id,
  title,
  type: 'customLesson',
  lang: 'kz',
  version: 3,
  ownerId: 1,
  status: 'draft',
  createdAt: '2026-11-20T05:00:00.000Z',
  updatedAt: '2026-11-21T05:00:00.000Z',
  publishedAt: null,
  shared: false,
  access,
  canDelete,
});

describe('"My lessons" offers only what its reader may do (issue 21)', () => {
  it('asks for the reader’s own and shared drafts; Delete only where allowed; a refusal says why', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if ((init?.method ?? 'GET') === 'DELETE')
          return Response.json(
            { message: 'Сабақты тек оның авторы немесе мектеп басшылығы жоя алады' },
            { status: 403 },
          );
        return Response.json({
          data: [
            row('a', 'Менің сабағым', 'edit', true),
            row('b', 'Әріптестің сабағы', 'view', false),
          ],
        });
      }),
    );
    render(
      <MemoryRouter>
        <DraftList heading="Менің сабақтарым" types={['customLesson']} />
      </MemoryRouter>,
    );
    const mine = (await screen.findByText('Менің сабағым')).closest('tr')!;
    const shared = screen.getByText('Әріптестің сабағы').closest('tr')!;
    expect(calls[0]).toMatch(/scope=mine/);
    expect(within(shared).queryByRole('button', { name: /Жою/ })).toBeNull();
    expect(within(shared).getByText(/тек оқу/)).toBeTruthy();
    await userEvent.click(within(mine).getByRole('button', { name: /Жою/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Жою' });
    expect(within(dialog).getByText('«Менің сабағым» жойылсын ба?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Жою' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Сабақты тек оның авторы немесе мектеп басшылығы жоя алады',
      ),
    );
  });
});

describe('content/exams (spec §2 VListOfMyExamsPage): the author’s own SOR and SOCh', () => {
  afterEach(() => store.reset());

  it('lists only SOR and SOCh, creates them, and points the staff to the exam catalogue', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          data: [
            { ...row('l', 'Сабақ: бөлшектер', 'edit', true) },
            { ...row('s', 'БЖБ: бөлшектер', 'edit', true), type: 'sor' },
            { ...row('c', 'ТЖБ: 1-тоқсан', 'edit', true), type: 'soch' },
          ],
        }),
      ),
    );
    window.history.replaceState(null, '', '/kk/content/exams');
    store.set({ user: sessionUser('teacher'), session: 'ready' });
    const { unmount } = render(
      <MemoryRouter>
        <Exams />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Менің жиынтық бағалауларым',
    );
    await screen.findByText('БЖБ: бөлшектер');
    expect(screen.getByText('ТЖБ: 1-тоқсан')).toBeTruthy();
    expect(screen.queryByText('Сабақ: бөлшектер')).toBeNull();
    expect(screen.getByRole('link', { name: 'БЖБ: бөлшектер' }).getAttribute('href')).toBe(
      '/kk/content/exams/sor/s',
    );
    const types = screen.getByLabelText('Түрі') as HTMLSelectElement;
    expect([...types.options].map((o) => o.value)).toEqual(['sor', 'soch']);
    expect(screen.getByRole('link', { name: /каталогта/ }).getAttribute('href')).toBe(
      '/kk/catalog/exams',
    );
    unmount();
    // An individual lecturer builds exams too, but the exam catalogue is the staff's.
    store.set({ user: sessionUser('individual'), session: 'ready' });
    render(
      <MemoryRouter>
        <Exams />
      </MemoryRouter>,
    );
    await screen.findByText('БЖБ: бөлшектер');
    expect(screen.queryByRole('link', { name: /каталогта/ })).toBeNull();
  });
});

describe('the author shares a published SOR/SOCh in the catalogue from the list (issue 28)', () => {
  afterEach(() => store.reset());

  it('offers the switch on their own published exams only and saves it', async () => {
    const user = sessionUser('teacher');
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
        if (method === 'PUT') return Response.json({ data: { summary: { shared: true } } });
        const mine = { ownerId: user.userId, status: 'published', type: 'sor' };
        return Response.json({
          data: [
            { ...row('s', 'БЖБ: бөлшектер', 'edit', true), ...mine },
            { ...row('d', 'БЖБ жобасы', 'edit', true), ...mine, status: 'draft' },
            { ...row('o', 'Әріптестің БЖБ', 'view', false), ...mine, ownerId: user.userId + 1 },
          ],
        });
      }),
    );
    window.history.replaceState(null, '', '/kk/content/exams');
    store.set({ user, session: 'ready' });
    render(
      <MemoryRouter>
        <Exams />
      </MemoryRouter>,
    );
    await screen.findByText('БЖБ: бөлшектер');
    const switches = screen.getAllByRole('switch');
    expect(switches).toHaveLength(1);
    expect(switches[0]!.getAttribute('aria-label')).toBe('«БЖБ: бөлшектер» жалпы каталогта');
    await userEvent.click(switches[0]!);
    await screen.findByText(/Жұмыс жалпы каталогта/);
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: expect.stringMatching(/\/drafts\/s\/sharing$/),
      body: { shared: true },
    });
  });
});
