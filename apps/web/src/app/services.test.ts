import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE } from '../config';
import { store } from '../session/store';
import { sessionUser } from '../test/factories';
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
  it('clears session, schedule, stored token and password-changed flag', () => {
    localStorage.setItem(STORAGE.token, 't');
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
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
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
    localStorage.setItem(STORAGE.token, 'a-token-that-is-long-enough');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { ...sessionUser('teacher'), role: null } })),
    );
    await restoreSession();
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
    expect(store.get().session).toBe('anonymous');
    expect(navigate).toHaveBeenCalledWith('/kk/login', { replace: true });
    vi.unstubAllGlobals();
  });

  it('loads the user and forces the password modal for an employee with a default password', async () => {
    const { restoreSession } = await import('./services');
    localStorage.setItem(STORAGE.token, 'a-token-that-is-long-enough');
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
    expect(localStorage.getItem(STORAGE.token)).toBe('fresh-token-0123456789');
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/auth/behalf')
          ? Response.json({
              access_token: 'behalf-token-0123456789',
              refresh_token: 'r',
              expires_in: 900,
              user: sessionUser('student'),
            })
          : Response.json({ defaultPass: false }),
      ),
    );
    expect(await signInOnBehalf(7)).toBe(true);
    expect(store.get().user?.role).toBe('student');
    expect(navigate).toHaveBeenLastCalledWith('/kk/homework/list', { replace: true });
    vi.unstubAllGlobals();
  });
});
