import { STORAGE, storage } from '../config';

/**
 * The access token lives in memory only, never in localStorage: a script injected into the page
 * (a stored-XSS bug, a compromised dependency) could read it there and use it from anywhere
 * for its whole lifetime. After a reload the session comes back through the refresh cookie,
 * which is HttpOnly (no script can read it) and rotates on every use (api/client.ts
 * `refreshSession`).
 *
 * What localStorage keeps is a hint without any secret: "this browser had a session", so the
 * app knows to try the cookie at startup — and an anonymous visitor costs no refresh call.
 */
let accessToken: string | null = null;

/** Key of the no-secret hint that a refresh cookie may be there. */
export const SESSION_HINT = 'sabaq_session';

export function getToken(): string | null {
  return accessToken;
}

export function setToken(token: string): void {
  accessToken = token;
  storage('local')?.setItem(SESSION_HINT, '1');
}

/** Forgets the token and the hint (logout, a refused refresh, 401). */
export function clearToken(): void {
  accessToken = null;
  const local = storage('local');
  local?.removeItem(SESSION_HINT);
  // Versions before the in-memory token stored it here: never leave one behind.
  local?.removeItem(STORAGE.token);
}

/** Whether startup should try to restore a session through the refresh cookie. */
export function mayHaveSession(): boolean {
  const local = storage('local');
  if (local?.getItem(STORAGE.token)) {
    // An old stored token: drop it; the refresh cookie of that session restores it instead.
    local.removeItem(STORAGE.token);
    return true;
  }
  return local?.getItem(SESSION_HINT) === '1';
}
