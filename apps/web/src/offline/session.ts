import type { SessionUser } from '@sabaq/platform';
import type { ApiClient } from '../api/client';
import { STORAGE } from '../config';
import { getToken } from '../session/token';
import { startOutbox, stopOutbox } from './outbox';
import { keepUser, keptUser, readCacheFor, wipeReads, wipeReadsOnly } from './read-cache';

/**
 * The offline side of a session (issue 31), loaded after sign-in so that none of it weighs on
 * the first visit. localStorage's `STORAGE.offlineUser` (an id, no secret) says whose copy this
 * device holds; services.ts ends it with the session.
 */
const OFFLINE_USER = STORAGE.offlineUser;

/** Signed in (or the session restored): this user's reads are kept from now on. */
export async function startOffline(api: ApiClient, user: SessionUser): Promise<void> {
  const holder = localStorage.getItem(OFFLINE_USER);
  // Somebody else's copy on this browser goes before this user's is kept.
  if (holder !== null && holder !== String(user.userId)) await wipeReads();
  localStorage.setItem(OFFLINE_USER, String(user.userId));
  api.cache = readCacheFor(user.userId);
  // What the app needs once the link drops loads now, while it can (the service worker keeps it).
  void import('./OfflineBanner').catch(() => undefined);
  void import('../shell/LogoutConfirm').catch(() => undefined);
  // The notices too, now: the first may come as the link returns («everything is sent»), and a
  // chunk that fails to load then reloads the page in the middle of the reconnection.
  void import('../app/services').then((m) => m.loadNotifications()).catch(() => undefined);
  // The role's offline screens load in the background, so they open offline unvisited; then the
  // reads of this week, the next, today's lessons and a teacher's journals (prefetch.ts).
  void import('./precache')
    .then((m) => m.precacheScreens(user.role))
    .then(async (loaded) =>
      loaded.length > 0 ? (await import('./prefetch')).prefetchReads(user.role, user.userId) : 0,
    )
    .then((kept) => {
      // Seen by the browser tests: the background work is over.
      document.documentElement.dataset.offlineReads = String(kept);
    })
    .catch(() => undefined);
  // Writes wait for a session token: a session restored from the device gets one when back online.
  startOutbox(api, user.userId, () => getToken() !== null);
  await keepUser(user).catch(() => undefined);
}

/**
 * A start without the server (the link down): the user this device kept, with their reads, or
 * null (then the app starts signed out, as before).
 */
export async function restoreOffline(api: ApiClient): Promise<SessionUser | null> {
  const holder = Number(localStorage.getItem(OFFLINE_USER));
  if (!holder) return null;
  const user = await keptUser(holder);
  if (user) {
    api.cache = readCacheFor(holder);
    startOutbox(api, holder, () => getToken() !== null);
  }
  return user;
}

/**
 * A session restored from the device gets the real one back at the browser's 'online' event
 * (services.ts). When the browser says it is online already but the renewal got no answer (the
 * link not quite back as the event came, or the server away), no second event comes: this tries
 * again, quietly, after 2 s, doubling to a minute, until the renewal is answered; then
 * `restore` (services' restoreSession) takes the real session, or ends a refused one.
 */
export function renewWhenBack(
  api: ApiClient,
  stillDevice: () => boolean,
  restore: () => void,
  ms = 2000,
): void {
  if (!navigator.onLine) return;
  clearTimeout(renewTimer);
  renewTimer = setTimeout(() => {
    if (!stillDevice()) return;
    // A call on the way renewed it already: the real session now.
    if (getToken() !== null) return restore();
    void api.restoreSession().then((outcome) => {
      if (!stillDevice()) return;
      if (outcome === 'unavailable')
        renewWhenBack(api, stillDevice, restore, Math.min(ms * 2, 60_000));
      else restore();
    });
  }, ms);
}
let renewTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The session ended. A logout leaves nothing of this user on the device. A session that ended
 * otherwise (refused on reconnect, revoked) drops the kept reads but keeps the writes still
 * waiting, so that a teacher's offline marks are not lost: they go when the same user signs in
 * again, and are wiped if someone else does (startOffline).
 */
export async function endOffline(api: ApiClient, logout = true): Promise<void> {
  api.cache = null;
  stopOutbox();
  if (!logout) return wipeReadsOnly();
  localStorage.removeItem(OFFLINE_USER);
  await wipeReads();
}
