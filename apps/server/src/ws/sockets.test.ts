/**
 * Every WebSocket of the server (collab, chat, lesson) against a real server: sockets end with
 * their session (4401), a planned shutdown closes them with 1012 after the last write, and a
 * lesson socket cannot flood the lesson with pings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { CLOSE_CODES, CollabDraft, CollabProvider, type SocketLike } from '@sabaq/collab';
import type { RunningServer } from '../server';
import { sha256 } from '../auth/passwords';
import { collabOf } from '../collab';
import { eventually, wsUrl } from '../collab/test-client';
import { DEMO_SOR_ID } from '../teaching/demo-content';
import { LESSON_PING_BURST, LESSON_PING_REFILL_MS, pingBucket } from '../teaching/sockets';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { WS_CLOSE } from './registry';

/** A raw socket that records its JSON messages and its close code. */
function open(server: RunningServer, path: string, token: string) {
  const ws = new WebSocket(`${wsUrl(server)}${path}`, [`bearer.${token}`]);
  const messages: Array<{ type?: string }> = [];
  let code: number | null = null;
  ws.on('message', (raw, isBinary) => {
    if (!isBinary) messages.push(JSON.parse(String(raw)) as { type?: string });
  });
  const closed = new Promise<number>((resolve) =>
    ws.once('close', (c) => {
      code = c;
      resolve(c);
    }),
  );
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages, closed, opened, code: () => code };
}

async function newDraft(server: RunningServer, token: string): Promise<string> {
  const res = await call(server, 'POST', '/api/v2/os/drafts', {
    token,
    body: { init: { type: 'sor', title: 'БЖБ: сессия', lang: 'kz' } },
  });
  expect(res.status).toBe(201);
  return res.body.data.draft.id as string;
}

async function lessonId(server: RunningServer): Promise<number> {
  const rows = await server.db.query<{ id: number }>(
    'SELECT id FROM lessons WHERE content_draft_id = $1',
    [DEMO_SOR_ID],
  );
  return rows[0]!.id;
}

