import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { call, login, startTestServer } from '../test/harness';
import { DEMO_SOR_ID } from './demo-content';
import { pupilResultsShownIn, pupilSeesKeys } from './exam-access';
import { handInOverdue } from './sitting-commands';
import {
  NETWORK_GRACE_MS,
  acceptedUntil,
  isInTime,
  isOnline,
  limitMinutes,
  sittingDeadline,
} from './sitting-rules';

const window = (opens: string, closes: string) => ({
  opensAt: new Date(opens),
  closesAt: new Date(closes),
  custom: true,
  showKeys: false,
  graceMinutes: 5,
});

describe('the clock of a sitting (pure)', () => {
  it('is the draft duration from the start, never past the window', () => {
    const w = window('2026-11-23T04:00:00Z', '2026-11-23T05:00:00Z');
    expect(sittingDeadline(new Date('2026-11-23T04:05:00Z'), 40, w).toISOString()).toBe(
      '2026-11-23T04:45:00.000Z',
    );
    // Five minutes before the window closes: five minutes.
    expect(sittingDeadline(new Date('2026-11-23T04:55:00Z'), 40, w).toISOString()).toBe(
      '2026-11-23T05:00:00.000Z',
    );
    expect(limitMinutes(undefined)).toBe(40);
    expect(limitMinutes(25)).toBe(25);
  });

  it("takes answers within the teacher's grace after the deadline (at least a save in flight), not later", () => {
    const deadline = new Date('2026-11-23T04:45:00Z');
    const after = (ms: number) => new Date(deadline.getTime() + ms);
    expect(isInTime(deadline, after(5 * 60_000), 5)).toBe(true);
    expect(isInTime(deadline, after(5 * 60_000 + 1), 5)).toBe(false);
    expect(acceptedUntil(deadline, 5).toISOString()).toBe('2026-11-23T04:50:00.000Z');
    // A grace of 0 still takes the last autosave in flight.
    expect(isInTime(deadline, after(NETWORK_GRACE_MS), 0)).toBe(true);
    expect(isInTime(deadline, after(NETWORK_GRACE_MS + 1), 0)).toBe(false);
    expect(isOnline(new Date('2026-11-23T04:44:10Z'), deadline)).toBe(true);
    expect(isOnline(new Date('2026-11-23T04:43:00Z'), deadline)).toBe(false);
  });
});

describe('keys after the window (pure)', () => {
  it("reach pupils only once the window and the teacher's grace after it are over", () => {
    const w = { ...window('2026-11-23T04:00:00Z', '2026-11-23T05:00:00Z'), showKeys: true };
    expect(pupilSeesKeys(w, new Date('2026-11-23T05:01:00Z'))).toBe(false);
    expect(pupilResultsShownIn('sor', w, new Date('2026-11-23T05:04:59Z'))).toBe('handedIn');
    expect(pupilSeesKeys(w, new Date('2026-11-23T05:05:01Z'))).toBe(true);
    expect(pupilResultsShownIn('sor', w, new Date('2026-11-23T05:05:01Z'))).toBe('full');
  });
});

