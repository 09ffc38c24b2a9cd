import {
  hrefFor,
  inGroup,
  isRole,
  landingPath,
  orgKindOf,
  safeReturnPath,
  storedUiLang,
  urlLangFromUi,
  type LoginResponse,
  type SessionUser,
  type UiLang,
  type UiMessageKey,
} from '@sabaq/platform';
import type * as NotificationsTypes from '@mantine/notifications';
import i18next from 'i18next';
import { ApiClient, type ApiResult, type Notice } from '../api/client';
import { NOTIFY_OTHER_MS, NOTIFY_SUCCESS_MS, REFRESH_COOKIE, STORAGE, storage } from '../config';
import { store } from '../session/store';
import { clearToken, getToken as memoryToken, mayHaveSession, setToken } from '../session/token';
import { isBuilt } from '../screens/registry';
import { clearFormCaches } from './form-cache';
import { notifyMobileAppOfRefresh } from './mobile';

export const API = {
  login: '/api/v2/os/auth/login',
  logout: '/api/v2/os/auth/logout',
  userInfo: '/api/v2/os/user-info',
  passwordChange: '/api/v2/os/auth/password/change',
  needPassChange: '/api/v2/os/profile/need-pass-change',
  forgot: '/api/v2/os/auth/password/forgot',
  reset: '/api/v2/os/auth/password/reset',
  register: '/api/v2/os/auth/register',
  registerConfirm: '/api/v2/os/auth/register/confirm',
  featureFlags: '/api/v2/os/feature-flags',
  permissions: (locale: UiLang) => `/api/v2/os/permissions/${locale}`,
  translations: (locale: UiLang) => `/api/v2/os/translations/${locale}`,
  behalf: '/api/v2/os/auth/behalf',
  gpt: '/api/v1/gpt',
} as const;

type NotificationsModule = typeof NotificationsTypes;
let notificationsModule: Promise<NotificationsModule> | null = null;
export function loadNotifications() {
  // A failed load (offline, the chunk not kept yet) is forgotten, so the next notice tries again.
  notificationsModule ??= import('@mantine/notifications').catch((error: unknown) => {
    notificationsModule = null;
    throw error;
  });
  return notificationsModule;
}

type Navigate = (to: string, options?: { replace?: boolean }) => void;
let navigateImpl: Navigate = (to) => window.location.assign(to);

/** The router registers itself so services can navigate without a React context. */
export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

export function currentUiLang(): UiLang {
  const first = window.location.pathname.split('/')[1];
  if (first === 'kk') return 'kz';
  if (first === 'ru') return 'ru';
  return storedUiLang(storage('local')?.getItem(STORAGE.lang));
}

export function currentUrlLang() {
  return urlLangFromUi(currentUiLang());
}

/** Text in the current language, with the server's overrides (for code outside components). */
export function text(key: UiMessageKey, values?: Record<string, string | number>): string {
  // i18next starts before the app renders (main.tsx), so every caller finds it ready.
  return i18next.t(key, { lng: currentUiLang(), ...values });
}

/** The id of a notice: the same kind, title and text give the same id. */
export function noticeId(kind: string, title: string, message: string): string {
  let hash = 0;
  for (const char of `${kind}\u0000${title}\u0000${message}`)
    hash = (Math.imul(hash, 31) + char.codePointAt(0)!) | 0;
  return `notice-${kind}-${(hash >>> 0).toString(36)}`;
}

/** Spec §8 notifications: default kz/ru titles and texts; success stays 7 s, others 5 s. */
export function notify(notice: Notice): void {
  const titleKey =
    notice.kind === 'success'
      ? 'notify.success.title'
      : notice.kind === 'warning'
        ? 'notify.warning.title'
        : 'notify.error.title';
  const message =
    notice.message ??
    (notice.kind === 'success' ? text('notify.success.text') : text('notify.error.text'));
  const title = notice.title ?? text(titleKey);
  const options = {
    // The same notice twice (a repeated invalid submit) is one toast, not a stack (issue 29):
    // the notifications store ignores a notice whose id is already shown or queued.
    id: noticeId(notice.kind, title, message),
    title,
    message,
    color: notice.kind === 'success' ? 'green' : notice.kind === 'warning' ? 'yellow' : 'red',
    autoClose: notice.kind === 'success' ? NOTIFY_SUCCESS_MS : NOTIFY_OTHER_MS,
  };
  // The notifications package loads with the first notice (it is heavy for the landing budget);
  // its store keeps the notice until the lazily mounted <Notifications /> shows it.
  if (!store.get().noticesMounted) store.set({ noticesMounted: true });
  void loadNotifications().then(
    // Nothing when a failed preload reloads the page (main.tsx: the import resolves empty).
    (m) => m?.notifications.show(options),
    () => undefined,
  );
}

