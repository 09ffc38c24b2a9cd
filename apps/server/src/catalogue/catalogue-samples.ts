import type { RouteId } from '@sabaq/platform';
import { call } from '../test/harness';
import type { SampleContext, SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of the content catalogue (see test/matrix-samples.ts). Copies made
 * for a call are deleted afterwards.
 */
const P = '/api/v2/os/catalogue';

async function firstLecture(c: SampleContext): Promise<string> {
  const rows = await c.server.db.query<{ id: string }>(
    "SELECT min(draft_id) AS id FROM catalogue_items WHERE type = 'lecture'",
  );
  return rows[0]!.id;
}

async function ownDraft(c: SampleContext): Promise<string | null> {
  const res = await call(c.server, 'POST', '/api/v2/os/drafts', {
    token: c.token,
    body: { init: { type: 'lecture', title: 'Матрица дәрісі', lang: 'kz' } },
  });
  return res.status === 201 ? (res.body.data.draft.id as string) : null;
}

const removeDraft = (c: SampleContext, id: string | null) => async () => {
  if (id) await c.server.db.query('DELETE FROM drafts WHERE id = $1', [id]);
};

export const CATALOGUE_MATRIX_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'catalogue.list': async (c) => ({
    path: `${P}?q=${encodeURIComponent('судың')}`,
    opts: { token: c.token },
  }),
  'catalogue.show': async (c) => ({
    path: `${P}/${await firstLecture(c)}`,
    opts: { token: c.token },
  }),
  'catalogue.copy': async (c) => {
    const id = await firstLecture(c);
    return {
      method: 'POST',
      path: `${P}/${id}/copy`,
      opts: { token: c.token },
      after: async () => {
        await c.server.db.query(
          `DELETE FROM drafts WHERE origin_draft_id = $1
              AND owner_id = (SELECT id FROM users WHERE login = $2)`,
          [id, c.login ?? ''],
        );
      },
    };
  },
  'catalogue.attach': async (c) => {
    const id = await firstLecture(c);
    // A lesson of the first school's demo teacher: others are refused it (403/404).
    const [lesson] = await c.server.db.query<{
      id: number;
      content_draft_id: string | null;
      content_version: number | null;
    }>(
      `SELECT l.id, l.content_draft_id, l.content_version FROM lessons l
         JOIN timetable_slots s ON s.id = l.slot_id JOIN users u ON u.id = s.teacher_id
        WHERE u.login = 'teacher' ORDER BY l.id LIMIT 1`,
    );
    return {
      method: 'POST',
      path: `${P}/${id}/attach`,
      opts: { token: c.token, body: { scheduleId: lesson!.id } },
      after: async () => {
        await c.server.db.query(
          'UPDATE lessons SET content_draft_id = $2, content_version = $3 WHERE id = $1',
          [lesson!.id, lesson!.content_draft_id, lesson!.content_version],
        );
        const copies = `SELECT id FROM drafts WHERE origin_draft_id = $1
            AND owner_id = (SELECT id FROM users WHERE login = $2)`;
        await c.server.db.query(`DELETE FROM content_versions WHERE draft_id IN (${copies})`, [
          id,
          c.login ?? '',
        ]);
        await c.server.db.query(`DELETE FROM drafts WHERE id IN (${copies})`, [id, c.login ?? '']);
      },
    };
  },
  'catalogue.origin': async (c) => {
    const id = await ownDraft(c);
    return {
      path: `/api/v2/os/catalogue-origin/${id ?? 'none'}`,
      opts: { token: c.token },
      after: removeDraft(c, id),
    };
  },
};

/**
 * The catalogue is shared by every school (a school filter is the caller's own): no route names a
 * school's row, but for attaching, which names one of the first school's lessons.
 */
export const CATALOGUE_OWN_ROUTES: readonly RouteId[] = (
  Object.keys(CATALOGUE_MATRIX_SAMPLES) as RouteId[]
).filter((id) => id !== 'catalogue.attach');
