import { fillPath } from './guard';
import type { UrlLang } from './lang';
import { ROUTES, type RouteDef } from './routes';

/**
 * Spec §2 "Named routes seen": pages other code refers to by a stable name rather than by a path.
 * Each is the `name` of one route of the table (routes.ts); `namedPath` builds its address.
 */
export const SPEC_ROUTE_NAMES = [
  'VListOfMyExamsPage',
  'VListOfExamsCatalogPage',
  'VSchedulePage',
  'VGlStatisticsCountry',
  'VGlStatisticsSchool',
  'VListOfMyLecturesPage',
  'VStudentsListPage',
  'VTeacherChatPage',
  'VStudentChatPage',
  'VLessonPage',
] as const;

type NamedRouteDef = Extract<(typeof ROUTES)[number], { readonly name: string }>;
/** The name of a named route (each one of the table's `name`s). */
export type RouteName = NamedRouteDef['name'];

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}`
  ? Head | Segments<Tail>
  : P;
type RequiredParam<S> = S extends `:${string}?` ? never : S extends `:${infer N}` ? N : never;
type OptionalParam<S> = S extends `:${infer N}?` ? N : never;
type Value = string | number;

/** The params of a react-router path: `:id` required, `:id?` optional. */
export type PathParams<P extends string> = {
  readonly [K in RequiredParam<Segments<P>>]: Value;
} & { readonly [K in OptionalParam<Segments<P>>]?: Value };

/** The params of a named route's path. */
export type NamedParams<N extends RouteName> = PathParams<
  Extract<NamedRouteDef, { name: N }>['path']
>;

/** The params argument of `namedPath`: optional only where the path has no required param. */
export type NamedPathArgs<N extends RouteName> =
  RequiredParam<Segments<Extract<NamedRouteDef, { name: N }>['path']>> extends never
    ? [params?: NamedParams<N>]
    : [params: NamedParams<N>];

const BY_NAME: ReadonlyMap<string, RouteDef> = new Map(
  ROUTES.filter((route): route is NamedRouteDef => 'name' in route).map((route) => [
    route.name,
    route,
  ]),
);

export function routeByName(name: RouteName): RouteDef;
export function routeByName(name: string): RouteDef | undefined;
export function routeByName(name: string): RouteDef | undefined {
  return BY_NAME.get(name);
}

/**
 * `/{lang}/{path}` of a named route with its params filled (numbers become text, optional params
 * left out drop their segment): `namedPath('kk', 'VLessonPage', { scheduleId: 7, tab: 'tasks' })`
 * → `/kk/schedule/lesson/7/tasks`. The params are typed from the route's path.
 */
export function namedPath<N extends RouteName>(
  lang: UrlLang,
  name: N,
  ...[params]: NamedPathArgs<N>
): string {
  const route = routeByName(name);
  const text: Record<string, string> = {};
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, Value | undefined>))
    if (value !== undefined) text[key] = String(value);
  const filled = fillPath(route.path, text);
  return filled === '' ? `/${lang}` : `/${lang}/${filled}`;
}
