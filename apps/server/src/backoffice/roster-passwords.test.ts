import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobResponseSchema, RosterImportResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, login, startTestServer } from '../test/harness';
import { callJob, settleJob } from '../test/jobs';
import { INLINE_HASHES } from './roster-commands';
import { PUPIL_BORN, pupilIin, rosterXlsx } from './roster-samples';

const P = '/api/v2/os/backoffice/contingent';

/**
 * A large roster import (issue 27) answers before the one-time passwords are hashed: a
 * `roster.passwords` job hashes them with progress; each account signs in once hashed, and the
 * passwords are not kept in the jobs table after.
 */
describe.each(BACKENDS)(
  'a large roster import hashes its passwords after answering (%s)',
  (backend) => {
    let server: RunningServer;
    let director: string;
    beforeAll(async () => {
      server = await startTestServer(backend);
      director = (await login(server, 'director')).access_token;
    });
    afterAll(async () => server?.close());

    it('answers with the passwords, then the job makes every account usable and forgets them', async () => {
      const count = INLINE_HASHES + 10;
      const rows = Array.from({ length: count }, (_, i) => [
        pupilIin(2000 + i),
        'Көп',
        ['Айбек', 'Дана', 'Ерлан', 'Мадина', 'Нұрлан'][i % 5] as string,
        '',
        PUPIL_BORN,
        '7А',
        'Қазақ тілі',
      ]);
      const res = await callJob(server, 'POST', `${P}/import`, {
        token: director,
        body: { xlsx: await rosterXlsx(rows) },
      });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      const result = RosterImportResponseSchema.parse(res.body).data;
      expect(result.created).toHaveLength(count);
      const jobId = result.passwordsJobId;
      expect(jobId).toEqual(expect.any(Number));
      const done = await settleJob(server, director, jobId as number);
      expect(done).toMatchObject({
        kind: 'roster.passwords',
        status: 'done',
        done: count,
        total: count,
        result: { hashed: count },
      });
      JobResponseSchema.parse({ data: done });
      const missing = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE iin = ANY($1::text[]) AND password_hash IS NULL`,
        [rows.map((r) => r[0])],
      );
      expect(missing[0]!.n).toBe(0);
      const stored = await server.db.query<{ payload: string }>(
        'SELECT payload::text FROM jobs WHERE id = $1',
        [jobId],
      );
      expect(stored[0]!.payload).toBe('{}');
      const first = result.created[0]!;
      expect((await login(server, first.iin, first.password as string)).user.role).toBe('student');
    }, 120_000);
  },
);
