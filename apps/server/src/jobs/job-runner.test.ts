import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, startTestServer } from '../test/harness';
import { HttpError } from '../http/errors';
import { JobRunner, MAX_ATTEMPTS } from './job-runner';
import { loadJob } from './job-queries';

/**
 * The job runner on a real database: jobs are rows, so a job outlives the process that queued
 * or started it. Each test drives a runner of its own (another process, as far as the rows can
 * tell) with job kinds only it handles, so the server's own runner leaves them alone.
 */
describe.each(BACKENDS)('jobs (%s)', (backend) => {
  let server: RunningServer;
  let director: number;
  beforeAll(async () => {
    server = await startTestServer(backend);
    director = (
      await server.db.query<{ id: number }>("SELECT id FROM users WHERE login = 'director'")
    )[0]!.id;
    await server.db.exec('CREATE TABLE job_test_rows (job integer, note text)');
  });
  afterAll(async () => server?.close());

  async function insert(kind: string, status = 'queued', claimedAgo: string | null = null) {
    const rows = await server.db.query<{ id: number }>(
      `INSERT INTO jobs (kind, created_by, status, claimed_at, payload)
       VALUES ($1, $2, $3, CASE WHEN $4::text IS NULL THEN NULL ELSE now() - $4::interval END, '{"note":"x"}')
       RETURNING id`,
      [kind, director, status, claimedAgo],
    );
    return rows[0]!.id;
  }

  it('runs a job queued before it started, and one a stopped process left running; not a live one', async () => {
    const queued = await insert('test.write');
    const orphan = await insert('test.write', 'running', '10 minutes');
    const live = await insert('test.write', 'running', '5 seconds');
    const runner = new JobRunner(server.db);
    runner.handle('test.write', async (ctx) => {
      await ctx.progress('writing', 0, 1);
      await ctx.db.transaction(async (tx) => {
        await tx.query('INSERT INTO job_test_rows VALUES ($1, $2)', [ctx.job.id, 'written']);
        await ctx.complete(tx, { wrote: ctx.job.id });
      });
    });
    await runner.flush();
    for (const id of [queued, orphan]) {
      const job = await loadJob(server.db, id);
      expect(job).toMatchObject({ status: 'done', stage: 'done', result: { wrote: id } });
    }
    expect((await loadJob(server.db, live))?.status).toBe('running');
    const rows = await server.db.query<{ job: number }>(
      'SELECT job FROM job_test_rows ORDER BY job',
    );
    expect(rows.map((r) => r.job)).toEqual([queued, orphan]);
    await runner.stop();
  });

  it('a refusal fails the job with its kz/ru message; a crash is retried, then failed; nothing written', async () => {
    const refused = await insert('test.refuse');
    const crashing = await insert('test.crash');
    let tries = 0;
    const runner = new JobRunner(server.db);
    runner.handle('test.refuse', async () => {
      throw new HttpError(422, 'validation_failed', { errors: { 'rows.3': ['field_invalid'] } });
    });
    runner.handle('test.crash', async (ctx) => {
      tries++;
      await ctx.db.transaction(async (tx) => {
        await tx.query('INSERT INTO job_test_rows VALUES ($1, $2)', [ctx.job.id, 'half']);
        throw new Error('the process fell over halfway');
      });
    });
    await runner.flush();
    const failed = await loadJob(server.db, refused);
    expect(failed?.status).toBe('failed');
    expect(failed?.error?.status).toBe(422);
    expect(failed?.error?.ru.message).toBe('Проверьте правильность заполнения полей');
    expect(failed?.error?.kz.errors?.['rows.3']).toHaveLength(1);
    const crashed = await loadJob(server.db, crashing);
    expect(crashed?.status).toBe('failed');
    expect(crashed?.error?.status).toBe(500);
    expect(tries).toBe(MAX_ATTEMPTS);
    const half = await server.db.query('SELECT 1 FROM job_test_rows WHERE job = $1', [crashing]);
    expect(half).toEqual([]);
    await runner.stop();
  });

  it('one live job per key: a second request gets the first; after a failure a new one may start', async () => {
    const runner = new JobRunner(server.db);
    const first = await runner.enqueue({
      kind: 'test.none',
      schoolId: null,
      createdBy: director,
      payload: {},
      dedupeKey: 'test:key',
    });
    const second = await runner.enqueue({
      kind: 'test.none',
      schoolId: null,
      createdBy: director,
      payload: {},
      dedupeKey: 'test:key',
    });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    await server.db.query("UPDATE jobs SET status = 'failed' WHERE id = $1", [first.id]);
    const third = await runner.enqueue({
      kind: 'test.none',
      schoolId: null,
      createdBy: director,
      payload: {},
      dedupeKey: 'test:key',
    });
    expect(third.created).toBe(true);
    expect(third.id).not.toBe(first.id);
    await runner.stop();
  });
});
