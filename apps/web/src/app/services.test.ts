import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE } from '../config';
import { store } from '../session/store';
import { sessionUser } from '../test/factories';
import { SESSION_HINT, getToken, setToken } from '../session/token';
import { clearSession, mustChangePassword } from './services';

afterEach(() => store.reset());

describe('forced password change (spec §4, §6)', () => {
  it('applies to employees and to students whose id ends in 0', () => {
    for (const role of ['teacher', 'group-lead', 'director', 'zavuch'] as const) {
      expect(mustChangePassword(sessionUser(role), true), role).toBe(true);
    }
    expect(mustChangePassword(sessionUser('student', { userId: 120 }), true)).toBe(true);
    expect(mustChangePassword(sessionUser('student', { userId: 121 }), true)).toBe(false);
    expect(mustChangePassword(sessionUser('methodist'), true)).toBe(false);
    expect(mustChangePassword(sessionUser('teacher'), false)).toBe(false);
  });

  it('stops asking once the password was changed', () => {
    localStorage.setItem(STORAGE.passwordChanged, '1');
    expect(mustChangePassword(sessionUser('teacher'), true)).toBe(false);
  });
});

describe('logout (spec §4)', () => {
  it('clears session, schedule, token and password-changed flag', () => {
    setToken('t');
    localStorage.setItem(STORAGE.schedule, '{}');
    localStorage.setItem(STORAGE.passwordChanged, '1');
    localStorage.setItem(STORAGE.lang, 'ru');
    store.set({
      session: 'ready',
      user: sessionUser('teacher'),
      passwordModal: 'forced',
      conferenceActive: true,
    });
    clearSession();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(SESSION_HINT)).toBeNull();
    expect(localStorage.getItem(STORAGE.schedule)).toBeNull();
    expect(localStorage.getItem(STORAGE.passwordChanged)).toBeNull();
    // The language choice is not part of the session.
    expect(localStorage.getItem(STORAGE.lang)).toBe('ru');
    expect(store.get()).toMatchObject({
      session: 'anonymous',
      user: null,
      passwordModal: 'closed',
    });
  });
});

describe('startup (spec §8: user-info without a role)', () => {
  it('clears the session and goes to login when user-info has no role', async () => {
    const { restoreSession, setNavigator } = await import('./services');
    const navigate = vi.fn();
    setNavigator(navigate);
    setToken('a-token-that-is-long-enough');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { ...sessionUser('teacher'), role: null } })),
    );
    await restoreSession();
    expect(getToken()).toBeNull();
    expect(store.get().session).toBe('anonymous');
    expect(navigate).toHaveBeenCalledWith('/kk/login', { replace: true });
    vi.unstubAllGlobals();
  });

  it('loads the user and forces the password modal for an employee with a default password', async () => {
    const { restoreSession } = await import('./services');
    setToken('a-token-that-is-long-enough');
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/need-pass-change')
        ? Response.json({ defaultPass: true })
        : Response.json({ data: sessionUser('teacher', { defaultPass: true }) }),
    );
    vi.stubGlobal('fetch', fetch);
    await restoreSession();
    expect(store.get()).toMatchObject({ session: 'ready', passwordModal: 'forced' });
    expect(store.get().user?.role).toBe('teacher');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer a-token-that-is-long-enough' });
    vi.unstubAllGlobals();
  });
});

