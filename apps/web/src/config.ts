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
  /**
   * localStorage: whose reads this device keeps for offline use (a user id, no secret; issue 31,
   * src/offline/session.ts). Cleared, with the copy, when the session ends.
   */
  offlineUser: 'sabaq_offline_user',
  /** localStorage: left menu collapsed (spec §4). */
  menuCollapsed: 'sabaq_menu_collapsed',
  /** sessionStorage: the path to come back to after login (spec §3). */
  redirect: 'sabaq_redirect',
  /**
   * sessionStorage: who last signed in in this tab. A remembered path is given back only to the
   * same person (or to a visitor who was never signed in), never to the next user of a shared
   * computer.
   */
  lastUser: 'sabaq_last_user',
  /** sessionStorage: the partner integration (spec §7 `mathrix` header) this session came from. */
  mathrix: 'sabaq_mathrix',
  /** sessionStorage: per page type, the page it was entered from (spec §4), and the last visit. */
  origins: 'sabaq_origins',
  lastVisit: 'sabaq_last_visit',
  /** sessionStorage: when the page last reloaded after a chunk-load error (to avoid loops). */
  chunkReload: 'sabaq_chunk_reload',
} as const;

/** The refresh cookie (HttpOnly, set by the server on /api). */
export const REFRESH_COOKIE = 'sabaq_refresh';

/** Spec §9 breakpoints, px: the widths at which layouts change. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 1009, xl: 1600 } as const;
export type Breakpoint = 'xs' | keyof typeof BREAKPOINTS;
export const BREAKPOINT_MD = BREAKPOINTS.md;
/** Spec §9: layout reacts to a resize once it has settled this long. */
export const RESIZE_DEBOUNCE_MS = 250;
/** Spec §9: an anchor scrolls into view this far below the top (the header stays clear of it). */
export const ANCHOR_OFFSET_PX = 90;
/** Spec §9: a screen's chunk that has not loaded in this time counts as failed (and reloads, §8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Spec §9: the key under which a form keeps what was typed changes this often. */
export const FORM_CACHE_MS = 180_000;
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
