import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { call, login, startTestServer } from '../test/harness';
import { DEMO_SOR_ID } from './demo-content';

/**
 * Exam results (issue 20): the teacher's override with a comment, the journal's SOR/SOCh column
 * filled from the lesson's attempts, and re-grading a republished SOR. The demo SOR on 7А's
 * algebra lesson (max 11: m1 2, m2 1, m3 2, m4 3, m5 open 3), its pupils given logins.
 */
const backends = ['pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;

describe.each(backends)('exam results (%s)', (backend) => {
  let server: RunningServer;
  let teacher: string;
  let lesson: number;
  const pupils: { id: number; token: string }[] = [];
  const P = '/api/v2/os';
  const handIn = (token: string, answers: object) =>
    call(server, 'POST', `${P}/schedule/exam/${lesson}/sor/${DEMO_SOR_ID}`, {
      token,
      body: { answers },
    });
  const progress = (userId: number) =>
    `${P}/schedule/progress/sor/${lesson}/${DEMO_SOR_ID}/${userId}`;
  const override = (userId: number) => `${progress(userId)}/override`;
  /** The lesson's journal column and a pupil's points in it (null: no cell). */
  const journalPoints = async (userId: number, maxPoints = 11) => {
    const rows = await server.db.query<{ id: number; period_id: number; max_points: number }>(
      'SELECT id, period_id, max_points FROM assessments WHERE lesson_id = $1',
      [lesson],
    );
    const column = rows[0];
    if (!column) return { column: null, points: null };
    const slot = (
      await server.db.query<{ group_id: number; subject_id: number }>(
        'SELECT s.group_id, s.subject_id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id WHERE l.id = $1',
        [lesson],
      )
    )[0]!;
    const grid = await call(
      server,
      'GET',
      `${P}/journal/groups/${slot.group_id}/${slot.subject_id}?periodId=${column.period_id}`,
      { token: teacher },
    );
    expect(grid.status).toBe(200);
    const assessment = grid.body.data.assessments.find((a: { id: number }) => a.id === column.id);
    expect(assessment).toMatchObject({ kind: 'sor', maxPoints });
    const row = grid.body.data.rows.find(
      (r: { student: { id: number } }) => r.student.id === userId,
    );
    return { column: column.id, points: (row?.points[String(column.id)] as number) ?? null };
  };
  // m1 right (2), m2 wrong today (m2-c; right is m2-b), m3 right (2), m4 two links (2 of 3 → 1.5? no:
  // the share of right links made: 2/3 of 3 = 2), m5 open (waits for the teacher).
  const answers = {
    m1: { kind: 'choice', optionIds: ['m1-a'] },
    m2: { kind: 'select', optionId: 'm2-c' },
    m3: { kind: 'choice', optionIds: ['m3-a', 'm3-c'] },
    m4: {
      kind: 'connection',
      links: [
        { left: 'm4-l1', right: 'm4-r1' },
        { left: 'm4-l2', right: 'm4-r2' },
      ],
    },
    m5: { kind: 'open', text: '4x = 36, x = 9' },
  };
  const closed = { m1: answers.m1, m2: answers.m2, m3: answers.m3, m4: answers.m4 };

  beforeAll(async () => {
    server = await startTestServer(backend);
    teacher = (await login(server, 'teacher')).access_token;
    const me = await login(server, 'student');
    lesson = (
      await server.db.query<{ id: number }>('SELECT id FROM lessons WHERE content_draft_id = $1', [
        DEMO_SOR_ID,
      ])
    )[0]!.id;
    pupils.push({ id: me.user.userId, token: me.access_token });
    const classmates = await server.db.query<{ id: number }>(
      `SELECT id FROM users WHERE role = 'student' AND group_id =
         (SELECT group_id FROM users WHERE id = $1) AND id <> $1 ORDER BY id LIMIT 4`,
      [me.user.userId],
    );
    await server.db.query(
      `UPDATE users SET login = 'result-' || id,
              password_hash = (SELECT password_hash FROM users WHERE id = $1)
        WHERE id = ANY($2::int[])`,
      [me.user.userId, classmates.map((c) => c.id)],
    );
    for (const c of classmates)
      pupils.push({ id: c.id, token: (await login(server, `result-${c.id}`)).access_token });
  });
  afterAll(async () => server?.close());

  it('puts a handed-in SOR in the journal once its open answer is graded; the teacher may still change the cell', async () => {
    const [pupil, other] = pupils;
    expect((await handIn(pupil!.token, answers)).status).toBe(200);
    // An open answer waits: the lesson's column exists only once a result is final.
    expect((await journalPoints(pupil!.id)).points).toBeNull();
    const graded = await call(server, 'PUT', progress(pupil!.id), {
      token: teacher,
      body: { moduleId: 'm5', points: 3 },
    });
    expect(graded.status).toBe(200);
    expect(graded.body.data.score).toBe(9);
    const cell = await journalPoints(pupil!.id);
    expect(cell.points).toBe(9);
    // Without open answers the points arrive with the hand-in.
    expect((await handIn(other!.token, closed)).status).toBe(200);
    expect((await journalPoints(other!.id)).points).toBe(6);
    // The teacher types another number in the journal: it stays, whatever the attempt does next.
    const typed = await call(server, 'PUT', `${P}/journal/assessments/${cell.column}/marks`, {
      token: teacher,
      body: { studentId: pupil!.id, points: 10 },
    });
    expect(typed.status).toBe(200);
    const regraded = await call(server, 'PUT', progress(pupil!.id), {
      token: teacher,
      body: { moduleId: 'm5', points: 2 },
    });
    expect(regraded.body.data.score).toBe(8);
    expect((await journalPoints(pupil!.id)).points).toBe(10);
  });

  it('lets only the lesson teacher and management override, with a comment (kz/ru)', async () => {
    const pupil = pupils[2]!;
    expect((await handIn(pupil.token, closed)).status).toBe(200);
    const body = { points: 9, comment: 'Екінші беттегі шешім есептелді' };
    expect(
      (await call(server, 'PUT', override(pupil.id), { token: pupil.token, body })).status,
    ).toBe(403);
    // The class teacher reads the lesson and its results but does not change a colleague's marks.
    const classTeacher = (await login(server, 'group-lead')).access_token;
    expect(
      (await call(server, 'PUT', override(pupil.id), { token: classTeacher, body })).status,
    ).toBe(403);
    const colleague = (await login(server, 'english-teacher')).access_token;
    expect((await call(server, 'PUT', override(pupil.id), { token: colleague, body })).status).toBe(
      404,
    );
    const stranger = (await login(server, 'school2-director')).access_token;
    expect((await call(server, 'PUT', override(pupil.id), { token: stranger, body })).status).toBe(
      404,
    );
    for (const locale of ['kz', 'ru'] as const) {
      const bare = await call(server, 'PUT', override(pupil.id), {
        token: teacher,
        locale,
        body: { points: 9, comment: '   ' },
      });
      expect(bare.status).toBe(422);
      expect(bare.body.errors.comment[0]).toMatch(locale === 'kz' ? /түсініктеме/ : /комментарий/);
    }
    const over = await call(server, 'PUT', override(pupil.id), {
      token: teacher,
      locale: 'ru',
      body: { points: 12, comment: 'x' },
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.points[0]).toBe('Баллы должны быть от 0 до 11');
    // Nothing was written by the refused ones.
    expect((await journalPoints(pupil.id)).points).toBe(6);

    const done = await call(server, 'PUT', override(pupil.id), { token: teacher, body });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      score: 9,
      override: { points: 9, comment: body.comment, computedScore: 6 },
    });
    expect((await journalPoints(pupil.id)).points).toBe(9);
    const director = (await login(server, 'director')).access_token;
    const byDirector = await call(server, 'PUT', override(pupil.id), {
      token: director,
      body: { points: 7.5, comment: 'Апелляция' },
    });
    expect(byDirector.status).toBe(200);
    expect((await journalPoints(pupil.id)).points).toBe(7.5);
    // The teacher's view keeps both; the pupil sees the final points and the comment once the
    // window is over, not the computed score.
    const view = await call(server, 'GET', progress(pupil.id), { token: teacher });
    expect(view.body.data.attempt).toMatchObject({ score: 7.5, override: { computedScore: 6 } });
    const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const shut = await call(server, 'PUT', `${P}/schedule/lesson/${lesson}/exam-window`, {
      token: teacher,
      // Closed, and the grace after it (5 minutes by default) over too.
      body: { opensAt: past(120), closesAt: past(10) },
    });
    expect(shut.status).toBe(200);
    const mine = await call(
      server,
      'GET',
      `${P}/schedule/exam/${lesson}/${pupil.id}/sor/${DEMO_SOR_ID}`,
      {
        token: pupil.token,
      },
    );
    expect(mine.body.data.attempt).toMatchObject({
      shown: 'total',
      score: 7.5,
      override: { points: 7.5, comment: 'Апелляция', computedScore: null },
    });
  });

  it('re-grades a republished SOR on confirmation, keeping the old result; declining changes nothing', async () => {
    const regrade = `${P}/drafts/${DEMO_SOR_ID}/regrade`;
    const draft = await call(server, 'GET', `${P}/drafts/${DEMO_SOR_ID}`, { token: teacher });
    const before = draft.body.data.summary.version as number;
    // Nothing older than the published version yet.
    const none = await call(server, 'GET', regrade, { token: teacher });
    expect(none.status).toBe(200);
    expect(none.body.data.rows).toEqual([]);
    // Corrected: m2's key was wrong (m2-c is right) and the open task m5 goes (the seed's copy
    // lacks what publishing asks of a SOR: learning purposes, and options on every task).
    const edited = await call(server, 'POST', `${P}/drafts/${DEMO_SOR_ID}/commands`, {
      token: teacher,
      body: {
        expectedVersion: before,
        commands: [
          { type: 'select/setRight', moduleId: 'm2', optionId: 'm2-c' },
          { type: 'module/remove', moduleId: 'm5' },
          {
            type: 'purpose/add',
            purposeId: 'purpose-7-2-2-1',
            title: '7.2.2.1 Сызықтық теңдеулерді шешу',
          },
          ...['m1', 'm2', 'm3', 'm4'].map((moduleId) => ({
            type: 'purpose/attach',
            purposeId: 'purpose-7-2-2-1',
            moduleId,
          })),
        ],
      },
    });
    expect(edited.status).toBe(200);
    const before2 = edited.body.data.version as number;
    const published = await call(server, 'POST', `${P}/drafts/${DEMO_SOR_ID}/publish`, {
      token: teacher,
    });
    expect(published.body).toMatchObject({ data: { summary: { status: 'published' } } });
    const version = before2;

    expect((await call(server, 'GET', regrade, { token: pupils[0]!.token })).status).toBe(403);
    const colleague = (await login(server, 'english-teacher')).access_token;
    expect((await call(server, 'GET', regrade, { token: colleague })).status).toBe(403);
    const stranger = (await login(server, 'school2-teacher')).access_token;
    expect((await call(server, 'GET', regrade, { token: stranger })).status).toBe(404);

    const preview = await call(server, 'GET', regrade, { token: teacher });
    expect(preview.status).toBe(200);
    expect(preview.body.data.version).toBe(version);
    const rows = preview.body.data.rows as {
      student: { id: number };
      oldScore: number;
      newScore: number;
      override: number | null;
      changed: boolean;
    }[];
    const of = (id: number) => rows.find((row) => row.student.id === id)!;
    expect(rows).toHaveLength(3);
    // m2 now right (+1), m5 gone (its 2 of 3 points, and 3 of the maximum).
    expect(of(pupils[0]!.id)).toMatchObject({
      oldScore: 8,
      oldMaxScore: 11,
      newScore: 7,
      newMaxScore: 8,
      changed: true,
    });
    expect(of(pupils[1]!.id)).toMatchObject({ oldScore: 6, newScore: 7, override: null });
    expect(of(pupils[2]!.id)).toMatchObject({ oldScore: 6, newScore: 7, override: 7.5 });
    // A preview (or a declined one) writes nothing.
    const still = await server.db.query<{ version: number }>(
      'SELECT DISTINCT version FROM attempts WHERE lesson_id = $1',
      [lesson],
    );
    expect(still.map((row) => row.version)).toEqual([before]);

    const stale = await call(server, 'POST', regrade, {
      token: teacher,
      locale: 'ru',
      body: { version: before },
    });
    expect(stale.status).toBe(409);
    const confirmed = await call(server, 'POST', regrade, { token: teacher, body: { version } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.regraded).toBe(3);
    // Idempotent: a second confirmation finds nothing older.
    const again = await call(server, 'POST', regrade, { token: teacher, body: { version } });
    expect(again.body.data).toMatchObject({ regraded: 0, rows: [] });

    const moved = await server.db.query<{ version: number; content_version: number }>(
      `SELECT DISTINCT a.version, l.content_version FROM attempts a JOIN lessons l ON l.id = a.lesson_id
        WHERE a.lesson_id = $1`,
      [lesson],
    );
    expect(moved).toEqual([{ version, content_version: version }]);
    const kept = await server.db.query<{ old_version: number; old_score: string }>(
      'SELECT old_version, old_score FROM attempt_regrades WHERE attempt_id IN (SELECT id FROM attempts WHERE lesson_id = $1) ORDER BY attempt_id',
      [lesson],
    );
    expect(kept.map((row) => [row.old_version, Number(row.old_score)])).toEqual([
      [before, 8],
      [before, 6],
      [before, 6],
    ]);
    // The teacher sees the new points; the journal follows, except where the teacher typed a
    // number (pupil 0) or overrode the result (pupil 2).
    const view = await call(server, 'GET', progress(pupils[1]!.id), { token: teacher });
    expect(view.body.data).toMatchObject({ version, attempt: { score: 7, version } });
    expect((await journalPoints(pupils[1]!.id, 8)).points).toBe(7);
    expect((await journalPoints(pupils[0]!.id, 8)).points).toBe(10);
    expect((await journalPoints(pupils[2]!.id, 8)).points).toBe(7.5);
    const overridden = await call(server, 'GET', progress(pupils[2]!.id), { token: teacher });
    expect(overridden.body.data.attempt).toMatchObject({
      score: 7.5,
      override: { computedScore: 7 },
    });
  });
});
