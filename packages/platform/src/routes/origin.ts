/**
 * Spec §4: "origin page is remembered per page type". A page can be opened from several places
 * (a lesson from the schedule or from homework, a draft from the lessons list or a lecture); its
 * Back link returns to where the user actually came from. The web app records every visit; here is
 * the pure rule, so it is tested without a browser.
 */

/** Route id → the path the user came from when they last entered that route. */
export type Origins = Readonly<Record<string, string>>;

export interface Visit {
  readonly routeId: string;
  readonly path: string;
}

/** Origins kept at most: a session touches few page types; the cap keeps storage bounded. */
export const MAX_ORIGINS = 40;

/**
 * The origins after moving from `previous` to `next`. Entering a different route remembers where
 * it was entered from; moving within one route (another tab, another date) keeps its origin, so
 * Back still leaves the page instead of stepping through its own states.
 */
export function rememberOrigin(origins: Origins, previous: Visit | null, next: Visit): Origins {
  if (!previous || previous.routeId === next.routeId) return origins;
  const entries = Object.entries(origins).filter(([id]) => id !== next.routeId);
  entries.push([next.routeId, previous.path]);
  return Object.fromEntries(entries.slice(-MAX_ORIGINS));
}

/** Where Back goes from `routeId`: its remembered origin, else the given fallback. */
export function backPath(origins: Origins, routeId: string, fallback: string): string {
  return origins[routeId] ?? fallback;
}

/** Reads stored origins, ignoring anything that is not a map of strings (old or tampered data). */
export function parseOrigins(raw: string | null | undefined): Origins {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && entry[1].startsWith('/'),
      ),
    );
  } catch {
    return {};
  }
}
