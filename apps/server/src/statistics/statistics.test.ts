import type { Figures } from '@sabaq/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupStatisticsResponseSchema, SchoolStatisticsResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { figuresOf, tallyGrades } from './figures';
import { gradesFromRawJournal, usageFromRaw } from './raw-grades';
import { percent } from './figures';

const P = '/api/v2/os/statistics';

describe.each(BACKENDS)('school and class statistics (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};
  let schoolId: number;
  let group7a: number;
  let periodId: number;

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of [
      'director',
      'zavuch',
      'group-lead',
      'teacher',
      'student',
      'school2-director',
    ])
      tokens[name] = (await login(server, name)).access_token;
    const [row] = await server.db.query<{ school_id: number; group_id: number }>(
      `SELECT g.school_id, g.id AS group_id FROM groups g JOIN schools s ON s.id = g.school_id
        WHERE s.bin = (SELECT bin FROM schools ORDER BY id LIMIT 1) AND g.parallel = 7 AND g.letter = 'А'`,
    );
    schoolId = row!.school_id;
    group7a = row!.group_id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const school = async (who = 'director', query = '') => {
    const res = await call(server, 'GET', `${P}/school${query}`, {
      token: tokens[who],
      locale: 'ru',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return SchoolStatisticsResponseSchema.parse(res.body).data;
  };
  const group = async (who: string, id: number, query = '') => {
    const res = await call(server, 'GET', `${P}/group/${id}${query}`, {
      token: tokens[who],
      locale: 'kz',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return GroupStatisticsResponseSchema.parse(res.body).data;
  };
  const main = (figures: Figures) => ({
    quality: figures.quality,
    success: figures.success,
    average: figures.average,
  });

  it('the school figures equal the raw journal recomputed by the journal rule, at school and class level', async () => {
    const data = await school();
    periodId = data.period.id;
    expect(data.period.current).toBe(true);
    const raw = await gradesFromRawJournal(server, schoolId, periodId);
    // The demo journal has graded pupils: the check is not about an empty school.
    expect(raw.length).toBeGreaterThan(5);
    expect(main(data.figures)).toEqual(figuresOf(tallyGrades(raw)));
    expect(data.figures.graded).toBe(raw.length);

    const byClass = data.groups.find((entry) => entry.id === group7a)!;
    const rawClass = await gradesFromRawJournal(server, schoolId, periodId, group7a);
    expect(main(byClass.figures)).toEqual(figuresOf(tallyGrades(rawClass)));
    const classData = await group('group-lead', group7a);
    expect(main(classData.figures)).toEqual(main(byClass.figures));
    // Levels add up: the subjects' graded pupil-subjects sum to the school's.
    expect(data.subjects.reduce((sum, s) => sum + s.figures.graded, 0)).toBe(data.figures.graded);
    expect(data.trend.at(-1)!.figures).toEqual(data.figures);
    expect(data.subjects.map((s) => s.name)).toContain('Алгебра');
  });

  it('a mark changed in the journal changes the figures on the next read (the trigger marks it stale)', async () => {
    const before = await group('director', group7a);
    const algebraBefore = before.subjects.find((s) => s.name === 'Алгебра')!.figures;
    // Every algebra formative mark of the class becomes a 10: the quality can only go up.
    await server.db.query(
      `UPDATE journal_marks m SET mark = 10 FROM lessons l, timetable_slots t, subjects s
        WHERE l.id = m.lesson_id AND t.id = l.slot_id AND s.id = t.subject_id AND s.code = 'algebra'
          AND t.group_id = $1 AND m.mark IS NOT NULL`,
      [group7a],
    );
    const after = await group('director', group7a);
    const algebraAfter = after.subjects.find((s) => s.name === 'Алгебра')!.figures;
    expect(algebraAfter.average!).toBeGreaterThan(algebraBefore.average!);
    const raw = await gradesFromRawJournal(server, schoolId, periodId, group7a);
    expect(main(after.figures)).toEqual(figuresOf(tallyGrades(raw)));
  });

  it('platform usage is the share of pupils who used the platform, recounted from the raw tables', async () => {
    const data = await school();
    const raw = await usageFromRaw(server, schoolId, [data.period.id]);
    expect(raw.pupils).toBe(data.figures.pupils);
    expect(data.figures.usage).toBe(percent(raw.active, raw.pupils));
    const rawClass = await usageFromRaw(server, schoolId, [data.period.id], group7a);
    const classData = await group('director', group7a);
    expect(classData.figures.usage).toBe(percent(rawClass.active, rawClass.pupils));

    // A pupil of 7А who had not used the platform sends homework set on a lesson of this
    // quarter: the trigger marks the roll-up stale and the next read counts them.
    const [idle] = await server.db.query<{ id: number }>(
      `SELECT u.id FROM users u WHERE u.group_id = $1 AND u.role = 'student'
          AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.user_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM homework_answers ha WHERE ha.student_id = u.id AND ha.status <> 'assigned')
        ORDER BY u.id LIMIT 1`,
      [group7a],
    );
    expect(idle, 'the demo class has a pupil who has not used the platform').toBeDefined();
    const [lesson] = await server.db.query<{ id: number; teacher_id: number }>(
      `SELECT l.id, t.teacher_id FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id
         JOIN periods p ON p.id = t.period_id
        WHERE t.group_id = $1 AND t.period_id = $2 AND t.teacher_id IS NOT NULL
          AND l.lesson_date BETWEEN p.start_date AND p.end_date
        ORDER BY l.lesson_date LIMIT 1`,
      [group7a, data.period.id],
    );
    const [homework] = await server.db.query<{ id: number }>(
      `INSERT INTO homework (lesson_id, teacher_id, text, deadline) VALUES ($1, $2, 'Жаттығу 5', now())
       RETURNING id`,
      [lesson!.id, lesson!.teacher_id],
    );
    await server.db.query(
      `INSERT INTO homework_answers (homework_id, student_id) VALUES ($1, $2)`,
      [homework!.id, idle!.id],
    );
    // Assigned is not use: nothing changes yet.
    expect((await group('director', group7a)).figures.usage).toBe(classData.figures.usage);
    await server.db.query(
      `UPDATE homework_answers SET status = 'sent', text = 'x = 5', sent_at = now()
        WHERE homework_id = $1 AND student_id = $2`,
      [homework!.id, idle!.id],
    );
    const after = await group('director', group7a);
    expect(after.figures.usage).toBe(percent(rawClass.active + 1, rawClass.pupils));
    expect(after.figures.usage!).toBeGreaterThan(classData.figures.usage ?? 0);
  });

  it('the year counts every quarter grade up to the chosen quarter together, and usage per pupil-quarter', async () => {
    const quarter = await school();
    const year = await school('director', '?span=year');
    expect(year.span).toBe('year');
    expect(quarter.span).toBe('quarter');
    const periodIds = year.trend.map((entry) => entry.period.id);
    expect(periodIds.at(-1)).toBe(year.period.id);
    const raw = (
      await Promise.all(periodIds.map((id) => gradesFromRawJournal(server, schoolId, id)))
    ).flat();
    expect(main(year.figures)).toEqual(figuresOf(tallyGrades(raw)));
    expect(year.figures.graded).toBe(raw.length);
    // Not an average of the quarters' percentages: the graded pupil-subjects add up.
    expect(year.figures.graded).toBe(
      year.trend.reduce((sum, entry) => sum + entry.figures.graded, 0),
    );
    const usage = await usageFromRaw(server, schoolId, periodIds);
    expect(year.figures.usage).toBe(percent(usage.active, usage.pupils));
    // The class page and the tables follow the span too.
    const classYear = await group('director', group7a, '?span=year');
    const rawClass = (
      await Promise.all(periodIds.map((id) => gradesFromRawJournal(server, schoolId, id, group7a)))
    ).flat();
    expect(main(classYear.figures)).toEqual(figuresOf(tallyGrades(rawClass)));
    expect(main(year.groups.find((entry) => entry.id === group7a)!.figures)).toEqual(
      main(classYear.figures),
    );
    expect(year.subjects.reduce((sum, s) => sum + s.figures.graded, 0)).toBe(year.figures.graded);
    // A span that is neither quarter nor year is refused, not read as the quarter.
    const bad = await call(server, 'GET', `${P}/school?span=decade`, {
      token: tokens.director,
      locale: 'kz',
    });
    expect(bad.status).toBe(422);
  });

  it('pupils at risk are the pupil-subjects below 40 %', async () => {
    // One pupil's SOR points drop to 0 and their formative marks to 1: below 40 % in algebra.
    const [pupil] = await server.db.query<{ id: number }>(
      `SELECT u.id FROM users u WHERE u.group_id = $1 AND u.role = 'student' AND u.login IS NULL ORDER BY u.id LIMIT 1`,
      [group7a],
    );
    await server.db.query(`UPDATE assessment_marks SET points = 0 WHERE student_id = $1`, [
      pupil!.id,
    ]);
    await server.db.query(
      `UPDATE journal_marks SET mark = 1 WHERE student_id = $1 AND mark IS NOT NULL`,
      [pupil!.id],
    );
    const data = await group('group-lead', group7a);
    const risk = data.atRisk.find((entry) => entry.id === pupil!.id);
    expect(risk?.subjects.map((s) => s.name)).toContain('Алгебра');
    expect(risk!.subjects.every((s) => s.total < 40)).toBe(true);
    expect((await school()).atRisk.map((entry) => entry.id)).toContain(pupil!.id);
  });

  it('who may read what: management its school, the group lead its class, nobody another school', async () => {
    expect((await school('zavuch')).scope).toBe('school');
    // The group lead's page is the classes they lead: 7А only, with 7А's figures.
    const led = await school('group-lead');
    expect(led.scope).toBe('groups');
    expect(led.groups.map((entry) => entry.id)).toEqual([group7a]);
    expect(led.figures).toEqual((await group('director', group7a)).figures);
    for (const who of ['teacher', 'student']) {
      const res = await call(server, 'GET', `${P}/school`, { token: tokens[who], locale: 'kz' });
      expect(res.status).toBe(403);
    }
    // The second school's director: the first school's class does not exist for them.
    const other = await call(server, 'GET', `${P}/group/${group7a}`, {
      token: tokens['school2-director'],
      locale: 'ru',
    });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Такой класс не найден');
    // A class the group lead does not lead.
    const [another] = await server.db.query<{ id: number }>(
      `SELECT id FROM groups WHERE school_id = $1 AND id <> $2 ORDER BY id LIMIT 1`,
      [schoolId, group7a],
    );
    const notTheirs = await call(server, 'GET', `${P}/group/${another!.id}`, {
      token: tokens['group-lead'],
      locale: 'kz',
    });
    expect(notTheirs.status).toBe(404);
    // A period of another school is not this school's.
    const [foreign] = await server.db.query<{ id: number }>(
      'SELECT id FROM periods WHERE school_id <> $1 ORDER BY id LIMIT 1',
      [schoolId],
    );
    const wrongPeriod = await call(server, 'GET', `${P}/school?periodId=${foreign!.id}`, {
      token: tokens.director,
      locale: 'kz',
    });
    expect(wrongPeriod.status).toBe(404);
    expect(wrongPeriod.body.message).toBe('Мектепте мұндай оқу кезеңі жоқ');
  });

  it('the X-Quarter header chooses the quarter of the current year; the trend runs up to it', async () => {
    const res = await call(server, 'GET', `${P}/school`, {
      token: tokens.director,
      locale: 'ru',
      headers: { 'x-quarter': '1' },
    });
    expect(res.status).toBe(200);
    const data = SchoolStatisticsResponseSchema.parse(res.body).data;
    expect(data.period.name).toBe('I четверть');
    expect(data.trend).toHaveLength(1);
    expect(data.periods).toHaveLength(4);
  });
});
