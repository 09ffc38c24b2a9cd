import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

describe.each(BACKENDS)('client operations applied once (%s)', (backend) => {
  let server: RunningServer;
  let teacher: string;
  let teacherId: number;
  let student: string;
  let studentId: number;
  let lessonId: number;

  const mark = (op: string, mark: number, locale: 'kz' | 'ru' = 'kz') =>
    call(server, 'PUT', '/api/v2/os/journal/marks', {
      token: teacher,
      locale,
      headers: { 'x-client-op': op },
      body: { lessonId, studentId, mark },
    });
  const chat = (op: string, text: string, token = student) =>
    call(server, 'POST', `/api/v2/os/chats/${teacherId}/messages`, {
      token,
      headers: { 'x-client-op': op },
      body: { text },
    });
  const messages = async (text: string) =>
    (
      await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM chat_messages WHERE text = $1',
        [text],
      )
    )[0]!.n;
  const opRow = async (op: string) =>
    server.db.query<{ state: string; status: number }>(
      'SELECT state, status FROM client_ops WHERE op_id = $1',
      [op],
    );

  beforeAll(async () => {
    server = await startTestServer(backend);
    const t = await login(server, 'teacher');
    teacher = t.access_token;
    teacherId = t.user.userId;
    const s = await login(server, 'student');
    student = s.access_token;
    studentId = s.user.userId;
    const [g] = await server.db.query<{ group_id: number; subject_id: number; period: number }>(
      `SELECT g.id AS group_id, sub.id AS subject_id,
              (SELECT id FROM periods WHERE quarter = 2 ORDER BY id LIMIT 1) AS period
         FROM groups g, subjects sub
        WHERE g.parallel = 7 AND g.letter = 'А' AND sub.code = 'algebra'`,
    );
    const grid = await call(
      server,
      'GET',
      `/api/v2/os/journal/groups/${g!.group_id}/${g!.subject_id}?periodId=${g!.period}`,
      { token: teacher },
    );
    lessonId = grid.body.data.lessons[0].id;
  });
  afterAll(async () => server?.close());

  it('applies a mark once: the second send is the stored answer', async () => {
    const op = randomUUID();
    const first = await mark(op, 7);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-client-op-replayed')).toBeNull();
    // Someone changes the cell meanwhile: a replay must not write the old mark back.
    expect((await mark(randomUUID(), 9)).status).toBe(200);
    const again = await mark(op, 7);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-client-op-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const [row] = await server.db.query<{ mark: number }>(
      'SELECT mark FROM journal_marks WHERE lesson_id = $1 AND student_id = $2',
      [lessonId, studentId],
    );
    expect(Number(row!.mark)).toBe(9);
    expect(await opRow(op)).toEqual([{ state: 'done', status: 200 }]);
  });

  it('creates one chat message for a POST sent twice, and one for two sent at once', async () => {
    const op = randomUUID();
    const text = `outbox ${op}`;
    const a = await chat(op, text);
    const b = await chat(op, text);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('x-client-op-replayed')).toBe('true');
    expect(b.body).toEqual(a.body);
    expect(await messages(text)).toBe(1);

    const op2 = randomUUID();
    const text2 = `together ${op2}`;
    const both = await Promise.all([chat(op2, text2), chat(op2, text2)]);
    expect(both.map((r) => r.status).sort()).toEqual(
      both.some((r) => r.status === 409) ? [201, 409] : [201, 201],
    );
    const fresh = both.filter((r) => r.headers.get('x-client-op-replayed') === null);
    expect(fresh.filter((r) => r.status === 201)).toHaveLength(1);
    const conflict = both.find((r) => r.status === 409);
    if (conflict) expect(conflict.headers.get('retry-after')).toBe('1');
    expect(await messages(text2)).toBe(1);
  });

  it('refuses an id reused on another route and a malformed id, in kz and ru', async () => {
    const op = randomUUID();
    expect((await mark(op, 6)).status).toBe(200);
    const byTeacher = (locale: 'kz' | 'ru') =>
      call(server, 'POST', `/api/v2/os/chats/${studentId}/messages`, {
        token: teacher,
        locale,
        headers: { 'x-client-op': op },
        body: { text: 'another route' },
      });
    const kz = await byTeacher('kz');
    expect(kz.status).toBe(422);
    expect(kz.body.message).toContain('басқа әрекетке');
    const ru = await byTeacher('ru');
    expect(ru.status).toBe(422);
    expect(ru.body.message).toContain('другого действия');
    expect(await messages('another route')).toBe(0);
    // Ids are the user's own: another user's write with the same id is applied.
    expect((await chat(op, `other user ${op}`)).status).toBe(201);
    const bad = await mark('short', 6, 'ru');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('X-Client-Op');
    expect((await mark('has space in it', 6)).status).toBe(422);
  });

  it('keeps no claim for an answer the client retries (401)', async () => {
    const op = randomUUID();
    const text = `after login ${op}`;
    const denied = await chat(op, text, 'not-a-token');
    expect(denied.status).toBe(401);
    expect(await opRow(op)).toEqual([]);
    const ok = await chat(op, text);
    expect(ok.status).toBe(201);
    expect(ok.headers.get('x-client-op-replayed')).toBeNull();
    expect(await messages(text)).toBe(1);
  });

  it('answers 409 for a young pending claim and takes over a stale one', async () => {
    const op = randomUUID();
    const text = `stale ${op}`;
    await server.db.query(
      `INSERT INTO client_ops (user_id, op_id, route_id, state)
       VALUES ($1, $2, 'chat.send', 'pending')`,
      [studentId, op],
    );
    const busy = await chat(op, text);
    expect(busy.status).toBe(409);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(busy.body.message).toContain('сақталып жатыр');
    // The outbox retries this 409 (and no other): it says so.
    expect(busy.body.pending).toBe(true);
    expect(await messages(text)).toBe(0);

    await server.db.query(
      "UPDATE client_ops SET created_at = now() - interval '1 minute' WHERE op_id = $1",
      [op],
    );
    const taken = await chat(op, text);
    expect(taken.status).toBe(201);
    expect(taken.headers.get('x-client-op-replayed')).toBeNull();
    expect(await messages(text)).toBe(1);
    expect(await opRow(op)).toEqual([{ state: 'done', status: 201 }]);
  });

  it('changes nothing without the header', async () => {
    const text = `plain ${randomUUID()}`;
    const send = () =>
      call(server, 'POST', `/api/v2/os/chats/${teacherId}/messages`, {
        token: student,
        body: { text },
      });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    expect(await messages(text)).toBe(2);
  });
});
