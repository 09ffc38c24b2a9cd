import type { RouteId } from '@sabaq/platform';
import { call } from '../test/harness';
import { sampleRichBody } from '../test/rich-samples';
import type { SampleContext, SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of the methodical cabinet (see test/matrix-samples.ts). The flag
 * `methodical-cabinet` is on in the demo data; readers read the published materials, the
 * methodist writes. Materials made for a call are deleted afterwards.
 */
const P = '/api/v2/os/methodical/materials';

export const sampleMethodical = (title: string, status: 'draft' | 'published' = 'published') => ({
  title: { kz: `${title} (kz)`, ru: `${title} (ru)` },
  summary: { kz: 'Қысқаша мазмұны', ru: 'Краткое содержание' },
  body: sampleRichBody(),
  subjectId: 1,
  parallelFrom: 5,
  parallelTo: 9,
  kind: 'recommendation',
  status,
  fileIds: [],
});

/** The first published material that carries a file, and that file. */
async function materialWithFile(c: SampleContext): Promise<{ id: number; fileId: string }> {
  const rows = await c.server.db.query<{ id: number; file_id: string }>(
    `SELECT m.id, f.stored_id AS file_id FROM methodical_materials m
       JOIN methodical_files f ON f.material_id = m.id
      WHERE m.status = 'published' ORDER BY m.id, f.position LIMIT 1`,
  );
  return { id: rows[0]!.id, fileId: rows[0]!.file_id };
}

async function ownMaterial(c: SampleContext): Promise<number> {
  const res = await call(c.server, 'POST', P, {
    token: c.token,
    body: sampleMethodical('Матрица'),
  });
  if (res.status !== 201) throw new Error(`methodical create failed ${res.status}`);
  return res.body.data.id as number;
}

const removeNewer = (c: SampleContext, id: number) => async () => {
  await c.server.db.query('DELETE FROM methodical_materials WHERE id > $1', [id]);
};

async function lastId(c: SampleContext): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    'SELECT coalesce(max(id), 0) AS id FROM methodical_materials',
  );
  return rows[0]!.id;
}

export const METHODICAL_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'methodical.materials': async (c) => ({
    path: `${P}?q=${encodeURIComponent('мәтінмен')}&parallel=5`,
    opts: { token: c.token },
  }),
  'methodical.material': async (c) => ({
    path: `${P}/${(await materialWithFile(c)).id}`,
    opts: { token: c.token },
  }),
  'methodical.file': async (c) => {
    const { id, fileId } = await materialWithFile(c);
    return { path: `${P}/${id}/files/${fileId}`, opts: { token: c.token } };
  },
  'methodical.materialCreate': async (c) => {
    const before = await lastId(c);
    return {
      method: 'POST',
      path: P,
      opts: { token: c.token, body: sampleMethodical('Жаңа') },
      after: removeNewer(c, before),
    };
  },
  'methodical.materialUpdate': async (c) => {
    const before = await lastId(c);
    const id = await ownMaterial(c);
    return {
      method: 'PUT',
      path: `${P}/${id}`,
      opts: { token: c.token, body: sampleMethodical('Өзгерген') },
      after: removeNewer(c, before),
    };
  },
  'methodical.materialRemove': async (c) => {
    const before = await lastId(c);
    const id = await ownMaterial(c);
    return {
      method: 'DELETE',
      path: `${P}/${id}`,
      opts: { token: c.token },
      after: removeNewer(c, before),
    };
  },
};

/** Platform library routes: no row of a school, so the second school's check skips them. */
export const METHODICAL_OWN_ROUTES: readonly RouteId[] = Object.keys(
  METHODICAL_SAMPLES,
) as RouteId[];
