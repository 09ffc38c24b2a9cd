import { FORM_CACHE_MS, storage } from '../config';

/**
 * Spec §9: the key under which a form keeps what was typed changes every 180 000 ms. A form reloaded
 * by accident (a dropped connection, a chunk reload) gets its text back within that window; after
 * it, or in another tab, it starts empty. Passwords are never kept.
 */
export function formCacheKey(form: string, now: number = Date.now()): string {
  return `sabaq_form:${form}:${Math.floor(now / FORM_CACHE_MS)}`;
}

const PREFIX = 'sabaq_form:';

/** What was typed in `form` in the current window, or null. */
export function readFormCache<T extends Record<string, string>>(
  form: string,
  now = Date.now(),
): Partial<T> | null {
  const raw = storage('session')?.getItem(formCacheKey(form, now));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Partial<T>;
  } catch {
    return null;
  }
}

/** Keeps `values` (without fields named like passwords) under the current key; drops older keys. */
export function writeFormCache(
  form: string,
  values: Record<string, string>,
  now = Date.now(),
): void {
  const session = storage('session');
  if (!session) return;
  const key = formCacheKey(form, now);
  for (let i = session.length - 1; i >= 0; i--) {
    const k = session.key(i);
    if (k?.startsWith(`${PREFIX}${form}:`) && k !== key) session.removeItem(k);
  }
  const kept = Object.fromEntries(
    Object.entries(values).filter(([name]) => !/password/i.test(name)),
  );
  session.setItem(key, JSON.stringify(kept));
}

/** Forgets every form's text (logout: the next person at this computer starts clean). */
export function clearFormCaches(): void {
  const session = storage('session');
  if (!session) return;
  for (let i = session.length - 1; i >= 0; i--) {
    const k = session.key(i);
    if (k?.startsWith(PREFIX)) session.removeItem(k);
  }
}
