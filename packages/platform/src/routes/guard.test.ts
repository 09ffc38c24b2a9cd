import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../roles/roles';
import {
  breadcrumbs,
  fillPath,
  forbiddenRedirect,
  guardRoute,
  hrefFor,
  landingPath,
  safeReturnPath,
  type GuardUser,
} from './guard';
import { ROUTES, routeById, type RouteDef } from './routes';
import { SITE_PAGES } from '../contracts/site/site';

const none = new Set<string>();
const user = (role: Role, extra: Partial<GuardUser> = {}): GuardUser => ({ role, ...extra });
const open = (id: string, u: GuardUser | null, params = {}, flags = none, path = '/kk/x') =>
  guardRoute({ route: routeById(id)!, user: u, lang: 'kk', path, params, flags });

describe('paths', () => {
  it('fills params and drops missing optional ones', () => {
    expect(fillPath('schedule/:date?', {})).toBe('schedule');
    expect(fillPath('schedule/:date?', { date: '2026-01-05' })).toBe('schedule/2026-01-05');
    expect(fillPath('chat/:teacherId', { teacherId: 'a b' })).toBe('chat/a%20b');
    expect(() => fillPath('chat/:teacherId', {})).toThrow(/teacherId/);
    expect(hrefFor('ru', 'main')).toBe('/ru');
    expect(hrefFor('kk', 'courses')).toBe('/kk/control/courses/list');
  });

  it('remembers only in-app paths', () => {
    expect(safeReturnPath('/kk/schedule')).toBe('/kk/schedule');
    expect(safeReturnPath('/ru?x=1')).toBe('/ru?x=1');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/en/x')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});

describe('guards (spec §2, §4, §6)', () => {
  it('sends logged-out users on protected routes to login and remembers the path', () => {
    expect(open('schedule', null, {}, none, '/kk/schedule/2026-01-05?x=1')).toEqual({
      kind: 'login',
      to: '/kk/login',
      remember: '/kk/schedule/2026-01-05?x=1',
    });
    expect(open('faq', null)).toEqual({ kind: 'allow' });
    expect(open('main', null)).toEqual({ kind: 'allow' });
  });

  it('sends a logged-in user opening login to the courses list, or to a page meant for them', () => {
    expect(open('login', user('teacher'))).toEqual({
      kind: 'redirect',
      to: '/kk/control/courses/list',
    });
    // Issue 30: every role lands on a screen meant for it and in its menu.
    expect(open('login', user('student'))).toEqual({ kind: 'redirect', to: '/kk/schedule' });
    expect(open('login', user('director'))).toEqual({
      kind: 'redirect',
      to: '/kk/backoffice/groups',
    });
    expect(open('login', user('methodist'))).toEqual({ kind: 'redirect', to: '/kk/content/exams' });
    expect(open('login', user('guest'))).toEqual({ kind: 'redirect', to: '/kk/catalog/lectures' });
    expect(open('login', user('teacher', { school: { kind: 'kindergarten' } }))).toEqual({
      kind: 'redirect',
      to: '/kk/methodical',
    });
    expect(open('login', null)).toEqual({ kind: 'allow' });
  });

  it('sends a pupil or guest who opens the courses list to their own start page, saying why', () => {
    expect(open('courses', user('student'))).toEqual({
      kind: 'redirect',
      to: '/kk/schedule',
      refused: 'role',
    });
    expect(open('courses', user('guest'))).toMatchObject({ to: '/kk/catalog/lectures' });
    expect(open('courses', user('methodist'))).toEqual({ kind: 'allow' });
  });

  it('shows the promo of the exam catalogue and of the statistics to the roles spec §2 names', () => {
    // Statistics: a promo for employees and students who do not read it themselves.
    expect(open('statistics', user('teacher'))).toEqual({
      kind: 'promo',
      page: 'promo-statistics',
    });
    expect(open('statistics', user('student'))).toEqual({
      kind: 'promo',
      page: 'promo-statistics',
    });
    expect(open('statistics', user('director'))).toEqual({ kind: 'allow' });
    expect(open('statistics-country', user('director'))).toEqual({
      kind: 'promo',
      page: 'promo-statistics',
    });
    expect(open('statistics-country', user('country_worker'))).toEqual({ kind: 'allow' });
    // The exam catalogue: a promo where it is closed.
    expect(open('catalog-exams', user('individual'))).toEqual({
      kind: 'promo',
      page: 'promo-exams',
    });
    expect(open('catalog-exams', user('teacher'))).toEqual({ kind: 'allow' });
    // Anyone else is still sent away, and nobody logged out sees a promo instead of the login.
    expect(open('statistics', user('methodist')).kind).toBe('redirect');
    expect(open('statistics', null).kind).toBe('login');
    // Every promo page is a site page the administrator edits.
    const withPromo = (ROUTES as readonly RouteDef[]).filter((each) => each.promo);
    expect(withPromo.map((each) => each.id).sort()).toEqual([
      'catalog-exams',
      'statistics',
      'statistics-country',
    ]);
    for (const route of withPromo) expect(SITE_PAGES).toContain(route.promo!.page);
  });

  it('redirects a role mismatch by role', () => {
    expect(open('backoffice-personnel', user('individual'))).toEqual({
      kind: 'redirect',
      to: '/kk/content/lectures',
      refused: 'role',
    });
    expect(open('homework-list', user('group-lead')).kind).toBe('redirect');
    expect(open('homework-list', user('group-lead'))).toMatchObject({
      to: '/kk/backoffice/groups',
    });
    expect(open('homework-list', user('zavuch'))).toMatchObject({ to: '/kk/backoffice/groups' });
    for (const role of ['country_worker', 'region_worker', 'department_worker'] as const) {
      expect(open('schedule', user(role))).toMatchObject({ to: '/kk/statistics/country' });
    }
    // Issue 30: "others home" is their own start page (in their menu), not the public landing.
    expect(open('backoffice-groups', user('student'))).toMatchObject({ to: '/kk/schedule' });
    expect(open('backoffice-groups', user('teacher'))).toMatchObject({
      to: '/kk/control/courses/list',
    });
  });

  it('never redirects a role to a page it may not open itself', () => {
    // Routes reachable without params, by their href.
    const byHref = new Map<string, (typeof ROUTES)[number]>();
    for (const route of ROUTES) {
      if (/:[A-Za-z]+(?:\/|$)/.test(route.path) || route.path === '*') continue;
      byHref.set(hrefFor('kk', route.id), route);
    }
    for (const role of ROLES) {
      for (const to of [forbiddenRedirect(role, 'kk'), landingPath(role, 'kk')]) {
        const route = byHref.get(to);
        expect(route, `${role} → ${to}`).toBeDefined();
        const roles = (route as { roles?: readonly Role[] }).roles;
        expect(roles === undefined || roles.includes(role), `${role} → ${to}`).toBe(true);
      }
      expect(landingPath(role, 'kk')).not.toBe('/kk');
    }
  });

  it('falls back to the first built page of the menu while a start page is not built', () => {
    const built = new Set<string>([
      'schedule',
      'content-lessons',
      'content-lectures',
      'homework-list',
    ]);
    const isBuilt = (id: string) => built.has(id);
    expect(landingPath('zavuch', 'kk', isBuilt)).toBe('/kk/schedule');
    expect(landingPath('student', 'ru', isBuilt)).toBe('/ru/schedule');
    expect(landingPath('methodist', 'kk', isBuilt)).toBe('/kk/content/lessons');
    expect(landingPath('director', 'kk', isBuilt)).toBe('/kk/schedule');
    expect(landingPath('individual', 'kk', isBuilt)).toBe('/kk/content/lectures');
    // Nothing of a worker's menu is built: the main page, never a placeholder.
    expect(landingPath('country_worker', 'kk', isBuilt)).toBe('/kk');
    expect(forbiddenRedirect('group-lead', 'kk', isBuilt)).toBe('/kk/schedule');
    expect(forbiddenRedirect('teacher', 'kk', isBuilt)).toBe('/kk/schedule');
    // Once a spec start page is built, it is used again.
    built.add('backoffice-groups');
    built.add('courses');
    expect(landingPath('zavuch', 'kk', isBuilt)).toBe('/kk/backoffice/groups');
    expect(landingPath('teacher', 'kk', isBuilt)).toBe('/kk/control/courses/list');
    // A signed-in user opening login goes to the same start page.
    expect(
      guardRoute({
        route: routeById('login')!,
        user: user('teacher'),
        lang: 'kk',
        path: '/kk/login',
        params: {},
        flags: new Set(),
        isBuilt,
      }),
    ).toEqual({ kind: 'redirect', to: '/kk/control/courses/list' });
  });

  it('needs a subscription for media paths, else /media', () => {
    expect(open('media-video', user('student'))).toEqual({
      kind: 'redirect',
      to: '/kk/media',
      refused: 'subscription',
    });
    expect(open('media-video', user('student', { hasSubscription: true }))).toEqual({
      kind: 'allow',
    });
    expect(
      open('media-audio-item', user('student', { subscriptions: [{ tariff_type: 'personal' }] }), {
        id: '1',
      }),
    ).toEqual({ kind: 'allow' });
  });

  it('needs a kindergarten subscription for kindergarten sections', () => {
    expect(
      open('steam', user('teacher', { hasSubscription: true, subscription: { type: 'personal' } })),
    ).toEqual({ kind: 'redirect', to: '/kk/tariffs', refused: 'subscription' });
    expect(open('steam', user('teacher', { subscription: { type: 'kindergarden' } }))).toEqual({
      kind: 'allow',
    });
    // Issue 30: an individual teacher with a personal year who bought the kindergarten month
    // reads the library (the second subscription is listed with its type), not the group work.
    const both = user('individual', {
      hasSubscription: true,
      subscription: { type: 'personal' },
      subscriptions: [
        { tariff_type: 'personal-year', type: 'personal' },
        { tariff_type: 'kindergarden-month', type: 'kindergarden' },
      ],
    });
    expect(open('methodical', both)).toEqual({ kind: 'allow' });
    expect(open('steam', both)).toEqual({ kind: 'allow' });
    expect(open('cyclogramm', both).kind).toBe('redirect');
  });

  it('follows aliases with the same params', () => {
    expect(open('lesson-control', user('teacher'), { scheduleId: '7', tab: 'chat' })).toEqual({
      kind: 'redirect',
      to: '/kk/schedule/lesson/7/chat',
    });
  });

  it('hides flagged routes while the flag is off', () => {
    expect(open('methodical-cabinet', user('teacher'))).toEqual({ kind: 'redirect', to: '/kk' });
    expect(
      open('methodical-cabinet', user('teacher'), {}, new Set(['methodical-cabinet'])),
    ).toEqual({
      kind: 'allow',
    });
  });
});

describe('breadcrumbs (spec §2)', () => {
  it('start with Home and follow the parents with params filled', () => {
    expect(breadcrumbs('journal-subject', { groupId: '5', subjectId: '9' }, 'ru', 'ru')).toEqual([
      { label: 'Главная', to: '/ru' },
      { label: 'Электронный журнал', to: '/ru/control/journal/groups' },
      { label: 'Класс', to: '/ru/control/journal/groups/5' },
      { label: 'Предмет' },
    ]);
  });

  it('name the class and subject a screen knows, and put a catalogue SOR under the exam catalogue (issue 29)', () => {
    expect(
      breadcrumbs('journal-subject', { groupId: '5', subjectId: '9' }, 'kk', 'kz', {
        'journal-group': '7А',
        'journal-subject': 'Алгебра',
      }).map((c) => c.label),
    ).toEqual(['Басты бет', 'Электрондық журнал', '7А', 'Алгебра']);
    const sor = breadcrumbs(
      'contest-lesson-platform',
      { lessonType: 'sor', lessonId: 'x' },
      'ru',
      'ru',
    );
    expect(sor[1]).toEqual({ label: 'Каталог СОР и СОЧ', to: '/ru/catalog/exams' });
    expect(sor.map((c) => c.label).join(' ')).not.toMatch(/конкурс/i);
    const lesson = breadcrumbs(
      'contest-lesson-platform',
      { lessonType: 'customLesson', lessonId: 'x' },
      'ru',
      'ru',
    );
    expect(lesson[1]!.label).toBe('Каталог конкурсных уроков');
  });

  it('are hidden on login, main, registration, confirm, forgot and reset', () => {
    for (const id of [
      'login',
      'main',
      'registration',
      'registration-confirm',
      'forgot-password',
      'forgot-password-reset',
    ]) {
      expect(breadcrumbs(id, {}, 'kk', 'kz'), id).toEqual([]);
    }
    expect(breadcrumbs('faq', {}, 'kk', 'kz')).toEqual([
      { label: 'Басты бет', to: '/kk' },
      { label: 'Жиі қойылатын сұрақтар' },
    ]);
  });
});

describe('media gate of the session user (issue 14)', () => {
  const session = (role: Role, extra: Partial<GuardUser>): GuardUser => ({
    role,
    hasSubscription: false,
    subscription: null,
    subscriptions: [],
    ...extra,
  });
  it('lets B2B people who never subscribed in, and sends an ended subscription to /media', () => {
    expect(open('media-video', session('student', {}))).toEqual({ kind: 'allow' });
    expect(open('media-video-item', session('teacher', {}), { id: '1' })).toEqual({
      kind: 'allow',
    });
    // The demo `locked` user: its month ended, the session lists it but has no live one.
    const locked = session('individual', {
      subscription: { type: 'personal' },
      subscriptions: [{ tariff_type: 'personal-month', type: 'personal' }],
    });
    expect(open('media-video-item', locked, { id: '1' })).toEqual({
      kind: 'redirect',
      to: '/kk/media',
      refused: 'subscription',
    });
    expect(open('media-audio', session('guest', {}))).toEqual({
      kind: 'redirect',
      to: '/kk/media',
      refused: 'subscription',
    });
    expect(open('media-audio', session('individual', { hasSubscription: true }))).toEqual({
      kind: 'allow',
    });
    expect(open('media-audio', session('methodist', {}))).toEqual({ kind: 'allow' });
  });
});

describe('kindergarten words in the breadcrumbs (issue 30)', () => {
  it('says Топ / Группа where a school says Сынып / Класс', () => {
    const crumbs = breadcrumbs(
      'backoffice-group',
      { groupId: '3' },
      'ru',
      'ru',
      {},
      'kindergarten',
    );
    expect(crumbs.map((c) => c.label)).toEqual(['Главная', 'Группы и дети', 'Группа']);
    expect(breadcrumbs('backoffice-group', { groupId: '3' }, 'kk', 'kz').at(-1)?.label).toBe(
      'Сынып',
    );
  });
});
