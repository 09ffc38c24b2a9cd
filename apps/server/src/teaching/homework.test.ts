import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import type { RunningServer } from '../server';
import { DEMO_PASSWORD } from '../core/seed-data';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';
import { DEMO_SOR_ID } from './demo-content';
import { dateLabel, dayEndUnix } from './homework-present';

describe('homework helpers', () => {
  it('labels lesson dates in both languages and ends deadline days in Kazakhstan time', () => {
    expect(dateLabel('2026-11-18', 'kz')).toBe('18.11.2026, сәрсенбі');
    expect(dateLabel('2026-11-18', 'ru')).toBe('18.11.2026, среда');
    // 20:00 UTC on the 18th is already the 19th in Astana (UTC+5).
    expect(dayEndUnix('2026-11-18T20:00:00Z')).toBe(Date.parse('2026-11-19T23:59:59+05:00') / 1000);
    expect(dayEndUnix('2026-11-18T10:00:00Z')).toBe(Date.parse('2026-11-18T23:59:59+05:00') / 1000);
  });
});

describe.each(BACKENDS)('homework (%s)', (backend) => {
  let server: RunningServer;
  let teacher: string;
  let student: string;
  let classmate: string;
  let outsider: string;
  let english: string;
  let lessonId: number;
  let homeworkId: number;
  let answerId: number;
  let fileId: number;
  const future = new Date(Date.now() + 3 * 86_400_000).toISOString();

  beforeAll(async () => {
    server = await startTestServer(backend);
    teacher = (await login(server, 'teacher')).access_token;
    student = (await login(server, 'student')).access_token;
    english = (await login(server, 'english-teacher')).access_token;
    const mate = await server.db.query<{ iin: string }>(
      "SELECT iin FROM users WHERE role = 'student' AND login IS NULL ORDER BY id LIMIT 1",
    );
    classmate = (await login(server, mate[0]!.iin)).access_token;
    // A pupil of 8А: must never see 7А's homework.
    await server.db.query(
      `INSERT INTO users (login, password_hash, role, firstname, surname, gender, school_id, group_id)
       SELECT 'pupil-8a', $1, 'student', 'Арайлым', 'Қасенова', 'w', g.school_id, g.id
         FROM groups g WHERE g.parallel = 8 AND g.letter = 'А'`,
      [await hashPassword(DEMO_PASSWORD)],
    );
    outsider = (await login(server, 'pupil-8a')).access_token;
    const week = await call(server, 'GET', '/api/v2/os/schedule?date=2026-11-18', {
      token: teacher,
    });
    lessonId = week.body.data.days
      .flatMap((d: { lessons: { id: number; group: { name: string } }[] }) => d.lessons)
      .find((l: { group: { name: string } }) => l.group.name === '7А').id;
  });
  afterAll(async () => server?.close());

  it('uploads an attachment and refuses junk and oversize files', async () => {
    const up = await call(server, 'POST', '/api/v2/os/teaching/files', {
      token: teacher,
      body: {
        name: 'тапсырма.txt',
        mime: 'text/plain',
        data: Buffer.from('Есептер: 1–5').toString('base64'),
      },
    });
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({
      name: 'тапсырма.txt',
      size: Buffer.byteLength('Есептер: 1–5'),
    });
    fileId = up.body.data.id;
    const bad = await call(server, 'POST', '/api/v2/os/teaching/files', {
      token: teacher,
      locale: 'ru',
      body: { name: 'x', mime: 'text/plain', data: '%%%not base64' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.data[0]).toMatch(/base64/);
  });

  it('sets homework on a lesson: text, file, builder exercise, deadline', async () => {
    const before = await fingerprint(server);
    const past = await call(server, 'POST', `/api/v2/os/homework/control/${lessonId}/create`, {
      token: teacher,
      locale: 'kz',
      body: { text: 'x', deadline: '2020-01-01T10:00:00Z' },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.deadline[0]).toBe('Тапсыру мерзімі болашақта болуы керек');
    const empty = await call(server, 'POST', `/api/v2/os/homework/control/${lessonId}/create`, {
      token: teacher,
      body: { text: '  ', deadline: future },
    });
    expect(empty.status).toBe(422);
    const notMine = await call(server, 'POST', `/api/v2/os/homework/control/${lessonId}/create`, {
      token: english,
      body: { text: 'x', deadline: future },
    });
    expect(notMine.status).toBe(404);
    const foreignFile = await call(
      server,
      'POST',
      `/api/v2/os/homework/control/${lessonId}/create`,
      {
        token: english,
        body: { text: 'x', deadline: future, files: [fileId] },
      },
    );
    expect(foreignFile.status).toBe(404);
    expect(await fingerprint(server)).toBe(before);

    const res = await call(server, 'POST', `/api/v2/os/homework/control/${lessonId}/create`, {
      token: teacher,
      body: { text: '§12, № 3–7 есептер', files: [fileId], draftId: DEMO_SOR_ID, deadline: future },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      scheduleId: lessonId,
      text: '§12, № 3–7 есептер',
      exercise: { draftId: DEMO_SOR_ID, version: 12 },
      group: { name: '7А' },
    });
    expect(res.body.data.files[0].id).toBe(fileId);
    homeworkId = res.body.data.id;
  });

  it('lists it for the student as spec §3 rows and keeps other groups out', async () => {
    const res = await call(server, 'GET', '/api/v2/os/homework/list', {
      token: student,
      locale: 'ru',
    });
    expect(res.status).toBe(200);
    const row = res.body.data.rows.find((r: { items: { id: number }[] }) =>
      r.items.some((i) => i.id === homeworkId),
    );
    expect(typeof row.dateExpired).toBe('number');
    expect(row.dateExpired).toBe(dayEndUnix(future));
    const item = row.items.find((i: { id: number }) => i.id === homeworkId);
    expect(item.date.label).toMatch(
      /^\d\d\.\d\d\.2026, (понедельник|вторник|среда|четверг|пятница)$/,
    );
    expect(typeof item.theme.subjectId).toBe('number');
    expect(item.assigned.sentAnswers).toBe(0);
    expect(item.status).toBe('assigned');
    answerId = item.assigned.answerId;

    const other = await call(server, 'GET', '/api/v2/os/homework/list', { token: outsider });
    expect(other.body.data.rows).toEqual([]);
    expect(
      (
        await call(server, 'GET', `/api/v2/os/homework/control/${homeworkId}/preview`, {
          token: outsider,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(server, 'GET', `/api/v2/os/homework/list/assigned/${answerId}`, {
          token: outsider,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(server, 'GET', `/api/v2/os/homework/list/assigned/${answerId}`, {
          token: classmate,
        })
      ).status,
    ).toBe(404);
    // A pupil of another class of the same school: 403 (file service, issue 14).
    expect(
      (await call(server, 'GET', `/api/v2/os/teaching/files/${fileId}`, { token: outsider }))
        .status,
    ).toBe(403);
    const preview = await call(server, 'GET', `/api/v2/os/homework/control/${homeworkId}/preview`, {
      token: student,
    });
    expect(preview.status).toBe(200);
    const file = await fetch(`${server.url}/api/v2/os/teaching/files/${fileId}`, {
      headers: { authorization: `Bearer ${student}` },
    });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('Есептер: 1–5');
  });

  it("the 'checked' filter defaults to on while nothing waits for a check", async () => {
    const res = await call(server, 'GET', '/api/v2/os/homework/control/list', { token: teacher });
    expect(res.body.data).toMatchObject({ checked: true, uncheckedSent: 0 });
    const ids = res.body.data.rows.flatMap((r: { items: { id: number }[] }) =>
      r.items.map((i) => i.id),
    );
    expect(ids).toContain(homeworkId);
    const off = await call(server, 'GET', '/api/v2/os/homework/control/list?checked=false', {
      token: teacher,
    });
    expect(off.body.data.rows).toEqual([]);
  });

  it('the student submits text, a file and exercise answers (graded automatically)', async () => {
    const empty = await call(server, 'POST', `/api/v2/os/homework/list/assigned/${answerId}`, {
      token: student,
      locale: 'ru',
      body: { text: '' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toMatch(/Напишите ответ/);
    const view = await call(server, 'GET', `/api/v2/os/homework/list/assigned/${answerId}`, {
      token: student,
    });
    expect(view.body.data.exercise.pages[0].modules[1].options.rightId).toBeNull();
    const up = await call(server, 'POST', '/api/v2/os/teaching/files', {
      token: student,
      body: {
        name: 'шешім.txt',
        mime: 'text/plain',
        data: Buffer.from('x = 9').toString('base64'),
      },
    });
    const res = await call(server, 'POST', `/api/v2/os/homework/list/assigned/${answerId}`, {
      token: student,
      body: {
        text: 'Орындадым',
        files: [up.body.data.id],
        exerciseAnswers: {
          m1: { kind: 'choice', optionIds: ['m1-a'] },
          m2: { kind: 'select', optionId: 'm2-b' },
        },
      },
    });
    expect(res.status).toBe(200);
    // The exercise is a SOR: before the deadline its pupil sees no points at all (issue 12).
    expect(res.body.data.answer).toMatchObject({
      status: 'sent',
      text: 'Орындадым',
      exerciseScore: null,
      exerciseResults: null,
      exerciseMax: 11,
    });
    const checking = await call(server, 'GET', `/api/v2/os/homework/control/${homeworkId}`, {
      token: teacher,
    });
    const sent = checking.body.data.answers.find((x: { id: number }) => x.id === answerId);
    expect(sent).toMatchObject({ exerciseScore: 3 });
    expect(sent.exerciseResults[1]).toMatchObject({ status: 'right', points: 1 });
    const teacherFile = await fetch(`${server.url}/api/v2/os/teaching/files/${up.body.data.id}`, {
      headers: { authorization: `Bearer ${teacher}` },
    });
    expect(teacherFile.status).toBe(200);
    const mateFile = await fetch(`${server.url}/api/v2/os/teaching/files/${up.body.data.id}`, {
      headers: { authorization: `Bearer ${classmate}` },
    });
    expect(mateFile.status).toBe(403); // same school, not theirs (issue 14)
  });

  it('now the filter defaults to off and shows the sent answer to check', async () => {
    const res = await call(server, 'GET', '/api/v2/os/homework/control/list', { token: teacher });
    expect(res.body.data).toMatchObject({ checked: false, uncheckedSent: 1 });
    const item = res.body.data.rows[0].items[0];
    expect(item).toMatchObject({ id: homeworkId, assigned: { sentAnswers: 1, checked: 0 } });
    const answers = await call(server, 'GET', `/api/v2/os/homework/control/${homeworkId}`, {
      token: teacher,
    });
    expect(answers.body.data.answers.length).toBe(14);
    expect(
      answers.body.data.answers.filter((a: { status: string }) => a.status === 'sent'),
    ).toHaveLength(1);
    expect(
      (await call(server, 'GET', `/api/v2/os/homework/control/${homeworkId}`, { token: english }))
        .status,
    ).toBe(404);
  });

  it('return for rework, resubmit, grade: the student sees the grade and comment', async () => {
    const path = `/api/v2/os/homework/answers/${answerId}`;
    const noComment = await call(server, 'PUT', path, {
      token: teacher,
      body: { action: 'return', comment: '' },
    });
    expect(noComment.status).toBe(422);
    const ret = await call(server, 'PUT', path, {
      token: teacher,
      body: { action: 'return', comment: '№ 5 қайта шығарыңыз' },
    });
    expect(ret.status).toBe(200);
    expect(ret.body.data.answer.status).toBe('returned');
    const again = await call(server, 'POST', `/api/v2/os/homework/list/assigned/${answerId}`, {
      token: student,
      body: { text: 'Түзеттім' },
    });
    expect(again.body.data.answer.status).toBe('sent');
    const badGrade = await call(server, 'PUT', path, {
      token: teacher,
      body: { action: 'check', grade: 11 },
    });
    expect(badGrade.status).toBe(422);
    const ok = await call(server, 'PUT', path, {
      token: teacher,
      body: { action: 'check', grade: 9, comment: 'Жарайсың!' },
    });
    expect(ok.body.data.answer).toMatchObject({
      status: 'checked',
      grade: 9,
      comment: 'Жарайсың!',
    });
    const seen = await call(server, 'GET', `/api/v2/os/homework/list/assigned/${answerId}`, {
      token: student,
    });
    expect(seen.body.data.answer).toMatchObject({
      status: 'checked',
      grade: 9,
      comment: 'Жарайсың!',
    });
    // Checked, but classmates may still be working until the deadline: no keys yet (issue 12).
    expect(seen.body.data.exercise.pages[0].modules[1].options.rightId).toBeNull();
    expect(JSON.stringify(seen.body.data.exercise)).not.toContain('"right":true');
    await server.db.query(
      "UPDATE homework SET deadline = now() - interval '1 minute' WHERE id = $1",
      [homeworkId],
    );
    const over = await call(server, 'GET', `/api/v2/os/homework/list/assigned/${answerId}`, {
      token: student,
    });
    expect(over.body.data.exercise.pages[0].modules[1].options.rightId).toBe('m2-b');
    const list = await call(server, 'GET', '/api/v2/os/homework/list', { token: student });
    const item = list.body.data.rows
      .flatMap((r: { items: unknown[] }) => r.items)
      .find((i: { id: number }) => i.id === homeworkId);
    expect(item).toMatchObject({ status: 'checked', grade: 9 });
    const late = await call(server, 'POST', `/api/v2/os/homework/list/assigned/${answerId}`, {
      token: student,
      body: { text: 'y' },
    });
    expect(late.status).toBe(422);
    const filter = await call(server, 'GET', '/api/v2/os/homework/control/list', {
      token: teacher,
    });
    expect(filter.body.data).toMatchObject({ checked: true, uncheckedSent: 0 });
  });

  it('a SOR given as homework shows its pupil nothing before the deadline, the total after, per task once checked (issue 12)', async () => {
    const mine = await server.db.query<{ id: number }>(
      `SELECT a.id FROM homework_answers a JOIN users u ON u.id = a.student_id
        WHERE a.homework_id = $1 AND u.login IS NULL ORDER BY u.id LIMIT 1`,
      [homeworkId],
    );
    const mateAnswer = mine[0]!.id;
    const own = `/api/v2/os/homework/list/assigned/${mateAnswer}`;
    await server.db.query('UPDATE homework SET deadline = $2 WHERE id = $1', [homeworkId, future]);
    const sent = await call(server, 'POST', own, {
      token: classmate,
      body: { text: 'Дайын', exerciseAnswers: { m2: { kind: 'select', optionId: 'm2-b' } } },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.answer).toMatchObject({ exerciseScore: null, exerciseResults: null });
    expect(JSON.stringify(sent.body.data)).not.toContain('"status":"right"');
    await server.db.query(
      "UPDATE homework SET deadline = now() - interval '1 minute' WHERE id = $1",
      [homeworkId],
    );
    const over = await call(server, 'GET', own, { token: classmate });
    expect(over.body.data.answer).toMatchObject({ exerciseScore: 1, exerciseResults: null });
    const checked = await call(server, 'PUT', `/api/v2/os/homework/answers/${mateAnswer}`, {
      token: teacher,
      body: { action: 'check', grade: 8 },
    });
    expect(checked.status).toBe(200);
    const full = await call(server, 'GET', own, { token: classmate });
    expect(full.body.data.answer.exerciseResults[1]).toMatchObject({ status: 'right', points: 1 });
  });

  it('a student cannot reach staff routes', async () => {
    for (const [method, path] of [
      ['GET', '/api/v2/os/homework/control/list'],
      ['GET', `/api/v2/os/homework/control/${homeworkId}`],
      ['PUT', `/api/v2/os/homework/answers/${answerId}`],
    ] as const) {
      const res = await call(server, method, path, {
        token: student,
        body: method === 'PUT' ? {} : undefined,
      });
      expect(res.status).toBe(403);
    }
  });
});