describe('the access token lives in memory; a reload restores the session by the refresh cookie', () => {
  // A reload starts with nothing in memory.
  beforeEach(() => clearSession());
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('a signed-in reload: refresh (cookie) → token in memory → user-info, no login page between', async () => {
    const { restoreSession } = await import('./services');
    localStorage.setItem(SESSION_HINT, '1');
    const calls: string[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/auth/refresh'))
        return Response.json({ access_token: 'restored-token-0123456789', refresh_token: 'r' });
      if (url.endsWith('/user-info')) return Response.json({ data: sessionUser('teacher') });
      return Response.json({ defaultPass: false });
    });
    vi.stubGlobal('fetch', fetch);
    const done = restoreSession();
    // Synchronously 'loading': guards wait, the login page is not drawn while the cookie works.
    expect(store.get().session).toBe('loading');
    await done;
    expect(calls.slice(0, 2)).toEqual(['POST /api/v2/os/auth/refresh', 'GET /api/v2/os/user-info']);
    const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer restored-token-0123456789' });
    expect(store.get().session).toBe('ready');
    expect(getToken()).toBe('restored-token-0123456789');
    // Nothing a script could steal is stored.
    expect(JSON.stringify({ ...localStorage })).not.toContain('restored-token');
  });

  it('an anonymous visitor costs no refresh call', async () => {
    const { restoreSession } = await import('./services');
    const fetch = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetch);
    await restoreSession();
    expect(fetch).not.toHaveBeenCalled();
    expect(store.get().session).toBe('anonymous');
  });

  it('a refused cookie ends in the anonymous state and forgets the hint', async () => {
    const { restoreSession } = await import('./services');
    localStorage.setItem(SESSION_HINT, '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'x', action: 'login' }, { status: 401 })),
    );
    await restoreSession();
    expect(store.get().session).toBe('anonymous');
    expect(localStorage.getItem(SESSION_HINT)).toBeNull();
  });

  it('a token stored by an older version is removed, and the cookie restores the session', async () => {
    const { restoreSession } = await import('./services');
    localStorage.setItem(STORAGE.token, 'old-stored-token-0123456789');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/auth/refresh')
          ? Response.json({ access_token: 'restored-token-0123456789', refresh_token: 'r' })
          : url.endsWith('/user-info')
            ? Response.json({ data: sessionUser('student') })
            : Response.json({ defaultPass: false }),
      ),
    );
    await restoreSession();
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
    expect(getToken()).toBe('restored-token-0123456789');
  });
});

describe('external sign-in (OIDC) and behalf', () => {
  it('trades the refresh cookie for a session and lands by role', async () => {
    const { completeOAuth, setNavigator } = await import('./services');
    const navigate = vi.fn();
    setNavigator(navigate);
    const fetch = vi.fn(async (url: string) => {
      if (url.endsWith('/auth/refresh'))
        return Response.json({ access_token: 'fresh-token-0123456789', refresh_token: 'r' });
      if (url.endsWith('/user-info')) return Response.json({ data: sessionUser('zavuch') });
      return Response.json({ defaultPass: false });
    });
    vi.stubGlobal('fetch', fetch);
    expect(await completeOAuth()).toBe(true);
    expect(getToken()).toBe('fresh-token-0123456789');
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
    // The zavuch's start page (spec §6), built now.
    expect(navigate).toHaveBeenLastCalledWith('/kk/backoffice/groups', { replace: true });
    vi.unstubAllGlobals();
  });

  it('reports failure when the cookie is refused', async () => {
    const { completeOAuth } = await import('./services');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'x', action: 'login' }, { status: 401 })),
    );
    expect(await completeOAuth()).toBe(false);
    expect(store.get().user).toBeNull();
    vi.unstubAllGlobals();
  });

  it('opens a session on behalf of a pupil and goes to the remembered page', async () => {
    const { signInOnBehalf, setNavigator } = await import('./services');
    const navigate = vi.fn();
    setNavigator(navigate);
    sessionStorage.setItem(STORAGE.redirect, '/kk/homework/list');
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/auth/behalf')
        ? Response.json({
            access_token: 'behalf-token-0123456789',
            refresh_token: 'r',
            expires_in: 900,
            user: sessionUser('student'),
          })
        : Response.json({ defaultPass: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await signInOnBehalf(7)).toBe(true);
    const body = JSON.parse(
      String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body),
    ) as unknown;
    expect(body).toEqual({ userId: 7, confirmed: true });
    expect(store.get().user?.role).toBe('student');
    expect(navigate).toHaveBeenLastCalledWith('/kk/homework/list', { replace: true });
    vi.unstubAllGlobals();
  });
});

