/** Browser storage keys. One place, so logout can clear exactly what a session leaves behind. */
export const STORAGE = {
  /** localStorage: interface language kz | ru (spec §1). */
  lang: 'lang',
  /** localStorage: the access token. */
  token: 'sabaq_token',
  /** localStorage: set once the user changed a default password, so the modal stops asking. */
  passwordChanged: 'sabaq_password_changed',
  /** localStorage: the cached schedule of the lesson screens (cleared on logout, spec §4). */
  schedule: 'sabaq_schedule',
  /** localStorage: left menu collapsed (spec §4). */
  menuCollapsed: 'sabaq_menu_collapsed',
  /** sessionStorage: the path to come back to after login (spec §3). */
  redirect: 'sabaq_redirect',
  /** sessionStorage: per page type, the page it was entered from (spec §4), and the last visit. */
  origins: 'sabaq_origins',
  lastVisit: 'sabaq_last_visit',
  /** sessionStorage: when the page last reloaded after a chunk-load error (to avoid loops). */
  chunkReload: 'sabaq_chunk_reload',
} as const;

/** The refresh cookie (HttpOnly, set by the server on /api). */
export const REFRESH_COOKIE = 'sabaq_refresh';

/** Spec §9 constants the shell uses. */
export const BREAKPOINT_MD = 768;
export const SCROLL_TOP_SCREENS = 1.5;
export const SCROLL_TOP_MS = 500;
export const NOTIFY_SUCCESS_MS = 7000;
export const NOTIFY_OTHER_MS = 5000;

/** Opens a storage without throwing where it is blocked (private mode, sandboxed frames). */
export function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}
