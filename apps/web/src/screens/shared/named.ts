import {
  namedPath,
  routeByName,
  type NamedPathArgs,
  type Role,
  type RouteName,
} from '@sabaq/platform';
import { currentUrlLang } from '../../app/services';

/**
 * The address of a named route of spec §2 (VSchedulePage, VLessonPage, …) in the current
 * language: links to those pages are built from the name, never from a hand-written path.
 */
export function pathTo<N extends RouteName>(name: N, ...params: NamedPathArgs<N>): string {
  return namedPath(currentUrlLang(), name, ...params);
}

/** Whether a role may open a named route (a link to a page the reader cannot open is left out). */
export function mayOpen(name: RouteName, role: Role | undefined): boolean {
  const roles = routeByName(name).roles;
  return role !== undefined && (roles === undefined || roles.includes(role));
}