/** One SOR lesson of the demo 7А, its pupils signed in, exam routes by name. */
describe('SOR/SOCh under exam conditions (pglite)', () => {
  let server: RunningServer;
  let teacher: string;
  let lesson: number;
  const pupils: { id: number; token: string }[] = [];

  const exam = (userId: number) =>
    `/api/v2/os/schedule/exam/${lesson}/${userId}/sor/${DEMO_SOR_ID}`;
  const at = (what: 'start' | 'answers' | '') =>
    `/api/v2/os/schedule/exam/${lesson}/sor/${DEMO_SOR_ID}${what ? `/${what}` : ''}`;
  const monitor = () => `/api/v2/os/schedule/lesson/${lesson}/exam-monitor`;
  const answers = { m2: { kind: 'select', optionId: 'm2-c' }, m5: { kind: 'open', text: 'x = 9' } };

  beforeAll(async () => {
    server = await startTestServer('pglite');
    teacher = (await login(server, 'teacher')).access_token;
    const me = await login(server, 'student');
    lesson = (
      await server.db.query<{ id: number }>('SELECT id FROM lessons WHERE content_draft_id = $1', [
        DEMO_SOR_ID,
      ])
    )[0]!.id;
    pupils.push({ id: me.user.userId, token: me.access_token });
    // Three classmates, given a login and the demo password (the class list has neither).
    const classmates = await server.db.query<{ id: number }>(
      `SELECT id FROM users WHERE role = 'student' AND group_id =
         (SELECT group_id FROM users WHERE id = $1) AND id <> $1 ORDER BY id LIMIT 3`,
      [me.user.userId],
    );
    await server.db.query(
      `UPDATE users SET login = 'sitting-' || id,
              password_hash = (SELECT password_hash FROM users WHERE id = $1)
        WHERE id = ANY($2::int[])`,
      [me.user.userId, classmates.map((c) => c.id)],
    );
    for (const c of classmates)
      pupils.push({ id: c.id, token: (await login(server, `sitting-${c.id}`)).access_token });
  });
  afterAll(async () => server?.close());

  it('shows no question before the start; the start fixes the deadline; a second tab resumes it', async () => {
    const [pupil] = pupils;
    const before = await call(server, 'GET', exam(pupil!.id), { token: pupil!.token });
    expect(before.status).toBe(200);
    expect(before.body.data.draft.pages).toEqual([]);
    expect(before.body.data.draft.title).toBeTruthy();
    expect(before.body.data.sitting).toBeNull();
    // Handing in without a start is a start and a hand-in at once: not here (the tests below).

    const start = await call(server, 'POST', at('start'), { token: pupil!.token });
    expect(start.status).toBe(200);
    const sitting = start.body.data;
    const limit = sitting.limitMinutes as number;
    expect(Date.parse(sitting.deadlineAt) - Date.parse(sitting.startedAt)).toBe(limit * 60_000);
    const again = await call(server, 'POST', at('start'), { token: pupil!.token });
    expect(again.body.data.startedAt).toBe(sitting.startedAt);

    const opened = await call(server, 'GET', exam(pupil!.id), { token: pupil!.token });
    expect(opened.body.data.draft.pages[0].modules.length).toBeGreaterThan(0);
    // No keys in the questions either.
    expect(opened.body.data.draft.pages[0].modules[1].options.rightId).toBeNull();
  });

  it('saves answers as the pupil goes: a closed tab resumes with them and less time', async () => {
    const [pupil] = pupils;
    const saved = await call(server, 'PUT', at('answers'), {
      token: pupil!.token,
      body: { answers },
    });
    expect(saved.status).toBe(200);
    // The pupil comes back ten minutes later (the start moved back, as a clock would).
    await server.db.query(
      `UPDATE exam_sittings SET started_at = started_at - interval '10 minutes',
              deadline_at = deadline_at - interval '10 minutes' WHERE user_id = $1`,
      [pupil!.id],
    );
    const back = await call(server, 'GET', exam(pupil!.id), { token: pupil!.token });
    const sitting = back.body.data.sitting;
    expect(sitting.answers).toEqual(answers);
    const left = Date.parse(sitting.deadlineAt) - Date.parse(sitting.serverNow);
    expect(left).toBeLessThan((sitting.limitMinutes - 9) * 60_000);
    expect(left).toBeGreaterThan(0);
    // A bad answer is refused at its field and the saved ones stay.
    const bad = await call(server, 'PUT', at('answers'), {
      token: pupil!.token,
      body: { answers: { m2: { kind: 'choice', optionIds: [] } } },
    });
    expect(bad.status).toBe(422);
    const still = await call(server, 'GET', exam(pupil!.id), { token: pupil!.token });
    expect(still.body.data.sitting.answers).toEqual(answers);
  });

  it('the teacher sees who started, who is online and who has not started', async () => {
    const res = await call(server, 'GET', monitor(), { token: teacher });
    expect(res.status).toBe(200);
    const rows = res.body.data.rows as {
      student: { id: number };
      state: string;
      online: boolean;
    }[];
    const row = (id: number) => rows.find((r) => r.student.id === id)!;
    expect(row(pupils[0]!.id)).toMatchObject({ state: 'inProgress', online: true });
    expect(row(pupils[1]!.id)).toMatchObject({ state: 'notStarted', online: false });
    // A pupil silent for two minutes is offline.
    await server.db.query(
      "UPDATE exam_sittings SET last_seen_at = now() - interval '2 minutes' WHERE user_id = $1",
      [pupils[0]!.id],
    );
    const later = await call(server, 'GET', monitor(), { token: teacher });
    expect(
      later.body.data.rows.find((r: { student: { id: number } }) => r.student.id === pupils[0]!.id),
    ).toMatchObject({ state: 'inProgress', online: false });
    // Pupils and teachers of other lessons do not watch it.
    expect((await call(server, 'GET', monitor(), { token: pupils[1]!.token })).status).toBe(403);
    // Another teacher does not see the lesson at all (someone else's row: 404).
    const other = (await login(server, 'english-teacher')).access_token;
    expect((await call(server, 'GET', monitor(), { token: other })).status).toBe(404);
  });

  it('when the time and its grace are up the saved answers are handed in and later ones refused (kz/ru)', async () => {
    const [pupil] = pupils;
    // Past the deadline and the default grace of 5 minutes.
    await server.db.query(
      "UPDATE exam_sittings SET deadline_at = now() - interval '6 minutes' WHERE user_id = $1",
      [pupil!.id],
    );
    const late = await call(server, 'PUT', at('answers'), {
      token: pupil!.token,
      locale: 'ru',
      body: { answers: { m5: { kind: 'open', text: 'поздний ответ' } } },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(
      /^Время работы истекло в \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, ответы принимались до \d{2}:\d{2}/,
    );
    const kz = await call(server, 'POST', at(''), {
      token: pupil!.token,
      body: { answers: { m5: { kind: 'open', text: 'тағы' } } },
    });
    expect(kz.status).toBe(409);
    expect(kz.body.message).toMatch(/Жұмыс тапсырылып қойған/);
    const progress = await call(
      server,
      'GET',
      `/api/v2/os/schedule/progress/sor/${lesson}/${DEMO_SOR_ID}/${pupil!.id}`,
      { token: teacher },
    );
    expect(progress.body.data.attempt.answers).toEqual(answers);
  });

  it('a closed tab still hands in when its time is up (the sweep), once', async () => {
    const pupil = pupils[1]!;
    await call(server, 'POST', at('start'), { token: pupil.token });
    await call(server, 'PUT', at('answers'), { token: pupil.token, body: { answers } });
    // Within the grace (5 minutes by default) the sweep waits for a hand-in still on its way.
    await server.db.query(
      "UPDATE exam_sittings SET deadline_at = now() - interval '1 minute' WHERE user_id = $1",
      [pupil.id],
    );
    expect(await handInOverdue(server.db, new Date())).toBe(0);
    await server.db.query(
      "UPDATE exam_sittings SET deadline_at = now() - interval '6 minutes' WHERE user_id = $1",
      [pupil.id],
    );
    expect(await handInOverdue(server.db, new Date())).toBe(1);
    expect(await handInOverdue(server.db, new Date())).toBe(0);
    const rows = (await call(server, 'GET', monitor(), { token: teacher })).body.data.rows;
    expect(rows.find((r: { student: { id: number } }) => r.student.id === pupil.id)).toMatchObject({
      state: 'submitted',
    });
  });

  it('two tabs handing in at once make one attempt', async () => {
    const pupil = pupils[2]!;
    await call(server, 'POST', at('start'), { token: pupil.token });
    const both = await Promise.all([
      call(server, 'POST', at(''), { token: pupil.token, body: { answers } }),
      call(server, 'POST', at(''), { token: pupil.token, body: { answers } }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const count = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM attempts WHERE user_id = $1 AND lesson_id = $2',
      [pupil.id, lesson],
    );
    expect(count[0]!.n).toBe(1);
  });

  it('the teacher allows one pupil another attempt with a reason; the first is kept', async () => {
    const pupil = pupils[2]!;
    const short = await call(server, 'POST', `/api/v2/os/schedule/lesson/${lesson}/exam-retake`, {
      token: teacher,
      body: { userId: pupil.id, reason: 'x' },
    });
    expect(short.status).toBe(422);
    const nothing = await call(server, 'POST', `/api/v2/os/schedule/lesson/${lesson}/exam-retake`, {
      token: teacher,
      body: { userId: pupils[3]!.id, reason: 'Ауырып қалды' },
    });
    expect(nothing.status).toBe(409);
    const granted = await call(server, 'POST', `/api/v2/os/schedule/lesson/${lesson}/exam-retake`, {
      token: teacher,
      body: { userId: pupil.id, reason: 'Интернет үзілді' },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.data).toMatchObject({ userId: pupil.id, reason: 'Интернет үзілді' });
    const kept = await server.db.query<{ previous_attempt: unknown }>(
      'SELECT previous_attempt FROM exam_retakes WHERE user_id = $1',
      [pupil.id],
    );
    expect(JSON.stringify(kept[0]!.previous_attempt)).toContain('x = 9');
    const start = await call(server, 'POST', at('start'), { token: pupil.token });
    expect(start.status).toBe(200);
    const rows = (await call(server, 'GET', monitor(), { token: teacher })).body.data.rows;
    expect(rows.find((r: { student: { id: number } }) => r.student.id === pupil.id)).toMatchObject({
      state: 'inProgress',
      retakes: [{ reason: 'Интернет үзілді' }],
    });
    // Only the lesson's teacher grants it.
    expect(
      (
        await call(server, 'POST', `/api/v2/os/schedule/lesson/${lesson}/exam-retake`, {
          token: pupils[0]!.token,
          body: { userId: pupil.id, reason: 'өзіме' },
        })
      ).status,
    ).toBe(403);
  });
  const settings = () => `/api/v2/os/schedule/lesson/${lesson}/exam-window`;
  const attemptOf = async (userId: number) =>
    (
      await call(
        server,
        'GET',
        `/api/v2/os/schedule/progress/sor/${lesson}/${DEMO_SOR_ID}/${userId}`,
        { token: teacher },
      )
    ).body.data.attempt;

  it('the teacher sets the grace after the deadline (0–30 minutes); a bad value is refused (kz/ru)', async () => {
    for (const [graceMinutes, locale] of [
      [31, 'ru'],
      [-1, 'kz'],
      [2.5, 'ru'],
    ] as const) {
      const bad = await call(server, 'PUT', settings(), {
        token: teacher,
        locale,
        body: { graceMinutes },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.message).toMatch(locale === 'ru' ? /от 0 до 30/ : /0-ден 30 минутқа дейінгі/);
    }
    // Nothing half-written: the default stands.
    const exam0 = await call(server, 'GET', exam(pupils[3]!.id), { token: pupils[3]!.token });
    expect(exam0.body.data.window.graceMinutes).toBe(5);
    // A pupil does not set it.
    const byPupil = await call(server, 'PUT', settings(), {
      token: pupils[3]!.token,
      body: { graceMinutes: 30 },
    });
    expect(byPupil.status).toBe(403);
    const set = await call(server, 'PUT', settings(), {
      token: teacher,
      body: { graceMinutes: 10 },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.graceMinutes).toBe(10);
    // The sitting tells the pupil the deadline and the last instant a hand-in counts.
    const start = await call(server, 'POST', at('start'), { token: pupils[3]!.token });
    expect(start.body.data.graceMinutes).toBe(10);
    expect(Date.parse(start.body.data.acceptedUntil) - Date.parse(start.body.data.deadlineAt)).toBe(
      10 * 60_000,
    );
  });

  it('answers kept offline and a hand-in arriving after the deadline but within the grace count', async () => {
    const pupil = pupils[3]!;
    await call(server, 'PUT', at('answers'), {
      token: pupil.token,
      body: { answers: { m5: { kind: 'open', text: 'онлайн' } } },
    });
    // The link dropped; it returns 8 minutes after the deadline (the grace is 10).
    await server.db.query(
      "UPDATE exam_sittings SET deadline_at = now() - interval '8 minutes' WHERE user_id = $1",
      [pupil.id],
    );
    expect(await handInOverdue(server.db, new Date())).toBe(0);
    const saved = await call(server, 'PUT', at('answers'), {
      token: pupil.token,
      body: { answers },
    });
    expect(saved.status).toBe(200);
    const handed = await call(server, 'POST', at(''), { token: pupil.token, body: { answers } });
    expect(handed.status).toBe(200);
    expect((await attemptOf(pupil.id)).answers).toEqual(answers);
  });

  it('a hand-in arriving after the grace is refused (kz/ru) and the last saved answers count', async () => {
    const pupil = pupils[2]!; // started again after the retake above
    const kept = { m5: { kind: 'open', text: 'сақталған' } };
    await call(server, 'PUT', settings(), { token: teacher, body: { graceMinutes: 5 } });
    expect(
      (await call(server, 'PUT', at('answers'), { token: pupil.token, body: { answers: kept } }))
        .status,
    ).toBe(200);
    await server.db.query(
      "UPDATE exam_sittings SET deadline_at = now() - interval '6 minutes' WHERE user_id = $1",
      [pupil.id],
    );
    const late = await call(server, 'POST', at(''), {
      token: pupil.token,
      locale: 'ru',
      body: { answers },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(
      /^Время работы истекло в .*, ответы принимались до \d{2}:\d{2}/,
    );
    expect((await attemptOf(pupil.id)).answers).toEqual(kept);
    const again = await call(server, 'POST', at(''), { token: pupil.token, body: { answers } });
    expect(again.status).toBe(409);
    expect((await attemptOf(pupil.id)).answers).toEqual(kept);
  });
});
