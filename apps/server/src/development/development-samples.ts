import type { RouteId } from '@sabaq/platform';
import type { SampleContext, SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of the developmental cards (see test/matrix-samples.ts). Every
 * route answers from the caller's own scope (her groups, her kindergarten): a caller of another
 * school reads an empty list or gets 404, so the second-school check skips them.
 */
const P = '/api/v2/os/development';

async function firstChild(c: SampleContext): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    `SELECT min(u.id) AS id FROM users u JOIN groups g ON g.id = u.group_id
      WHERE g.age_group = 'senior' AND u.role = 'student'`,
  );
  return rows[0]!.id;
}

async function kgGroup(c: SampleContext): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    "SELECT min(id) AS id FROM groups WHERE age_group = 'senior'",
  );
  return rows[0]!.id;
}

async function firstSkill(c: SampleContext): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    "SELECT min(id) AS id FROM development_skills WHERE age_group = 'senior'",
  );
  return rows[0]!.id;
}

export const DEVELOPMENT_OWN_ROUTES: readonly RouteId[] = [
  'development.groups',
  'development.group',
  'development.map',
  'development.card',
  'development.assess',
  'development.note',
  'development.cardExport',
  'development.groupExport',
  'questionnaire.completionGarden',
];

export const DEVELOPMENT_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'development.groups': async (c) => ({
    path: `${P}/groups?stage=start`,
    opts: { token: c.token },
  }),
  'development.group': async (c) => ({
    path: `${P}/groups/${await kgGroup(c)}`,
    opts: { token: c.token },
    expect: [200, 404],
  }),
  'development.map': async (c) => ({
    path: `${P}/map`,
    opts: { token: c.token },
    expect: [200, 423],
  }),
  'development.card': async (c) => ({
    path: `${P}/cards/${await firstChild(c)}`,
    opts: { token: c.token },
    expect: [200, 404],
  }),
  'development.assess': async (c) => ({
    method: 'PUT',
    path: `${P}/cards/${await firstChild(c)}`,
    opts: { token: c.token, body: { skillId: await firstSkill(c), stage: 'end', level: null } },
    expect: [200, 404],
  }),
  'development.note': async (c) => ({
    method: 'PUT',
    path: `${P}/cards/${await firstChild(c)}/notes`,
    opts: {
      token: c.token,
      body: { stage: 'end', area: 'health', comment: '', recommendation: '' },
    },
    expect: [200, 404],
  }),
  'development.cardExport': async (c) => ({
    path: `${P}/cards/${await firstChild(c)}/export?format=xlsx`,
    opts: { token: c.token },
    expect: [200, 404],
  }),
  'development.groupExport': async (c) => ({
    path: `${P}/groups/${await kgGroup(c)}/export?format=pdf&stage=start`,
    opts: { token: c.token },
    expect: [200, 404],
  }),
  'questionnaire.completionGarden': async (c) => ({
    method: 'POST',
    path: '/api/v1/questionnaire/completion/garden',
    opts: { token: c.token, body: { stage: 'start' } },
  }),
};
