import { CountryStatisticsResponseSchema, SchoolStatisticsResponseSchema } from '@sabaq/platform';
import type { CountryStatistics } from '@sabaq/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { ADMIN_TREE } from './admin-tree-data';

const P = '/api/v2/os/statistics/country';

describe.each(BACKENDS)('the statistics drill-down of education workers (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of [
      'country_worker',
      'region_worker',
      'department_worker',
      'director',
      'school2-director',
    ])
      tokens[name] = (await login(server, name)).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const drill = async (who: string, query = '', locale: 'kz' | 'ru' = 'ru') => {
    const res = await call(server, 'GET', `${P}${query}`, { token: tokens[who], locale });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CountryStatisticsResponseSchema.parse(res.body).data;
  };
  const child = (data: CountryStatistics, name: string) => {
    const found = data.children.find((entry) => entry.name === name);
    expect(found, `${name} in ${data.children.map((c) => c.name).join(', ')}`).toBeDefined();
    return found!;
  };
  const main = (data: {
    quality: number | null;
    success: number | null;
    average: number | null;
  }) => ({
    quality: data.quality,
    success: data.success,
    average: data.average,
  });

  it('the country worker drills from the country to a class; every level adds up to the one above', async () => {
    const country = await drill('country_worker');
    expect(country.level).toBe('country');
    expect(country.childLevel).toBe('region');
    // Kazakhstan's three cities of republican significance and seventeen regions.
    expect(country.children).toHaveLength(ADMIN_TREE.length);
    expect(country.children.map((c) => c.name)).toEqual(
      expect.arrayContaining(['область Абай', 'город Шымкент', 'Туркестанская область']),
    );
    const astana = child(country, 'город Астана');
    expect(astana.schools).toBe(2);
    // Regions without a school on the platform say so: no figures, not zeros.
    expect(child(country, 'область Ұлытау').figures.quality).toBeNull();
    expect(astana.figures).toEqual(country.figures);

    const region = await drill('country_worker', `?regionId=${astana.id}`);
    expect(region.trail.map((entry) => entry.name)).toEqual(['Казахстан', 'город Астана']);
    expect(region.children.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'Отдел образования (район Есиль)',
        'Управление образования города Астаны',
      ]),
    );
    const office = child(region, 'Управление образования города Астаны');
    expect(main(office.figures)).toEqual(main(region.figures));

    const department = await drill(
      'country_worker',
      `?regionId=${astana.id}&departmentId=${office.id}`,
    );
    expect(department.childLevel).toBe('school');
    expect(department.children).toHaveLength(2);
    const lyceum = child(department, 'Школа-лицей № 54 города Астаны');

    // The school node equals the director's own statistics of the same quarter.
    const own = await call(server, 'GET', `/api/v2/os/statistics/school`, {
      token: tokens.director,
      locale: 'ru',
    });
    const ownData = SchoolStatisticsResponseSchema.parse(own.body).data;
    expect(main(lyceum.figures)).toEqual(main(ownData.figures));
    expect(lyceum.figures.graded).toBe(ownData.figures.graded);
    // Both schools' graded pupil-subjects make the department's.
    expect(department.children.reduce((sum, s) => sum + s.figures.graded, 0)).toBe(
      department.figures.graded,
    );

    const school = await drill(
      'country_worker',
      `?regionId=${astana.id}&departmentId=${office.id}&schoolId=${lyceum.id}`,
    );
    expect(school.childLevel).toBe('group');
    const g7a = child(school, '7А');
    const group = await drill(
      'country_worker',
      `?regionId=${astana.id}&departmentId=${office.id}&schoolId=${lyceum.id}&groupId=${g7a.id}`,
      'kz',
    );
    expect(group.level).toBe('group');
    expect(group.childLevel).toBe('subject');
    expect(group.children.map((c) => c.name)).toContain('Алгебра');
    expect(group.trail.map((entry) => entry.level)).toEqual([
      'country',
      'region',
      'department',
      'school',
      'group',
    ]);
    expect(group.trail[0]!.name).toBe('Қазақстан');
  });

  it('each worker starts at their own level and never reads another region or department', async () => {
    const department = await drill('department_worker');
    expect(department.level).toBe('department');
    expect(department.trail.map((entry) => entry.level)).toEqual(['department']);
    const region = await drill('region_worker');
    expect(region.level).toBe('region');
    expect(region.trail.map((entry) => entry.level)).toEqual(['region']);

    const country = await drill('country_worker');
    const abai = child(country, 'область Абай');
    const astana = child(country, 'город Астана');
    for (const who of ['region_worker', 'department_worker']) {
      const res = await call(server, 'GET', `${P}?regionId=${abai.id}`, {
        token: tokens[who],
        locale: 'kz',
      });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Мұндай өңір, бөлім, мектеп немесе сынып табылмады');
    }
    // Another department of the same region.
    const inAstana = await drill('region_worker');
    const esil = child(inAstana, 'Отдел образования (район Есиль)');
    const res = await call(server, 'GET', `${P}?regionId=${astana.id}&departmentId=${esil.id}`, {
      token: tokens.department_worker,
      locale: 'ru',
    });
    expect(res.status).toBe(404);
    // A chain that does not hold: a school under a department it is not in.
    const school = (await drill('department_worker')).children[0]!;
    const broken = await call(
      server,
      'GET',
      `${P}?regionId=${astana.id}&departmentId=${esil.id}&schoolId=${school.id}`,
      { token: tokens.country_worker, locale: 'ru' },
    );
    expect(broken.status).toBe(404);
    // School people are not education workers.
    const director = await call(server, 'GET', P, { token: tokens.director, locale: 'ru' });
    expect(director.status).toBe(403);
  });

  it('the year and platform usage add up the same way at every level as the school page', async () => {
    const country = await drill('country_worker', '?span=year');
    expect(country.span).toBe('year');
    const astana = child(country, 'город Астана');
    const region = await drill('country_worker', `?regionId=${astana.id}&span=year`);
    const office = child(region, 'Управление образования города Астаны');
    const department = await drill(
      'country_worker',
      `?regionId=${astana.id}&departmentId=${office.id}&span=year`,
    );
    const lyceum = child(department, 'Школа-лицей № 54 города Астаны');
    const own = await call(server, 'GET', `/api/v2/os/statistics/school?span=year`, {
      token: tokens.director,
      locale: 'ru',
    });
    const ownData = SchoolStatisticsResponseSchema.parse(own.body).data;
    // The per-school sums (second tier) give the school's own year, graded counts and usage.
    expect(main(lyceum.figures)).toEqual(main(ownData.figures));
    expect(lyceum.figures.graded).toBe(ownData.figures.graded);
    expect(lyceum.figures.usage).toBe(ownData.figures.usage);
    expect(lyceum.figures.pupils).toBe(ownData.figures.pupils);
    // The school's classes (first tier) give the same school figures.
    const school = await drill(
      'country_worker',
      `?regionId=${astana.id}&departmentId=${office.id}&schoolId=${lyceum.id}&span=year`,
    );
    expect(main(school.figures)).toEqual(main(ownData.figures));
    expect(school.figures.usage).toBe(ownData.figures.usage);
    expect(school.children.reduce((sum, c) => sum + c.figures.graded, 0)).toBe(
      school.figures.graded,
    );
    // The demo pupils use the platform: the figure is there, not a made-up zero.
    expect(ownData.figures.usage).toBeGreaterThan(0);
    // The year holds at least the current quarter's grades.
    const quarter = await drill('country_worker');
    expect(country.figures.graded).toBeGreaterThanOrEqual(quarter.figures.graded);
    expect(country.quarter).toBe(quarter.quarter);
  });

  it('a quarter of the current year is chosen by the query or the X-Quarter header', async () => {
    const first = await drill('country_worker', '?quarter=1');
    expect(first.quarter).toBe(1);
    const header = await call(server, 'GET', P, {
      token: tokens.country_worker,
      locale: 'ru',
      headers: { 'x-quarter': '1' },
    });
    expect(CountryStatisticsResponseSchema.parse(header.body).data.quarter).toBe(1);
    const bad = await call(server, 'GET', `${P}?quarter=5`, {
      token: tokens.country_worker,
      locale: 'ru',
    });
    expect(bad.status).toBe(422);
  });
  it('a school written moments after its roll-up is served as rolled up and counted pending; an older change is rolled up within the read', async () => {
    const settled = await drill('country_worker');
    expect(settled.pendingSchools).toBe(0);
    // Periods the drill-down does not read (other quarters) may stay stale throughout.
    const stale = async () =>
      (
        await server.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM stat_state WHERE stale',
        )
      )[0]!.n;
    const before = await stale();
    await server.db.query(
      `UPDATE journal_marks SET mark = CASE WHEN mark = 10 THEN 9 ELSE 10 END
        WHERE mark IS NOT NULL AND lesson_id = (
          SELECT min(m.lesson_id) FROM journal_marks m WHERE m.mark IS NOT NULL)`,
    );
    expect(await stale()).toBeGreaterThan(before);
    // Rolled up a moment ago (the read above): the busy school waits for the background roll-up.
    const busy = await drill('country_worker');
    expect(busy.pendingSchools).toBe(1);
    expect(main(busy.figures)).toEqual(main(settled.figures));
    expect(await stale()).toBeGreaterThan(before);
    // The same change after the window: the read rolls the school up before answering.
    await server.db.query(
      `UPDATE stat_state SET refreshed_at = now() - interval '5 minutes' WHERE stale`,
    );
    const current = await drill('country_worker');
    expect(current.pendingSchools).toBe(0);
    expect(await stale()).toBe(before);
  });
});
