import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { YearPreviewResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { call, login, startTestServer } from '../test/harness';
import { settleJob } from '../test/jobs';
import { jobsOf } from './job-runner';

/**
 * A job outlives the server (DESIGN.md "Long work"): the year transition is queued on a server
 * whose runner is stopped before it can take it, the server stops, and the next server on the
 * same data directory runs it to the end. PGlite on disk (the default `npm start` database).
 */
describe('a queued job survives a restart (pglite on disk)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sabaq-jobs-'));
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the next server runs the year transition the stopped one had queued', async () => {
    server = await startTestServer('pglite', { dataDir });
    // This server's runner stops now: the job will be queued and not run here.
    await jobsOf(server.db).stop();
    const director = (await login(server, 'director')).access_token;
    const preview = YearPreviewResponseSchema.parse(
      (
        await call(server, 'POST', '/api/v2/os/backoffice/contingent/upgrade/preview', {
          token: director,
          body: {},
        })
      ).body,
    ).data;
    const started = await call(server, 'POST', '/api/v2/os/backoffice/contingent/upgrade', {
      token: director,
      body: {
        fromYear: preview.fromYear,
        newClasses: preview.opens.map((o) => ({ letter: o.letter, eduLang: o.eduLang.id })),
      },
    });
    expect(started.status).toBe(202);
    const id = started.body.data.id as number;
    expect(
      (await server.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [id]))[0],
    ).toEqual({ status: 'queued' });
    await server.close();

    server = await startTestServer('pglite', { dataDir });
    const token = (await login(server, 'director')).access_token;
    const job = await settleJob(server, token, id);
    expect(job.status).toBe('done');
    if (job.kind !== 'year.transition' || !job.result) throw new Error('no result');
    expect(job.result.moved).toEqual(preview.moves);
    const current = await server.db.query<{ school_year: string }>(
      `SELECT school_year FROM periods p JOIN users u ON u.school_id = p.school_id
        WHERE u.login = 'director' AND p.is_current`,
    );
    expect(current).toEqual([{ school_year: preview.toYear }]);
  }, 180_000);
});
