import type { RouteId } from '@sabaq/platform';
import { call } from '../test/harness';
import type { SampleContext, SampleFactory } from '../test/matrix-samples';
import { DEMO_FILES } from './demo-media/demo-files';

/**
 * Route × role matrix samples of the media sections (see test/matrix-samples.ts). Entries made
 * for a call reuse a demo track (a catalogue file) and are deleted afterwards; deleting one never
 * removes a file another entry still plays.
 */
const P = '/api/v2/os/media';

const playlist = (title: string) => ({
  kind: 'audio',
  title: { kz: `${title} (kz)`, ru: `${title} (ru)` },
  description: { kz: '', ru: '' },
  ageGroup: 'primary',
  subjectId: null,
  posterId: null,
  fileId: null,
  durationSeconds: null,
  captions: { kz: null, ru: null },
  tracks: [
    { title: { kz: 'Әуен', ru: 'Мелодия' }, fileId: DEMO_FILES.cheerful.id, durationSeconds: 6 },
  ],
});

async function ownEntry(c: SampleContext): Promise<number> {
  const res = await call(c.server, 'POST', P, { token: c.token, body: playlist('Матрица') });
  if (res.status !== 201) throw new Error(`media create failed ${res.status}`);
  return res.body.data.id as number;
}

async function firstDemoEntry(c: SampleContext): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    "SELECT min(id) AS id FROM media_items WHERE kind = 'video'",
  );
  return rows[0]!.id;
}

const removeAfter = (c: SampleContext, id: number) => async () => {
  await call(c.server, 'DELETE', `${P}/${id}`, { token: c.token });
};

export const MEDIA_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'media.catalogue': async (c) => ({ path: `${P}?kind=video`, opts: { token: c.token } }),
  // A guest who never paid meets the gate of spec §2 (423, redirect to /{lang}/media); B2B
  // people of a school or an authority, the subscriber and the editors play.
  'media.show': async (c) => ({
    path: `${P}/${await firstDemoEntry(c)}`,
    opts: { token: c.token },
    ...(c.login === 'guest' ? { expect: [423] } : {}),
  }),
  'media.create': async (c) => {
    const res = { method: 'POST', path: P, opts: { token: c.token, body: playlist('Жаңа') } };
    const before = await c.server.db.query<{ id: number }>(
      'SELECT coalesce(max(id), 0) AS id FROM media_items',
    );
    return {
      ...res,
      after: async () => {
        await c.server.db.query('DELETE FROM media_items WHERE id > $1', [before[0]!.id]);
      },
    };
  },
  'media.update': async (c) => {
    const id = await ownEntry(c);
    return {
      method: 'PUT',
      path: `${P}/${id}`,
      opts: { token: c.token, body: playlist('Өзгертілді') },
      after: removeAfter(c, id),
    };
  },
  'media.remove': async (c) => ({
    method: 'DELETE',
    path: `${P}/${await ownEntry(c)}`,
    opts: { token: c.token },
  }),
};

/** The catalogue is the platform's: no route of it names a school's row. */
export const MEDIA_OWN_ROUTES: readonly RouteId[] = Object.keys(MEDIA_SAMPLES) as RouteId[];
