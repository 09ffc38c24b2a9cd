import type { RouteId } from '@sabaq/platform';
import type { SampleContext, SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of contests (see test/matrix-samples.ts). Contests are the
 * platform's, not a school's: the second-school check skips them (contests.test.ts proves that
 * only an entry's author withdraws it).
 */
const P = '/api/v2/os/contests';

async function contestAt(c: SampleContext, published: boolean): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    `SELECT min(id) AS id FROM contests
      WHERE (results_published_at IS NOT NULL) = $1 AND submit_until < current_date`,
    [published],
  );
  return rows[0]!.id;
}
async function entryOf(c: SampleContext, contestId: number): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    'SELECT min(id) AS id FROM contest_entries WHERE contest_id = $1',
    [contestId],
  );
  return rows[0]!.id;
}

export const CONTEST_OWN_ROUTES: readonly RouteId[] = [
  'contests.list',
  'contests.entries',
  'contests.show',
  'contests.enter',
  'contests.withdraw',
  'contests.jury',
  'contests.score',
  'contests.publish',
];

export const CONTEST_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'contests.list': async (c) => ({ path: `${P}?page=1`, opts: { token: c.token } }),
  'contests.entries': async (c) => ({
    path: '/api/v2/os/contest-entries?page=1',
    opts: { token: c.token },
  }),
  'contests.show': async (c) => ({
    path: `${P}/${await contestAt(c, true)}`,
    opts: { token: c.token },
  }),
  // A closed contest takes no entry: 409 for whoever may enter (422 when the draft is not theirs).
  'contests.enter': async (c) => ({
    method: 'POST',
    path: `${P}/${await contestAt(c, false)}/entries`,
    opts: { token: c.token, body: { draftId: 'no-such-draft' } },
    expect: [409, 422],
  }),
  'contests.withdraw': async (c) => {
    const id = await contestAt(c, false);
    return {
      method: 'DELETE',
      path: `${P}/${id}/entries/${await entryOf(c, id)}`,
      opts: { token: c.token },
      expect: [404, 409],
    };
  },
  'contests.jury': async (c) => ({
    path: `${P}/${await contestAt(c, false)}/jury`,
    opts: { token: c.token },
  }),
  // The finished contest's results stand: a score is refused with 409.
  'contests.score': async (c) => {
    const id = await contestAt(c, true);
    return {
      method: 'PUT',
      path: `${P}/${id}/entries/${await entryOf(c, id)}/score`,
      opts: {
        token: c.token,
        body: {
          criteria: [
            { id: 'content', points: 5 },
            { id: 'method', points: 5 },
            { id: 'engagement', points: 5 },
            { id: 'assessment', points: 3 },
          ],
        },
      },
      expect: [409],
    };
  },
  'contests.publish': async (c) => ({
    method: 'POST',
    path: `${P}/${await contestAt(c, true)}/results`,
    opts: { token: c.token },
    expect: [409],
  }),
};
