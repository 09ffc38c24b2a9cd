import { describe, expect, it } from 'vitest';
import { ROLES, ROLE_GROUPS, type Role } from '../roles/roles';
import { fillPath, guardRoute, orgKindOf, specStart, type GuardUser } from '../routes/guard';
import { ROUTES, type RouteDef } from '../routes/routes';
import {
  MENU,
  REACHED_FROM,
  buildMenu,
  menuPathsFor,
  pathHead,
  type MenuPermissions,
} from './menu';

const none = new Set<string>();
const routes = (user: GuardUser | null, permissions?: MenuPermissions | null, flags = none) =>
  buildMenu({ user, lang: 'kz', flags, permissions }).flatMap((s) => s.items.map((i) => i.route));
const subscribed = (role: Role, type = 'school'): GuardUser => ({
  role,
  hasSubscription: true,
  subscription: { type },
});

describe('menu (spec §6)', () => {
  it('gives anonymous users a reduced menu', () => {
    expect(routes(null)).toEqual(['media', 'contest-list', 'tariffs', 'faq', 'news']);
  });

  it('shows students their schedule, own homework and chat, not staff items', () => {
    const items = routes(subscribed('student'));
    expect(items).toEqual(expect.arrayContaining(['schedule', 'homework-list', 'chat']));
    expect(items).not.toContain('homework-control-list');
    expect(items).not.toContain('backoffice-groups');
  });

  it('gives students their diary (issue 20), and staff none', () => {
    expect(routes(subscribed('student'))).toContain('diary');
    expect(routes(subscribed('teacher'))).not.toContain('diary');
  });

  it('shows directors the school management group', () => {
    expect(routes(subscribed('director'))).toEqual(
      expect.arrayContaining(['backoffice-groups', 'backoffice-personnel', 'monitoring-director']),
    );
    expect(routes(subscribed('director'))).not.toContain('monitoring-teacher');
  });

  it('shows kindergarten items only with a kindergarten subscription', () => {
    expect(routes(subscribed('teacher'))).not.toContain('steam');
    expect(routes(subscribed('teacher', 'kindergarden'))).toContain('steam');
  });

  it('hides school management, and correction work for students, with a personal subscription', () => {
    expect(routes(subscribed('director', 'personal'))).not.toContain('backoffice-groups');
    expect(routes(subscribed('student', 'personal'))).not.toContain('correction-work');
    expect(routes(subscribed('teacher', 'personal'))).toContain('correction-work');
  });

  it('builds the B2B menu (no subscription) from the permissions call', () => {
    const user: GuardUser = { role: 'teacher', hasSubscription: false };
    const perms = {
      paths: ['/schedule/:date?', 'control/journal/groups'],
      meta: [{ path: 'control/journal/groups', name: 'Журнал' }],
    };
    const menu = buildMenu({ user, lang: 'kz', flags: none, permissions: perms });
    expect(menu.flatMap((s) => s.items)).toEqual([
      { route: 'schedule', label: 'Сабақ кестесі' },
      { route: 'journal-groups', label: 'Журнал' },
    ]);
  });

  it('gives each B2B role its own monitoring page for the permission path `monitoring` (issue 16)', () => {
    const perms = { paths: ['statistics/country', 'monitoring'], meta: [] };
    const b2b = (role: Role): GuardUser => ({ role, hasSubscription: false });
    const monitoring = (role: Role) =>
      routes(b2b(role), perms).filter((route) => route.startsWith('monitoring'));
    expect(monitoring('country_worker')).toEqual(['monitoring-country']);
    expect(monitoring('region_worker')).toEqual(['monitoring-region']);
    expect(monitoring('department_worker')).toEqual(['monitoring-department']);
    expect(monitoring('teacher')).toEqual(['monitoring-teacher']);
    expect(monitoring('director')).toEqual(['monitoring-director']);
    expect(routes(b2b('country_worker'), { paths: ['statistics/country'], meta: [] })).toEqual([
      'statistics-country',
    ]);
  });

  it('respects feature flags', () => {
    expect(routes(subscribed('teacher'))).not.toContain('methodical-cabinet');
    expect(routes(subscribed('teacher'), null, new Set(['methodical-cabinet']))).toContain(
      'methodical-cabinet',
    );
  });

  it('matches permission paths by their static head', () => {
    expect(pathHead('/kk/schedule/:date?')).toBe('schedule');
    expect(pathHead('statistics/country/:regionId?')).toBe('statistics/country');
    expect(pathHead('')).toBe('');
  });
});