describe.each(BACKENDS)('sockets and sessions on %s', (backend) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { authRateLimitPerMinute: 100_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** One collab, one chat and one lesson socket, each on a fresh session. */
  async function threeSockets() {
    const methodist = await login(server, 'methodist');
    const teacher = await login(server, 'teacher');
    const student = await login(server, 'student');
    const draftId = await newDraft(server, methodist.access_token);
    const collab = open(server, `/collab/${draftId}`, methodist.access_token);
    const chat = open(server, '/ws/chat', teacher.access_token);
    const lesson = open(server, `/ws/lesson/${await lessonId(server)}`, student.access_token);
    await Promise.all([collab.opened, chat.opened, lesson.opened]);
    // The lesson socket is joined once it has said who is there.
    await eventually(() => lesson.messages.some((m) => m.type === 'ping'), 20_000, 'lesson joined');
    await eventually(() => collabOf(server.db)!.connections > 0, 20_000, 'collab joined');
    return { methodist, teacher, student, sockets: [collab, chat, lesson] };
  }

  it('logout closes the collab, chat and lesson sockets of that session with 4401', async () => {
    const { methodist, teacher, student, sockets } = await threeSockets();
    // Another session of the same people stays open.
    const other = await login(server, 'teacher');
    const stays = open(server, '/ws/chat', other.access_token);
    await stays.opened;
    for (const t of [methodist, teacher, student])
      expect(
        (await call(server, 'GET', '/api/v2/os/auth/logout', { token: t.access_token })).status,
      ).toBeLessThan(300);
    // Within the registry's check interval, with no call from the test.
    const codes = await Promise.all(sockets.map((s) => s.closed));
    expect(codes).toEqual([WS_CLOSE.sessionEnded, WS_CLOSE.sessionEnded, WS_CLOSE.sessionEnded]);
    expect(WS_CLOSE.sessionEnded).toBe(CLOSE_CODES.badToken);
    await server.websockets.checkSessions();
    expect(stays.ws.readyState).toBe(WebSocket.OPEN);
    stays.ws.close();
  });

  it('a revoked session or tokens expired unrefreshed end the sockets; a refreshed one keeps them', async () => {
    const { methodist, teacher, student, sockets } = await threeSockets();
    const [collab, chat, lesson] = sockets;
    // Revoked (e.g. a password change elsewhere): straight in the database, as another process would.
    await server.db.query(
      'UPDATE sessions SET revoked_at = now() WHERE id = (SELECT session_id FROM access_tokens WHERE token_hash = $1)',
      [sha256(teacher.access_token)],
    );
    // Expired and never refreshed.
    await server.db.query(
      "UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [sha256(student.access_token)],
    );
    // Expired, but refreshed since: the session lives on with its new token.
    const refreshed = await call(server, 'POST', '/api/v2/os/auth/refresh', {
      body: { refreshToken: methodist.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    await server.db.query(
      "UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [sha256(methodist.access_token)],
    );
    await server.websockets.checkSessions();
    expect(await chat!.closed).toBe(WS_CLOSE.sessionEnded);
    expect(await lesson!.closed).toBe(WS_CLOSE.sessionEnded);
    expect(collab!.ws.readyState).toBe(WebSocket.OPEN);
    collab!.ws.close();
  });

  it('a lesson socket that floods pings is throttled: excess pings are not rebroadcast', async () => {
    const id = await lessonId(server);
    const teacher = await login(server, 'teacher');
    const student = await login(server, 'student');
    const watcher = open(server, `/ws/lesson/${id}`, teacher.access_token);
    await watcher.opened;
    const flooder = open(server, `/ws/lesson/${id}`, student.access_token);
    await flooder.opened;
    await eventually(() => flooder.messages.some((m) => m.type === 'ping'), 20_000, 'joined');
    await new Promise((r) => setTimeout(r, 200));
    const before = watcher.messages.filter((m) => m.type === 'ping').length;
    for (let i = 0; i < 200; i++) flooder.ws.send(JSON.stringify({ type: 'ping' }));
    await new Promise((r) => setTimeout(r, 500));
    const rebroadcast = watcher.messages.filter((m) => m.type === 'ping').length - before;
    expect(rebroadcast).toBeGreaterThan(0);
    expect(rebroadcast).toBeLessThanOrEqual(LESSON_PING_BURST + 1);
    // The flooder is not thrown out: it stays in the lesson.
    expect(flooder.ws.readyState).toBe(WebSocket.OPEN);
    flooder.ws.close();
    watcher.ws.close();
  });
});

describe('lesson ping bucket', () => {
  it('allows a burst, then one ping per refill interval', () => {
    let now = 0;
    const bucket = pingBucket(() => now);
    const burst = Array.from({ length: LESSON_PING_BURST + 3 }, () => bucket.take());
    expect(burst.filter(Boolean)).toHaveLength(LESSON_PING_BURST);
    now += LESSON_PING_REFILL_MS;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 20_000; // the client's normal rhythm is always allowed
    expect(bucket.take()).toBe(true);
  });
});

describe('planned shutdown', () => {
  it('delivers 1012 to every open collab, chat and lesson socket after the last write', async () => {
    const server = await startTestServer('pglite');
    let closedServer = false;
    try {
      const methodist = await login(server, 'methodist');
      const teacher = await login(server, 'teacher');
      const student = await login(server, 'student');
      const draftId = await newDraft(server, methodist.access_token);
      // A live editor whose last edit is still queued when the server stops.
      const service = collabOf(server.db)!;
      service.options.flushDebounceMs = 5_000;
      service.options.flushMaxDelayMs = 10_000;
      const seen: Array<{ code: number; saved: boolean }> = [];
      const doc = new Y.Doc();
      const provider: CollabProvider = new CollabProvider({
        serverUrl: wsUrl(server),
        draftId,
        doc,
        token: () => methodist.access_token,
        createSocket: (url, protocols) => {
          const ws = new WebSocket(url, protocols);
          // Registered before the provider's own handler: what the client knew when it closed.
          ws.on('close', (code) => seen.push({ code, saved: provider.status.saved }));
          return ws as unknown as SocketLike;
        },
        backoff: { minMs: 60_000, maxMs: 60_000, jitter: 0 },
      });
      const draft = new CollabDraft(doc, { actor: String(methodist.user.userId) });
      const peer = {
        provider,
        draft,
        destroy: () => {
          draft.destroy();
          provider.destroy();
        },
      };
      const chat = open(server, '/ws/chat', teacher.access_token);
      const lesson = open(server, `/ws/lesson/${await lessonId(server)}`, student.access_token);
      try {
        await Promise.all([peer.provider.whenOnline(), chat.opened, lesson.opened]);
        await eventually(() => lesson.messages.some((m) => m.type === 'ping'), 20_000, 'lesson');
        peer.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Соңғы өзгеріс' });
        await new Promise((r) => setTimeout(r, 100));
        expect(peer.provider.status.saved).toBe(false);
        const closing = server.close();
        closedServer = true;
        const [chatCode, lessonCode] = await Promise.all([chat.closed, lesson.closed]);
        await eventually(() => seen.length > 0, 20_000, 'collab closed');
        await closing;
        expect(seen[0]).toEqual({ code: 1012, saved: true });
        expect(chatCode).toBe(1012);
        expect(lessonCode).toBe(1012);
      } finally {
        peer.destroy();
        chat.ws.close();
        lesson.ws.close();
      }
    } finally {
      if (!closedServer) await server.close();
    }
  });
});