describe('shared computers (issue 21): nobody lands in the previous user’s place', () => {
  const loginReply = (user: ReturnType<typeof sessionUser>) =>
    vi.fn(async (url: string) =>
      url.endsWith('/auth/login')
        ? Response.json({ access_token: 'token-0123456789abcdef', refresh_token: 'r', user })
        : Response.json({ defaultPass: false, data: { paths: [], meta: [] } }),
    );
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('logout forgets the remembered path, the origin pages, the last visit and kept forms', async () => {
    const { logout, setNavigator } = await import('./services');
    setNavigator(vi.fn());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({})),
    );
    setToken('t-0123456789abcdef');
    for (const key of [STORAGE.redirect, STORAGE.origins, STORAGE.lastVisit, STORAGE.lastUser])
      sessionStorage.setItem(key, 'x');
    sessionStorage.setItem('sabaq_form:registration:1', '{"surname":"А"}');
    await logout();
    for (const key of [STORAGE.redirect, STORAGE.origins, STORAGE.lastVisit, STORAGE.lastUser])
      expect(sessionStorage.getItem(key), key).toBeNull();
    expect(sessionStorage.getItem('sabaq_form:registration:1')).toBeNull();
  });

  it('a path remembered in another user’s session is not given to the next one', async () => {
    const { login, setNavigator } = await import('./services');
    const navigate = vi.fn();
    setNavigator(navigate);
    // Teacher 41 was signed in in this tab; their session ended on the journal.
    sessionStorage.setItem(STORAGE.lastUser, '41');
    sessionStorage.setItem(STORAGE.redirect, '/kk/control/journal/groups/19');
    vi.stubGlobal('fetch', loginReply(sessionUser('student', { userId: 77 })));
    await login({ login: 'student', password: 'p' });
    // The pupil's own start page (issue 30), not the teacher's journal.
    expect(navigate).toHaveBeenLastCalledWith('/kk/schedule', { replace: true });
    expect(sessionStorage.getItem(STORAGE.lastUser)).toBe('77');
  });

  it('the same person gets their page back, in the language of the login page', async () => {
    const { login, setNavigator } = await import('./services');
    const navigate = vi.fn();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/kk/login');
    sessionStorage.setItem(STORAGE.lastUser, '41');
    sessionStorage.setItem(STORAGE.redirect, '/ru/control/journal/groups/19');
    vi.stubGlobal('fetch', loginReply(sessionUser('teacher', { userId: 41 })));
    await login({ login: 'teacher', password: 'p' });
    expect(navigate).toHaveBeenLastCalledWith('/kk/control/journal/groups/19', { replace: true });
  });

  it('a visitor who was never signed in is sent back where they were going', async () => {
    const { login, setNavigator } = await import('./services');
    const navigate = vi.fn();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/kk/login');
    sessionStorage.setItem(STORAGE.redirect, '/kk/homework/list');
    vi.stubGlobal('fetch', loginReply(sessionUser('student', { userId: 77 })));
    await login({ login: 'student', password: 'p' });
    expect(navigate).toHaveBeenLastCalledWith('/kk/homework/list', { replace: true });
  });

  it('translations are asked for with Accept-Language', async () => {
    const { loadTranslations } = await import('./services');
    // An empty answer: nothing to merge into the catalogues, only the request is looked at.
    const fetchMock = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    await loadTranslations('kz');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ 'Accept-Language': 'kk' });
  });
});

describe('notifications (issue 29)', () => {
  it('show the same notice once while it is on screen, and a different one beside it', async () => {
    const { notify, loadNotifications } = await import('./services');
    const { notificationsStore, cleanNotifications } = await loadNotifications();
    cleanNotifications();
    notify({ kind: 'error', message: 'ЖСН 12 цифрдан тұруы керек' });
    notify({ kind: 'error', message: 'ЖСН 12 цифрдан тұруы керек' });
    notify({ kind: 'error', message: 'Тегі толтырылмаған' });
    await vi.waitFor(() => expect(notificationsStore.getState().notifications).toHaveLength(2));
    const messages = notificationsStore.getState().notifications.map((n) => n.message);
    expect(messages).toEqual(['ЖСН 12 цифрдан тұруы керек', 'Тегі толтырылмаған']);
  });
});
