import type { RouteId } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { makeIin } from '../db/seed-data';
import { call, lastMail, login } from './harness';
import type { CallOptions } from './harness';

/**
 * A valid request per route for the route × role matrix (matrix.test.ts): what an allowed caller
 * sends to get a 2xx. Routes of later features add their samples here; a route without one is
 * still checked on the refusing side (401/403) for every role.
 */
export interface SampleContext {
  server: RunningServer;
  /** The caller's login (a demo user named after the role), or null when anonymous. */
  login: string | null;
  token: string | undefined;
  /** A fresh session of the caller, for routes that end the session they are called with. */
  freshToken(): Promise<string | undefined>;
  /** Unique per call, for rows that must not repeat (IINs, group letters). */
  unique: number;
}

export interface Sample {
  method?: string;
  path: string;
  opts?: CallOptions;
  /** Statuses that count as success (default: any 2xx). */
  expect?: number[];
  /** Undo what the call changed so later calls of the same caller still work. */
  after?: () => Promise<void>;
}

export type SampleFactory = (ctx: SampleContext) => Promise<Sample>;

const DEMO = 'Sabaq-Demo-2026';
const LETTERS = 'ВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ';

async function registerGuest(server: RunningServer, unique: number) {
  const iin = makeIin('2000-01-01', 'm', 1000 + unique * 10);
  const email = `matrix-${unique}@mail.kz`;
  const password = 'Matrix-Pass-2026';
  const r = await call(server, 'POST', '/api/v2/os/auth/register', {
    body: {
      iin,
      firstname: 'Тест',
      surname: 'Матрица',
      email,
      password,
      password_confirmation: password,
    },
  });
  if (r.status !== 200) throw new Error(`register failed ${r.status} ${JSON.stringify(r.body)}`);
  const code = /(\d{6})/.exec(await lastMail(server, email))?.[1] ?? '';
  return { iin, email, code, password };
}

async function ownDraft(ctx: SampleContext): Promise<string> {
  const r = await call(ctx.server, 'POST', '/api/v2/os/drafts', {
    token: ctx.token,
    body: { init: { type: 'customLesson', title: 'Матрица', lang: 'kz' } },
  });
  if (r.status !== 201) throw new Error(`draft create failed ${r.status}`);
  return r.body.data.summary.id as string;
}

async function groupId(server: RunningServer): Promise<number> {
  const rows = await server.db.query<{ id: number }>(
    "SELECT id FROM groups WHERE parallel = 7 AND letter = 'А' LIMIT 1",
  );
  return rows[0]?.id ?? 0;
}

