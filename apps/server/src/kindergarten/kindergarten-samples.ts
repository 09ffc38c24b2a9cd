import type { RouteId } from '@sabaq/platform';
import { call } from '../test/harness';
import { sampleRichBody } from '../test/rich-samples';
import type { SampleContext, SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of the kindergarten document sections (see test/matrix-samples.ts).
 * Readers of the matrix are the role-named demo users: none but the methodist has a kindergarden
 * subscription, so they meet the gate (423, redirect /{lang}/tariffs); the methodist reads and
 * writes. Documents made for a call are deleted afterwards.
 */
const P = '/api/v2/os/kindergarten/documents';

export const sampleDocument = (title: string) => ({
  title: { kz: `${title} (kz)`, ru: `${title} (ru)` },
  summary: { kz: 'Қысқаша', ru: 'Кратко' },
  body: sampleRichBody(),
  ageGroup: 'senior',
  area: 'cognition',
  status: 'published',
});

async function ownDocument(c: SampleContext): Promise<number> {
  const res = await call(c.server, 'POST', `${P}/steam`, {
    token: c.token,
    body: sampleDocument('Матрица'),
  });
  if (res.status !== 201) throw new Error(`kindergarten document create failed ${res.status}`);
  return res.body.data.id as number;
}

async function firstSteam(c: SampleContext): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    "SELECT min(id) AS id FROM kindergarten_documents WHERE section = 'steam' AND status = 'published'",
  );
  return rows[0]!.id;
}

const gated = (c: SampleContext) => (c.login === 'methodist' ? {} : { expect: [423] });

export const sampleMaterial = (name: string) => ({
  name: { kz: `${name} (kz)`, ru: `${name} (ru)` },
  kind: 'toy',
  ageGroup: 'senior',
  area: 'cognition',
  quantity: 3,
  place: 'Топ бөлмесі',
  condition: 'good',
});

const K = '/api/v2/os/kindergarten/katalog';

/**
 * The katalog's editors are a kindergarten's own staff: every role-named demo user of the
 * matrix works at the school (or nowhere), so writing is refused with 403 — the `kindergarten`
 * teacher's writes are proven in katalog.test.ts.
 */
async function firstMaterial(c: SampleContext): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    'SELECT min(id) AS id FROM kindergarten_materials',
  );
  return rows[0]!.id;
}

const C = '/api/v2/os/kindergarten/cyclogram';
const WEEK = '2026-11-16';
const PP = '/api/v2/os/kindergarten/perspective-plan';

async function kindergartenGroup(c: SampleContext): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    `SELECT min(g.id) AS id FROM groups g JOIN schools s ON s.id = g.school_id
      WHERE s.kind = 'kindergarten'`,
  );
  return rows[0]!.id;
}

