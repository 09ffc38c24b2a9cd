import { inGroup, type Role } from '../roles/roles';
import { opensMedia } from '../policies/media';
import {
  routeById,
  routeLabel,
  type RouteDef,
  type RouteId,
  type SubscriptionNeed,
} from './routes';
import type { UiLang, UrlLang } from './lang';
// A cycle by design: the menu order decides the stand-in start page; both sides use the other
// only inside functions.
import { firstBuiltPage } from '../menu/menu';

/** What the guards need to know about the session user (a subset of spec §3 "Session user"). */
export interface GuardUser {
  readonly id?: number | string;
  readonly role: Role;
  readonly hasSubscription?: boolean;
  readonly subscription?: { readonly type?: string | null; readonly isDemo?: boolean } | null;
  readonly subscriptions?: readonly {
    readonly tariff_type?: string | null;
    readonly type?: string | null;
  }[];
  /** The organisation (spec §3 school); `kind` tells a kindergarten from a school (issue 30). */
  readonly school?: { readonly kind?: OrgKind } | null;
}

export type RouteParams = Readonly<Record<string, string | undefined>>;

export type GuardDecision =
  | { readonly kind: 'allow' }
  /** Logged out on a protected route: go to login, come back to `remember` afterwards. */
  | { readonly kind: 'login'; readonly to: string; readonly remember: string }
  /**
   * `refused` (issue 30): the user may not open the route, for their role or a missing
   * subscription; the screen they are sent to says why.
   */
  | { readonly kind: 'redirect'; readonly to: string; readonly refused?: RefusedReason }
  /** The route's promo page (RouteDef.promo) for a role the route itself is not for. */
  | { readonly kind: 'promo'; readonly page: NonNullable<RouteDef['promo']>['page'] };

export type RefusedReason = 'role' | 'subscription';

export interface GuardInput {
  readonly route: RouteDef;
  readonly user: GuardUser | null;
  readonly lang: UrlLang;
  /** The full path being opened (with /{lang}, query and hash), remembered for after login. */
  readonly path: string;
  readonly params: RouteParams;
  /** Feature flags that are on. */
  readonly flags: ReadonlySet<string>;
  /** Which routes have a screen; start pages that do not yet fall back (see `landingPath`). */
  readonly isBuilt?: IsBuilt;
}

/** Whether a route has its screen (the web app's screen registry answers). */
export type IsBuilt = (id: RouteId) => boolean;
const ALL_BUILT: IsBuilt = () => true;

/** Which kind of organisation the user works or studies in (the session user's school.kind). */
export type OrgKind = 'school' | 'kindergarten';

/**
 * Spec §2/§6 start pages: individual lecturers their own lectures, class leaders (DCR) and
 * deputy heads (ZVCH) the students list, country / region / department workers country
 * statistics. Issue 30: everybody lands on a screen meant for them and in their menu: pupils
 * their schedule, directors the school's classes, methodists their SOR/SOCh list, guests the
 * lecture catalogue, a kindergarten's teachers and methodists its methodical section; teachers
 * the courses list (spec §2's page for a signed-in user opening login).
 */
export function specStart(role: Role, org: OrgKind = 'school'): RouteId {
  if (role === 'individual') return 'content-lectures';
  if (role === 'admin') return 'admin-site';
  if (role === 'group-lead' || role === 'zavuch' || role === 'director') return 'backoffice-groups';
  if (inGroup(role, 'workers')) return 'statistics-country';
  if (role === 'student') return 'schedule';
  if (role === 'guest') return 'catalog-lectures';
  if (org === 'kindergarten') return 'methodical';
  if (role === 'methodist') return 'content-exams';
  return 'courses';
}

/**
 * Start pages wait for their screens: until a role's spec start page is built, the first built
 * page of its menu stands in (`firstBuiltPage`), so nobody lands on a "section is coming"
 * placeholder; once the screen exists the spec's target is used again.
 */
function startRoute(role: Role, isBuilt: IsBuilt, org?: OrgKind): RouteId {
  const target = specStart(role, org);
  return isBuilt(target) ? target : firstBuiltPage(role, isBuilt);
}

/** Fills `:param` and `:param?` segments; optional segments without a value are dropped. */
export function fillPath(path: string, params: RouteParams): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '') continue;
    if (!segment.startsWith(':')) {
      out.push(segment);
      continue;
    }
    const optional = segment.endsWith('?');
    const name = segment.slice(1, optional ? -1 : undefined);
    const value = params[name];
    if (value === undefined || value === '') {
      if (optional) continue;
      throw new Error(`Route parameter "${name}" is missing for ${path}`);
    }
    out.push(encodeURIComponent(value));
  }
  return out.join('/');
}

/** `/{lang}/{path}` for a route id; '' (main) gives `/{lang}`. */
export function hrefFor(lang: UrlLang, id: string, params: RouteParams = {}): string {
  const route = routeById(id);
  if (!route) throw new Error(`Unknown route id "${id}"`);
  const filled = fillPath(route.path, params);
  return filled === '' ? `/${lang}` : `/${lang}/${filled}`;
}

/**
 * Spec §6: where a role goes when it opens a route it may not see. Individual lecturers go to their
 * own lectures, class leaders (DCR) and deputy heads (ZVCH) to the students list, country / region /
 * department workers to country statistics, everybody else home: their own start page (issue 30:
 * a screen of their menu, with a word why, not the public landing).
 */
export function forbiddenRedirect(
  role: Role,
  lang: UrlLang,
  isBuilt: IsBuilt = ALL_BUILT,
  org?: OrgKind,
): string {
  return hrefFor(lang, startRoute(role, isBuilt, org));
}

/**
 * Where a user lands after login when no path was remembered (and where a signed-in user opening
 * login goes): the role's start page of spec §2/§6, or while that is not built, the first built
 * page of the role's menu.
 */
