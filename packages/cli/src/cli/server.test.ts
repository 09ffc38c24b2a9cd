import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_PATH, retryAfterMs, sendDrafts } from './server.js';
import { runCli } from '../test/harness.js';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse, n: number) => void;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A real HTTP server on an ephemeral port; `handler` decides each answer. */
async function serve(handler: Handler): Promise<{
  url: string;
  requests: { auth: string | undefined; body: { drafts: unknown[] }; at: number }[];
}> {
  const requests: { auth: string | undefined; body: { drafts: unknown[] }; at: number }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.url !== IMPORT_PATH || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      requests.push({
        auth: req.headers.authorization,
        body: JSON.parse(body) as { drafts: unknown[] },
        at: Date.now(),
      });
      handler(req, body, res, requests.length);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const okAll = (body: string, res: ServerResponse): void => {
  const { drafts } = JSON.parse(body) as { drafts: { id: string }[] };
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      results: drafts.map((d, index) => ({ index, ok: true, id: `srv-${d.id}` })),
    }),
  );
};
const drafts = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `d${i}` }));
const fast = { baseDelayMs: 1, maxDelayMs: 20 };

describe('bulk import client', () => {
  it('sends batches with the bearer token and maps results back to input indexes', async () => {
    const srv = await serve((_, body, res) => okAll(body, res));
    const results = await sendDrafts(drafts(5), {
      url: `${srv.url}/`,
      token: 'T0k',
      batchSize: 2,
      retries: 0,
    });
    expect(srv.requests.map((r) => r.body.drafts.length)).toEqual([2, 2, 1]);
    expect(srv.requests.every((r) => r.auth === 'Bearer T0k')).toBe(true);
    expect(results.map((r) => [r.index, r.ok, r.id])).toEqual(
      [0, 1, 2, 3, 4].map((i) => [i, true, `srv-d${i}`]),
    );
  });
  it('retries 5xx and 429, honouring Retry-After', async () => {
    const srv = await serve((_, body, res, n) => {
      if (n === 1) res.writeHead(503).end('busy');
      else if (n === 2) res.writeHead(429, { 'retry-after': '1' }).end();
      else okAll(body, res);
    });
    const results = await sendDrafts(drafts(2), {
      url: srv.url,
      token: 't',
      batchSize: 10,
      retries: 3,
      ...fast,
      maxDelayMs: 2000,
    });
    expect(results.every((r) => r.ok)).toBe(true);
    expect(srv.requests).toHaveLength(3);
    const waited = (srv.requests[2]?.at ?? 0) - (srv.requests[1]?.at ?? 0);
    expect(waited).toBeGreaterThanOrEqual(950);
  });
  it('gives up after the retries with a clear error, per draft', async () => {
    const srv = await serve((_, __, res) => res.writeHead(502).end());
    const results = await sendDrafts(drafts(3), {
      url: srv.url,
      token: 't',
      batchSize: 10,
      retries: 2,
      ...fast,
    });
    expect(srv.requests).toHaveLength(3);
    expect(results).toEqual([0, 1, 2].map((index) => ({ index, ok: false, error: 'HTTP 502' })));
  });
  it('does not retry 401/422: the message of the answer is reported', async () => {
    const srv = await serve((_, __, res) =>
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: 'Unauthenticated.' })),
    );
    const results = await sendDrafts(drafts(1), {
      url: srv.url,
      token: 'bad',
      batchSize: 10,
      retries: 5,
      ...fast,
    });
    expect(srv.requests).toHaveLength(1);
    expect(results[0]).toEqual({ index: 0, ok: false, error: 'HTTP 401: Unauthenticated.' });
  });
  it('retries network errors (connection refused) and reports them', async () => {
    const srv = await serve(() => undefined);
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
    let attempts = 0;
    const results = await sendDrafts(drafts(1), {
      url: srv.url,
      token: 't',
      batchSize: 1,
      retries: 2,
      ...fast,
      fetch: (async (...args: Parameters<typeof fetch>) => {
        attempts += 1;
        return fetch(...args);
      }) as typeof fetch,
    });
    expect(attempts).toBe(3);
    expect(results[0]).toMatchObject({ ok: false, error: 'ECONNREFUSED' });
  });
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe('sabaq import --server', () => {
  it('posts the imported drafts and reports what the server refused (exit 1)', async () => {
    const srv = await serve((_, body, res) => {
      const { drafts: ds } = JSON.parse(body) as { drafts: { id: string; title: string }[] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          results: ds.map((d, index) =>
            index === 0
              ? { index, ok: false, problems: [{ path: 'title', code: 'title_taken' }] }
              : { index, ok: true, id: d.id },
          ),
        }),
      );
    });
    const r = await runCli([
      'import',
      'fixtures/drafts/valid/sor-math-7-kz.json',
      'fixtures/drafts/valid/soch-chem-8-ru.json',
      '--from',
      'json',
      '--server',
      srv.url,
      '--token',
      'secret',
      '--lang',
      'ru',
    ]);
    expect(r.code).toBe(1);
    expect(srv.requests[0]?.auth).toBe('Bearer secret');
    expect(srv.requests[0]?.body.drafts).toHaveLength(2);
    expect(r.stderr).toContain(
      'sor-math-7-kz.json (sor-math-7-kz): сервер не принял: [{"path":"title","code":"title_taken"}]',
    );
    expect(r.stderr).toContain('отправлено на сервер: 1 успешно, 1 с ошибкой');
  });
  it('--server without --token is a usage error', async () => {
    const out = mkdtempSync(join(tmpdir(), 'sabaq-srv-'));
    const r = await runCli(['import', 'fixtures/drafts/valid', '--server', 'http://127.0.0.1:9']);
    rmSync(out, { recursive: true, force: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--token');
  });
});