/** The access token, kept in memory only (session/token.ts says why). */
export function getToken(): string | null {
  return memoryToken();
}

export const api = new ApiClient({
  fetch: (input, init) => window.fetch(input, init),
  getToken,
  setToken,
  getLocale: currentUiLang,
  getQuarter: () => store.get().user?.quarter ?? null,
  onUnauthorized: () => {
    const wasLoggedIn = store.get().user !== null || getToken() !== null;
    clearSession();
    if (wasLoggedIn) navigate(hrefFor(currentUrlLang(), 'login'), { replace: true });
  },
  onLocked: () => {
    store.set({ subscriptionLocked: true });
    navigate(hrefFor(currentUrlLang(), 'subscribe-locked'));
  },
  onRedirect: (to) => {
    if (/^https?:\/\//.test(to)) window.location.assign(to);
    else navigate(to.startsWith('/') ? to : `/${currentUrlLang()}/${to}`);
  },
  onServerUnavailable: () => store.set({ serverUnavailable: true, pending: 0 }),
  onServerAvailable: () => {
    if (store.get().serverUnavailable) store.set({ serverUnavailable: false });
  },
  progressStart: () => store.set((s) => ({ pending: s.pending + 1 })),
  progressDone: () => store.set((s) => ({ pending: Math.max(0, s.pending - 1) })),
  notify,
  onRefreshStatus: (refreshStatus) => store.set({ refreshStatus }),
  // Spec §8: mobile apps hosting the page are told of the new tokens.
  onRefreshed: (tokens) => void notifyMobileAppOfRefresh(tokens.access_token),
  getMathrix: () => storage('session')?.getItem(STORAGE.mathrix) ?? null,
  renewFirst: () => store.get().deviceSession,
  ...(typeof navigator !== 'undefined' && navigator.locks ? { locks: navigator.locks } : {}),
});

/**
 * Logout (spec §4): clears the session, the cached schedule, the stored token, the
 * password-changed flag and the refresh cookie (the server expires its HttpOnly copy on logout).
 */
export function clearSession(logout = false): void {
  const local = storage('local');
  clearToken();
  // Issue 31: what this device kept of the user for offline use goes with the session.
  api.cache = null;
  if (local?.getItem(STORAGE.offlineUser))
    void import('../offline/session').then((m) => m.endOffline(api, logout)).catch(() => undefined);
  local?.removeItem(STORAGE.schedule);
  local?.removeItem(STORAGE.passwordChanged);
  document.cookie = `${REFRESH_COOKIE}=; Max-Age=0; path=/api`;
  document.cookie = `${REFRESH_COOKIE}=; Max-Age=0; path=/`;
  store.set({
    session: 'anonymous',
    deviceSession: false,
    user: null,
    permissions: null,
    subscriptionLocked: false,
    passwordModal: 'closed',
    conferenceActive: false,
  });
}

export async function logout(): Promise<void> {
  // Tell the server first, while the token is still there, so it can revoke the refresh token.
  if (getToken()) await api.get(API.logout, { handle: 'silent' });
  clearSession(true);
  forgetPlace();
  navigate(hrefFor(currentUrlLang(), 'login'), { replace: true });
}

/**
 * Spec §4 and shared computers: an explicit logout also forgets where this person was — the
 * remembered path, the origin pages, the last visit, what forms kept — so the next person to sign
 * in at this computer starts at their own start page.
 */
function forgetPlace(): void {
  const session = storage('session');
  for (const key of [STORAGE.redirect, STORAGE.lastUser, STORAGE.origins, STORAGE.lastVisit])
    session?.removeItem(key);
  clearFormCaches();
}

/**
 * The remembered path, if it may be given to `user`: only the person who was signed in in this tab
 * (or a visitor who never was) gets it back, and in the language the login page was used in.
 */
function rememberedPathFor(
  user: SessionUser,
  owner: string | null = storage('session')?.getItem(STORAGE.lastUser) ?? null,
): string | null {
  const session = storage('session');
  const back = safeReturnPath(session?.getItem(STORAGE.redirect));
  session?.removeItem(STORAGE.redirect);
  if (back === null || (owner !== null && owner !== String(user.userId))) return null;
  return back.replace(/^\/(kk|ru)(?=\/|$|\?|#)/, `/${currentUrlLang()}`);
}

/**
 * Lesson screens call this while a video conference runs, so logout asks for confirmation first
 * (spec §1, §4).
 */
export function setConferenceActive(active: boolean): void {
  store.set({ conferenceActive: active });
}

/** Spec §4/§6: forced change for a default password: employees, and students whose id ends in 0. */
export function mustChangePassword(user: SessionUser, defaultPass: boolean): boolean {
  if (!defaultPass) return false;
  if (storage('local')?.getItem(STORAGE.passwordChanged) === '1') return false;
  if (inGroup(user.role, 'employees')) return true;
  return user.role === 'student' && String(user.userId).endsWith('0');
}

async function afterLogin(user: SessionUser): Promise<void> {
  store.set({ session: 'ready', user, deviceSession: false });
  void import('../offline/session').then((m) => m.startOffline(api, user)).catch(() => undefined);
  storage('session')?.setItem(STORAGE.lastUser, String(user.userId));
  const need = await api.get<{ defaultPass: boolean }>(API.needPassChange, { handle: 'silent' });
  const defaultPass = need.error ? user.defaultPass : need.data.defaultPass;
  if (mustChangePassword(user, defaultPass)) store.set({ passwordModal: 'forced' });
  void loadPermissions(user);
}

async function loadPermissions(user: SessionUser): Promise<void> {
  if (user.hasSubscription) return;
  const result = await api.get<{
    data: { paths: string[]; meta: { path: string; name: string }[] };
  }>(API.permissions(currentUiLang()), { handle: 'silent', query: { userId: user.userId } });
  if (!result.error) store.set({ permissions: result.data.data });
}

/**
 * Startup (spec §8): with a token, load user-info; a user without a role clears the session and
 * goes to login.
 */
export async function restoreSession(): Promise<void> {
  if (!getToken()) {
    if (!mayHaveSession()) {
      store.set({ session: 'anonymous' });
      return;
    }
    // A reload: the in-memory token is gone and the HttpOnly refresh cookie brings the session
    // back. The shell waits ('loading'), so the login page never flashes on the way.
    store.set({ session: 'loading' });
    const outcome = await api.restoreSession();
    if (outcome !== 'ok') {
      // No answer (the link down): the user this device kept opens what it kept (issue 31).
      if (outcome === 'unavailable' && (await restoreFromDevice())) return;
      clearSession();
      return;
    }
  }
  store.set({ session: 'loading' });
  const result = await api.get<{ data: SessionUser }>(API.userInfo, { handle: 'silent' });
  if (result.error) {
    if (['server', 'network', 'locked'].includes(result.errorType)) {
      // The link dropped again on the way: what this device kept (issue 31).
      if (result.errorType !== 'locked' && (await restoreFromDevice())) return;
      // Keep the token: the server is down or the subscription locked, not the session.
      store.set({ session: 'anonymous' });
      return;
    }
    clearSession();
    return;
  }
  const user = result.data.data;
  if (!user || !isRole(user.role)) {
    clearSession();
    notify({ kind: 'warning', message: text('login.noRole') });
    navigate(hrefFor(currentUrlLang(), 'login'), { replace: true });
    return;
  }
  await afterLogin(user);
}

/**
 * A start without the server: the user and reads this device kept (src/offline/), until the link
 * is back and the refresh cookie brings the real session.
 */
async function restoreFromDevice(): Promise<boolean> {
  if (!storage('local')?.getItem(STORAGE.offlineUser)) return false;
  const offline = await import('../offline/session');
  const user = await offline.restoreOffline(api);
  if (!user) return false;
  store.set({ session: 'ready', user, deviceSession: true });
  window.addEventListener('online', () => void restoreSession(), { once: true });
  offline.renewWhenBack(
    api,
    () => store.get().deviceSession,
    () => void restoreSession(),
  );
  return true;
}

/** Stores a fresh sign-in and goes to the remembered path or the role's start page. */
export async function signIn(
  accessToken: string,
  user: SessionUser,
  owner: string | null = storage('session')?.getItem(STORAGE.lastUser) ?? null,
): Promise<void> {
  setToken(accessToken);
  const back = rememberedPathFor(user, owner);
  await afterLogin(user);
  navigate(back ?? landingPath(user.role, currentUrlLang(), isBuilt, orgKindOf(user)), {
    replace: true,
  });
}

/** POST login → store token and user, then the remembered path or the role's landing page. */
export async function login(credentials: {
  login: string;
  password: string;
}): Promise<ApiResult<LoginResponse>> {
  const result = await api.post<LoginResponse>(API.login, credentials, { handle: 'form' });
  if (result.error) return result;
  if (!isRole(result.data.user?.role)) {
    notify({ kind: 'warning', message: text('login.noRole') });
    return { error: true, status: 200, errorType: 'other', data: null };
  }
  await signIn(result.data.access_token, result.data.user);
  return result;
}

/**
 * After an external (OIDC) sign-in the server set the refresh cookie and sent the browser to
 * /{lang}/oauth: trade the cookie for an access token, then load the user as at startup.
 */
export async function completeOAuth(): Promise<boolean> {
  // The client's refresh: one tab at a time (a Web Lock), the token kept in memory.
  if (!(await api.refreshSession())) return false;
  const owner = storage('session')?.getItem(STORAGE.lastUser) ?? null;
  await restoreSession();
  const user = store.get().user;
  if (!user) return false;
  navigate(
    rememberedPathFor(user, owner) ??
      landingPath(user.role, currentUrlLang(), isBuilt, orgKindOf(user)),
    {
      replace: true,
    },
  );
  return true;
}

/**
 * Management opens a teacher's or pupil's session (audited by the server) — only after the
 * person confirmed on the behalf screen. The call carries the bearer token, which no other
 * website can attach, and the explicit `confirmed: true`.
 */
export async function signInOnBehalf(userId: number): Promise<boolean> {
  const result = await api.post<LoginResponse>(API.behalf, { userId, confirmed: true });
  if (result.error || !isRole(result.data.user?.role)) return false;
  // The signed-in person chose to open this session: the page they asked for is theirs to give.
  await signIn(result.data.access_token, result.data.user, null);
  return true;
}

export async function loadFeatureFlags(): Promise<void> {
  const result = await api.get<{ data: Record<string, boolean> }>(API.featureFlags, {
    handle: 'silent',
  });
  if (result.error) {
    // Without flags, flagged routes are off: their guard may decide now rather than wait forever.
    store.set({ flagsLoaded: true });
    return;
  }
  const on = Object.entries(result.data.data ?? {}).filter(([, value]) => value === true);
  store.set({ flags: new Set(on.map(([name]) => name)), flagsLoaded: true });
}

/** The server's translations override the built-in catalogue key by key (spec §1). */
export async function loadTranslations(lang: UiLang): Promise<void> {
  // Spec §7: translations are requested with Accept-Language.
  const result = await api.get<{ data: Record<string, string> }>(API.translations(lang), {
    handle: 'silent',
    headers: { 'Accept-Language': lang === 'kz' ? 'kk' : 'ru' },
  });
  if (result.error || !result.data.data) return;
  i18next.addResourceBundle(lang, 'translation', result.data.data, true, true);
  store.set((s) => ({ translationsVersion: s.translationsVersion + 1 }));
}

/** Spec §1: the switcher stores the language and reloads the page on the same path in it. */
export function switchLanguage(lang: UiLang): void {
  storage('local')?.setItem(STORAGE.lang, lang);
  const rest = window.location.pathname.replace(/^\/(kk|ru)(?=\/|$)/, '');
  window.location.assign(
    `/${urlLangFromUi(lang)}${rest}${window.location.search}${window.location.hash}`,
  );
}
