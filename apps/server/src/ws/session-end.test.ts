/**
 * A route that ends a session closes that session's open sockets at once (4401), without waiting
 * for the periodic re-check: here the periodic check is off, so only the routes can close them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningServer } from '../server';
import { wsUrl } from '../collab/test-client';
import { DEMO_PASSWORD } from '../core/seed-data';
import { call, login, startTestServer } from '../test/harness';
import { WS_CLOSE } from './registry';

function chatSocket(server: RunningServer, token: string) {
  const ws = new WebSocket(`${wsUrl(server)}/ws/chat`, [`bearer.${token}`]);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, closed, opened };
}

describe('sockets end when a route ends their session', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      websocketSessionCheckMs: 0,
      authRateLimitPerMinute: 100_000,
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('logout closes the session’s sockets at once; another session’s stay open', async () => {
    const mine = (await login(server, 'teacher')).access_token;
    const other = (await login(server, 'teacher')).access_token;
    const a = chatSocket(server, mine);
    const b = chatSocket(server, other);
    await Promise.all([a.opened, b.opened]);
    expect((await call(server, 'GET', '/api/v2/os/auth/logout', { token: mine })).status).toBe(200);
    expect(await a.closed).toBe(WS_CLOSE.sessionEnded);
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
    b.ws.close();
  });

  it('a password change closes the other devices’ sockets at once', async () => {
    const device1 = (await login(server, 'english-teacher')).access_token;
    const device2 = (await login(server, 'english-teacher')).access_token;
    const other = chatSocket(server, device2);
    await other.opened;
    const changed = await call(server, 'POST', '/api/v2/os/auth/password/change', {
      token: device1,
      body: {
        old_password: DEMO_PASSWORD,
        password: 'Jana-Kupiya-2026!',
        password_confirmation: 'Jana-Kupiya-2026!',
      },
    });
    expect(changed.status).toBe(200);
    expect(await other.closed).toBe(WS_CLOSE.sessionEnded);
  });
});
