import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftSchema } from '@sabaq/engine';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';
import { demoSor } from './demo-content';
import { assertNotFuture, schoolDate } from './journal-access';

/** Issue 20: homework grades reach the journal, no marks on future dates, open tasks scored. */

const DAY = 86_400_000;
const OPEN_LESSON_ID = 'hw-open-lesson-test';

describe('school date and future marks (pure)', () => {
  it('counts the date in UTC+5 whatever the server zone', () => {
    // 20:30 UTC on the 22nd is already the 23rd in Kazakhstan.
    expect(schoolDate(Date.parse('2026-11-22T20:30:00Z'))).toBe('2026-11-23');
    expect(schoolDate(Date.parse('2026-11-22T18:59:00Z'))).toBe('2026-11-22');
  });

  it('refuses a mark or an absence after today, lets a cell be cleared', () => {
    const now = Date.parse('2026-11-23T06:00:00Z');
    expect(() => assertNotFuture('2026-12-25', { mark: 8 }, now)).toThrow();
    expect(() => assertNotFuture('2026-12-25', { absent: true }, now)).toThrow();
    expect(() => assertNotFuture('2026-11-23', { mark: 8 }, now)).not.toThrow();
    expect(() => assertNotFuture('2026-12-25', { mark: null, absent: false }, now)).not.toThrow();
  });
});

