import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startServer, type RunningServer } from '@sabaq/server';
import { runCli } from '../test/harness.js';

/** `sabaq import --server` against the real Sabaq server (in-memory PGlite, seeded demo school). */
describe('sabaq import --server against @sabaq/server', () => {
  let server: RunningServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      dataDir: 'memory',
      webDist: '/nonexistent',
      logger: false,
    });
    const res = await fetch(`${server.url}/api/v2/os/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ login: 'methodist', password: DEMO_PASSWORD }),
    });
    token = ((await res.json()) as { access_token: string }).access_token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('imports a question bank and the fixture drafts; the server stores them', async () => {
    const r = await runCli([
      'import',
      'fixtures/banks/moodle/himiya-8-ru.xml',
      'fixtures/drafts/valid/sor-math-7-kz.json',
      '--server',
      server.url,
      '--token',
      token,
      '--batch-size',
      '1',
      '--lang',
      'ru',
    ]);
    expect(r.stderr).toContain('отправлено на сервер: 2 успешно, 0 с ошибкой');
    expect(r.code).toBe(0);
    const list = await fetch(`${server.url}/api/v2/os/drafts?limit=200`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const titles = ((await list.json()) as { data: { title: string }[] }).data.map((d) => d.title);
    expect(titles).toContain('himiya-8-ru');
    expect(titles).toContain('Алгебра, 7-сынып: 1-тоқсан бойынша бөлім жиынтық бағалау');
  }, 60_000);

  it('a wrong token is refused without retrying: exit 1 and the reason', async () => {
    const r = await runCli([
      'import',
      'fixtures/drafts/valid/sor-math-7-kz.json',
      '--server',
      server.url,
      '--token',
      'wrong',
      '--lang',
      'ru',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/сервер не принял: HTTP 401/);
  }, 60_000);
});
