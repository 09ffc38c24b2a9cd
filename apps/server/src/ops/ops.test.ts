import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteWorkerOf } from '../db/db';
import type { RunningServer } from '../server';
import { call, login, startTestServer } from '../test/harness';
import { waitFor } from '../test/services';
import { metricsFromEnv } from './metrics';

const TOKEN = 'metrics-token-0123456789';

describe('health, readiness and metrics', () => {
  let server: RunningServer;
  /** Without metrics, on a data directory (a thread that dies is restarted on it). */
  let plain: RunningServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'sabaq-ops-'));
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      metrics: { token: TOKEN, port: 0, host: '127.0.0.1' },
    });
    plain = await startTestServer('pglite', { dataDir });
  });
  afterAll(async () => {
    await server?.close();
    await plain?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('liveness and readiness say each dependency’s state', async () => {
    expect((await call(server, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
    const live = await call(server, 'GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body.status).toBe('alive');
    const ready = await call(server, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.checks.database.state).toBe('up');
    expect(ready.body.checks.storage.state).toBe('up');
    // No REDIS_URL for this server: Redis is not part of it.
    expect(ready.body.checks.redis.state).toBe(process.env.REDIS_URL ? 'up' : 'off');
  });

  it('metrics are off unless turned on, and need the token on the API port', async () => {
    expect((await call(plain, 'GET', '/metrics')).status).toBe(404);
    expect(plain.metricsUrl).toBeNull();
    expect((await call(server, 'GET', '/metrics')).status).toBe(401);
    const wrong = await call(server, 'GET', '/metrics', {
      headers: { authorization: 'Bearer metrics-token-0000000000' },
    });
    expect(wrong.status).toBe(401);
  });

  it('the scrape has request latency by route id, the database, sockets, rooms, jobs and the roll-up', async () => {
    await login(server, 'teacher');
    await call(server, 'GET', '/api/v2/os/feature-flags');
    await call(server, 'GET', '/no/such/path');
    const res = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /sabaq_http_request_duration_seconds_bucket\{le="[^"]+",route="auth\.login",method="POST",status="2xx"\} [1-9]/,
    );
    expect(text).toMatch(
      /sabaq_http_request_duration_seconds_count\{route="unmatched",method="GET",status="4xx"\} 1/,
    );
    expect(text).toMatch(/^sabaq_db_up 1$/m);
    expect(text).toMatch(/^sabaq_db_connections\{state="total"\} 1$/m);
    expect(text).toMatch(/^sabaq_websocket_connections 0$/m);
    expect(text).toMatch(/^sabaq_collab_rooms 0$/m);
    expect(text).toMatch(/^sabaq_jobs\{status="queued"\} 0$/m);
    expect(text).toMatch(/^sabaq_statistics_rollup_lag_seconds \d/m);
    expect(text).toMatch(/^sabaq_process_process_cpu_user_seconds_total /m);
    // The same on the metrics' own port, without a token; nothing else is served there.
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const own = await fetch(server.metricsUrl!);
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/^sabaq_db_up 1$/m);
    expect((await fetch(server.metricsUrl!.replace('/metrics', '/api/health'))).status).toBe(404);
  });

  it('settings: neither token nor port is no metrics; a short token is refused', () => {
    expect(metricsFromEnv({})).toBeNull();
    expect(metricsFromEnv({ METRICS_PORT: '9464' })).toEqual({
      token: null,
      port: 9464,
      host: '127.0.0.1',
    });
    expect(() => metricsFromEnv({ METRICS_TOKEN: 'short' })).toThrow(/16 characters/);
    expect(() => metricsFromEnv({ METRICS_PORT: 'x' })).toThrow(/port number/);
  });

  it('while the embedded database restarts, liveness answers and readiness says so; then both are fine', async () => {
    await pgliteWorkerOf(plain.db)!.terminate();
    expect((await call(plain, 'GET', '/api/health/live')).status).toBe(200);
    await waitFor(
      async () => (await call(plain, 'GET', '/api/health/ready')).status === 200,
      'readiness after the restart',
    );
    const ready = await call(plain, 'GET', '/api/health/ready');
    expect(ready.body.checks.database.state).toBe('up');
    expect(plain.db.stats().restarts).toBe(1);
    // The data is the same data: the demo teacher still signs in.
    await login(plain, 'teacher');
  });
});
