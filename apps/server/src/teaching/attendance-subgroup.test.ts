import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

/**
 * Attendance of a subgroup lesson lists the subgroup's pupils only (issue 13): before, the
 * lesson page's attendance listed the whole class, and a pupil of the other subgroup could be
 * marked absent from a lesson they never had.
 */
describe.each(BACKENDS)('attendance of a subgroup lesson (%s)', (backend) => {
  let server: RunningServer;
  let english: string;
  let lessonId: number;
  let members: number[];
  let outsider: number;

  beforeAll(async () => {
    server = await startTestServer(backend);
    english = (await login(server, 'english-teacher')).access_token;
    // The English teacher's week creates the dated lessons; take one of 7А's English lessons.
    await call(server, 'GET', '/api/v2/os/schedule?date=2026-11-18', { token: english });
    const [row] = await server.db.query<{ lesson: number; slot: number; subgroup: number }>(
      `SELECT l.id AS lesson, t.id AS slot, sg.id AS subgroup
         FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id
         JOIN groups g ON g.id = t.group_id
         JOIN subjects s ON s.id = t.subject_id AND s.code = 'english'
         JOIN subgroups sg ON sg.group_id = g.id AND sg.subject_id = s.id AND sg.name = '1-топ'
        WHERE g.parallel = 7 AND g.letter = 'А'
        ORDER BY l.lesson_date, t.lesson_no LIMIT 1`,
    );
    if (!row) throw new Error('no English lesson of 7А');
    lessonId = row.lesson;
    // The lesson's slot is given to the first subgroup only (a split subject's timetable).
    await server.db.query('UPDATE timetable_slots SET subgroup_id = $1 WHERE id = $2', [
      row.subgroup,
      row.slot,
    ]);
    members = (
      await server.db.query<{ user_id: number }>(
        'SELECT user_id FROM subgroup_members WHERE subgroup_id = $1 ORDER BY user_id',
        [row.subgroup],
      )
    ).map((m) => m.user_id);
    const [other] = await server.db.query<{ id: number }>(
      `SELECT u.id FROM users u JOIN groups g ON g.id = u.group_id
        WHERE g.parallel = 7 AND g.letter = 'А' AND u.role = 'student'
          AND u.id <> ALL($1::int[]) LIMIT 1`,
      [members],
    );
    outsider = other!.id;
  });
  afterAll(async () => server?.close());

  it("lists only the subgroup's pupils", async () => {
    const res = await call(server, 'GET', `/api/v2/os/schedule/lesson/${lessonId}/attendance`, {
      token: english,
    });
    expect(res.status).toBe(200);
    const listed = (res.body.data as { student: { id: number } }[])
      .map((row) => row.student.id)
      .sort((a, b) => a - b);
    expect(members.length).toBe(7);
    expect(listed).toEqual(members);
  });

  it('refuses to mark a pupil of the other subgroup (404), and writes nothing', async () => {
    const res = await call(server, 'PUT', `/api/v2/os/schedule/lesson/${lessonId}/attendance`, {
      token: english,
      body: { userId: outsider, status: 'absent' },
      locale: 'ru',
    });
    expect(res.status).toBe(404);
    const marks = await server.db.query(
      'SELECT 1 FROM journal_marks WHERE lesson_id = $1 AND student_id = $2',
      [lessonId, outsider],
    );
    expect(marks).toHaveLength(0);
  });

  it("a pupil's week has the lessons of their own subgroup only", async () => {
    const student = (await login(server, 'student')).access_token;
    const [me] = await server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE login = 'student'",
    );
    // Another English slot of 7А goes to the English subgroup the demo pupil is not in.
    const [other] = await server.db.query<{ slot: number; subgroup: number }>(
      `SELECT t.id AS slot, sg.id AS subgroup
         FROM timetable_slots t JOIN groups g ON g.id = t.group_id
         JOIN subjects s ON s.id = t.subject_id AND s.code = 'english'
         JOIN subgroups sg ON sg.group_id = g.id AND sg.subject_id = s.id
         JOIN periods p ON p.id = t.period_id AND DATE '2026-11-18' BETWEEN p.start_date AND p.end_date
        WHERE g.parallel = 7 AND g.letter = 'А' AND t.subgroup_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM subgroup_members m WHERE m.subgroup_id = sg.id AND m.user_id = $1)
        ORDER BY t.id LIMIT 1`,
      [me!.id],
    );
    await server.db.query('UPDATE timetable_slots SET subgroup_id = $1 WHERE id = $2', [
      other!.subgroup,
      other!.slot,
    ]);
    const week = await call(server, 'GET', '/api/v2/os/schedule?date=2026-11-18', {
      token: student,
    });
    expect(week.status).toBe(200);
    const ids = (week.body.data.days as { lessons: { id: number }[] }[]).flatMap((d) =>
      d.lessons.map((l) => l.id),
    );
    const hidden = await server.db.query<{ id: number }>(
      `SELECT id FROM lessons WHERE slot_id = $1 AND lesson_date BETWEEN '2026-11-16' AND '2026-11-21'`,
      [other!.slot],
    );
    expect(hidden.length).toBeGreaterThan(0);
    for (const lesson of hidden) expect(ids).not.toContain(lesson.id);
    expect(ids.length).toBeGreaterThan(0);
    // Nor can the pupil open such a lesson by its id: it is not theirs (404, like any other).
    for (const lesson of hidden) {
      const page = await call(server, 'GET', `/api/v2/os/schedule/lesson/${lesson.id}`, {
        token: student,
      });
      expect(page.status, `lesson ${lesson.id}`).toBe(404);
    }
    // Their own class's whole-class lessons still open.
    const own = await call(server, 'GET', `/api/v2/os/schedule/lesson/${ids[0]}`, {
      token: student,
    });
    expect(own.status).toBe(200);
  });
});
