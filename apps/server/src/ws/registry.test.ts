import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningServer } from '../server';
import { sha256 } from '../auth/passwords';
import { call, login, startTestServer } from '../test/harness';

function open(url: string, protocols?: string[]): Promise<{ ws: WebSocket; status: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, protocols);
    ws.on('open', () => resolve({ ws, status: 101 }));
    ws.on('unexpected-response', (_req, res) => resolve({ ws, status: res.statusCode ?? 0 }));
    ws.on('error', () => undefined);
  });
}

describe('WebSocket endpoints on the HTTP port', () => {
  let server: RunningServer;
  let wsUrl: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    wsUrl = server.url.replace('http', 'ws');
    // An echo endpoint for teachers only, the way collab and chat mount theirs.
    server.websockets.register({
      path: '/ws-test/:room',
      policy: ['teacher', 'group-lead'],
      onConnection(socket, { params, user }) {
        socket.on('message', (data) => socket.send(`${params.room}:${user?.role}:${String(data)}`));
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('authenticates by ?token= or the bearer subprotocol and passes params and user', async () => {
    const t = await login(server, 'teacher');
    for (const [url, protocols] of [
      [`${wsUrl}/ws-test/7a?token=${t.access_token}`, undefined],
      [`${wsUrl}/ws-test/7a`, [`bearer.${t.access_token}`]],
    ] as const) {
      const { ws, status } = await open(url, protocols ? [...protocols] : undefined);
      expect(status).toBe(101);
      const reply = new Promise<string>((r) => ws.once('message', (d) => r(String(d))));
      ws.send('сәлем');
      expect(await reply).toBe('7a:teacher:сәлем');
      ws.close();
    }
  });

  it('refuses before the upgrade: 401 without token, 403 wrong role, 426 expired, 404 unknown path', async () => {
    expect((await open(`${wsUrl}/ws-test/1`)).status).toBe(401);
    const s = await login(server, 'student');
    expect((await open(`${wsUrl}/ws-test/1?token=${s.access_token}`)).status).toBe(403);
    expect((await open(`${wsUrl}/nowhere?token=${s.access_token}`)).status).toBe(404);
    const t = await login(server, 'teacher');
    // Expire it in the database (timing-free, whatever the machine's load).
    await server.db.query(
      "UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [sha256(t.access_token)],
    );
    expect((await open(`${wsUrl}/ws-test/1?token=${t.access_token}`)).status).toBe(426);
    // HTTP still works beside it.
    expect((await call(server, 'GET', '/api/v2/os/feature-flags')).status).toBe(200);
  });
});
