import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningServer } from '../server';
import { startServer } from '../server';
import { testSchemaName } from '../db/db';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

/** Collects JSON messages of a socket; `next` waits for one that matches. */
function listen(url: string) {
  const ws = new WebSocket(url);
  const got: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  ws.on('message', (raw) => got.push(JSON.parse(String(raw))));
  return {
    ws,
    open: () =>
      new Promise<void>((res, rej) => (ws.once('open', () => res()), ws.once('error', rej))),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async next(test: (m: any) => boolean, ms = 5000): Promise<any> {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const m = got.find(test);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no matching message in ${ms} ms: ${JSON.stringify(got)}`);
    },
  };
}

const wsUrl = (server: RunningServer, token: string) =>
  `${server.url.replace('http', 'ws')}/ws/chat?token=${token}`;

describe.each(BACKENDS)('chat (%s)', (backend) => {
  let server: RunningServer;
  let teacher: string;
  let teacherId: number;
  let student: string;
  let studentId: number;
  let historyTeacher: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    const t = await login(server, 'teacher');
    teacher = t.access_token;
    teacherId = t.user.userId;
    const s = await login(server, 'student');
    student = s.access_token;
    studentId = s.user.userId;
    historyTeacher = (await login(server, 'history-teacher')).access_token;
  });
  afterAll(async () => server?.close());

  it('lists contacts: the teacher sees students by group, the student their teachers', async () => {
    const t = await call(server, 'GET', '/api/v2/os/chats', { token: teacher });
    expect(t.status).toBe(200);
    const me = t.body.data.contacts.find((c: { id: number }) => c.id === studentId);
    expect(me).toMatchObject({ fullname: 'Серікбаев Әлихан', group: { name: '7А' }, unread: 0 });
    const s = await call(server, 'GET', '/api/v2/os/chats', { token: student, locale: 'ru' });
    const teacherRow = s.body.data.contacts.find((c: { id: number }) => c.id === teacherId);
    expect(teacherRow.subjects.sort()).toEqual(['Алгебра', 'Геометрия']);
    expect(s.body.data.contacts.length).toBeGreaterThanOrEqual(9);
  });

  it('delivers live over the socket, stores, counts unread, pages history', async () => {
    const tws = listen(wsUrl(server, teacher));
    const sws = listen(wsUrl(server, student));
    await Promise.all([tws.open(), sws.open()]);
    const sent = await call(server, 'POST', `/api/v2/os/chats/${teacherId}/messages`, {
      token: student,
      body: { text: 'Сәлеметсіз бе! 5-есепті түсінбедім.' },
    });
    expect(sent.status).toBe(201);
    const live = await tws.next((m) => m.type === 'message');
    expect(live.message).toMatchObject({
      senderId: studentId,
      recipientId: teacherId,
      text: 'Сәлеметсіз бе! 5-есепті түсінбедім.',
    });
    await sws.next((m) => m.type === 'message'); // the sender's other tabs get it too

    // Over the socket itself.
    tws.ws.send(
      JSON.stringify({ type: 'send', to: studentId, text: 'Сабақтан кейін түсіндіремін.' }),
    );
    const reply = await sws.next((m) => m.type === 'message' && m.message.senderId === teacherId);
    expect(reply.message.text).toBe('Сабақтан кейін түсіндіремін.');

    const unread = await call(server, 'GET', '/api/v2/os/chats', { token: teacher });
    expect(unread.body.data.unread).toBe(1);
    const read = await call(server, 'POST', `/api/v2/os/chats/${studentId}/read`, {
      token: teacher,
    });
    expect(read.body.data.read).toBe(1);
    await sws.next((m) => m.type === 'read' && m.readerId === teacherId);
    expect(
      (await call(server, 'GET', '/api/v2/os/chats', { token: teacher })).body.data.unread,
    ).toBe(0);

    for (let i = 0; i < 5; i++)
      await call(server, 'POST', `/api/v2/os/chats/${teacherId}/messages`, {
        token: student,
        body: { text: `№${i}` },
      });
    const page1 = await call(server, 'GET', `/api/v2/os/chats/${teacherId}/messages?limit=3`, {
      token: student,
    });
    expect(page1.body.data.messages.map((m: { text: string }) => m.text)).toEqual([
      '№2',
      '№3',
      '№4',
    ]);
    expect(page1.body.data.hasMore).toBe(true);
    const page2 = await call(
      server,
      'GET',
      `/api/v2/os/chats/${teacherId}/messages?limit=3&before=${page1.body.data.messages[0].id}`,
      {
        token: student,
      },
    );
    expect(page2.body.data.messages.map((m: { text: string }) => m.text)).toEqual([
      'Сабақтан кейін түсіндіремін.',
      '№0',
      '№1',
    ]);
    const page3 = await call(
      server,
      'GET',
      `/api/v2/os/chats/${teacherId}/messages?limit=3&before=${page2.body.data.messages[0].id}`,
      {
        token: student,
      },
    );
    expect(page3.body.data).toMatchObject({ hasMore: false });
    expect(page3.body.data.messages).toHaveLength(1);

    // A bad event over the socket answers with a readable error, the socket stays open.
    sws.ws.send('not json');
    await sws.next((m) => m.type === 'error');
    tws.ws.close();
    sws.ws.close();
  });

  it('sends attachments the sender uploaded; refuses other files and empty messages', async () => {
    const up = await call(server, 'POST', '/api/v2/os/teaching/files', {
      token: student,
      body: {
        name: 'сурет.png',
        mime: 'image/png',
        // A whole 1×1 PNG: the file service decides the type from the content (issue 14).
        data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      },
    });
    const res = await call(server, 'POST', `/api/v2/os/chats/${teacherId}/messages`, {
      token: student,
      body: { files: [up.body.data.id] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.files[0]).toMatchObject({ name: 'сурет.png', size: 70 });
    const file = await fetch(`${server.url}/api/v2/os/teaching/files/${up.body.data.id}`, {
      headers: { authorization: `Bearer ${teacher}` },
    });
    expect(file.status).toBe(200);
    const empty = await call(server, 'POST', `/api/v2/os/chats/${teacherId}/messages`, {
      token: student,
      body: { text: '  ' },
    });
    expect(empty.status).toBe(422);
    const stolen = await call(server, 'POST', `/api/v2/os/chats/${studentId}/messages`, {
      token: teacher,
      body: { files: [up.body.data.id] },
    });
    expect(stolen.status).toBe(422);
  });

  it("keeps dialogs one-to-one: no chat with strangers, no reading others' dialogs", async () => {
    const director = (await login(server, 'director')).access_token;
    const directorId = (
      await server.db.query<{ id: number }>("SELECT id FROM users WHERE login = 'director'")
    )[0]!.id;
    const toDirector = await call(server, 'POST', `/api/v2/os/chats/${directorId}/messages`, {
      token: student,
      locale: 'ru',
      body: { text: 'x' },
    });
    expect(toDirector.status).toBe(404);
    expect(toDirector.body.message).toBe('Этому пользователю нельзя написать');
    const teacherToTeacher = await call(server, 'GET', `/api/v2/os/chats/${teacherId}/messages`, {
      token: director,
    });
    expect(teacherToTeacher.status).toBe(404);
    // Another teacher of the class has their own dialog with the student: the maths teacher's
    // messages are not in it.
    const own = await call(server, 'GET', `/api/v2/os/chats/${studentId}/messages`, {
      token: historyTeacher,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.messages).toEqual([]);
    const methodist = (await login(server, 'methodist')).access_token;
    expect((await call(server, 'GET', '/api/v2/os/chats', { token: methodist })).status).toBe(403);
  });
});

describe('chat across two server processes through Redis', () => {
  const redis = process.env.REDIS_URL;
  const pg = process.env.DATABASE_URL;
  const ready = Boolean(redis && pg);
  it.skipIf(!ready)('a message sent to one process reaches a socket on the other', async () => {
    const schema = testSchemaName();
    const a = await startServer({
      port: 0,
      databaseUrl: pg,
      databaseSchema: schema,
      webDist: '/nonexistent',
    });
    const b = await startServer({
      port: 0,
      databaseUrl: pg,
      databaseSchema: schema,
      webDist: '/nonexistent',
    });
    try {
      const t = await login(a, 'teacher');
      const s = await login(b, 'student');
      const sws = listen(wsUrl(b, s.access_token));
      await sws.open();
      await call(a, 'POST', `/api/v2/os/chats/${s.user.userId}/messages`, {
        token: t.access_token,
        body: { text: 'Redis арқылы' },
      });
      const m = await sws.next((x) => x.type === 'message');
      expect(m.message.text).toBe('Redis арқылы');
      sws.ws.close();
    } finally {
      await b.close();
      await a.db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await a.close();
    }
  });
  it.skipIf(ready)(
    'needs REDIS_URL and DATABASE_URL (two processes share one PostgreSQL): skipped',
    () => {
      expect(ready).toBe(false);
    },
  );
});