export const MATRIX_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'auth.login': async (c) => ({
    path: '/api/v2/os/auth/login',
    method: 'POST',
    opts: { body: { login: c.login ?? 'teacher', password: DEMO } },
  }),
  'auth.refresh': async (c) => {
    const t = await login(c.server, c.login ?? 'teacher');
    return {
      method: 'POST',
      path: '/api/v2/os/auth/refresh',
      opts: { body: { refreshToken: t.refresh_token } },
    };
  },
  'auth.checkToken': async (c) => ({
    path: '/api/v2/os/auth/check-token',
    opts: { token: c.token },
  }),
  'auth.logout': async (c) => ({
    path: '/api/v2/os/auth/logout',
    opts: { token: await c.freshToken() },
  }),
  'auth.sessions': async (c) => ({ path: '/api/v2/os/auth/sessions', opts: { token: c.token } }),
  'auth.userInfo': async (c) => ({ path: '/api/v2/os/user-info', opts: { token: c.token } }),
  'auth.passwordChange': async (c) => ({
    method: 'POST',
    path: '/api/v2/os/auth/password/change',
    // The same strong password again is refused (password_same), so change it and restore it.
    opts: {
      token: c.token,
      body: {
        password: 'Sabaq-Demo-2027',
        password_confirmation: 'Sabaq-Demo-2027',
        old_password: DEMO,
      },
    },
    after: async () => {
      const r = await call(c.server, 'POST', '/api/v2/os/auth/password/change', {
        token: c.token,
        body: { password: DEMO, password_confirmation: DEMO, old_password: 'Sabaq-Demo-2027' },
      });
      if (r.status !== 200) throw new Error(`password restore failed ${r.status}`);
    },
  }),
  'profile.needPassChange': async (c) => ({
    path: '/api/v2/os/profile/need-pass-change',
    opts: { token: c.token },
  }),
  'auth.passwordForgot': async () => ({
    method: 'POST',
    path: '/api/v2/os/auth/password/forgot',
    opts: { body: { email: 'gulnar.akhmetova@demo.sabaq.kz' } },
  }),
  'auth.passwordReset': async (c) => {
    const g = await registerGuest(c.server, c.unique);
    await call(c.server, 'POST', '/api/v2/os/auth/register/confirm', {
      body: { iin: g.iin, code: g.code },
    });
    await call(c.server, 'POST', '/api/v2/os/auth/password/forgot', { body: { email: g.email } });
    const token = /token=([\w-]+)/.exec(await lastMail(c.server, g.email))?.[1] ?? '';
    return {
      method: 'POST',
      path: '/api/v2/os/auth/password/reset',
      opts: {
        body: { token, password: 'Reset-Pass-2026', password_confirmation: 'Reset-Pass-2026' },
      },
    };
  },
  'auth.register': async (c) => {
    const iin = makeIin('1999-05-05', 'w', 1000 + c.unique * 10);
    const password = 'Matrix-Pass-2026';
    return {
      method: 'POST',
      path: '/api/v2/os/auth/register',
      opts: {
        body: {
          iin,
          firstname: 'Тест',
          surname: 'Тіркеу',
          email: `reg-${c.unique}@mail.kz`,
          password,
          password_confirmation: password,
        },
      },
    };
  },
  'auth.registerConfirm': async (c) => {
    const g = await registerGuest(c.server, c.unique);
    return {
      method: 'POST',
      path: '/api/v2/os/auth/register/confirm',
      opts: { body: { iin: g.iin, code: g.code } },
    };
  },
  'auth.behalf': async (c) => {
    const rows = await c.server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE login = 'student'",
    );
    return {
      method: 'POST',
      path: '/api/v2/os/auth/behalf',
      opts: { token: c.token, body: { userId: rows[0]?.id } },
    };
  },
  // Without OIDC settings these answer 404 "not configured"; the full flow against a real
  // provider is oauth.test.ts.
  'auth.oauthStart': async () => ({ path: '/api/v2/os/auth/oauth/start', expect: [302, 404] }),
  'auth.oauthCallback': async () => ({
    path: '/api/v2/os/auth/oauth/callback',
    expect: [302, 404],
  }),
  'dict.permissions': async (c) => ({
    path: '/api/v2/os/permissions/ru',
    opts: { token: c.token },
  }),
  'dict.featureFlags': async (c) => ({
    path: '/api/v2/os/feature-flags',
    opts: { token: c.token },
  }),
  'dict.translations': async (c) => ({
    path: '/api/v2/os/translations/kk',
    opts: { token: c.token },
  }),
  'dict.periods': async (c) => ({ path: '/api/v2/os/periods', opts: { token: c.token } }),
  'dict.groups': async (c) => ({ path: '/api/v2/os/groups/kz', opts: { token: c.token } }),
  'dict.banners': async (c) => ({ path: '/api/v2/os/banners', opts: { token: c.token } }),
  'dict.domains': async (c) => ({ path: '/api/v2/os/domains', opts: { token: c.token } }),
  'backoffice.groupGet': async (c) => ({
    path: `/api/v2/os/backoffice/group/${await groupId(c.server)}`,
    opts: { token: c.token },
  }),
  'backoffice.groupUpdate': async (c) => ({
    method: 'PUT',
    path: `/api/v2/os/backoffice/group/${await groupId(c.server)}`,
    opts: { token: c.token, body: { name: 7, letter: 'А', personnel_id: [], edu_lang: 1 } },
  }),
  'backoffice.groupCreate': async (c) => ({
    method: 'POST',
    path: '/api/v2/os/backoffice/group',
    opts: {
      token: c.token,
      body: {
        name: 10,
        letter: `${LETTERS[c.unique % LETTERS.length]}${LETTERS[Math.floor(c.unique / LETTERS.length) % LETTERS.length]}`,
        personnel_id: [],
        edu_lang: 1,
      },
    },
  }),
  'backoffice.groupDictionaries': async (c) => ({
    path: '/api/v2/os/backoffice/personals/group',
    opts: { token: c.token },
  }),
  'drafts.list': async (c) => ({ path: '/api/v2/os/drafts', opts: { token: c.token } }),
  'drafts.create': async (c) => ({
    method: 'POST',
    path: '/api/v2/os/drafts',
    opts: { token: c.token, body: { init: { type: 'sor', title: 'СОР', lang: 'ru' } } },
  }),
  'drafts.import': async (c) => ({
    method: 'POST',
    path: '/api/v2/os/drafts/import',
    opts: {
      token: c.token,
      body: { drafts: [{ schemaVersion: 2, type: 'customLesson', title: 'x' }] },
    },
  }),
  'drafts.get': async (c) => ({
    path: `/api/v2/os/drafts/${await ownDraft(c)}`,
    opts: { token: c.token },
  }),
  'drafts.delete': async (c) => ({
    method: 'DELETE',
    path: `/api/v2/os/drafts/${await ownDraft(c)}`,
    opts: { token: c.token },
  }),
  'drafts.commands': async (c) => ({
    method: 'POST',
    path: `/api/v2/os/drafts/${await ownDraft(c)}/commands`,
    opts: {
      token: c.token,
      body: { expectedVersion: 0, commands: [{ type: 'page/add', pageId: 'p1' }] },
    },
  }),
  'drafts.history': async (c) => ({
    path: `/api/v2/os/drafts/${await ownDraft(c)}/history`,
    opts: { token: c.token },
  }),
  'drafts.publish': async (c) => {
    const id = await ownDraft(c);
    await call(c.server, 'POST', `/api/v2/os/drafts/${id}/commands`, {
      token: c.token,
      body: {
        expectedVersion: 0,
        commands: [
          { type: 'page/add', pageId: 'p1' },
          {
            type: 'module/add',
            pageId: 'p1',
            moduleId: 'm1',
            moduleType: 'simple',
            title: 'Кіріспе',
          },
        ],
      },
    });
    return { method: 'POST', path: `/api/v2/os/drafts/${id}/publish`, opts: { token: c.token } };
  },
};