describe.each(BACKENDS)('homework marks in the journal (%s)', (backend) => {
  let server: RunningServer;
  let teacher: string;
  let student: string;
  let studentId: number;
  let groupId: number;
  let subjectId: number;
  let pastLesson: number;
  let futureLesson: number;
  let answerId: number;

  /** The 7А algebra lesson nearest to `at` on the given side of today (school date). */
  async function algebraLesson(at: number, past: boolean): Promise<number> {
    const date = new Date(at).toISOString().slice(0, 10);
    const week = await call(server, 'GET', `/api/v2/os/schedule?date=${date}`, { token: teacher });
    const today = schoolDate(Date.now());
    const lessons = week.body.data.days.flatMap(
      (d: { date: string; lessons: { id: number; group: { name: string } }[] }) =>
        d.lessons.filter((l) => l.group.name === '7А').map((l) => ({ id: l.id, date: d.date })),
    ) as { id: number; date: string }[];
    const found = lessons.find((l) => (past ? l.date < today : l.date > today));
    if (!found) throw new Error(`no 7А lesson around ${date}`);
    return found.id;
  }

  async function cell(lessonId: number) {
    const grid = await call(server, 'GET', `/api/v2/os/journal/groups/${groupId}/${subjectId}`, {
      token: teacher,
      headers: {},
    });
    expect(grid.status).toBe(200);
    const row = grid.body.data.rows.find(
      (r: { student: { id: number } }) => r.student.id === studentId,
    );
    return row?.cells.find((c: { lessonId: number }) => c.lessonId === lessonId) as
      { mark: number | null; absent: boolean } | undefined;
  }

  async function createHomework(lessonId: number): Promise<number> {
    const res = await call(server, 'POST', `/api/v2/os/homework/control/${lessonId}/create`, {
      token: teacher,
      body: {
        text: 'Ашық есеп',
        draftId: OPEN_LESSON_ID,
        deadline: new Date(Date.now() + 3 * DAY).toISOString(),
      },
    });
    expect(res.status).toBe(201);
    const list = await call(server, 'GET', '/api/v2/os/homework/list', { token: student });
    const item = list.body.data.rows
      .flatMap((r: { items: { id: number; assigned: { answerId: number } }[] }) => r.items)
      .find((i: { id: number }) => i.id === res.body.data.id);
    return item.assigned.answerId;
  }

  async function submit(id: number) {
    const res = await call(server, 'POST', `/api/v2/os/homework/list/assigned/${id}`, {
      token: student,
      body: {
        exerciseAnswers: {
          m1: { kind: 'choice', optionIds: ['m1-a'] },
          m5: { kind: 'open', text: '4x = 36, x = 9' },
        },
      },
    });
    expect(res.status).toBe(200);
  }

  const check = (id: number, body: object, locale: 'kz' | 'ru' = 'kz') =>
    call(server, 'PUT', `/api/v2/os/homework/answers/${id}`, { token: teacher, locale, body });

  beforeAll(async () => {
    server = await startTestServer(backend);
    teacher = (await login(server, 'teacher')).access_token;
    student = (await login(server, 'student')).access_token;
    // A published lesson (not an exam) with the demo SOR's tasks: one open answer worth 3.
    const draft = DraftSchema.parse({
      ...demoSor(),
      id: OPEN_LESSON_ID,
      type: 'lesson',
      version: 1,
    });
    const owner = await server.db.query<{ id: number; school_id: number }>(
      "SELECT id, school_id FROM users WHERE login = 'teacher'",
    );
    await server.db.query(
      `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, status, doc, initial, published_at)
       VALUES ($1, $2, $3, 'lesson', $4, 'kz', 1, 'published', $5, $5, now())`,
      [draft.id, owner[0]!.id, owner[0]!.school_id, draft.title, JSON.stringify(draft)],
    );
    await server.db.query(
      `INSERT INTO content_versions (draft_id, version, type, title, doc) VALUES ($1, 1, 'lesson', $2, $3)`,
      [draft.id, draft.title, JSON.stringify(draft)],
    );
    pastLesson = await algebraLesson(Date.now() - 7 * DAY, true);
    futureLesson = await algebraLesson(Date.now() + 7 * DAY, false);
    const ids = await server.db.query<{ group_id: number; subject_id: number }>(
      'SELECT t.group_id, t.subject_id FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id WHERE l.id = $1',
      [pastLesson],
    );
    groupId = ids[0]!.group_id;
    subjectId = ids[0]!.subject_id;
    studentId = Number(
      (await server.db.query<{ id: number }>("SELECT id FROM users WHERE login = 'student'"))[0]!
        .id,
    );
    // The demo journal may already hold a mark on that day: start from an empty cell.
    await server.db.query('DELETE FROM journal_marks WHERE lesson_id = ANY($1::int[])', [
      [pastLesson, futureLesson],
    ]);
  });
  afterAll(async () => server?.close());

  it('scores open tasks one by one: 0..max, the total follows, the pupil sees per-task points', async () => {
    answerId = await createHomework(pastLesson);
    await submit(answerId);
    const before = await call(server, 'GET', `/api/v2/os/homework/answers/${answerId}`, {
      token: teacher,
    });
    expect(before.body.data.answer.exerciseScore).toBe(2);
    expect(before.body.data.answer.exerciseMax).toBe(11);
    const open = before.body.data.answer.exerciseResults.find(
      (r: { moduleId: string }) => r.moduleId === 'm5',
    );
    expect(open).toMatchObject({ kind: 'open', status: 'pending', points: null, max: 3 });

    const unchanged = await fingerprint(server);
    const over = await check(answerId, {
      action: 'score',
      grades: [{ moduleId: 'm5', points: 4 }],
    });
    expect(over.status).toBe(422);
    expect(over.body.errors['grades.0.points']).toBeTruthy();
    const auto = await check(
      answerId,
      { action: 'score', grades: [{ moduleId: 'm1', points: 1 }] },
      'ru',
    );
    expect(auto.status).toBe(422);
    expect(auto.body.errors['grades.0.moduleId']).toBeTruthy();
    expect(await fingerprint(server)).toBe(unchanged);

    const scored = await check(answerId, {
      action: 'score',
      grades: [{ moduleId: 'm5', points: 2.5 }],
    });
    expect(scored.status).toBe(200);
    expect(scored.body.data.answer).toMatchObject({
      status: 'sent',
      exerciseScore: 4.5,
      grade: null,
    });
    const mine = await call(server, 'GET', `/api/v2/os/homework/list/assigned/${answerId}`, {
      token: student,
    });
    const seen = mine.body.data.answer.exerciseResults.find(
      (r: { moduleId: string }) => r.moduleId === 'm5',
    );
    expect(seen).toMatchObject({ points: 2.5, max: 3, status: 'partial' });
    expect(mine.body.data.answer.exerciseScore).toBe(4.5);
  });

  it("puts the grade in the journal cell of the homework's lesson; re-grading updates it", async () => {
    expect(await cell(pastLesson)).toMatchObject({ mark: null });
    expect((await check(answerId, { action: 'check', grade: 8 })).status).toBe(200);
    expect(await cell(pastLesson)).toMatchObject({ mark: 8, absent: false });
    expect((await check(answerId, { action: 'check', grade: 9 })).status).toBe(200);
    expect(await cell(pastLesson)).toMatchObject({ mark: 9 });
  });

  it('a mark the teacher changed in the journal stays when the homework is re-graded', async () => {
    const hand = await call(server, 'PUT', '/api/v2/os/journal/marks', {
      token: teacher,
      body: { lessonId: pastLesson, studentId, mark: 7 },
    });
    expect(hand.status).toBe(200);
    expect((await check(answerId, { action: 'check', grade: 6 })).status).toBe(200);
    expect(await cell(pastLesson)).toMatchObject({ mark: 7 });
  });

  it('refuses marks and absences on a future lesson (kz/ru at the cell), allows clearing', async () => {
    const before = await fingerprint(server);
    const kz = await call(server, 'PUT', '/api/v2/os/journal/marks', {
      token: teacher,
      locale: 'kz',
      body: { lessonId: futureLesson, studentId, mark: 9 },
    });
    expect(kz.status).toBe(422);
    expect(kz.body.errors.lessonId[0]).toMatch(/^\d\d\.\d\d\.\d{4} сабағы әлі өткен жоқ/);
    const ru = await call(server, 'PUT', '/api/v2/os/journal/marks', {
      token: teacher,
      locale: 'ru',
      body: { lessonId: futureLesson, studentId, absent: true },
    });
    expect(ru.status).toBe(422);
    expect(ru.body.errors.lessonId[0]).toMatch(/^Урок \d\d\.\d\d\.\d{4} ещё не прошёл/);
    expect(await fingerprint(server)).toBe(before);
    const clear = await call(server, 'PUT', '/api/v2/os/journal/marks', {
      token: teacher,
      body: { lessonId: futureLesson, studentId, mark: null, absent: false },
    });
    expect(clear.status).toBe(200);
  });

  it('a homework of a lesson still to come puts nothing in the journal', async () => {
    const id = await createHomework(futureLesson);
    await submit(id);
    expect((await check(id, { action: 'check', grade: 10 })).status).toBe(200);
    expect(await cell(futureLesson)).toMatchObject({ mark: null });
    const rows = await server.db.query('SELECT 1 FROM journal_marks WHERE lesson_id = $1', [
      futureLesson,
    ]);
    expect(rows).toHaveLength(0);
  });

  it("a subgroup lesson's homework goes to its members only, and so does its mark", async () => {
    const english = (await login(server, 'english-teacher')).access_token;
    const sub = await server.db.query<{ id: number }>(
      `SELECT sg.id FROM subgroups sg JOIN subjects s ON s.id = sg.subject_id
        WHERE sg.group_id = $1 AND s.code = 'english' ORDER BY sg.id LIMIT 1`,
      [groupId],
    );
    const subgroupId = Number(sub[0]!.id);
    const lesson = await server.db.query<{ id: number; slot_id: number }>(
      `SELECT l.id, l.slot_id FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id
         JOIN subjects s ON s.id = t.subject_id
        WHERE t.group_id = $1 AND s.code = 'english' AND l.lesson_date < $2::date
        ORDER BY l.lesson_date DESC LIMIT 1`,
      [groupId, schoolDate(Date.now())],
    );
    const { id: lessonId, slot_id: slotId } = lesson[0]!;
    await server.db.query('UPDATE timetable_slots SET subgroup_id = $1 WHERE id = $2', [
      subgroupId,
      slotId,
    ]);
    try {
      const res = await call(server, 'POST', `/api/v2/os/homework/control/${lessonId}/create`, {
        token: english,
        body: { text: 'Workbook p. 12', deadline: new Date(Date.now() + DAY).toISOString() },
      });
      expect(res.status).toBe(201);
      const answers = await server.db.query<{ student_id: number }>(
        'SELECT student_id FROM homework_answers WHERE homework_id = $1 ORDER BY student_id',
        [res.body.data.id],
      );
      const members = await server.db.query<{ user_id: number }>(
        `SELECT m.user_id FROM subgroup_members m JOIN users u ON u.id = m.user_id
          WHERE m.subgroup_id = $1 AND u.group_id = $2 AND u.role = 'student' ORDER BY m.user_id`,
        [subgroupId, groupId],
      );
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.map((a) => Number(a.student_id))).toEqual(
        members.map((m) => Number(m.user_id)),
      );
      const all = await server.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE role = 'student' AND group_id = $1",
        [groupId],
      );
      expect(answers.length).toBeLessThan(all[0]!.n);
    } finally {
      await server.db.query('UPDATE timetable_slots SET subgroup_id = NULL WHERE id = $1', [
        slotId,
      ]);
    }
  });
});
