import { CountryStatisticsResponseSchema, SchoolStatisticsResponseSchema } from '@sabaq/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { refreshSchoolPeriods } from './rollup';
import { diffRollups, type ChangedRow, type PeriodRow } from './rollup-queries';
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

  it('rolls up a batch of schools to exactly the rows each school gets alone', async () => {
    const db = server.db;
    const snapshot = async () => ({
      results: await db.query(
        `SELECT period_id, school_id, group_id, subject_id, student_id, teacher_id, total::text, grade,
                sor_points::text, sor_max::text, soch_points::text, soch_max::text, lessons, absences, used
           FROM stat_results ORDER BY period_id, group_id, subject_id, student_id`,
      ),
      totals: await db.query(
        `SELECT school_id, period_id, pupils, graded, five, four, three, two, grade_sum::text,
                sor_points::text, soch_points::text, lessons::text, absences::text, active
           FROM stat_school_totals ORDER BY school_id, period_id`,
      ),
    });
    const periods = await db.query<PeriodRow>(
      `SELECT p.id, p.school_id, to_char(p.start_date, 'YYYY-MM-DD') AS start,
              to_char(p.end_date, 'YYYY-MM-DD') AS end
         FROM periods p JOIN stat_state st ON st.period_id = p.id AND st.school_id = p.school_id
        ORDER BY p.school_id, p.id`,
    );
    expect(periods.length).toBeGreaterThan(2);
    const today = new Date().toISOString().slice(0, 10);
    for (const period of periods) await refreshSchoolPeriods(db, [period], today);
    const alone = await snapshot();
    expect(alone.results.length).toBeGreaterThan(0);
    await db.query('DELETE FROM stat_results');
    await db.query('DELETE FROM stat_school_totals');
    await refreshSchoolPeriods(db, periods, today);
    expect(await snapshot()).toEqual(alone);
  });

  it('a roll-up that regrades only the changed rows gives exactly the rows of one that regrades all', async () => {
    const db = server.db;
    const snapshot = () =>
      db.query(
        `SELECT period_id, school_id, group_id, subject_id, student_id, teacher_id, total::text, grade,
                sor_points::text, sor_max::text, soch_points::text, soch_max::text, lessons, absences, used
           FROM stat_results ORDER BY period_id, group_id, subject_id, student_id`,
      );
    const totals = () =>
      db.query(
        `SELECT school_id, period_id, pupils, graded, five, four, three, two, grade_sum::text,
                sor_points::text, soch_points::text, lessons::text, absences::text, active
           FROM stat_school_totals ORDER BY school_id, period_id`,
      );
    const periods = await db.query<PeriodRow>(
      `SELECT p.id, p.school_id, to_char(p.start_date, 'YYYY-MM-DD') AS start,
              to_char(p.end_date, 'YYYY-MM-DD') AS end
         FROM periods p JOIN stat_state st ON st.period_id = p.id AND st.school_id = p.school_id
        ORDER BY p.school_id, p.id`,
    );
    const today = new Date().toISOString().slice(0, 10);
    await refreshSchoolPeriods(db, periods, today);
    // A day of changes: a mark, an absence, SOR points, one school's weights.
    await db.query(
      `UPDATE journal_marks SET mark = CASE WHEN mark = 10 THEN 1 ELSE mark + 1 END
        WHERE (lesson_id, student_id) = (SELECT lesson_id, student_id FROM journal_marks
                                          WHERE mark IS NOT NULL ORDER BY lesson_id, student_id LIMIT 1)`,
    );
    await db.query(
      `UPDATE journal_marks SET absent = NOT absent
        WHERE (lesson_id, student_id) = (SELECT lesson_id, student_id FROM journal_marks
                                          ORDER BY lesson_id DESC, student_id LIMIT 1)`,
    );
    await db.query(
      `UPDATE assessment_marks SET points = 0
        WHERE (assessment_id, student_id) = (SELECT assessment_id, student_id FROM assessment_marks
                                              WHERE points > 0 ORDER BY assessment_id, student_id LIMIT 1)`,
    );
    await db.query(
      `UPDATE school_settings SET weight_formative = 40, weight_sor = 30, weight_soch = 30
        WHERE school_id = (SELECT min(school_id) FROM school_settings)`,
    );
    await refreshSchoolPeriods(db, periods, today);
    const incremental = { results: await snapshot(), totals: await totals() };
    await db.query('DELETE FROM stat_results');
    await db.query('DELETE FROM stat_school_totals');
    await refreshSchoolPeriods(db, periods, today);
    expect({ results: await snapshot(), totals: await totals() }).toEqual(incremental);
  });

  const settledPeriods = () =>
    server.db.query<PeriodRow>(
      `SELECT p.id, p.school_id, to_char(p.start_date, 'YYYY-MM-DD') AS start,
              to_char(p.end_date, 'YYYY-MM-DD') AS end
         FROM periods p JOIN stat_state st ON st.period_id = p.id AND st.school_id = p.school_id
        ORDER BY p.school_id, p.id`,
    );
  const withInputs = () =>
    server.db.query(
      `SELECT period_id, school_id, group_id, subject_id, student_id, teacher_id, total::text, grade,
              sor_points::text, sor_max::text, soch_points::text, soch_max::text, lessons, absences, used,
              inputs::text
         FROM stat_results ORDER BY period_id, group_id, subject_id, student_id`,
    );
  const schoolTotals = () =>
    server.db.query(
      `SELECT school_id, period_id, pupils, graded, five, four, three, two, grade_sum::text,
              sor_points::text, soch_points::text, lessons::text, absences::text, active
         FROM stat_school_totals ORDER BY school_id, period_id`,
    );
  /** What diffRollups would regrade now (in a transaction rolled back: nothing is written). */
  const toRegrade = async (periods: readonly PeriodRow[], today: string) => {
    let found: ChangedRow[] = [];
    await server.db
      .transaction(async (tx) => {
        found = (
          await diffRollups(
            tx,
            periods.map((p) => ({ ...p, until: today < p.end ? today : p.end })),
            periods.map(() => false),
          )
        ).changed;
        throw new Error('rolled back');
      })
      .catch((err: unknown) => {
        if ((err as Error).message !== 'rolled back') throw err;
      });
    return found;
  };

  it('the first roll-up (nothing stored, no comparison) gives the rows and fingerprints of the compared one', async () => {
    const db = server.db;
    const periods = await settledPeriods();
    const today = new Date().toISOString().slice(0, 10);
    // Never graded: every period goes the whole way (no diffRollups), as at a first roll-up.
    await db.query('DELETE FROM stat_results');
    await db.query('DELETE FROM stat_school_totals');
    await db.query('UPDATE stat_state SET graded_with = NULL');
    await refreshSchoolPeriods(db, periods, today);
    const first = { results: await withInputs(), totals: await schoolTotals() };
    expect(first.results.length).toBeGreaterThan(0);
    // Its fingerprints are those diffRollups computes: nothing to regrade the next morning.
    expect(await toRegrade(periods, today)).toEqual([]);
    // Graded with the same rule but nothing stored: every row found new by diffRollups.
    await db.query('DELETE FROM stat_results');
    await db.query('DELETE FROM stat_school_totals');
    await refreshSchoolPeriods(db, periods, today);
    expect({ results: await withInputs(), totals: await schoolTotals() }).toEqual(first);
  });

  it('a changed mark regrades only that pupil-subject, to the rows of a full recompute', async () => {
    const db = server.db;
    const periods = await settledPeriods();
    const today = new Date().toISOString().slice(0, 10);
    await refreshSchoolPeriods(db, periods, today);
    expect(await toRegrade(periods, today)).toEqual([]);
    const [mark] = await db.query<{
      lesson_id: number;
      student_id: number;
      group_id: number;
      subject_id: number;
      period_id: number;
    }>(
      `SELECT m.lesson_id, m.student_id, t.group_id, t.subject_id, t.period_id
         FROM journal_marks m JOIN lessons l ON l.id = m.lesson_id JOIN timetable_slots t ON t.id = l.slot_id
         JOIN stat_results r ON r.period_id = t.period_id AND r.group_id = t.group_id
                            AND r.subject_id = t.subject_id AND r.student_id = m.student_id
        WHERE m.mark IS NOT NULL ORDER BY m.lesson_id DESC, m.student_id LIMIT 1`,
    );
    expect(mark).toBeDefined();
    await db.query(
      `UPDATE journal_marks SET mark = CASE WHEN mark = 10 THEN 1 ELSE mark + 1 END
        WHERE lesson_id = $1 AND student_id = $2`,
      [mark!.lesson_id, mark!.student_id],
    );
    const regraded = await toRegrade(periods, today);
    expect(
      regraded.map((row) => [row.period_id, row.group_id, row.subject_id, row.student_id]),
    ).toEqual([[mark!.period_id, mark!.group_id, mark!.subject_id, mark!.student_id]]);
    await refreshSchoolPeriods(db, periods, today);
    const incremental = { results: await withInputs(), totals: await schoolTotals() };
    await db.query('UPDATE stat_state SET graded_with = NULL');
    await refreshSchoolPeriods(db, periods, today);
    expect({ results: await withInputs(), totals: await schoolTotals() }).toEqual(incremental);
  });

  it("counts each pupil's lessons held and absences as the raw journal does, subgroups' lessons only for their members", async () => {
    const db = server.db;
    const periods = await settledPeriods();
    const today = new Date().toISOString().slice(0, 10);
    // One of a class's slots of a subject with lessons held becomes a subgroup's of three pupils.
    const [slot] = await db.query<{ id: number; group_id: number; subject_id: number }>(
      `SELECT t.id, t.group_id, t.subject_id FROM timetable_slots t
        WHERE t.subgroup_id IS NULL
          AND EXISTS (SELECT 1 FROM stat_results r WHERE r.period_id = t.period_id
                         AND r.group_id = t.group_id AND r.subject_id = t.subject_id)
          AND EXISTS (SELECT 1 FROM lessons l WHERE l.slot_id = t.id AND l.lesson_date <= $1::date)
        ORDER BY t.id LIMIT 1`,
      [today],
    );
    expect(slot).toBeDefined();
    const [split] = await db.query<{ id: number }>(
      `INSERT INTO subgroups (group_id, subject_id, name) VALUES ($1, $2, 'split') RETURNING id`,
      [slot!.group_id, slot!.subject_id],
    );
    await db.query(
      `INSERT INTO subgroup_members (subgroup_id, user_id)
       SELECT $1, id FROM users WHERE group_id = $2 AND role = 'student' ORDER BY id LIMIT 3`,
      [split!.id, slot!.group_id],
    );
    await db.query('UPDATE timetable_slots SET subgroup_id = $1 WHERE id = $2', [
      split!.id,
      slot!.id,
    ]);
    await db.query('UPDATE stat_state SET graded_with = NULL');
    await refreshSchoolPeriods(db, periods, today);
    const recount = () =>
      db.query<{
        lessons: number;
        raw_lessons: number;
        absences: number;
        raw_absences: number;
        split: boolean;
      }>(
        `SELECT r.lessons, r.absences,
                (SELECT count(*) FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id
                   JOIN periods p ON p.id = t.period_id
                  WHERE t.group_id = r.group_id AND t.subject_id = r.subject_id AND t.period_id = r.period_id
                    AND l.lesson_date BETWEEN p.start_date AND least(p.end_date, $1::date)
                    AND (t.subgroup_id IS NULL OR EXISTS (
                          SELECT 1 FROM subgroup_members sm
                           WHERE sm.subgroup_id = t.subgroup_id AND sm.user_id = r.student_id)))::int AS raw_lessons,
                (SELECT count(*) FROM journal_marks m JOIN lessons l ON l.id = m.lesson_id
                   JOIN timetable_slots t ON t.id = l.slot_id JOIN periods p ON p.id = t.period_id
                  WHERE m.student_id = r.student_id AND m.absent AND t.group_id = r.group_id
                    AND t.subject_id = r.subject_id AND t.period_id = r.period_id
                    AND l.lesson_date BETWEEN p.start_date AND least(p.end_date, $1::date))::int AS raw_absences,
                EXISTS (SELECT 1 FROM timetable_slots t WHERE t.group_id = r.group_id AND t.subject_id = r.subject_id
                           AND t.period_id = r.period_id AND t.subgroup_id IS NOT NULL) AS split
           FROM stat_results r`,
        [today],
      );
    const check = async () => {
      const rows = await recount();
      expect(rows.filter((row) => row.split && row.raw_lessons > 0).length).toBeGreaterThan(0);
      expect(
        rows.filter((row) => row.lessons !== row.raw_lessons || row.absences !== row.raw_absences),
      ).toEqual([]);
    };
    // Graded whole (no comparison), then compared with every stored row.
    await check();
    await db.query('UPDATE stat_state SET stale = true');
    await db.query('UPDATE stat_results SET lessons = lessons + 1, absences = absences + 1');
    await refreshSchoolPeriods(db, periods, today);
    await check();
  });

  it('removing a pupil removes their figures from the roll-up (the cache keeps no orphans)', async () => {
    const db = server.db;
    const [pupil] = await db.query<{ id: number }>(
      `SELECT r.student_id AS id FROM stat_results r ORDER BY r.student_id DESC LIMIT 1`,
    );
    expect(pupil).toBeDefined();
    await db.transaction(async (tx) => {
      // What a pupil's removal takes with it, then the pupil.
      for (const table of ['journal_marks', 'assessment_marks', 'subgroup_members'])
        await tx.query(
          `DELETE FROM ${table} WHERE ${table === 'subgroup_members' ? 'user_id' : 'student_id'} = $1`,
          [pupil!.id],
        );
      await tx.query('DELETE FROM users WHERE id = $1', [pupil!.id]);
    });
    const left = await db.query('SELECT 1 FROM stat_results WHERE student_id = $1', [pupil!.id]);
    expect(left).toEqual([]);
  });
});
