import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE } from '../config';
import { store } from '../session/store';
import { sessionUser } from '../test/factories';
import { initTestI18n } from '../test/i18n';
import { buildRoutes } from './router';

// Other issues fill the registry with real screens; these tests are about the shell and the
// guards, so only the public screens they look at stay, and every other route shows the
// "section is coming" page.
vi.mock('../screens/registry', async (importOriginal) => {
  const actual = await importOriginal<{ SCREENS: Record<string, unknown>; isBuilt: unknown }>();
  const keep = new Set(['main', 'login', 'agreement', 'not-found']);
  return {
    // Only a few screens render here; routing decisions still see what the app has built.
    SCREENS: Object.fromEntries(Object.entries(actual.SCREENS).filter(([id]) => keep.has(id))),
    isBuilt: actual.isBuilt,
  };
});

beforeAll(() => {
  initTestI18n('kz');
  // The shell loads nothing in these tests; any API call would be a bug in the test.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200 })),
  );
});
afterEach(() => store.reset());

/** Room for a loaded machine: each step waits for a lazy screen and an effect. */
const SLOW = { timeout: 5_000 };

function open(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('routing and guards in the shell', () => {
  it('remembers the origin page per page type for Back links (spec §4)', async () => {
    store.set({ session: 'ready', user: sessionUser('teacher') });
    const router = open('/kk/schedule/2026-11-16');
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/kk/schedule/2026-11-16'),
      SLOW,
    );
    await router.navigate('/kk/schedule/lesson/7');
    await router.navigate('/kk/schedule/lesson/7/homework');
    await waitFor(
      () =>
        expect(JSON.parse(sessionStorage.getItem(STORAGE.origins) ?? '{}')).toEqual({
          lesson: '/kk/schedule/2026-11-16',
        }),
      SLOW,
    );
    // The same page type entered from homework now goes back there.
    await router.navigate('/kk/homework/control/list');
    await waitFor(
      () =>
        expect(JSON.parse(sessionStorage.getItem(STORAGE.lastVisit) ?? 'null')).toMatchObject({
          path: '/kk/homework/control/list',
        }),
      SLOW,
    );
    await router.navigate('/kk/schedule/lesson/9');
    await waitFor(
      () =>
        expect(JSON.parse(sessionStorage.getItem(STORAGE.origins) ?? '{}')).toMatchObject({
          lesson: '/kk/homework/control/list',
        }),
      SLOW,
    );
    sessionStorage.clear();
  });

  it('does not count a page the guard redirects away from as a visit', async () => {
    store.set({ session: 'ready', user: sessionUser('zavuch') });
    const router = open('/kk/homework/list');
    // homework/list is the pupils' page: the zavuch goes to their start page (backoffice/groups).
    await waitFor(() => expect(router.state.location.pathname).toBe('/kk/backoffice/groups'), SLOW);
    expect(JSON.parse(sessionStorage.getItem(STORAGE.lastVisit) ?? 'null')).toMatchObject({
      path: '/kk/backoffice/groups',
    });
    sessionStorage.clear();
  });

  it('sends a logged-out user to login and remembers the path', async () => {
    const router = open('/kk/schedule/2026-11-20?tab=week');
    await waitFor(() => expect(router.state.location.pathname).toBe('/kk/login'));
    expect(sessionStorage.getItem(STORAGE.redirect)).toBe('/kk/schedule/2026-11-20?tab=week');
    expect(await screen.findByRole('heading', { name: 'Жүйеге кіру' })).toBeTruthy();
    // Spec §2: no breadcrumbs on login.
    expect(screen.queryByRole('navigation', { name: 'Навигация жолы' })).toBeNull();
  });

  it('redirects a role mismatch by role (to a built page while the spec target is not)', async () => {
    store.set({ session: 'ready', user: sessionUser('individual') });
    const router = open('/kk/homework/list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/kk/content/lectures'));
  });

  it('sends a logged-in user away from login to their start page, never a placeholder', async () => {
    store.set({ session: 'ready', user: sessionUser('teacher') });
    const router = open('/ru/login');
    // Spec §2: a logged-in user opening login goes to the courses list.
    await waitFor(() => expect(router.state.location.pathname).toBe('/ru/control/courses/list'));
  });

  it('waits for user-info before judging a protected route', async () => {
    store.set({ session: 'loading' });
    const router = open('/kk/schedule');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/kk/schedule');
    store.set({ session: 'ready', user: sessionUser('student') });
    expect(await screen.findByRole('heading', { name: 'Бұл бөлім жақында ашылады' })).toBeTruthy();
  });

  it("titles a kindergarten's pages with its own words (issue 30)", async () => {
    store.set({
      session: 'ready',
      user: sessionUser('director', {
        school: { name: 'Балбөбек', address: 'Астана', bin: '1', kind: 'kindergarten' },
      }),
    });
    open('/kk/backoffice/school-settings');
    await waitFor(() => expect(document.title).toBe('Балабақша баптаулары — Sabaq'), SLOW);
  });

  it("titles a school's pages as the route table does", async () => {
    store.set({ session: 'ready', user: sessionUser('director') });
    open('/kk/backoffice/school-settings');
    await waitFor(() => expect(document.title).toBe('Мектеп баптаулары — Sabaq'), SLOW);
  });

  it('replaces another language segment by kk and sends unknown paths to /kk', async () => {
    // The agreement is the administrator's text (issue 19): answer its one call.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/pages/agreement')
          ? Response.json({
              data: {
                slug: 'agreement',
                title: 'Пайдаланушы келісімі',
                body: { type: 'doc', content: [] },
                updatedAt: '2026-11-01T00:00:00.000Z',
              },
            })
          : new Response('{}', { status: 200 }),
      ),
    );
    const router = open('/en/agreement');
    await waitFor(() => expect(router.state.location.pathname).toBe('/kk/agreement'));
    expect(
      await screen.findByRole('heading', { name: 'Пайдаланушы келісімі' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(document.title).toBe('Пайдаланушы келісімі — Sabaq');
    router.navigate('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/kk'));
  });

  it('shows the coming page inside the shell with breadcrumbs from Home', async () => {
    store.set({ session: 'ready', user: sessionUser('teacher') });
    open('/kk/control/journal/groups/5');
    expect(await screen.findByRole('heading', { name: 'Бұл бөлім жақында ашылады' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Навигация жолы' });
    expect(crumbs.textContent).toBe('Басты бетЭлектрондық журналСынып');
    // School, address and BIN (employee) and the menu by role.
    expect(screen.getByText('060940012343')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Негізгі мәзір' });
    expect(within(menu).getByRole('link', { name: /Электрондық журнал/ })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: /Мектеп баптаулары/ })).toBeNull();
  });

  it('hides the BIN from students', async () => {
    store.set({ session: 'ready', user: sessionUser('student') });
    open('/kk/schedule');
    await screen.findByRole('heading', { name: 'Бұл бөлім жақында ашылады' });
    expect(screen.getByText('Астана қаласының № 54 мектеп-лицейі')).toBeTruthy();
    expect(screen.queryByText('060940012343')).toBeNull();
    expect(screen.getByText('7А')).toBeTruthy();
  });

  it('sends media sections to /media when the subscription ended', async () => {
    // A school's pupil who never subscribed is B2B and plays (issue 14, the server's media gate);
    // one whose own subscription ended is sent back to the catalogue.
    const ended = {
      subscription: { type: 'personal' as const, isDemo: false, group: null },
      subscriptions: [{ tariff_type: 'personal-month', type: 'personal' as const }],
    };
    store.set({ session: 'ready', user: sessionUser('student', ended) });
    const router = open('/kk/media/video/3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/kk/media'));
  });
});