export const KINDERGARTEN_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  // The cyclogram is behind the gate: the matrix's school users meet it (423); the methodist
  // passes it and, belonging to no kindergarten, sees no group (empty week; a group's PDF 404).
  'kindergarten.cyclogram': async (c) => ({
    path: `${C}?week=${WEEK}`,
    opts: { token: c.token },
    ...gated(c),
  }),
  'kindergarten.cyclogramSave': async (c) => ({
    method: 'PUT',
    path: `${C}/${await kindergartenGroup(c)}/${WEEK}`,
    opts: { token: c.token, body: { cells: [] } },
    expect: [423],
  }),
  'kindergarten.cyclogramCopy': async (c) => ({
    method: 'POST',
    path: `${C}/${await kindergartenGroup(c)}/${WEEK}/copy`,
    opts: { token: c.token },
    expect: [423],
  }),
  'kindergarten.cyclogramPdf': async (c) => ({
    path: `${C}/${await kindergartenGroup(c)}/${WEEK}/pdf`,
    opts: { token: c.token },
    expect: c.login === 'methodist' ? [404] : [423],
  }),
  // The perspective plan, as the cyclogram: the gate for the school users (423); the methodist
  // passes it and sees no group (empty plan; a group's PDF 404).
  'kindergarten.perspectivePlan': async (c) => ({
    path: `${PP}?year=2030`,
    opts: { token: c.token },
    ...gated(c),
  }),
  'kindergarten.perspectivePlanSave': async (c) => ({
    method: 'PUT',
    path: `${PP}/${await kindergartenGroup(c)}/2030/10`,
    opts: { token: c.token, body: { items: [] } },
    expect: [423],
  }),
  'kindergarten.perspectivePlanCopy': async (c) => ({
    method: 'POST',
    path: `${PP}/${await kindergartenGroup(c)}/2030/10/copy`,
    opts: { token: c.token, body: { fromYear: 2029, fromMonth: 10 } },
    expect: [423],
  }),
  'kindergarten.perspectivePlanPdf': async (c) => ({
    path: `${PP}/${await kindergartenGroup(c)}/2030/pdf`,
    opts: { token: c.token },
    expect: c.login === 'methodist' ? [404] : [423],
  }),
  'kindergarten.katalog': async (c) => ({ path: `${K}?kind=toy`, opts: { token: c.token } }),
  'kindergarten.materialCreate': async (c) => ({
    method: 'POST',
    path: K,
    opts: { token: c.token, body: sampleMaterial('Матрица') },
    expect: [403],
  }),
  'kindergarten.materialUpdate': async (c) => ({
    method: 'PUT',
    path: `${K}/${await firstMaterial(c)}`,
    opts: { token: c.token, body: sampleMaterial('Матрица') },
    expect: [403],
  }),
  'kindergarten.materialRemove': async (c) => ({
    method: 'DELETE',
    path: `${K}/${await firstMaterial(c)}`,
    opts: { token: c.token },
    expect: [403],
  }),
  'kindergarten.documents': async (c) => ({
    path: `${P}/steam?q=су`,
    opts: { token: c.token },
    ...gated(c),
  }),
  'kindergarten.document': async (c) => ({
    path: `${P}/steam/${await firstSteam(c)}`,
    opts: { token: c.token },
    ...gated(c),
  }),
  'kindergarten.documentCreate': async (c) => {
    const before = await c.server.db.query<{ id: number }>(
      'SELECT coalesce(max(id), 0) AS id FROM kindergarten_documents',
    );
    return {
      method: 'POST',
      path: `${P}/methodical`,
      opts: { token: c.token, body: sampleDocument('Жаңа') },
      after: async () => {
        await c.server.db.query('DELETE FROM kindergarten_documents WHERE id > $1', [
          before[0]!.id,
        ]);
      },
    };
  },
  'kindergarten.documentUpdate': async (c) => {
    const id = await ownDocument(c);
    return {
      method: 'PUT',
      path: `${P}/steam/${id}`,
      opts: { token: c.token, body: sampleDocument('Өзгертілді') },
      after: async () => {
        await call(c.server, 'DELETE', `${P}/steam/${id}`, { token: c.token });
      },
    };
  },
  // No file is attached to the demo documents: readers past the gate get 404.
  'kindergarten.documentFile': async (c) => ({
    path: `${P}/steam/${await firstSteam(c)}/files/00000000-0000-4000-8000-000000000000`,
    opts: { token: c.token },
    expect: c.login === 'methodist' ? [404] : [423],
  }),
  'kindergarten.documentRemove': async (c) => ({
    method: 'DELETE',
    path: `${P}/steam/${await ownDocument(c)}`,
    opts: { token: c.token },
  }),
};

/**
 * The library is the platform's: no route of it names a kindergarten's row. The katalog's rows
 * are a kindergarten's, and the matrix's users belong to no kindergarten (403 / empty list);
 * its tenancy is tested in katalog.test.ts.
 */
export const KINDERGARTEN_OWN_ROUTES: readonly RouteId[] = Object.keys(
  KINDERGARTEN_SAMPLES,
) as RouteId[];
