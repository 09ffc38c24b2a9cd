import type { SessionUser } from '@sabaq/platform';
import type { ApiClient } from '../api/client';
import { STORAGE } from '../config';
import { keepUser, keptUser, readCacheFor, wipeReads } from './read-cache';

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
  if (user) api.cache = readCacheFor(holder);
  return user;
}

/** Logout: nothing of this user stays on the device. */
export async function endOffline(api: ApiClient): Promise<void> {
  api.cache = null;
  localStorage.removeItem(OFFLINE_USER);
  await wipeReads();
}
