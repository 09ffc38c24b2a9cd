import { ROLE_GROUPS, type Role } from '../roles/roles';
import {
  fillPath,
  hasSubscriptionFor,
  orgKindOf,
  type GuardUser,
  type IsBuilt,
} from '../routes/guard';
import type { UiLang } from '../routes/lang';
import type { FeatureFlag, PermissionsResponse } from '../contracts/dictionaries';
import { KINDERGARTEN_LABELS, routeById, type Label, type RouteId } from '../routes/routes';

export const MENU_GROUPS = [
  'learning',
  'content',
  'school',
  'kindergarten',
  'statistics',
  'other',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface MenuItemDef {
  readonly route: RouteId;
  readonly group: MenuGroup;
  /** Narrower than the route's own roles when the menu should show it to fewer people. */
  readonly roles?: readonly Role[];
  /** Shown to anonymous visitors (the reduced menu of spec §6). */
  readonly anonymous?: boolean;
  readonly flag?: FeatureFlag;
  /**
   * `school`: a school's item (lessons, journal, SOR/SOCh), hidden from a kindergarten's staff
   * and children (issue 30: their menu holds kindergarten items and what every employee has).
   */
  readonly org?: 'school';
}

/** The `data` of GET /permissions/{locale} (spec §7: data paths, meta names). */
export type MenuPermissions = Pick<PermissionsResponse['data'], 'paths' | 'meta'>;

export interface MenuItem {
  readonly route: RouteId;
  readonly label: string;
}

export interface MenuSection {
  readonly group: MenuGroup;
  readonly items: readonly MenuItem[];
}

/** The left menu, in display order. Every item points into the route table. */
export const MENU: readonly MenuItemDef[] = [
  { route: 'schedule', group: 'learning', org: 'school' },
  { route: 'homework-control-list', group: 'learning', org: 'school' },
  { route: 'homework-list', group: 'learning', org: 'school' },
  { route: 'diary', group: 'learning', org: 'school' },
  { route: 'journal-groups', group: 'learning', org: 'school' },
  { route: 'chat-control', group: 'learning', org: 'school' },
  { route: 'chat', group: 'learning', org: 'school' },
  { route: 'courses', group: 'learning' },
  { route: 'correction-work', group: 'learning' },
  { route: 'content-lessons', group: 'content', org: 'school' },
  { route: 'content-exams', group: 'content', org: 'school' },
  { route: 'content-lectures', group: 'content' },
  { route: 'catalog-lectures', group: 'content' },
  { route: 'catalog-exams', group: 'content', org: 'school' },
  { route: 'contest-catalog', group: 'content', org: 'school' },
  { route: 'methodical-cabinet', group: 'content' },
  { route: 'media', group: 'content', anonymous: true },
  { route: 'contest-list', group: 'content', anonymous: true },
  { route: 'backoffice-groups', group: 'school' },
  { route: 'backoffice-personnel', group: 'school' },
  { route: 'backoffice-schedules', group: 'school', org: 'school' },
  { route: 'backoffice-ktp', group: 'school', org: 'school' },
  { route: 'backoffice-archive', group: 'school' },
  { route: 'backoffice-school-settings', group: 'school' },
  { route: 'nomenclature', group: 'kindergarten' },
  { route: 'methodical', group: 'kindergarten' },
  { route: 'steam', group: 'kindergarten' },
  { route: 'regime-process', group: 'kindergarten' },
  { route: 'cyclogramm', group: 'kindergarten' },
  { route: 'development-map', group: 'kindergarten' },
  { route: 'perspective-plan', group: 'kindergarten' },
  // The kindergarten's materials catalogue and its children's development monitoring.
  { route: 'katalog', group: 'kindergarten' },
  { route: 'monitoring', group: 'kindergarten' },
  { route: 'statistics', group: 'statistics', org: 'school' },
  { route: 'statistics-country', group: 'statistics' },
  // Spec §6: the monitoring path depends on the role, so each role sees exactly one of these.
  { route: 'monitoring-teacher', group: 'statistics', roles: ROLE_GROUPS.teachers },
  { route: 'monitoring-director', group: 'statistics' },
  { route: 'monitoring-country', group: 'statistics' },
  { route: 'monitoring-region', group: 'statistics' },
  { route: 'monitoring-department', group: 'statistics' },
  { route: 'individual-card', group: 'statistics', roles: ROLE_GROUPS.teachers },
  { route: 'individual-card-director', group: 'statistics' },
  { route: 'admin-site', group: 'other' },
  { route: 'profile', group: 'other' },
  { route: 'payment', group: 'other', roles: ['guest', 'individual'] },
  { route: 'tariffs', group: 'other', anonymous: true },
  { route: 'faq', group: 'other', anonymous: true },
  { route: 'news', group: 'other', anonymous: true },
];

export interface MenuInput {
  readonly user: GuardUser | null;
  readonly lang: UiLang;
  readonly flags: ReadonlySet<string>;
  /** The permissions call's answer for users without a subscription (B2B); null while unknown. */
  readonly permissions?: MenuPermissions | null;
}

/** `/kk/schedule/:date?` or `schedule` → `schedule`: the static head of a path, for matching. */
export function pathHead(path: string): string {
  const segments = path
    .split(/[?#]/, 1)[0]!
    .split('/')
    .filter((s) => s !== '');
  if (segments[0] === 'kk' || segments[0] === 'ru') segments.shift();
  const head: string[] = [];
  for (const segment of segments) {
    if (segment.startsWith(':') || segment === '*') break;
    head.push(segment);
  }
  return head.join('/');
}

/**
 * Spec §6 menu: anonymous users get a reduced menu; kindergarten items need a kindergarten
 * subscription; a personal subscription hides school management and, for students, correction
 * work; users without any subscription (B2B) get the items their permissions list.
 */
export function buildMenu(input: MenuInput): readonly MenuSection[] {
  const { user, lang, flags, permissions } = input;
  const personal = user ? hasSubscriptionFor(user, 'personal') : false;
  const kindergarten = user ? hasSubscriptionFor(user, 'kindergarden') : false;
  const b2b = user ? !hasSubscriptionFor(user, 'any') : false;
  const inKindergarten = orgKindOf(user) === 'kindergarten';
  const allowed = b2b && permissions ? new Set(permissions.paths.map(pathHead)) : null;
  const names = new Map((permissions?.meta ?? []).map((m) => [pathHead(m.path), m.name]));

  const sections = new Map<MenuGroup, MenuItem[]>();
  for (const item of MENU) {
    const route = routeById(item.route);
    const flag = item.flag ?? route.flag;
    if (flag && !flags.has(flag)) continue;
    if (!user) {
      if (!item.anonymous) continue;
    } else {
      const roles = item.roles ?? route.roles;
      if (roles && !roles.includes(user.role)) continue;
      if (item.group === 'kindergarten' && !kindergarten) continue;
      if (inKindergarten && item.org === 'school') continue;
      if (personal && item.group === 'school') continue;
      if (personal && user.role === 'student' && item.route === 'correction-work') continue;
      if (allowed && !isPermitted(allowed, pathHead(route.path))) continue;
    }
    const label =
      (inKindergarten && KINDERGARTEN_LABELS[item.route]?.[lang]) ||
      (allowed && names.get(pathHead(route.path))) ||
      route.label[lang];
    const list = sections.get(item.group) ?? [];
    list.push({ route: item.route, label });
    sections.set(item.group, list);
  }
  return MENU_GROUPS.flatMap((group) => {
    const items = sections.get(group);
    return items ? [{ group, items }] : [];
  });
}

/**
 * Issue 30: the B2B permissions list (GET permissions, spec §7) is derived from this table, so the
 * menu has one source: the paths of the items a role's route and item roles allow, in menu order.
 */
export function menuPathsFor(role: Role): readonly { path: string; label: Label }[] {
  return MENU.flatMap((item) => {
    const route = routeById(item.route);
    const roles = item.roles ?? route.roles;
    if (roles && !roles.includes(role)) return [];
    return [{ path: pathHead(route.path), label: route.label }];
  });
}

/**
 * The list screens that are in no menu, each named with the screen (in some menu) it is reached
 * from: the table's answer to "where does a role find this page" (menu.test.ts checks every
 * non-detail route a role may open is in its menu or here, reached from its menu).
 */
export const REACHED_FROM: Readonly<Partial<Record<RouteId, readonly RouteId[]>>> = {
  // A user whose subscription ended is sent here by the server's 423 (commerce/).
  'subscribe-locked': ['profile'],
  // The school's monitoring and individual cards show the teachers' and the children's.
  'monitoring-teacher': ['monitoring-director'],
  'individual-card': ['individual-card-director'],
  'media-video': ['media'],
  'media-audio': ['media'],
  // Payment is opened from the balance tab of the profile (and from tariffs).
  payment: ['profile', 'tariffs'],
};

/**
 * Spec §6: "the monitoring path depends on the role": the permissions list names `monitoring`,
 * and each role's own monitoring page (monitoring-teacher, -director, -country…) answers to it.
 */
function isPermitted(allowed: ReadonlySet<string>, head: string): boolean {
  return allowed.has(head) || (head.startsWith('monitoring-') && allowed.has('monitoring'));
}

/**
 * The first page of a role's menu that is built and opens without parameters, a feature flag or
 * a subscription: the start page that stands in while the spec's one is not built.
 */
export function firstBuiltPage(role: Role, isBuilt: IsBuilt): RouteId {
  for (const item of MENU) {
    const route = routeById(item.route);
    const roles = item.roles ?? route.roles;
    if (roles && !roles.includes(role)) continue;
    if (route.access !== 'auth' || item.flag || route.flag || route.subscription) continue;
    if (item.group === 'kindergarten' || !isBuilt(item.route)) continue;
    try {
      fillPath(route.path, {});
    } catch {
      continue; // needs an id
    }
    return item.route;
  }
  return 'main';
}
