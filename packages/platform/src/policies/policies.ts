import { ROLES, ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';
import { AI_ROUTES } from './ai';
import { BACKOFFICE_GROUP_ROUTES } from './backoffice-groups';
import { COLLAB_ROUTES } from './collab';
import { COMMERCE_ROUTES } from './commerce';
import { JOB_ROUTES } from './jobs';
import { EDITOR_DRAFT_ROUTES, FILE_ROUTES } from './files';
import { EXAM_SITTING_ROUTES } from './exam-sittings';
import { EXAM_RESULT_ROUTES } from './exam-results';
import { LESSON_CHAT_ROUTES } from './lesson-chat';
import { MEDIA_ROUTES } from './media';
import { CATALOGUE_ROUTES } from './catalogue';
import { KINDERGARTEN_ROUTES } from './kindergarten';
import { METHODICAL_ROUTES } from './methodical';
import { DEVELOPMENT_ROUTES } from './development';
import { PERSONNEL_ROUTES } from './personnel';
import { ROSTER_ROUTES } from './roster';
import { SITE_ROUTES } from './site';
import { STATISTICS_ROUTES } from './statistics';
import { MONITORING_ROUTES } from './monitoring';
import { CONTEST_ROUTES } from './contests';
import { COURSE_ROUTES } from './courses';
import { YEAR_ROUTES } from './year';
import { TEACHING_ROUTES } from './teaching';
import { TIMETABLE_ROUTES } from './timetables';

/**
 * Who may call what: the one policy table of the API (spec §6). The server registers every
 * route from this table and refuses to start if a route has no entry; the route × role test
 * matrix is generated from it; the web app and CLI take paths from it.
 *
 * - `public`: anyone, with or without a token;
 * - `authenticated`: any signed-in user;
 * - a list of roles: only those (others get 403 with a message).
 */
export type Policy = 'public' | 'authenticated' | readonly Role[];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface RouteEntry {
  readonly method: HttpMethod;
  /** Fastify-style path, parameters as `:name`. */
  readonly path: string;
  readonly policy: Policy;
  readonly summary: string;
}

const everyoneButStudents = ROLES.filter((r) => r !== 'student' && r !== 'guest');
const management = ROLE_GROUPS.management;
/** Staff who build lessons, lectures and exams (spec §6 "Staff manage … content"). */
const builders: readonly Role[] = [...ROLE_GROUPS.employees, 'methodist', 'individual'];

export const API_ROUTES = {
  'auth.login': {
    method: 'POST',
    path: '/api/v2/os/auth/login',
    policy: 'public',
    summary: 'Sign in by IIN, e-mail or demo login',
  },
  'auth.refresh': {
    method: 'POST',
    path: '/api/v2/os/auth/refresh',
    policy: 'public',
    summary: 'Rotate the refresh token (body or cookie)',
  },
  'auth.checkToken': {
    method: 'GET',
    path: '/api/v2/os/auth/check-token',
    policy: 'authenticated',
    summary: 'Whether the access token is valid and how long it lives (renewal is auth/refresh)',
  },
  'auth.logout': {
    method: 'GET',
    path: '/api/v2/os/auth/logout',
    policy: 'authenticated',
    summary: 'Revoke the current session and clear the refresh cookie',
  },
  'auth.sessions': {
    method: 'GET',
    path: '/api/v2/os/auth/sessions',
    policy: 'authenticated',
    summary: "The user's open sessions",
  },
  'auth.userInfo': {
    method: 'GET',
    path: '/api/v2/os/user-info',
    policy: 'authenticated',
    summary: 'The session user (spec §3)',
  },
  'auth.passwordChange': {
    method: 'POST',
    path: '/api/v2/os/auth/password/change',
    policy: 'authenticated',
    summary: 'Change the password',
  },
  'profile.needPassChange': {
    method: 'GET',
    path: '/api/v2/os/profile/need-pass-change',
    policy: 'authenticated',
    summary: 'Whether the user still has a default password',
  },
  'auth.passwordForgot': {
    method: 'POST',
    path: '/api/v2/os/auth/password/forgot',
    policy: 'public',
    summary: 'Send a password reset link by e-mail',
  },
  'auth.passwordReset': {
    method: 'POST',
    path: '/api/v2/os/auth/password/reset',
    policy: 'public',
    summary: 'Set a new password with a reset token',
  },
  'auth.register': {
    method: 'POST',
    path: '/api/v2/os/auth/register',
    policy: 'public',
    summary: 'Register by IIN; sends a confirmation code',
  },
  'auth.registerConfirm': {
    method: 'POST',
    path: '/api/v2/os/auth/register/confirm',
    policy: 'public',
    summary: 'Confirm a registration with the code; signs in',
  },
  'auth.behalf': {
    method: 'POST',
    path: '/api/v2/os/auth/behalf',
    policy: management,
    summary: 'Sign in on behalf of a user of the same school (confirmed, audited)',
  },
  'auth.behalfTarget': {
    method: 'GET',
    path: '/api/v2/os/auth/behalf/:userId',
    policy: management,
    summary: 'Whose session a behalf sign-in would open (for the confirmation screen)',
  },
  'auth.oauthStart': {
    method: 'GET',
    path: '/api/v2/os/auth/oauth/start',
    policy: 'public',
    summary: 'Redirect to the OpenID Connect provider',
  },
  'auth.oauthCallback': {
    method: 'GET',
    path: '/api/v2/os/auth/oauth/callback',
    policy: 'public',
    summary: 'OpenID Connect callback: links by IIN or e-mail and signs in',
  },
  'dict.permissions': {
    method: 'GET',
    path: '/api/v2/os/permissions/:locale',
    policy: 'authenticated',
    summary: 'Menu paths and names for the user (B2B menu)',
  },
  'dict.featureFlags': {
    method: 'GET',
    path: '/api/v2/os/feature-flags',
    policy: 'public',
    summary: 'Feature flags (spec §9)',
  },
  'dict.translations': {
    method: 'GET',
    path: '/api/v2/os/translations/:locale',
    policy: 'public',
    summary: 'Server-side translations by locale',
  },
  'dict.periods': {
    method: 'GET',
    path: '/api/v2/os/periods',
    policy: 'authenticated',
    summary: 'Study periods (quarters) with the current one',
  },
  'dict.groups': {
    method: 'GET',
    path: '/api/v2/os/groups/:locale',
    policy: everyoneButStudents,
    summary: "The school's groups, subgroups and subjects (not for students)",
  },
  'dict.banners': {
    method: 'GET',
    path: '/api/v2/os/banners',
    policy: 'public',
    summary: 'Banner rows',
  },
  'dict.domains': {
    method: 'GET',
    path: '/api/v2/os/domains',
    policy: 'public',
    summary: 'Domains the platform serves',
  },
  'drafts.list': {
    method: 'GET',
    path: '/api/v2/os/drafts',
    policy: builders,
    summary: "The user's builder drafts",
  },
  'drafts.create': {
    method: 'POST',
    path: '/api/v2/os/drafts',
    policy: builders,
    summary: 'Create a draft',
  },
  'drafts.import': {
    method: 'POST',
    path: '/api/v2/os/drafts/import',
    policy: builders,
    summary: 'Import many drafts (used by the CLI)',
  },
  'drafts.get': {
    method: 'GET',
    path: '/api/v2/os/drafts/:id',
    policy: builders,
    summary: 'A draft',
  },
  'drafts.delete': {
    method: 'DELETE',
    path: '/api/v2/os/drafts/:id',
    policy: builders,
    summary: 'Delete a draft',
  },
  'drafts.commands': {
    method: 'POST',
    path: '/api/v2/os/drafts/:id/commands',
    policy: builders,
    summary: 'Append engine commands (409 when the expected version is stale)',
  },
  'drafts.history': {
    method: 'GET',
    path: '/api/v2/os/drafts/:id/history',
    policy: builders,
    summary: "The draft's event log",
  },
  'drafts.publish': {
    method: 'POST',
    path: '/api/v2/os/drafts/:id/publish',
    policy: builders,
    summary:
      'Publish after validateDraft; `{share}` puts a SOR/SOCh in the shared catalogue or not',
  },
  'drafts.share': {
    method: 'PUT',
    path: '/api/v2/os/drafts/:id/sharing',
    policy: builders,
    summary: 'The author shares a published SOR/SOCh in the catalogue, or takes it back (issue 28)',
  },
  ...PERSONNEL_ROUTES,
  ...ROSTER_ROUTES,
  ...TIMETABLE_ROUTES,
  ...COLLAB_ROUTES,
  ...FILE_ROUTES,
  ...EDITOR_DRAFT_ROUTES,
  ...TEACHING_ROUTES,
  ...EXAM_SITTING_ROUTES,
  ...EXAM_RESULT_ROUTES,
  ...LESSON_CHAT_ROUTES,
  ...AI_ROUTES,
  ...BACKOFFICE_GROUP_ROUTES,
  ...YEAR_ROUTES,
  ...JOB_ROUTES,
  ...COMMERCE_ROUTES,
  ...MEDIA_ROUTES,
  ...CATALOGUE_ROUTES,
  ...KINDERGARTEN_ROUTES,
  ...METHODICAL_ROUTES,
  ...SITE_ROUTES,
  ...STATISTICS_ROUTES,
  ...DEVELOPMENT_ROUTES,
  ...MONITORING_ROUTES,
  ...CONTEST_ROUTES,
  ...COURSE_ROUTES,
} as const satisfies Record<string, RouteEntry>;

export type RouteId = keyof typeof API_ROUTES;

/**
 * What a session opened on someone's behalf (`auth/behalf`: a director or zavuch looking through
 * a teacher's or pupil's eyes) may never do, whatever the role allows (issue 28): the account's
 * password and sessions are its owner's, a behalf session does not open another, and it mints no
 * token that outlives it (the lesson's video entry lives two hours). `profile.update` is allowed
 * without the e-mail and the phone (the server refuses a change of either); the session itself
 * gets no refresh token. Every write in such a session is audited with both people.
 */
export const BEHALF_FORBIDDEN_ROUTES: ReadonlySet<string> = new Set([
  'auth.passwordChange',
  'profile.sessionRevoke',
  'profile.sessionsRevokeOthers',
  'auth.behalf',
  'auth.behalfTarget',
  'schedule.conference',
]);

/** Whether `role` (null = anonymous) may call the route. */
export function isAllowed(policy: Policy, role: Role | null): boolean {
  if (policy === 'public') return true;
  if (role === null) return false;
  if (policy === 'authenticated') return true;
  return policy.includes(role);
}

/** A route's path with its `:params` filled, for clients. */
export function apiPath(id: RouteId, params: Record<string, string | number> = {}): string {
  return API_ROUTES[id].path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath(${id}): missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
