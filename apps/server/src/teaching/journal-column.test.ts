import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';
import { schoolDate } from './journal-access';

/** PUT journal/columns (issue 27): a whole column in one request and one transaction. */
describe.each(BACKENDS)('a journal column in one request (%s)', (backend) => {
  let server: RunningServer;
  let teacher: string;
  let english: string;
  let g7a: number;
  let algebra: number;
  let period2: number;
  let lessons: { id: number; date: string }[];
  let future: { id: number; date: string } | undefined;
  let students: number[];
  let otherPupil: number;
  const put = (body: object, token = teacher, locale: 'kz' | 'ru' = 'kz') =>
    call(server, 'PUT', '/api/v2/os/journal/columns', { token, body, locale });
  const gridRows = async () =>
    (
      await call(server, 'GET', `/api/v2/os/journal/groups/${g7a}/${algebra}?periodId=${period2}`, {
        token: teacher,
      })
    ).body.data;

  beforeAll(async () => {
    server = await startTestServer(backend);
    teacher = (await login(server, 'teacher')).access_token;
    english = (await login(server, 'english-teacher')).access_token;
    const one = async (sql: string) => (await server.db.query<{ id: number }>(sql))[0]!.id;
    g7a = await one("SELECT id FROM groups WHERE parallel = 7 AND letter = 'А'");
    algebra = await one("SELECT id FROM subjects WHERE code = 'algebra'");
    period2 = await one('SELECT id FROM periods WHERE quarter = 2 ORDER BY id LIMIT 1');
    otherPupil = await one(
      "SELECT u.id FROM users u JOIN groups g ON g.id = u.group_id WHERE u.role = 'student' AND g.id <> " +
        g7a +
        ' ORDER BY u.id LIMIT 1',
    );
    const g = await gridRows();
    const today = schoolDate(Date.now());
    lessons = (g.lessons as { id: number; date: string }[]).filter((l) => l.date <= today);
    future = (g.lessons as { id: number; date: string }[]).find((l) => l.date > today);
    students = (g.rows as { student: { id: number } }[]).map((r) => r.student.id);
  });
  afterAll(async () => server?.close());

  it("writes a lesson's whole column with each pupil's quarter result, as the grid shows it", async () => {
    const lesson = lessons[0]!;
    const cells = students.map((studentId, i) =>
      i === 1
        ? { studentId, mark: null, absent: true }
        : { studentId, mark: (i % 10) + 1, absent: false },
    );
    const res = await put({ lessonId: lesson.id, cells });
    expect(res.status).toBe(200);
    expect(res.body.data.cells).toHaveLength(students.length);
    const g = await gridRows();
    for (const [i, cell] of (res.body.data.cells as Record<string, unknown>[]).entries()) {
      expect(cell).toMatchObject({
        studentId: students[i],
        lessonId: lesson.id,
        mark: i === 1 ? null : (i % 10) + 1,
        absent: i === 1,
      });
      const row = (g.rows as { student: { id: number }; result: unknown }[]).find(
        (r) => r.student.id === students[i],
      );
      expect(cell.result).toEqual(row!.result);
    }
    // Clearing the column deletes its cells.
    const cleared = await put({
      lessonId: lesson.id,
      cells: students.map((studentId) => ({ studentId, mark: null, absent: false })),
    });
    expect(cleared.status).toBe(200);
    const left = await server.db.query('SELECT 1 FROM journal_marks WHERE lesson_id = $1', [
      lesson.id,
    ]);
    expect(left).toHaveLength(0);
  });

  it('names every failing row in the language asked and writes nothing', async () => {
    const before = await fingerprint(server);
    const res = await put(
      {
        lessonId: lessons[1]!.id,
        cells: [
          { studentId: students[0], mark: 7 },
          { studentId: otherPupil, mark: 5 },
          { studentId: students[2] },
          { studentId: students[0], mark: 4 },
          { studentId: students[3], points: 3 },
        ],
      },
      teacher,
      'ru',
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'cells.1.studentId',
      'cells.2.mark',
      'cells.3.studentId',
      'cells.4.points',
    ]);
    expect(res.body.errors['cells.1.studentId'][0]).toMatch(/[А-Яа-я]/);
    expect(res.body.message).toContain('4');
    const kz = await put({ lessonId: lessons[1]!.id, cells: [{ studentId: otherPupil, mark: 5 }] });
    expect(kz.body.message).toContain('ештеңе жазылған жоқ');
    if (future) {
      const ahead = await put({
        lessonId: future.id,
        cells: [{ studentId: students[0], mark: 5 }],
      });
      expect(ahead.status).toBe(422);
      expect(ahead.body.errors['cells.0.mark']).toBeDefined();
    }
    expect(await fingerprint(server)).toBe(before);
  });

  it("writes a SOR's points column; over the maximum is named; strangers and bad targets are refused", async () => {
    const sor = await call(
      server,
      'POST',
      `/api/v2/os/journal/groups/${g7a}/${algebra}/assessments`,
      {
        token: teacher,
        body: { kind: 'sor', title: 'Баған', maxPoints: 20, date: lessons[0]!.date },
      },
    );
    expect(sor.status).toBe(201);
    const assessmentId = sor.body.data.id as number;
    const over = await put({
      assessmentId,
      cells: [
        { studentId: students[0], points: 12 },
        { studentId: students[1], points: 25 },
      ],
    });
    expect(over.status).toBe(422);
    expect(Object.keys(over.body.errors)).toEqual(['cells.1.points']);
    const ok = await put({
      assessmentId,
      cells: [
        { studentId: students[0], points: 12 },
        { studentId: students[1], points: 18.5 },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.cells.map((c: { points: number }) => c.points)).toEqual([12, 18.5]);
    expect(ok.body.data.cells[0].result.sor).not.toBeNull();
    const stored = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM assessment_marks WHERE assessment_id = $1',
      [assessmentId],
    );
    expect(stored[0]!.n).toBe(2);
    const before = await fingerprint(server);
    expect((await put({ cells: [{ studentId: students[0], mark: 5 }] })).status).toBe(422);
    expect(
      (
        await put({
          lessonId: lessons[0]!.id,
          assessmentId,
          cells: [{ studentId: students[0], mark: 5 }],
        })
      ).status,
    ).toBe(422);
    const stranger = await put(
      { lessonId: lessons[0]!.id, cells: [{ studentId: students[0], mark: 5 }] },
      english,
    );
    expect(stranger.status).toBe(403);
    expect(await fingerprint(server)).toBe(before);
  });
});
