import { CountryStatisticsResponseSchema } from '@sabaq/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { ADMIN_TREE } from './admin-tree-data';
import { figuresOf, percent, tallyGrades } from './figures';
import { generateTree, type TreeSize } from './generator';
import { gradesFromRawJournal, usageFromRaw } from './raw-grades';

/** Small enough for a test: one school of one class in one department of every region. */
const TINY: TreeSize = {
  departmentsPerRegion: 1,
  schoolsPerDepartment: 1,
  parallels: [7],
  pupilsPerClass: 8,
};
const TODAY = '2026-11-23';

describe.each(BACKENDS)('the statistics data generator (%s)', (backend) => {
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    const made = await generateTree(server.db, TINY, { seed: 7, today: TODAY });
    expect(made).toMatchObject({ schools: ADMIN_TREE.length, pupils: ADMIN_TREE.length * 8 });
    expect(made!.marks).toBeGreaterThan(ADMIN_TREE.length * 8 * 20);
    token = (await login(server, 'country_worker')).access_token;
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it('runs once: a second call finds the tree and writes nothing', async () => {
    expect(await generateTree(server.db, TINY, { seed: 7, today: TODAY })).toBeNull();
  });

  it('fills every region with a school whose figures come from its journal, and regions differ', async () => {
    const res = await call(server, 'GET', '/api/v2/os/statistics/country?quarter=1', {
      token,
      locale: 'kz',
    });
    expect(res.status).toBe(200);
    const country = CountryStatisticsResponseSchema.parse(res.body).data;
    expect(country.children.every((region) => region.schools >= 1)).toBe(true);
    const qualities = new Set(country.children.map((region) => region.figures.quality));
    expect(qualities.size).toBeGreaterThan(5);
    // Every grade band occurs somewhere: the journal is not all fives.
    expect(country.figures.grades.two + country.figures.grades.three).toBeGreaterThan(0);
    expect(country.figures.grades.five).toBeGreaterThan(0);

    // One generated school outside Astana (whose region also holds the demo schools), recomputed from its raw journal with the journal's rule.
    const [school] = await server.db.query<{ id: number; period_id: number; region_id: number }>(
      `SELECT s.id, p.id AS period_id, d.region_id FROM schools s JOIN localities l ON l.id = s.locality_id
         JOIN departments d ON d.id = l.department_id JOIN periods p ON p.school_id = s.id AND p.quarter = 1
        WHERE s.name_ru LIKE 'Общеобразовательная школа%' AND d.region_id <> (SELECT min(id) FROM regions)
        ORDER BY s.id LIMIT 1`,
    );
    const raw = await gradesFromRawJournal(server, school!.id, school!.period_id);
    expect(raw.length).toBe(8 * 5);
    const region = country.children.find((entry) => entry.id === school!.region_id)!;
    expect(region.schools).toBe(1);
    const { quality, success, average } = region.figures;
    expect({ quality, success, average }).toEqual(figuresOf(tallyGrades(raw)));
    // Platform usage comes from the generated homework answers, recounted from the raw tables.
    const usage = await usageFromRaw(server, school!.id, [school!.period_id]);
    expect(usage.pupils).toBe(8);
    expect(region.figures.usage).toBe(percent(usage.active, usage.pupils));
    // Schools adopt the platform differently, and pupils do use it.
    const usages = new Set(country.children.map((entry) => entry.figures.usage));
    expect(usages.size).toBeGreaterThan(3);
    expect(country.figures.usage!).toBeGreaterThan(0);
  });

  it('gives the same journal for the same seed', async () => {
    const twin = await startTestServer(backend);
    try {
      await generateTree(twin.db, TINY, { seed: 7, today: TODAY });
      const digest = (s: RunningServer) =>
        s.db.query<{ n: number; total: number; absent: number; sent: number }>(
          `SELECT count(*)::int AS n, coalesce(sum(mark), 0)::int AS total,
                  count(*) FILTER (WHERE absent)::int AS absent,
                  (SELECT count(*)::int FROM homework_answers WHERE status = 'sent') AS sent
             FROM journal_marks`,
        );
      expect(await digest(twin)).toEqual(await digest(server));
    } finally {
      await twin.close();
    }
  });
});
