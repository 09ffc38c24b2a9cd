import { matchRoutes, type RouteObject } from 'react-router-dom';
import { ROUTES, type AppRouteId } from '@sabaq/platform';

let table: RouteObject[] | undefined;

/**
 * The route an address opens (`/kk/control/journal/groups/19/6` → `journal-subject`), ranked the
 * way the router ranks it, or undefined. Used at start (main.tsx) to fetch a returning user's
 * screen while the session is being restored, instead of after it (issue 29: on a phone's link
 * the screen and the kit arrived a second after the entry, in the queue behind sign-in calls).
 */
export function routeIdForPath(pathname: string): AppRouteId | undefined {
  table ??= [
    {
      path: '/:lang',
      children: ROUTES.map((r): RouteObject =>
        r.path === '' ? { index: true, id: r.id } : { path: r.path, id: r.id },
      ),
    },
  ];
  const matches = matchRoutes(table, pathname);
  const last = matches?.[matches.length - 1]?.route.id;
  return last && matches!.length > 1 ? (last as AppRouteId) : undefined;
}
