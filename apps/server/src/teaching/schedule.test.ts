import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';
import { SECOND_SCHOOL_SOR_ID } from './seed-school2';
import { DEMO_LECTURE_ID } from './calendar-plan-seed';
import { DEMO_SOR_ID } from './demo-content';

/** A WebSocket client that collects JSON messages and can wait for one matching a test. */
function client(server: RunningServer, path: string, token: string) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}${path}?token=${token}`);
  const messages: unknown[] = [];
  const waiters: { test: (m: any) => boolean; resolve: (m: any) => void }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    messages.push(m);
    for (const w of [...waiters])
      if (w.test(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
  });
  return {
    ws,
    open: () =>
      new Promise<void>((res, rej) => (ws.once('open', () => res()), ws.once('error', rej))),
    closed: () => new Promise<number>((res) => ws.once('close', (code) => res(code))),
    /** Forgets the messages received so far: the next `next` waits for a new one. */
    forget: () => void messages.splice(0),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    next(test: (m: any) => boolean, ms = 5000): Promise<any> {
      const found = messages.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () => reject(new Error(`no message within ${ms} ms; got ${JSON.stringify(messages)}`)),
          ms,
        );
        waiters.push({ test, resolve: (m) => (clearTimeout(t), resolve(m)) });
      });
    },
  };
}

describe.each(BACKENDS)('schedule and lessons (%s)', (backend) => {
  let server: RunningServer;
  let student: string;
  let teacher: string;
  let director: string;
  let otherTeacher: string;
  let studentId: number;
  let teacherId: number;
  let sorLesson: number;
  let otherGroupLesson: number;

  beforeAll(async () => {
    server = await startTestServer(backend);
    const s = await login(server, 'student');
    student = s.access_token;
    studentId = s.user.userId;
    const t = await login(server, 'teacher');
    teacher = t.access_token;
    teacherId = t.user.userId;
    director = (await login(server, 'director')).access_token;
    otherTeacher = (await login(server, 'english-teacher')).access_token;
    const rows = await server.db.query<{ id: number }>(
      'SELECT id FROM lessons WHERE content_draft_id = $1',
      [DEMO_SOR_ID],
    );
    sorLesson = rows[0]!.id;
    // A lesson of 8А (another group than the demo student's 7А).
    const g8 = await server.db.query<{ id: number }>(
      "SELECT id FROM groups WHERE parallel = 8 AND letter = 'А'",
    );
    const week = await call(
      server,
      'GET',
      `/api/v2/os/schedule?groupId=${g8[0]!.id}&date=2026-11-18`,
      { token: director },
    );
    otherGroupLesson = week.body.data.days[0].lessons[0].id;
  });
  afterAll(async () => server?.close());

  it("shows a student their group's week: Monday–Friday, times, prev/next, the quarter", async () => {
    const res = await call(server, 'GET', '/api/v2/os/schedule?date=2026-11-18', {
      token: student,
      locale: 'ru',
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.selectedDate).toBe('2026-11-18');
    expect(d.days.map((x: { date: string }) => x.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(d.weeks.prev).toEqual({ start: '2026-11-09', end: '2026-11-14' });
    expect(d.weeks.next).toEqual({ start: '2026-11-23', end: '2026-11-28' });
    expect(d.quarter).toBe(2);
    expect(d.period.name).toBe('II четверть');
    const lessons = d.days.flatMap((x: { lessons: unknown[] }) => x.lessons);
    expect(lessons).toHaveLength(30);
    expect(new Set(lessons.map((l: { group: { name: string } }) => l.group.name))).toEqual(
      new Set(['7А']),
    );
    expect(lessons[0]).toMatchObject({ number: 1, startsAt: '08:00', endsAt: '08:40', shift: 1 });
    expect(lessons[1]).toMatchObject({ number: 2, startsAt: '08:50', endsAt: '09:30' });
  });

  it('the X-Quarter header picks the quarter when no date is given', async () => {
    const res = await call(server, 'GET', '/api/v2/os/schedule', {
      token: student,
      headers: { 'x-quarter': '4' },
    });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const inQ4 = today >= '2027-03-30' && today <= '2027-05-25';
    expect(res.body.data.selectedDate).toBe(inQ4 ? today : '2027-03-30');
    expect(res.body.data.quarter).toBe(4);
  });

  it('shows a teacher only their own lessons, never two at one time', async () => {
    const res = await call(server, 'GET', '/api/v2/os/schedule?date=2026-11-18', {
      token: teacher,
    });
    const lessons = res.body.data.days.flatMap((x: { lessons: unknown[] }) => x.lessons) as {
      teacher: { fullname: string };
      date: string;
      shift: number;
      number: number;
      subject: { name: string };
    }[];
    expect(lessons.length).toBeGreaterThan(10);
    expect(new Set(lessons.map((l) => l.teacher.fullname))).toEqual(
      new Set(['Ахметова Гүлнар Қайратқызы']),
    );
    const slots = lessons.map((l) => `${l.date}|${l.shift}|${l.number}`);
    expect(new Set(slots).size).toBe(slots.length);
    expect(new Set(lessons.map((l) => l.subject.name))).toEqual(new Set(['Алгебра', 'Геометрия']));
  });

  it('lets management switch groups (both shifts) and refuses groups of other schools', async () => {
    const g2 = await server.db.query<{ id: number }>(
      "SELECT id FROM groups WHERE parallel = 2 AND letter = 'Б'",
    );
    const res = await call(
      server,
      'GET',
      `/api/v2/os/schedule?groupId=${g2[0]!.id}&date=2026-11-18`,
      { token: director },
    );
    expect(res.status).toBe(200);
    const first = res.body.data.days[0].lessons[0];
    expect(first).toMatchObject({ shift: 2, startsAt: '13:30', group: { name: '2Б' } });
    expect(res.body.data.groups.length).toBe(33);
    const kg = await server.db.query<{ id: number }>(
      'SELECT id FROM groups WHERE parallel = 0 LIMIT 1',
    );
    const bad = await call(server, 'GET', `/api/v2/os/schedule?groupId=${kg[0]!.id}`, {
      token: director,
      locale: 'kz',
    });
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe('Сынып табылмады');
  });

  it('the kindergarten teacher has her group timetable', async () => {
    const kg = (await login(server, 'kindergarten')).access_token;
    const res = await call(server, 'GET', '/api/v2/os/schedule?date=2026-11-18', {
      token: kg,
      locale: 'kz',
    });
    const lessons = res.body.data.days.flatMap((x: { lessons: unknown[] }) => x.lessons);
    expect(lessons).toHaveLength(15);
    expect(lessons.map((l: { subject: { name: string } }) => l.subject.name)).toContain(
      'Сөйлеуді дамыту',
    );
  });

  it('rejects a bad date with a field error, not a crash', async () => {
    const res = await call(server, 'GET', '/api/v2/os/schedule?date=2026-02-30', {
      token: student,
      locale: 'ru',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.date[0]).toMatch(/ДД\.ММ\.ГГГГ/);
  });

  it('a student never sees a lesson of another group, nor manages their own', async () => {
    const other = await call(server, 'GET', `/api/v2/os/schedule/lesson/${otherGroupLesson}`, {
      token: student,
      locale: 'ru',
    });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Урок не найден');
    const own = await call(server, 'GET', `/api/v2/os/schedule/lesson/${sorLesson}`, {
      token: student,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.canManage).toBe(false);
    expect(own.body.data.lesson.content).toMatchObject({
      draftId: DEMO_SOR_ID,
      type: 'sor',
      version: 12,
    });
    for (const path of ['attendance', 'progress', 'reflections']) {
      const r = await call(server, 'GET', `/api/v2/os/schedule/lesson/${sorLesson}/${path}`, {
        token: student,
      });
      expect(r.status).toBe(403);
    }
    const put = await call(server, 'PUT', `/api/v2/os/schedule/lesson/${sorLesson}`, {
      token: student,
      body: { theme: 'x' },
    });
    expect(put.status).toBe(403);
  });

  it("another teacher cannot manage the maths teacher's lesson", async () => {
    const r = await call(server, 'GET', `/api/v2/os/schedule/lesson/${sorLesson}/attendance`, {
      token: otherTeacher,
      locale: 'kz',
    });
    expect(r.status).toBe(404);
  });

  it('attaches only published drafts, freezing their version', async () => {
    const created = await call(server, 'POST', '/api/v2/os/drafts', {
      token: teacher,
      body: { init: { type: 'lesson', title: 'Жоба', lang: 'kz' } },
    });
    expect(created.status).toBeLessThan(300);
    const draftId = created.body.data.summary?.id ?? created.body.data.id;
    const week = await call(server, 'GET', '/api/v2/os/schedule?date=2026-11-18', {
      token: teacher,
    });
    const lessonId = week.body.data.days
      .flatMap((x: { lessons: { id: number }[] }) => x.lessons)
      .find((l: { id: number }) => l.id !== sorLesson).id;
    const refused = await call(server, 'PUT', `/api/v2/os/schedule/lesson/${lessonId}`, {
      token: teacher,
      locale: 'ru',
      body: { draftId },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.draftId[0]).toMatch(/опубликованный/);
    const ok = await call(server, 'PUT', `/api/v2/os/schedule/lesson/${lessonId}`, {
      token: teacher,
      body: { draftId: DEMO_SOR_ID, theme: 'Қайталау' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.lesson).toMatchObject({
      theme: 'Қайталау',
      content: { draftId: DEMO_SOR_ID, version: 12 },
    });
    const detach = await call(server, 'PUT', `/api/v2/os/schedule/lesson/${lessonId}`, {
      token: teacher,
      body: { draftId: null },
    });
    expect(detach.body.data.lesson.content).toBeNull();
    const list = await call(server, 'GET', '/api/v2/os/schedule/published-content', {
      token: teacher,
    });
    expect(list.body.data.map((d: { id: string }) => d.id)).toContain(DEMO_SOR_ID);
  });

  it('a student takes the SOR: no right answers shown, graded automatically, pinned, once', async () => {
    const path = `/api/v2/os/schedule/exam/${sorLesson}/${studentId}/sor/${DEMO_SOR_ID}`;
    // A SOR's questions come with its start (issue 20: the timed sitting; sitting.test.ts).
    const sealed = await call(server, 'GET', path, { token: student });
    expect(sealed.body.data.draft.pages).toEqual([]);
    const start = `/api/v2/os/schedule/exam/${sorLesson}/sor/${DEMO_SOR_ID}/start`;
    expect((await call(server, 'POST', start, { token: student })).status).toBe(200);
    const exam = await call(server, 'GET', path, { token: student });
    expect(exam.status).toBe(200);
    const modules = exam.body.data.draft.pages[0].modules;
    expect(modules[1].options.rightId).toBeNull();
    expect(modules[0].options.items.every((i: { right: boolean }) => !i.right)).toBe(true);
    expect(modules[3].options.links).toEqual([]);
    expect(exam.body.data.maxScore).toBe(11);
    expect(exam.body.data.attempt).toBeNull();

    // The teacher edits the draft after the lesson was set: the exam stays on version 12.
    await server.db.query(
      "UPDATE drafts SET version = 13, doc = jsonb_set(doc, '{version}', '13') WHERE id = $1",
      [DEMO_SOR_ID],
    );

    const answers = {
      m1: { kind: 'choice', optionIds: ['m1-a'] },
      m2: { kind: 'select', optionId: 'm2-c' },
      m3: { kind: 'choice', optionIds: ['m3-a'] },
      m4: {
        kind: 'connection',
        links: [
          { left: 'm4-l1', right: 'm4-r1' },
          { left: 'm4-l2', right: 'm4-r2' },
          { left: 'm4-l3', right: 'm4-r2' },
        ],
      },
      m5: { kind: 'open', text: '4x = 36, x = 9' },
    };
    const submit = `/api/v2/os/schedule/exam/${sorLesson}/sor/${DEMO_SOR_ID}`;
    const bad = await call(server, 'POST', submit, {
      token: student,
      locale: 'ru',
      body: { answers: { m2: { kind: 'choice', optionIds: [] } } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['answers.m2'][0]).toMatch(/Тип ответа/);
    const res = await call(server, 'POST', submit, { token: student, body: { answers } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ version: 12, shown: 'handedIn', score: null });
    // The pupil is told only that it was handed in (issue 12); the teacher reads the grading.
    const one = `/api/v2/os/schedule/progress/sor/${sorLesson}/${DEMO_SOR_ID}/${studentId}`;
    const a = (await call(server, 'GET', one, { token: teacher })).body.data.attempt;
    expect(a.version).toBe(12);
    // m1 2/2, m2 0/1, m3 one of two right ticked → 1/2, m4 (2 right − 1 wrong)/3 of 3 → 1, m5 pending of 3.
    expect(
      a.results.map((r: { status: string; points: number | null }) => [r.status, r.points]),
    ).toEqual([
      ['right', 2],
      ['wrong', 0],
      ['partial', 1],
      ['partial', 1],
      ['pending', null],
    ]);
    expect(a).toMatchObject({ score: 4, maxScore: 11, pending: true });
    const again = await call(server, 'POST', submit, { token: student, body: { answers } });
    expect(again.status).toBe(409);

    // Handing in shows no keys while classmates may still be taking it (issue 12).
    const after = await call(server, 'GET', path, { token: student });
    expect(after.body.data.draft.pages[0].modules[1].options.rightId).toBeNull();
    expect(after.body.data.attempt).toMatchObject({ shown: 'handedIn', score: null });

    // The teacher sees progress and grades the open answer.
    const progress = await call(server, 'GET', `/api/v2/os/schedule/lesson/${sorLesson}/progress`, {
      token: teacher,
    });
    expect(progress.status).toBe(200);
    const row = progress.body.data.rows.find(
      (x: { student: { id: number } }) => x.student.id === studentId,
    );
    expect(row.attempt.score).toBe(4);
    const tooMuch = await call(server, 'PUT', one, {
      token: teacher,
      body: { moduleId: 'm5', points: 4 },
    });
    expect(tooMuch.status).toBe(422);
    const auto = await call(server, 'PUT', one, {
      token: teacher,
      body: { moduleId: 'm1', points: 1 },
    });
    expect(auto.status).toBe(422);
    const graded = await call(server, 'PUT', one, {
      token: teacher,
      body: { moduleId: 'm5', points: 3 },
    });
    expect(graded.status).toBe(200);
    expect(graded.body.data).toMatchObject({ score: 7, pending: false, percent: 63.6 });
    const view = await call(server, 'GET', one, { token: teacher });
    expect(view.body.data.attempt.results[4]).toMatchObject({ status: 'right', points: 3 });
    // A student may not open another student's exam.
    const others = await server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE role = 'student' AND id <> $1 LIMIT 1",
      [studentId],
    );
    const peek = await call(
      server,
      'GET',
      `/api/v2/os/schedule/exam/${sorLesson}/${others[0]!.id}/sor/${DEMO_SOR_ID}`,
      { token: student },
    );
    expect(peek.status).toBe(404);
  });

  it('serves content to take: students only through their lessons, without answers', async () => {
    const mine = await call(server, 'GET', `/api/v2/os/schedule/content/sor/${DEMO_SOR_ID}`, {
      token: student,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.draft.pages[0].modules[1].options.rightId).toBeNull();
    // Nor the descriptor rows (what each mark is for) or the solution (issue 12).
    expect(JSON.stringify(mine.body.data.draft)).not.toContain('"mark":');
    expect(JSON.stringify(mine.body.data.draft)).not.toContain('x = 9 (см)');
    const staff = await call(server, 'GET', `/api/v2/os/schedule/content/sor/${DEMO_SOR_ID}`, {
      token: teacher,
    });
    expect(staff.body.data.draft.pages[0].modules[1].options.rightId).toBe('m2-b');
    const wrongType = await call(server, 'GET', `/api/v2/os/schedule/content/soch/${DEMO_SOR_ID}`, {
      token: teacher,
    });
    expect(wrongType.status).toBe(404);
    const missing = await call(server, 'GET', '/api/v2/os/schedule/content/sor/nope', {
      token: student,
    });
    expect(missing.status).toBe(404);
  });

  it("staff of another school (or the kindergarten) never read a school's content (issue 12)", async () => {
    const content = `/api/v2/os/schedule/content/sor/${DEMO_SOR_ID}`;
    for (const who of ['school2-teacher', 'school2-director', 'kindergarten']) {
      const token = (await login(server, who)).access_token;
      const res = await call(server, 'GET', content, { token, locale: 'ru' });
      expect(res.status, who).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('m2-b');
      expect(res.body.message).toBe('Материал урока не найден');
    }
    // Their own school's SOR they do read, keys and all: the check is the school, not the role.
    const own = await call(
      server,
      'GET',
      `/api/v2/os/schedule/content/sor/${SECOND_SCHOOL_SOR_ID}`,
      {
        token: (await login(server, 'school2-teacher')).access_token,
      },
    );
    expect(own.status).toBe(200);
    expect(own.body.data.draft.pages[0].modules[1].options.rightId).toBe('m2-b');
  });

  it('an exam is taken only inside its window, and no hand-in ever reveals the keys (issue 12)', async () => {
    const path = `/api/v2/os/schedule/exam/${sorLesson}/${studentId}/sor/${DEMO_SOR_ID}`;
    const submit = `/api/v2/os/schedule/exam/${sorLesson}/sor/${DEMO_SOR_ID}`;
    const settings = `/api/v2/os/schedule/lesson/${sorLesson}/exam-window`;
    const saved = (
      await server.db.query<{ opens: string; closes: string }>(
        'SELECT exam_opens_at::text AS opens, exam_closes_at::text AS closes FROM lessons WHERE id = $1',
        [sorLesson],
      )
    )[0]!;
    const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
    // Each step starts over: no hand-in and no timed sitting (issue 20) left from the last.
    const dropAttempt = async () => {
      for (const table of ['attempts', 'exam_sittings'])
        await server.db.query(`DELETE FROM ${table} WHERE lesson_id = $1 AND user_id = $2`, [
          sorLesson,
          studentId,
        ]);
    };
    const keysHidden = async () => {
      const exam = await call(server, 'GET', path, { token: student });
      expect(exam.status).toBe(200);
      const text = JSON.stringify(exam.body.data.draft);
      expect(text).not.toContain('"right":true');
      expect(text).not.toContain('"rightId":"m2-b"');
      expect(text).not.toContain('"mark":');
      expect(text).not.toContain('x = 9 (см)');
      // Before the pupil's start the questions are not sent at all (issue 20).
      const modules = exam.body.data.draft.pages[0]?.modules;
      if (modules) expect(modules[3].options.links).toEqual([]);
      else expect(exam.body.data.sitting).toBeNull();
      return exam.body.data;
    };
    await dropAttempt();

    // Days before the lesson: refused with the opening time, and the keys stay hidden.
    const before = await call(server, 'PUT', settings, {
      token: teacher,
      body: { opensAt: inDays(2), closesAt: inDays(3) },
    });
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ custom: true, state: 'before', showKeys: false });
    const fp = await fingerprint(server);
    const early = await call(server, 'POST', submit, {
      token: student,
      locale: 'ru',
      body: { answers: {} },
    });
    expect(early.status).toBe(422);
    expect(early.body.message).toMatch(
      /^Работа ещё не открыта: ответы принимаются с \d\d\.\d\d\.\d{4} \d\d:\d\d$/,
    );
    const earlyKz = await call(server, 'POST', submit, {
      token: student,
      locale: 'kz',
      body: { answers: {} },
    });
    expect(earlyKz.body.message).toMatch(/^Жұмыс әлі ашылған жоқ/);
    expect(await fingerprint(server)).toBe(fp);
    expect((await keysHidden()).window.state).toBe('before');

    // Open: the empty sheet of the issue is accepted, and still shows no keys.
    await call(server, 'PUT', settings, {
      token: teacher,
      body: { opensAt: inDays(-1), closesAt: inDays(1) },
    });
    const empty = await call(server, 'POST', submit, { token: student, body: { answers: {} } });
    expect(empty.status).toBe(200);
    expect((await keysHidden()).attempt).not.toBeNull();

    // Over, the teacher has not decided: late hand-ins are refused, keys stay hidden.
    await call(server, 'PUT', settings, {
      token: teacher,
      body: { opensAt: inDays(-2), closesAt: inDays(-1) },
    });
    await dropAttempt();
    const late = await call(server, 'POST', submit, {
      token: student,
      locale: 'ru',
      body: { answers: {} },
    });
    expect(late.status).toBe(422);
    expect(late.body.message).toMatch(/^Время сдачи работы закончилось/);
    expect((await keysHidden()).window.state).toBe('closed');

    // The teacher shows the keys: now (window over) the pupil sees them.
    const show = await call(server, 'PUT', settings, { token: teacher, body: { showKeys: true } });
    expect(show.body.data).toMatchObject({ state: 'closed', showKeys: true });
    const shown = await call(server, 'GET', path, { token: student });
    expect(shown.body.data.draft.pages[0].modules[1].options.rightId).toBe('m2-b');
    // Other work put on the lesson takes the choice back: it was made for that SOR.
    const swap = await call(server, 'PUT', `/api/v2/os/schedule/lesson/${sorLesson}`, {
      token: teacher,
      body: { draftId: DEMO_LECTURE_ID },
    });
    expect(swap.status).toBe(200);
    const reset = await call(server, 'PUT', settings, { token: teacher, body: {} });
    expect(reset.body.data.showKeys).toBe(false);
    await server.db.query(
      'UPDATE lessons SET content_draft_id = $2, content_version = 12 WHERE id = $1',
      [sorLesson, DEMO_SOR_ID],
    );
    await call(server, 'PUT', settings, { token: teacher, body: { showKeys: true } });

    // Bad settings: one end only, or the end before the start (kz/ru field errors); a teacher
    // of neither the lesson nor the class, or of another school, does not find the lesson.
    const half = await call(server, 'PUT', settings, {
      token: teacher,
      locale: 'ru',
      body: { opensAt: inDays(1), closesAt: null },
    });
    expect(half.status).toBe(422);
    expect(half.body.errors.closesAt[0]).toMatch(/начало и конец/);
    const backwards = await call(server, 'PUT', settings, {
      token: teacher,
      locale: 'kz',
      body: { opensAt: inDays(2), closesAt: inDays(1) },
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.closesAt[0]).toMatch(/кейін болуы керек/);
    expect((await call(server, 'PUT', settings, { token: otherTeacher, body: {} })).status).toBe(
      404,
    );
    const school2 = (await login(server, 'school2-teacher')).access_token;
    expect((await call(server, 'PUT', settings, { token: school2, body: {} })).status).toBe(404);

    // Back to the bell times: the default window is the lesson's own 40 minutes.
    const bells = await call(server, 'PUT', settings, {
      token: teacher,
      body: { opensAt: null, closesAt: null, showKeys: false },
    });
    expect(bells.body.data.custom).toBe(false);
    expect(Date.parse(bells.body.data.closesAt) - Date.parse(bells.body.data.opensAt)).toBe(
      40 * 60_000,
    );
    await server.db.query(
      'UPDATE lessons SET exam_opens_at = $2, exam_closes_at = $3, exam_keys_shown = false WHERE id = $1',
      [sorLesson, saved.opens, saved.closes],
    );
  });

  it("a pupil's SOR result: handed in only while the class may take it, the total after, per task with the keys (issue 12)", async () => {
    const path = `/api/v2/os/schedule/exam/${sorLesson}/${studentId}/sor/${DEMO_SOR_ID}`;
    const submit = `/api/v2/os/schedule/exam/${sorLesson}/sor/${DEMO_SOR_ID}`;
    const settings = `/api/v2/os/schedule/lesson/${sorLesson}/exam-window`;
    const staffView = `/api/v2/os/schedule/progress/sor/${sorLesson}/${DEMO_SOR_ID}/${studentId}`;
    const saved = (
      await server.db.query<{ opens: string; closes: string }>(
        'SELECT exam_opens_at::text AS opens, exam_closes_at::text AS closes FROM lessons WHERE id = $1',
        [sorLesson],
      )
    )[0]!;
    const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
    await server.db.query('DELETE FROM attempts WHERE lesson_id = $1 AND user_id = $2', [
      sorLesson,
      studentId,
    ]);
    await call(server, 'PUT', settings, {
      token: teacher,
      body: { opensAt: inDays(-1), closesAt: inDays(1), showKeys: true },
    });
    // m1 right (2), m2 wrong (0): a classmate comparing would learn m1's key from a status.
    const answers = {
      m1: { kind: 'choice', optionIds: ['m1-a'] },
      m2: { kind: 'select', optionId: 'm2-c' },
    };
    /** Nothing that tells right from wrong: no statuses, no points per task, no score. */
    const sealed = (attempt: Record<string, unknown>) => {
      expect(attempt).toMatchObject({
        shown: 'handedIn',
        results: null,
        score: null,
        percent: null,
        pending: null,
        answers,
      });
      expect(attempt.finishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const text = JSON.stringify(attempt);
      for (const leak of ['"status"', '"points"', '"right"', '"wrong"', '"partial"'])
        expect(text).not.toContain(leak);
    };

    // Handed in while the window is open (even with showKeys on): the answer says only that.
    const res = await call(server, 'POST', submit, { token: student, body: { answers } });
    expect(res.status).toBe(200);
    sealed(res.body.data);
    const during = await call(server, 'GET', path, { token: student });
    sealed(during.body.data.attempt);
    expect(during.body.data.window.state).toBe('open');
    // The teacher always sees everything.
    const staff = await call(server, 'GET', staffView, { token: teacher });
    expect(staff.body.data.attempt).toMatchObject({ shown: 'full', score: 2, percent: 18.2 });
    expect(staff.body.data.attempt.results[0]).toMatchObject({ status: 'right', points: 2 });
    const progress = await call(server, 'GET', `/api/v2/os/schedule/lesson/${sorLesson}/progress`, {
      token: teacher,
    });
    expect(
      progress.body.data.rows.find((x: { student: { id: number } }) => x.student.id === studentId)
        .attempt.score,
    ).toBe(2);

    // Over, the teacher does not show the keys: the total only.
    await call(server, 'PUT', settings, {
      token: teacher,
      body: { opensAt: inDays(-2), closesAt: inDays(-1), showKeys: false },
    });
    const total = (await call(server, 'GET', path, { token: student })).body.data.attempt;
    expect(total).toMatchObject({ shown: 'total', score: 2, maxScore: 11, results: null });
    expect(JSON.stringify(total)).not.toContain('"status"');

    // Over and shown: the points per task too.
    await call(server, 'PUT', settings, { token: teacher, body: { showKeys: true } });
    const full = (await call(server, 'GET', path, { token: student })).body.data.attempt;
    expect(full).toMatchObject({ shown: 'full', score: 2 });
    expect(
      full.results.map((r: { status: string; points: number | null }) => [r.status, r.points]),
    ).toEqual([
      ['right', 2],
      ['wrong', 0],
      ['unanswered', 0],
      ['unanswered', 0],
      ['unanswered', null],
    ]);

    // The lesson page carries the window for the teacher's control (and the pupil's notice).
    const page = await call(server, 'GET', `/api/v2/os/schedule/lesson/${sorLesson}`, {
      token: teacher,
    });
    expect(page.body.data.examWindow).toMatchObject({ state: 'closed', showKeys: true });
    const plain = await call(server, 'GET', `/api/v2/os/schedule/lesson/${otherGroupLesson}`, {
      token: director,
    });
    expect(plain.body.data.examWindow).toBeNull();

    await server.db.query(
      'UPDATE lessons SET exam_opens_at = $2, exam_closes_at = $3, exam_keys_shown = false WHERE id = $1',
      [sorLesson, saved.opens, saved.closes],
    );
  });

  it('attendance is marked per lesson and shared with the journal', async () => {
    const set = await call(server, 'PUT', `/api/v2/os/schedule/lesson/${sorLesson}/attendance`, {
      token: teacher,
      body: { userId: studentId, status: 'absent' },
    });
    expect(set.status).toBe(200);
    const me = set.body.data.find((x: { student: { id: number } }) => x.student.id === studentId);
    expect(me.status).toBe('absent');
    const rows = await server.db.query<{ absent: boolean }>(
      'SELECT absent FROM journal_marks WHERE lesson_id = $1 AND student_id = $2',
      [sorLesson, studentId],
    );
    expect(rows[0]?.absent).toBe(true);
    const stranger = await call(
      server,
      'PUT',
      `/api/v2/os/schedule/lesson/${sorLesson}/attendance`,
      {
        token: teacher,
        body: { userId: teacherId, status: 'absent' },
      },
    );
    expect(stranger.status).toBe(404);
  });

  it('lesson sync: the teacher sees who is in the lesson and reflections live', async () => {
    const t = client(server, `/ws/lesson/${sorLesson}`, teacher);
    await t.open();
    await t.next((m) => m.type === 'reflections');
    const s = client(server, `/ws/lesson/${sorLesson}`, student);
    await s.open();
    const ping = await t.next(
      (m) => m.type === 'ping' && m.users.some((u: { id: number }) => u.id === studentId),
    );
    expect(ping.users[0].fullname).toBe('Серікбаев Әлихан');
    const attendance = await call(
      server,
      'GET',
      `/api/v2/os/schedule/lesson/${sorLesson}/attendance`,
      { token: teacher },
    );
    expect(
      attendance.body.data.find((x: { student: { id: number } }) => x.student.id === studentId)
        .online,
    ).toBe(true);

    const sent = await call(server, 'POST', `/api/v2/os/schedule/lesson/${sorLesson}/reflections`, {
      token: student,
      body: { mood: 'partly', text: 'Сәйкестендіру қиын болды' },
    });
    expect(sent.status).toBe(200);
    const refl = await t.next((m) => m.type === 'reflections' && m.reflections.length === 1);
    expect(refl.reflections[0]).toMatchObject({ mood: 'partly', text: 'Сәйкестендіру қиын болды' });

    t.forget();
    s.ws.close();
    await t.next((m) => m.type === 'ping' && m.users.length === 0);

    // A page left while its socket was still being set up leaves no one behind in the lesson.
    for (let i = 0; i < 5; i++) {
      const quick = client(server, `/ws/lesson/${sorLesson}`, student);
      quick.ws.once('open', () => quick.ws.close());
      await new Promise((res) => quick.ws.once('close', res));
    }
    const again = client(server, `/ws/lesson/${sorLesson}`, student);
    await again.open();
    await t.next((m) => m.type === 'ping' && m.users.length === 1);
    t.forget();
    again.ws.close();
    await t.next((m) => m.type === 'ping' && m.users.length === 0);
    t.ws.close();

    // Someone else's lesson: closed with 4404; no token: refused before the upgrade.
    const other = client(server, `/ws/lesson/${otherGroupLesson}`, student);
    expect(await other.closed()).toBe(4404);
    const anon = new WebSocket(`${server.url.replace('http', 'ws')}/ws/lesson/${sorLesson}`);
    const status = await new Promise<number>((res) =>
      anon.once('unexpected-response', (_req, r) => res(r.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });
});
