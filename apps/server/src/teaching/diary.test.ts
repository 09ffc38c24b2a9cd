import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

/** Issue 20: the pupil's diary reads their own journal, the same quarter result. */
describe.each(BACKENDS)("the pupil's diary (%s)", (backend) => {
  let server: RunningServer;
  let teacher: string;
  let student: string;
  let studentId: number;
  let groupId: number;
  let algebraId: number;

  beforeAll(async () => {
    server = await startTestServer(backend);
    // The director keeps every journal of the school (the seeded diary subject is biology).
    teacher = (await login(server, 'director')).access_token;
    student = (await login(server, 'student')).access_token;
    const me = await server.db.query<{ id: number; group_id: number }>(
      "SELECT id, group_id FROM users WHERE login = 'student'",
    );
    studentId = Number(me[0]!.id);
    groupId = Number(me[0]!.group_id);
    // The demo pupil's marked subject (diary-seed.ts: 7А biology, marks, a SOR, a homework).
    const seeded = await server.db.query<{ subject_id: number }>(
      `SELECT t.subject_id FROM journal_marks m JOIN lessons l ON l.id = m.lesson_id
         JOIN timetable_slots t ON t.id = l.slot_id WHERE m.student_id = $1
        GROUP BY t.subject_id ORDER BY count(*) DESC LIMIT 1`,
      [studentId],
    );
    algebraId = Number(seeded[0]!.subject_id);
  });
  afterAll(async () => server?.close());

  it("shows the pupil's marks, SOR/SOCh and the journal's own quarter result", async () => {
    const grid = await call(server, 'GET', `/api/v2/os/journal/groups/${groupId}/${algebraId}`, {
      token: teacher,
    });
    expect(grid.status).toBe(200);
    const row = grid.body.data.rows.find(
      (r: { student: { id: number } }) => r.student.id === studentId,
    );
    const diary = await call(
      server,
      'GET',
      `/api/v2/os/diary?periodId=${grid.body.data.period.id}`,
      {
        token: student,
        locale: 'ru',
      },
    );
    expect(diary.status).toBe(200);
    expect(diary.body.data.period.id).toBe(grid.body.data.period.id);
    expect(diary.body.data.periods.length).toBeGreaterThanOrEqual(4);
    const algebra = diary.body.data.subjects.find(
      (s: { subject: { id: number } }) => s.subject.id === algebraId,
    );
    expect(algebra.subject.name).toBe(grid.body.data.subject.name);
    const marked = row.cells.filter(
      (c: { mark: number | null; absent: boolean }) => c.mark !== null || c.absent,
    );
    expect(marked.length).toBeGreaterThan(0);
    expect(
      algebra.marks.map((m: { lessonId: number; mark: number | null; absent: boolean }) => [
        m.lessonId,
        m.mark,
        m.absent,
      ]),
    ).toEqual(
      marked.map((c: { lessonId: number; mark: number | null; absent: boolean }) => [
        c.lessonId,
        c.mark,
        c.absent,
      ]),
    );
    expect(algebra.result).toEqual(row.result);
    expect(algebra.result.grade).not.toBeNull();
    expect(algebra.marks.some((m: { homework: boolean }) => m.homework)).toBe(true);
    expect(algebra.homework[0]).toMatchObject({ grade: 9 });
    for (const a of grid.body.data.assessments) {
      const mine = algebra.assessments.find((x: { id: number }) => x.id === a.id);
      expect(mine).toMatchObject({ kind: a.kind, maxPoints: a.maxPoints });
      expect(mine.points).toBe(row.points[String(a.id)] ?? null);
    }
  });

  it('follows a mark the teacher changes', async () => {
    const grid = await call(server, 'GET', `/api/v2/os/journal/groups/${groupId}/${algebraId}`, {
      token: teacher,
    });
    const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
    const lesson = grid.body.data.lessons.find((l: { date: string }) => l.date <= today);
    const saved = await call(server, 'PUT', '/api/v2/os/journal/marks', {
      token: teacher,
      body: { lessonId: lesson.id, studentId, mark: 3 },
    });
    expect(saved.status).toBe(200);
    const diary = await call(
      server,
      'GET',
      `/api/v2/os/diary?periodId=${grid.body.data.period.id}`,
      {
        token: student,
      },
    );
    const algebra = diary.body.data.subjects.find(
      (s: { subject: { id: number } }) => s.subject.id === algebraId,
    );
    expect(algebra.marks.find((m: { lessonId: number }) => m.lessonId === lesson.id)).toMatchObject(
      { mark: 3, homework: false },
    );
    expect(algebra.result).toEqual(saved.body.data.result);
  });

  it('is the pupil’s alone: staff are refused, another school’s period is not found', async () => {
    expect((await call(server, 'GET', '/api/v2/os/diary', { token: teacher })).status).toBe(403);
    expect((await call(server, 'GET', '/api/v2/os/diary')).status).toBe(401);
    const other = await server.db.query<{ id: number }>(
      `SELECT p.id FROM periods p WHERE p.school_id <> (SELECT school_id FROM users WHERE login = 'student') LIMIT 1`,
    );
    if (other[0]) {
      const res = await call(server, 'GET', `/api/v2/os/diary?periodId=${other[0].id}`, {
        token: student,
      });
      expect(res.status).toBe(404);
    }
    const bad = await call(server, 'GET', '/api/v2/os/diary?periodId=abc', { token: student });
    expect(bad.status).toBe(422);
  });
});