export function landingPath(
  role: Role,
  lang: UrlLang,
  isBuilt: IsBuilt = ALL_BUILT,
  org?: OrgKind,
): string {
  return hrefFor(lang, startRoute(role, isBuilt, org));
}

/** The session user's organisation kind; a user without one (workers, individuals) has none. */
export function orgKindOf(user: GuardUser | null | undefined): OrgKind | undefined {
  return user?.school?.kind ?? undefined;
}

export function hasSubscriptionFor(user: GuardUser, need: SubscriptionNeed): boolean {
  const types = new Set<string>();
  if (user.subscription?.type) types.add(user.subscription.type);
  for (const s of user.subscriptions ?? []) {
    if (s.type) types.add(s.type);
    if (s.tariff_type) types.add(s.tariff_type);
  }
  if (need === 'any') return user.hasSubscription === true || types.size > 0;
  return types.has(need);
}

/**
 * Whether the user may open a route needing `need`. `any` (the media paths, spec §2) follows the
 * server's media gate (policies/media.ts `opensMedia`): a live subscription, or a B2B user who
 * never subscribed; a user whose subscriptions all ended is sent away. A user object without
 * `hasSubscription` (not a session user of the server) is judged by the types it lists.
 */
function meetsSubscriptionNeed(user: GuardUser, need: SubscriptionNeed): boolean {
  if (need !== 'any' || user.hasSubscription === undefined) return hasSubscriptionFor(user, need);
  const everSubscribed = Boolean(user.subscription?.type) || (user.subscriptions ?? []).length > 0;
  return opensMedia({ role: user.role, live: user.hasSubscription, everSubscribed });
}

/** Decides what happens when `route` is opened (spec §2, §4 route guard, §6). Pure. */
export function guardRoute(input: GuardInput): GuardDecision {
  const { route, user, lang, path, params, flags } = input;
  const isBuilt = input.isBuilt ?? ALL_BUILT;
  if (route.redirectTo) return { kind: 'redirect', to: hrefFor(lang, route.redirectTo, params) };
  if (route.flag && !flags.has(route.flag)) return { kind: 'redirect', to: hrefFor(lang, 'main') };
  if (route.access === 'anonymous') {
    return user
      ? { kind: 'redirect', to: landingPath(user.role, lang, isBuilt, orgKindOf(user)) }
      : { kind: 'allow' };
  }
  if (route.access === 'public') return { kind: 'allow' };
  if (!user) return { kind: 'login', to: hrefFor(lang, 'login'), remember: path };
  if (route.roles && !route.roles.includes(user.role)) {
    if (route.promo?.roles.includes(user.role)) return { kind: 'promo', page: route.promo.page };
    const to = forbiddenRedirect(user.role, lang, isBuilt, orgKindOf(user));
    // A role's own start page is never forbidden to it in the table, but guard against loops anyway.
    return {
      kind: 'redirect',
      to: samePath(to, path) ? hrefFor(lang, 'main') : to,
      refused: 'role',
    };
  }
  if (route.subscription && !meetsSubscriptionNeed(user, route.subscription)) {
    return {
      kind: 'redirect',
      to: hrefFor(lang, route.subscriptionFallback ?? 'tariffs'),
      refused: 'subscription',
    };
  }
  return { kind: 'allow' };
}

function samePath(a: string, b: string): boolean {
  return (
    a.replace(/[?#].*$/, '').replace(/\/$/, '') === b.replace(/[?#].*$/, '').replace(/\/$/, '')
  );
}

/** Only paths inside the app may be remembered and returned to (no open redirects). */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  return /^\/(kk|ru)(\/|$|\?|#)/.test(value) ? value : null;
}

export interface Crumb {
  readonly label: string;
  /** Absent when the crumb is the current page or its params are unknown. */
  readonly to?: string;
}

const HOME_LABEL = { kz: 'Басты бет', ru: 'Главная' } as const;

/**
 * Spec §2 breadcrumbs: start with Home (/kk or /ru), then the route's parents and the route itself,
 * paths filled with the matched params; hidden (empty) on login, main, registration and password
 * recovery routes.
 */
export function breadcrumbs(
  id: string,
  params: RouteParams,
  lang: UrlLang,
  ui: UiLang,
  /** Labels a screen knows from its data, by route id («7А» for the class, issue 29). */
  labels: Readonly<Record<string, string>> = {},
  /** A kindergarten's trail says «Топ / Группа» where a school's says «Сынып / Класс» (issue 30). */
  org?: OrgKind,
): readonly Crumb[] {
  const route = routeById(id);
  if (!route || route.hideBreadcrumbs) return [];
  const parentOf = (at: RouteDef): string | undefined => {
    const by = at.parentByParam;
    const value = by ? params[by.param] : undefined;
    return (by && value !== undefined ? by.values[value] : undefined) ?? at.parent;
  };
  const chain: RouteDef[] = [];
  for (let at: RouteDef | undefined = route; at;) {
    chain.unshift(at);
    const parent = parentOf(at);
    at = parent ? routeById(parent) : undefined;
  }
  const crumbs: Crumb[] = [{ label: HOME_LABEL[ui], to: `/${lang}` }];
  chain.forEach((at, index) => {
    const label =
      labels[at.id] ??
      routeLabel(at, org === 'kindergarten')[ui].replace(
        /\{(\w+)\}/g,
        (_, name: string) => params[name] ?? '',
      );
    if (index === chain.length - 1 || at.path === '*') {
      crumbs.push({ label });
      return;
    }
    try {
      crumbs.push({ label, to: hrefFor(lang, at.id, params) });
    } catch {
      crumbs.push({ label });
    }
  });
  return crumbs;
}
