import { backPath, parseOrigins, rememberOrigin, type Visit } from '@sabaq/platform';
import { createContext, useContext } from 'react';
import { STORAGE, storage } from '../config';

/** The route id of the screen being shown, provided by RouteGate. */
export const CurrentRouteContext = createContext<string | null>(null);

function lastVisit(): Visit | null {
  try {
    const raw = storage('session')?.getItem(STORAGE.lastVisit);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (value && typeof value === 'object' && 'routeId' in value && 'path' in value) {
      const { routeId, path } = value as Record<string, unknown>;
      if (typeof routeId === 'string' && typeof path === 'string') return { routeId, path };
    }
  } catch {
    // Unreadable storage only loses the Back target; the fallback still works.
  }
  return null;
}

/**
 * Records a visit (spec §4: the origin page is remembered per page type). Kept in sessionStorage
 * so a reload keeps where Back goes; each tab has its own.
 */
export function recordVisit(next: Visit): void {
  const session = storage('session');
  if (!session) return;
  const previous = lastVisit();
  if (previous?.routeId === next.routeId && previous.path === next.path) return;
  const origins = parseOrigins(session.getItem(STORAGE.origins));
  const updated = rememberOrigin(origins, previous, next);
  if (updated !== origins) session.setItem(STORAGE.origins, JSON.stringify(updated));
  session.setItem(STORAGE.lastVisit, JSON.stringify(next));
}

/** Where a Back link on the current screen goes: the page it was entered from, else `fallback`. */
export function useBackPath(fallback: string): string {
  const routeId = useContext(CurrentRouteContext);
  if (!routeId) return fallback;
  return backPath(parseOrigins(storage('session')?.getItem(STORAGE.origins)), routeId, fallback);
}