describe('the menu table covers every screen a role may open (issue 30)', () => {
  const allFlags = new Set<string>(ROUTES.flatMap((r) => ('flag' in r && r.flag ? [r.flag] : [])));
  /** Every menu a role can have: B2B (permissions derived from the table), kindergarten, personal. */
  const menusOf = (role: Role): Set<string> => {
    const b2b: GuardUser = { role, hasSubscription: false };
    const permissions = {
      paths: menuPathsFor(role).map((p) => p.path),
      meta: menuPathsFor(role).map((p) => ({ path: p.path, name: p.label.kz })),
    };
    const users: GuardUser[] = [
      b2b,
      { ...subscribed(role), school: { kind: 'school' } },
      { ...subscribed(role, 'kindergarden'), school: { kind: 'kindergarten' } },
      subscribed(role, 'personal'),
    ];
    return new Set(
      users.flatMap((user) =>
        buildMenu({ user, lang: 'kz', flags: allFlags, permissions }).flatMap((s) =>
          s.items.map((i) => i.route as string),
        ),
      ),
    );
  };

  for (const role of ROLES) {
    it(`${role}: every non-detail route it may open is in its menu or reached from it`, () => {
      const menu = menusOf(role);
      const missing: string[] = [];
      for (const route of ROUTES as readonly RouteDef[]) {
        if (route.access !== 'auth' || ('redirectTo' in route && route.redirectTo)) continue;
        if (route.roles && !route.roles.includes(role)) continue;
        try {
          fillPath(route.path, {});
        } catch {
          continue; // a detail page: it needs an id
        }
        if (menu.has(route.id)) continue;
        const from = REACHED_FROM[route.id as keyof typeof REACHED_FROM] ?? [];
        if (!from.some((id) => menu.has(id))) missing.push(route.id);
      }
      expect(missing).toEqual([]);
    });
  }

  it('gives each role of issue 30 the entries it lacked', () => {
    const b2b = (role: Role) => routes({ role, hasSubscription: false }, derived(role), allFlags);
    expect(b2b('teacher')).toEqual(
      expect.arrayContaining([
        'content-exams',
        'catalog-lectures',
        'catalog-exams',
        'methodical-cabinet',
        'courses',
        'correction-work',
        'individual-card',
      ]),
    );
    expect(b2b('methodist')).toEqual(expect.arrayContaining(['content-exams', 'courses']));
    expect(b2b('zavuch')).toEqual(
      expect.arrayContaining(['backoffice-school-settings', 'backoffice-archive']),
    );
    expect(b2b('director')).toContain('backoffice-archive');
    expect(b2b('guest')).not.toContain('content-lessons');
  });

  it("holds only kindergarten items (and every employee's) for a kindergarten's staff", () => {
    const user: GuardUser = {
      ...subscribed('teacher', 'kindergarden'),
      school: { kind: 'kindergarten' },
    };
    const items = routes(user, null, allFlags);
    expect(items).toEqual(expect.arrayContaining(['methodical', 'nomenclature', 'profile']));
    for (const school of ['schedule', 'journal-groups', 'backoffice-ktp', 'catalog-exams'])
      expect(items).not.toContain(school);
    const director = buildMenu({
      user: { ...user, role: 'director' },
      lang: 'ru',
      flags: allFlags,
    }).flatMap((s) => s.items);
    expect(director.find((i) => i.route === 'backoffice-groups')?.label).toBe('Группы и дети');
    expect(director.find((i) => i.route === 'monitoring-director')?.label).toBe(
      'Мониторинг детского сада',
    );
    const teacher = buildMenu({
      user: { ...user, role: 'teacher' },
      lang: 'kz',
      flags: allFlags,
    }).flatMap((s) => s.items);
    expect(teacher.find((i) => i.route === 'monitoring-teacher')?.label).toBe(
      'Тәрбиеші мониторингі',
    );
    // Every kindergarten role: no school item, and no label naming a school or a class.
    const schoolOnly = MENU.filter((i) => i.org === 'school').map((i) => i.route);
    for (const role of [...ROLE_GROUPS.employees, 'methodist'] as const)
      for (const lang of ['kz', 'ru'] as const) {
        const menu = buildMenu({
          user: { ...subscribed(role, 'kindergarden'), school: { kind: 'kindergarten' } },
          lang,
          flags: allFlags,
        }).flatMap((s) => s.items);
        for (const item of menu) {
          expect(schoolOnly).not.toContain(item.route);
          expect(item.label).not.toMatch(/(?<!\p{L})(?:[Мм]ектеп|[Шш]кол|[Сс]ынып|[Кк]ласс)/u);
        }
      }
  });
});

const derived = (role: Role): MenuPermissions => ({
  paths: menuPathsFor(role).map((p) => p.path),
  meta: menuPathsFor(role).map((p) => ({ path: p.path, name: p.label.kz })),
});

describe('each role lands on a screen meant for it and in its menu (issue 30)', () => {
  const allFlags = new Set<string>(ROUTES.flatMap((r) => ('flag' in r && r.flag ? [r.flag] : [])));
  const KINDERGARTEN_STAFF: readonly Role[] = [...ROLE_GROUPS.employees, 'methodist'];
  const cases: [string, GuardUser][] = ROLES.flatMap((role): [string, GuardUser][] => [
    [role, { ...subscribed(role), school: { kind: 'school' } }],
    ...(KINDERGARTEN_STAFF.includes(role)
      ? [
          [
            `${role} of a kindergarten`,
            { ...subscribed(role, 'kindergarden'), school: { kind: 'kindergarten' } },
          ] as [string, GuardUser],
        ]
      : []),
    ...(role === 'individual' || role === 'student'
      ? [
          [`${role} with a personal subscription`, subscribed(role, 'personal')] as [
            string,
            GuardUser,
          ],
        ]
      : []),
  ]);
  for (const [who, user] of cases)
    it(`${who}: the landing opens for them and is an item of their own menu`, () => {
      const start = specStart(user.role, orgKindOf(user));
      const route = ROUTES.find((r) => r.id === start) as RouteDef;
      const decision = guardRoute({
        route,
        user,
        lang: 'kk',
        path: `/kk/${route.path}`,
        params: {},
        flags: allFlags,
      });
      expect(decision).toEqual({ kind: 'allow' });
      expect(routes(user, null, allFlags)).toContain(start);
      // The teachers' courses page is a landing only for those who enrol in the courses.
      if (start === 'courses') expect(['teacher', 'zavuch', 'group-lead']).toContain(user.role);
    });
});
