import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';

/**
 * A class in the archive keeps its journal to read, and nothing is written into it (issue 13):
 * before, the journal's write routes checked the school and the role, never the archive, so the
 * director could still mark a lesson or add a SOR to a class that had left.
 */
describe.each(BACKENDS)('the journal of an archived class (%s)', (backend) => {
  let server: RunningServer;
  let director: string;
  let lesson: { id: number; group: number; subject: number; student: number };

  beforeAll(async () => {
    server = await startTestServer(backend);
    director = (await login(server, 'director')).access_token;
    // A dated lesson of 7А with one of its pupils (the director's week creates the lessons).
    await call(server, 'GET', '/api/v2/os/schedule?date=2026-11-18', {
      token: (await login(server, 'teacher')).access_token,
    });
    const [row] = await server.db.query<{
      id: number;
      group: number;
      subject: number;
      student: number;
    }>(
      `SELECT l.id, t.group_id AS group, t.subject_id AS subject,
              (SELECT u.id FROM users u WHERE u.group_id = t.group_id AND u.role = 'student'
                ORDER BY u.id LIMIT 1) AS student
         FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id
         JOIN groups g ON g.id = t.group_id
        WHERE g.parallel = 7 AND g.letter = 'А' AND NOT g.archived AND t.subgroup_id IS NULL
        ORDER BY l.lesson_date, t.lesson_no LIMIT 1`,
    );
    if (!row) throw new Error('no lesson of 7А');
    lesson = row;
  });
  afterAll(async () => server?.close());

  it('marks and a new SOR are refused with 409 in kz/ru, and nothing is written', async () => {
    const mark = { lessonId: lesson.id, studentId: lesson.student, mark: 8 };
    // The same mark goes in while the class is active…
    const active = await call(server, 'PUT', '/api/v2/os/journal/marks', {
      token: director,
      body: mark,
    });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    await server.db.query('UPDATE groups SET archived = true WHERE id = $1', [lesson.group]);
    try {
      const before = await fingerprint(server);
      const refused = await call(server, 'PUT', '/api/v2/os/journal/marks', {
        token: director,
        body: { ...mark, mark: 3 },
        locale: 'ru',
      });
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.body)).toContain('Класс в архиве');
      const sor = await call(
        server,
        'POST',
        `/api/v2/os/journal/groups/${lesson.group}/${lesson.subject}/assessments`,
        {
          token: director,
          body: { kind: 'sor', title: 'БЖБ', maxPoints: 10, date: '2026-11-18' },
          locale: 'kz',
        },
      );
      expect(sor.status).toBe(409);
      expect(JSON.stringify(sor.body)).toContain('Сынып мұрағатта');
      expect(await fingerprint(server)).toBe(before);
    } finally {
      await server.db.query('UPDATE groups SET archived = false WHERE id = $1', [lesson.group]);
    }
  });
});
