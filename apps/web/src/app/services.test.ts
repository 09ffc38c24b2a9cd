import { afterEach, describe, expect, it } from 'vitest';
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
