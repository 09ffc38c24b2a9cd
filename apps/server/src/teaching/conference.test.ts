import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { call, login, startTestServer } from '../test/harness';
import { DEMO_SOR_ID } from './demo-content';
import { conferenceConfigFromEnv, roomOf, type ConferenceConfig } from './conference';

const config: ConferenceConfig = {
  domain: 'meet.sabaq.test',
  appId: 'sabaq',
  secret: 'a-long-shared-secret-of-the-jitsi-deployment',
  audience: 'jitsi',
  baseUrl: 'https://meet.sabaq.test',
};

describe('the conference configuration', () => {
  it('is all three variables or none, and names the deployment', () => {
    expect(conferenceConfigFromEnv({})).toBeNull();
    expect(() => conferenceConfigFromEnv({ SABAQ_JITSI_DOMAIN: 'meet.kz' })).toThrow(/go together/);
    expect(
      conferenceConfigFromEnv({
        SABAQ_JITSI_DOMAIN: 'http://127.0.0.1:9000/',
        SABAQ_JITSI_APP_ID: 'sabaq',
        SABAQ_JITSI_APP_SECRET: 's',
      }),
    ).toEqual({
      domain: '127.0.0.1:9000',
      appId: 'sabaq',
      secret: 's',
      audience: 'jitsi',
      baseUrl: 'http://127.0.0.1:9000',
    });
  });

  it('gives each lesson a room that cannot be guessed from another', () => {
    expect(roomOf(config, 7)).toMatch(/^sabaq-lesson-7-[0-9a-f]{16}$/);
    expect(roomOf(config, 7)).toBe(roomOf(config, 7));
    expect(roomOf(config, 8).slice(-16)).not.toBe(roomOf(config, 7).slice(-16));
    expect(roomOf({ ...config, secret: 'other' }, 7)).not.toBe(roomOf(config, 7));
  });
});

describe('the online lesson (issue 20)', () => {
  let server: RunningServer;
  let lesson: number;
  const route = () => `/api/v2/os/schedule/lesson/${lesson}/conference`;
  const key = new TextEncoder().encode(config.secret);

  beforeAll(async () => {
    server = await startTestServer('pglite', { conference: config });
    lesson = (
      await server.db.query<{ id: number }>('SELECT id FROM lessons WHERE content_draft_id = $1', [
        DEMO_SOR_ID,
      ])
    )[0]!.id;
  });
  afterAll(async () => server?.close());

  it("signs the teacher in as moderator of the lesson's room, with Jitsi's claims", async () => {
    const teacher = await login(server, 'teacher');
    const res = await call(server, 'GET', route(), { token: teacher.access_token });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      baseUrl: 'https://meet.sabaq.test',
      domain: 'meet.sabaq.test',
      room: roomOf(config, lesson),
      moderator: true,
    });
    const { payload, protectedHeader } = await jwtVerify(data.jwt, key, {
      issuer: 'sabaq',
      audience: 'jitsi',
      subject: 'meet.sabaq.test',
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({
      room: roomOf(config, lesson),
      moderator: true,
      context: {
        user: { id: String(teacher.user.userId), moderator: 'true', affiliation: 'owner' },
      },
    });
    expect(payload.exp! - payload.iat!).toBe(2 * 60 * 60);
    expect((payload.context as { user: { name: string } }).user.name).toBe(data.displayName);
    // A token signed with another secret is not Jitsi's.
    await expect(jwtVerify(data.jwt, new TextEncoder().encode('guess'))).rejects.toThrow();
  });

  it('lets its pupils in without moderator rights', async () => {
    const student = await login(server, 'student');
    const res = await call(server, 'GET', route(), { token: student.access_token });
    expect(res.status).toBe(200);
    expect(res.body.data.moderator).toBe(false);
    const { payload } = await jwtVerify(res.body.data.jwt, key);
    expect(payload).toMatchObject({
      moderator: false,
      context: {
        user: { id: String(student.user.userId), moderator: 'false', affiliation: 'member' },
      },
    });
  });

  it('nobody else: a director reading the lesson (403, kz/ru), a teacher of another class (404)', async () => {
    const director = await login(server, 'director');
    const res = await call(server, 'GET', route(), { token: director.access_token, locale: 'ru' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'К видеоуроку могут подключиться только учитель и ученики этого урока',
    );
    const other = await login(server, 'english-teacher');
    expect((await call(server, 'GET', route(), { token: other.access_token })).status).toBe(404);
  });

  it('answers null where no conference is configured', async () => {
    const plain = await startTestServer('pglite');
    try {
      const teacher = await login(plain, 'teacher');
      const res = await call(plain, 'GET', route(), { token: teacher.access_token });
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
