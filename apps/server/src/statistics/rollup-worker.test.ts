import { CountryStatisticsResponseSchema, SchoolStatisticsResponseSchema } from '@sabaq/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { rollupWorkerOf } from './rollup-worker';

const P = '/api/v2/os/statistics/country';

/**
 * The background roll-up: with more unsettled schools than a read rolls up itself (here: any, the
 * limit is 0), the drill-down answers at once with what is rolled up and how many schools are
 * pending, and nudges the worker; once the worker has settled them, the figures are the schools'
 * own.
 */
describe.each(BACKENDS)('the background roll-up of the statistics (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend, { statisticsSyncSchools: 0 });
    for (const name of ['country_worker', 'director'])
      tokens[name] = (await login(server, name)).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const drill = async (query = '') => {
    const res = await call(server, 'GET', `${P}${query}`, {
      token: tokens.country_worker,
      locale: 'ru',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CountryStatisticsResponseSchema.parse(res.body).data;
  };

  it('a read leaves many schools to the worker and says so; the worker settles them', async () => {
    const before = await drill();
    expect(before.pendingSchools).toBeGreaterThan(0);
    // Nothing was rolled up by the read: no figures yet rather than made-up ones.
    expect(before.figures.graded).toBe(0);

    const worker = rollupWorkerOf(server.db);
    let settled = 0;
    for (let done = await worker.runOnce(1); done > 0; done = await worker.runOnce(1))
      settled += done;
    expect(settled).toBeGreaterThanOrEqual(before.pendingSchools);

    const after = await drill();
    expect(after.pendingSchools).toBe(0);
    expect(after.figures.graded).toBeGreaterThan(0);
    // The director's school page rolls up its own school: the same figures at the school node.
    const own = SchoolStatisticsResponseSchema.parse(
      (
        await call(server, 'GET', '/api/v2/os/statistics/school', {
          token: tokens.director,
          locale: 'ru',
        })
      ).body,
    ).data;
    const region = after.children.find((entry) => entry.name === 'город Астана')!;
    const inRegion = await drill(`?regionId=${region.id}`);
    const office = inRegion.children.find(
      (entry) => entry.name === 'Управление образования города Астаны',
    )!;
    const department = await drill(`?regionId=${region.id}&departmentId=${office.id}`);
    const lyceum = department.children.find(
      (entry) => entry.name === 'Школа-лицей № 54 города Астаны',
    )!;
    expect(lyceum.figures.graded).toBe(own.figures.graded);
    expect(lyceum.figures.quality).toBe(own.figures.quality);
  });

  it('a journal change makes the school pending again; a started worker, nudged by the read, settles it', async () => {
    await server.db.query(
      `UPDATE journal_marks SET mark = 10 WHERE mark IS NOT NULL AND lesson_id = (
         SELECT min(m.lesson_id) FROM journal_marks m WHERE m.mark IS NOT NULL)`,
    );
    const worker = rollupWorkerOf(server.db);
    // A long interval: only the read's nudge can make it run soon.
    worker.start(3_600_000);
    try {
      expect((await drill()).pendingSchools).toBe(1);
      await expect.poll(async () => (await drill()).pendingSchools, { timeout: 20_000 }).toBe(0);
    } finally {
      await worker.stop();
    }
  });
});
