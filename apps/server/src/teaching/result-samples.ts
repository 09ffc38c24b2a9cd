import type { RouteId } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { call } from '../test/harness';
import type { SampleContext, SampleFactory } from '../test/matrix-samples';
import { DEMO_SOR_ID } from './demo-content';

/**
 * Route × role matrix samples of exam results (issue 20; see test/matrix-samples.ts).
 * - The override: the demo SOR lesson's teacher and the school's director/zavuch change a
 *   pupil's points (taken off again after the call); the class teacher (`group-lead`, who reads
 *   7А's lessons) is refused by the row rule: 403, the domain's answer for that admitted role.
 * - Re-grading: every builder role on a draft of their own, published, with nothing older
 *   handed in: the preview lists nothing and the confirmation re-grades nothing (both 200).
 */
const P = '/api/v2/os';

async function handedInSor(server: RunningServer): Promise<{ lesson: number; student: number }> {
  const rows = await server.db.query<{ lesson: number; student: number }>(
    `SELECT l.id AS lesson, u.id AS student FROM lessons l, users u
      WHERE l.content_draft_id = $1 AND u.login = 'student' ORDER BY l.id LIMIT 1`,
    [DEMO_SOR_ID],
  );
  const row = rows[0];
  if (!row) throw new Error('matrix sample: no demo SOR lesson');
  const auth = await call(server, 'POST', `${P}/auth/login`, {
    body: { login: 'student', password: 'Sabaq-Demo-2026' },
  });
  const r = await call(server, 'POST', `${P}/schedule/exam/${row.lesson}/sor/${DEMO_SOR_ID}`, {
    token: auth.body.access_token,
    body: { answers: { m1: { kind: 'choice', optionIds: ['m1-a'] } } },
  });
  if (r.status !== 200 && r.status !== 409) throw new Error(`exam submit failed ${r.status}`);
  return row;
}

async function ownPublishedDraft(c: SampleContext): Promise<string> {
  const made = await call(c.server, 'POST', `${P}/drafts`, {
    token: c.token,
    body: { init: { type: 'customLesson', title: 'Матрица: қайта бағалау', lang: 'kz' } },
  });
  if (made.status !== 201) throw new Error(`draft create failed ${made.status}`);
  const id = made.body.data.summary.id as string;
  await call(c.server, 'POST', `${P}/drafts/${id}/commands`, {
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
  const published = await call(c.server, 'POST', `${P}/drafts/${id}/publish`, { token: c.token });
  if (published.status !== 200) throw new Error(`draft publish failed ${published.status}`);
  return id;
}

export const RESULT_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'schedule.resultOverride': async (c) => {
    const { lesson, student } = await handedInSor(c.server);
    return {
      method: 'PUT',
      path: `${P}/schedule/progress/sor/${lesson}/${DEMO_SOR_ID}/${student}/override`,
      opts: { token: c.token, body: { points: 5, comment: 'Матрица: тексерілді' } },
      // The class teacher reads the lesson but does not change a colleague's marks.
      ...(c.login === 'group-lead' ? { expect: [403] } : {}),
      after: async () => {
        await c.server.db.query(
          `UPDATE attempts SET override_points = NULL, override_comment = NULL, override_by = NULL,
                  override_at = NULL WHERE lesson_id = $1 AND user_id = $2`,
          [lesson, student],
        );
      },
    };
  },
  'drafts.regradePreview': async (c) => ({
    path: `${P}/drafts/${await ownPublishedDraft(c)}/regrade`,
    opts: { token: c.token },
  }),
  'drafts.regrade': async (c) => {
    const id = await ownPublishedDraft(c);
    const draft = await call(c.server, 'GET', `${P}/drafts/${id}`, { token: c.token });
    return {
      method: 'POST',
      path: `${P}/drafts/${id}/regrade`,
      opts: { token: c.token, body: { version: draft.body.data.summary.version } },
    };
  },
};
