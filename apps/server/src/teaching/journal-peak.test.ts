import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { schoolDate } from './journal-access';

/**
 * The two-statement mark write (issue 27) under concurrency: every acknowledged mark is stored
 * exactly once with its value, one writer wins a contested cell, and the quarter result a write
 * answers with is the one the grid then shows.
 */
describe.each(BACKENDS)('journal marks under concurrency (%s)', (backend) => {
  let server: RunningServer;
  let teacher: string;
  let g7a: number;
  let algebra: number;
  let period2: number;
  let lessons: { id: number; date: string }[];
  let students: number[];
  const put = (body: object) =>
    call(server, 'PUT', '/api/v2/os/journal/marks', { token: teacher, body });
  const cells = (lessonIds: number[]) =>
    server.db.query<{ lesson_id: number; student_id: number; mark: number | null; n: number }>(
      `SELECT lesson_id, student_id, mark, count(*) OVER (PARTITION BY lesson_id, student_id)::int AS n
         FROM journal_marks WHERE lesson_id = ANY($1::int[])`,
      [lessonIds],
    );

  beforeAll(async () => {
    server = await startTestServer(backend);
    teacher = (await login(server, 'teacher')).access_token;
    const one = async (sql: string) => (await server.db.query<{ id: number }>(sql))[0]!.id;
    g7a = await one("SELECT id FROM groups WHERE parallel = 7 AND letter = 'А'");
    algebra = await one("SELECT id FROM subjects WHERE code = 'algebra'");
    period2 = await one('SELECT id FROM periods WHERE quarter = 2 ORDER BY id LIMIT 1');
    const grid = await call(
      server,
      'GET',
      `/api/v2/os/journal/groups/${g7a}/${algebra}?periodId=${period2}`,
      { token: teacher },
    );
    const today = schoolDate(Date.now());
    lessons = (grid.body.data.lessons as { id: number; date: string }[]).filter(
      (l) => l.date <= today,
    );
    students = (grid.body.data.rows as { student: { id: number } }[]).map((r) => r.student.id);
    expect(lessons.length).toBeGreaterThanOrEqual(3);
    expect(students.length).toBeGreaterThanOrEqual(5);
  });
  afterAll(async () => server?.close());

  it('stores every acknowledged mark exactly once with its value', async () => {
    const used = lessons.slice(0, 3);
    const writes = used.flatMap((l, i) =>
      students
        .slice(0, 5)
        .map((s, j) => ({ lessonId: l.id, studentId: s, mark: ((i + j) % 10) + 1 })),
    );
    const answers = await Promise.all(writes.map((w) => put(w)));
    expect(answers.map((a) => a.status)).toEqual(writes.map(() => 200));
    const stored = await cells(used.map((l) => l.id));
    for (const w of writes) {
      const row = stored.find((r) => r.lesson_id === w.lessonId && r.student_id === w.studentId);
      expect(row).toMatchObject({ mark: w.mark, n: 1 });
    }
  });

  it('leaves one winner in a contested cell, and the answer matches the grid', async () => {
    const lesson = lessons[lessons.length - 1]!;
    const studentId = students[students.length - 1]!;
    const marks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const answers = await Promise.all(
      marks.map((mark) => put({ lessonId: lesson.id, studentId, mark })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const stored = (await cells([lesson.id])).filter((r) => r.student_id === studentId);
    expect(stored).toHaveLength(1);
    expect(marks).toContain(stored[0]!.mark);
    // A last, uncontested write answers with the result the grid then computes from storage.
    const last = await put({ lessonId: lesson.id, studentId, mark: 7 });
    const grid = await call(
      server,
      'GET',
      `/api/v2/os/journal/groups/${g7a}/${algebra}?periodId=${period2}`,
      { token: teacher },
    );
    const row = (grid.body.data.rows as { student: { id: number }; result: unknown }[]).find(
      (r) => r.student.id === studentId,
    );
    expect(last.body.data.result).toEqual(row!.result);
    // Clearing the cell deletes it; the answer's result no longer counts it.
    const cleared = await put({ lessonId: lesson.id, studentId, mark: null, absent: false });
    expect(cleared.body.data).toMatchObject({ mark: null, absent: false });
    expect((await cells([lesson.id])).filter((r) => r.student_id === studentId)).toHaveLength(0);
  });
});
