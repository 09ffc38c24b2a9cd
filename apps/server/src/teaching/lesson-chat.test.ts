import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashPassword } from '../auth/passwords';
import { DEMO_PASSWORD } from '../core/seed-data';
import type { Queryable } from '../db/db';
import { testSchemaName } from '../db/db';
import type { RunningServer } from '../server';
import { startServer } from '../server';
import { WS_CLOSE } from '../ws/registry';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';
import { DEMO_SOR_ID } from './demo-content';
import { TeachingHub } from './hub';
import type { Bus, BusMessage } from './hub';

/** Collects JSON messages of a socket; `next` waits for one that matches. */
function listen(url: string) {
  const ws = new WebSocket(url);
  const got: { type: string; message?: { id: number; text: string; deleted: boolean } }[] = [];
  let closed: number | null = null;
  ws.on('message', (raw) => got.push(JSON.parse(String(raw))));
  ws.on('close', (code) => (closed = code));
  return {
    ws,
    got,
    closedWith: async (ms = 5000): Promise<number> => {
      const until = Date.now() + ms;
      while (closed === null && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      if (closed === null) throw new Error('socket still open');
      return closed;
    },
    async next(test: (m: (typeof got)[number]) => boolean, ms = 5000) {
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

describe.each(BACKENDS)('the lesson chat (%s)', (backend) => {
  let server: RunningServer;
  let lesson: number;
  let teacher: string;
  let student: string;
  const route = (id = lesson) => `/api/v2/os/schedule/lesson/${id}/chat`;
  const wsUrl = (token: string, id = lesson) =>
    `${server.url.replace('http', 'ws')}/ws/lesson-chat/${id}?token=${token}&lang=ru`;

  beforeAll(async () => {
    server = await startTestServer(backend);
    lesson = (
      await server.db.query<{ id: number }>(
        'SELECT id FROM lessons WHERE content_draft_id = $1 ORDER BY id LIMIT 1',
        [DEMO_SOR_ID],
      )
    )[0]!.id;
    teacher = (await login(server, 'teacher')).access_token;
    student = (await login(server, 'student')).access_token;
    // A pupil of 8А: never part of 7А's lessons.
    await server.db.query(
      `INSERT INTO users (login, password_hash, role, firstname, surname, gender, school_id, group_id)
       SELECT 'pupil-8a', $1, 'student', 'Арайлым', 'Қасенова', 'w', g.school_id, g.id
         FROM groups g WHERE g.parallel = 8 AND g.letter = 'А'`,
      [await hashPassword(DEMO_PASSWORD)],
    );
  });
  afterAll(async () => server?.close());

  it('lets the teacher and a pupil talk; the history is paged, newest last', async () => {
    const said = await call(server, 'POST', route(), {
      token: teacher,
      body: { text: '  Бүгін бөлшектер тақырыбы  ' },
    });
    expect(said.status).toBe(201);
    expect(said.body.data).toMatchObject({
      lessonId: lesson,
      text: 'Бүгін бөлшектер тақырыбы',
      fromTeacher: true,
      deleted: false,
    });
    for (const text of ['Түсінікті', 'Сұрағым бар', 'Рахмет']) {
      expect((await call(server, 'POST', route(), { token: student, body: { text } })).status).toBe(
        201,
      );
    }
    const page = await call(server, 'GET', `${route()}?limit=2`, { token: student });
    expect(page.status).toBe(200);
    expect(page.body.data.messages.map((m: { text: string }) => m.text)).toEqual([
      'Сұрағым бар',
      'Рахмет',
    ]);
    expect(page.body.data.hasMore).toBe(true);
    expect(page.body.data.canDelete).toBe(false);
    const older = await call(
      server,
      'GET',
      `${route()}?limit=2&before=${page.body.data.messages[0].id}`,
      { token: teacher },
    );
    expect(older.body.data.messages.map((m: { text: string }) => m.text)).toEqual([
      'Бүгін бөлшектер тақырыбы',
      'Түсінікті',
    ]);
    expect(older.body.data.hasMore).toBe(false);
    expect(older.body.data.canDelete).toBe(true);
  });

  it('refuses empty and over-long texts at the field, in kz and ru, writing nothing', async () => {
    const before = await fingerprint(server);
    const empty = await call(server, 'POST', route(), {
      token: student,
      body: { text: '   \n ' },
      locale: 'ru',
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.text).toEqual(['Сообщение пустое: напишите текст']);
    const long = await call(server, 'POST', route(), {
      token: student,
      body: { text: 'а'.repeat(2001) },
      locale: 'kz',
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.text).toEqual(['Хабарлама 2000 таңбадан аспауы керек (қазір 2001)']);
    // A NUL byte cannot be stored: refused at the field, not a 500.
    const nul = await call(server, 'POST', route(), {
      token: student,
      body: { text: 'бір\u0000екі' },
      locale: 'ru',
    });
    expect(nul.status).toBe(422);
    expect(Object.keys(nul.body.errors)).toEqual(['text']);
    // Exactly 2000 after trimming is fine.
    const max = await call(server, 'POST', route(), {
      token: student,
      body: { text: ` ${'ә'.repeat(2000)} ` },
    });
    expect(max.status).toBe(201);
    await server.db.query('DELETE FROM lesson_chat_messages WHERE id = $1', [max.body.data.id]);
    expect(await fingerprint(server)).toBe(before);
  });

  it('is for participants only: 403 for a director reading the lesson, 404 for other classes and the second school, nothing written', async () => {
    const director = (await login(server, 'director')).access_token;
    const school2 = (await login(server, 'school2-director')).access_token;
    const names = ['english-teacher', 'pupil-8a', 'school2-teacher', 'school2-student'];
    const others = await Promise.all(names.map(async (n) => (await login(server, n)).access_token));
    // Logging in writes sessions: the fingerprint is taken after.
    const before = await fingerprint(server);
    const refused = await call(server, 'POST', route(), {
      token: director,
      body: { text: 'Сәлем' },
      locale: 'ru',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Писать в чат урока могут только учитель и ученики этого урока',
    );
    expect((await call(server, 'GET', route(), { token: director })).status).toBe(403);
    for (const [i, name] of names.entries()) {
      const token = others[i]!;
      expect((await call(server, 'GET', route(), { token })).status, name).toBe(404);
      expect(
        (await call(server, 'POST', route(), { token, body: { text: 'Сәлем' } })).status,
        name,
      ).toBe(404);
    }
    const one = (await call(server, 'GET', route(), { token: teacher })).body.data.messages[0];
    expect((await call(server, 'DELETE', `${route()}/${one.id}`, { token: school2 })).status).toBe(
      404,
    );
    expect(await fingerprint(server)).toBe(before);
  });

  it("a subgroup lesson: its subgroup's pupils only", async () => {
    const [row] = await server.db.query<{ slot: number; mine: number; other: number }>(
      `SELECT l.slot_id AS slot,
              (SELECT m.subgroup_id FROM subgroup_members m JOIN subgroups sg ON sg.id = m.subgroup_id
                WHERE m.user_id = u.id AND sg.group_id = u.group_id LIMIT 1) AS mine,
              (SELECT sg.id FROM subgroups sg WHERE sg.group_id = u.group_id
                  AND NOT EXISTS (SELECT 1 FROM subgroup_members m WHERE m.subgroup_id = sg.id AND m.user_id = u.id)
                LIMIT 1) AS other
         FROM lessons l, users u WHERE l.id = $1 AND u.login = 'student'`,
      [lesson],
    );
    if (!row?.mine || !row.other) throw new Error('the demo pupil has no subgroups to test with');
    try {
      await server.db.query('UPDATE timetable_slots SET subgroup_id = $1 WHERE id = $2', [
        row.other,
        row.slot,
      ]);
      const before = await fingerprint(server);
      expect((await call(server, 'GET', route(), { token: student })).status).toBe(404);
      expect(
        (await call(server, 'POST', route(), { token: student, body: { text: 'Мен де' } })).status,
      ).toBe(404);
      expect(await fingerprint(server)).toBe(before);
      await server.db.query('UPDATE timetable_slots SET subgroup_id = $1 WHERE id = $2', [
        row.mine,
        row.slot,
      ]);
      expect((await call(server, 'GET', route(), { token: student })).status).toBe(200);
    } finally {
      await server.db.query('UPDATE timetable_slots SET subgroup_id = NULL WHERE id = $1', [
        row.slot,
      ]);
    }
  });

  it('the teacher deletes a message (it shows as deleted); a pupil may not', async () => {
    const said = await call(server, 'POST', route(), { token: student, body: { text: 'Қате' } });
    const id = said.body.data.id as number;
    const byPupil = await call(server, 'DELETE', `${route()}/${id}`, {
      token: student,
      locale: 'ru',
    });
    expect(byPupil.status).toBe(403);
    expect(byPupil.body.message).toBe('Удалить сообщение может только учитель урока');
    const gone = await call(server, 'DELETE', `${route()}/${id}`, { token: teacher });
    expect(gone.status).toBe(200);
    expect(gone.body.data).toMatchObject({ id, text: '', deleted: true });
    const history = await call(server, 'GET', route(), { token: student });
    expect(history.body.data.messages.find((m: { id: number }) => m.id === id)).toMatchObject({
      deleted: true,
      text: '',
    });
    expect((await call(server, 'DELETE', `${route()}/99999999`, { token: teacher })).status).toBe(
      404,
    );
  });

  it('delivers live to the other participant, not to a pupil of another class', async () => {
    const pupil = listen(wsUrl(student));
    await pupil.next((m) => m.type === 'ready');
    const outsider = listen(wsUrl((await login(server, 'pupil-8a')).access_token));
    expect(await outsider.closedWith()).toBe(4404);
    const director = listen(wsUrl((await login(server, 'director')).access_token));
    expect(await director.closedWith()).toBe(4403);
    const said = await call(server, 'POST', route(), {
      token: teacher,
      body: { text: 'Дәптерлеріңізді ашыңыздар' },
    });
    const live = await pupil.next((m) => m.type === 'message');
    expect(live.message).toMatchObject({
      id: said.body.data.id,
      text: 'Дәптерлеріңізді ашыңыздар',
    });
    await call(server, 'DELETE', `${route()}/${said.body.data.id}`, { token: teacher });
    const deleted = await pupil.next((m) => m.type === 'deleted');
    expect(deleted.message).toMatchObject({ id: said.body.data.id, deleted: true, text: '' });
    pupil.ws.close();
  });
});

describe('the lesson chat socket and the session', () => {
  it('logout closes it with 4401; a planned shutdown with 1012 (restarting)', async () => {
    const server = await startTestServer('pglite');
    let closed = false;
    try {
      const lessonId = (
        await server.db.query<{ id: number }>(
          'SELECT id FROM lessons WHERE content_draft_id = $1 ORDER BY id LIMIT 1',
          [DEMO_SOR_ID],
        )
      )[0]!.id;
      const url = (token: string) =>
        `${server.url.replace('http', 'ws')}/ws/lesson-chat/${lessonId}?token=${token}`;
      const student = await login(server, 'student');
      const teacher = await login(server, 'teacher');
      const pupil = listen(url(student.access_token));
      const staff = listen(url(teacher.access_token));
      await pupil.next((m) => m.type === 'ready');
      await staff.next((m) => m.type === 'ready');
      await call(server, 'GET', '/api/v2/os/auth/logout', { token: student.access_token });
      expect(await pupil.closedWith(10_000)).toBe(WS_CLOSE.sessionEnded);
      const stopping = server.close();
      closed = true;
      expect(await staff.closedWith()).toBe(1012);
      await stopping;
    } finally {
      if (!closed) await server.close();
    }
  });
});

describe('the lesson chat across processes', () => {
  /** Two processes' buses joined the way Redis pub/sub joins them: every publish reaches both. */
  function sharedBuses(): [Bus, Bus] {
    const handlers: ((m: BusMessage) => void)[] = [];
    const bus = (): Bus => ({
      async publish(m) {
        // Redis carries JSON: what crosses must survive it.
        const wire = JSON.stringify(m);
        for (const h of handlers) h(JSON.parse(wire) as BusMessage);
      },
      onMessage: (h) => void handlers.push(h),
      async close() {},
    });
    return [bus(), bus()];
  }
  const fakeSocket = () => {
    const sent: unknown[] = [];
    return {
      sent,
      socket: {
        OPEN: 1,
        readyState: 1,
        send: (raw: string) => sent.push(JSON.parse(raw)),
        close: () => undefined,
      } as unknown as WebSocket,
    };
  };

  it("a message stored on one process reaches the lesson's sockets on the other, no other lesson's", async () => {
    const [busA, busB] = sharedBuses();
    const db = { query: async () => [] } as unknown as Queryable;
    const a = new TeachingHub(db, busA);
    const b = new TeachingHub(db, busB);
    const onB = fakeSocket();
    const otherLesson = fakeSocket();
    b.joinLessonChat(7, onB.socket);
    b.joinLessonChat(8, otherLesson.socket);
    await a.toLessonChat(7, { type: 'message', message: { id: 1, text: 'Сәлем' } });
    expect(onB.sent).toEqual([{ type: 'message', message: { id: 1, text: 'Сәлем' } }]);
    expect(otherLesson.sent).toEqual([]);
    b.leaveLessonChat(7, onB.socket);
    await a.toLessonChat(7, { type: 'deleted', message: { id: 1 } });
    expect(onB.sent).toHaveLength(1);
  });

  const redis = process.env.REDIS_URL;
  const pg = process.env.DATABASE_URL;
  const ready = Boolean(redis && pg);
  it.skipIf(!ready)(
    'through Redis: a message said on one server reaches a pupil on the other',
    async () => {
      const schema = testSchemaName();
      const options = { port: 0, databaseUrl: pg, databaseSchema: schema, webDist: '/nonexistent' };
      const a = await startServer(options);
      const b = await startServer(options);
      try {
        const lessonId = (
          await a.db.query<{ id: number }>(
            'SELECT id FROM lessons WHERE content_draft_id = $1 ORDER BY id LIMIT 1',
            [DEMO_SOR_ID],
          )
        )[0]!.id;
        const t = await login(a, 'teacher');
        const s = await login(b, 'student');
        const pupil = listen(
          `${b.url.replace('http', 'ws')}/ws/lesson-chat/${lessonId}?token=${s.access_token}`,
        );
        await pupil.next((m) => m.type === 'ready');
        await call(a, 'POST', `/api/v2/os/schedule/lesson/${lessonId}/chat`, {
          token: t.access_token,
          body: { text: 'Redis арқылы' },
        });
        expect((await pupil.next((m) => m.type === 'message')).message?.text).toBe('Redis арқылы');
        pupil.ws.close();
      } finally {
        await b.close();
        await a.db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
        await a.close();
      }
    },
  );
});
