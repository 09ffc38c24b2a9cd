import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..');
const fixture = (name: string) => resolve(repoRoot, 'fixtures/drafts/invalid', name);

describe.each(BACKENDS)('drafts on %s', (backend) => {
  let server: RunningServer;
  let methodist: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    methodist = (await login(server, 'methodist')).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function create(title: string) {
    const res = await call(server, 'POST', '/api/v2/os/drafts', {
      token: methodist,
      body: { init: { type: 'customLesson', title, lang: 'kz' } },
    });
    expect(res.status).toBe(201);
    return res.body.data.summary.id as string;
  }

  it('create → commands → history → publish, with the engine deciding', async () => {
    const id = await create('Бөлшектерді қосу');
    const got = await call(server, 'GET', `/api/v2/os/drafts/${id}`, { token: methodist });
    expect(got.status).toBe(200);
    expect(got.body.data.draft.version).toBe(0);
    expect(got.body.data.draft.duration).toBe(40);

    const path = `/api/v2/os/drafts/${id}/commands`;
    const ok = await call(server, 'POST', path, {
      token: methodist,
      body: {
        expectedVersion: 0,
        commands: [
          { type: 'page/add', pageId: 'p1', title: 'Кіріспе' },
          {
            type: 'module/add',
            pageId: 'p1',
            moduleId: 'm1',
            moduleType: 'simple',
            title: 'Жаңа тақырып',
          },
        ],
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.version).toBe(2);

    const stale = await call(server, 'POST', path, {
      token: methodist,
      body: { expectedVersion: 0, commands: [{ type: 'page/add', pageId: 'p2' }] },
      locale: 'ru',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.currentVersion).toBe(2);
    expect(stale.body.message).toMatch(/Черновик изменён/);

    const rejected = await call(server, 'POST', path, {
      token: methodist,
      body: {
        expectedVersion: 2,
        commands: [
          { type: 'page/add', pageId: 'p2' },
          { type: 'module/add', pageId: 'no-such-page', moduleId: 'm2', moduleType: 'task' },
        ],
      },
      locale: 'ru',
    });
    expect(rejected.status).toBe(422);
    expect(Object.keys(rejected.body.errors)[0]).toMatch(/^commands\.1/);
    expect(rejected.body.rejection.index).toBe(1);
    // All or nothing: the valid first command was not kept either.
    const history = await call(server, 'GET', `/api/v2/os/drafts/${id}/history`, {
      token: methodist,
    });
    expect(history.body.data.map((e: { command: { type: string } }) => e.command.type)).toEqual([
      'page/add',
      'module/add',
    ]);

    const published = await call(server, 'POST', `/api/v2/os/drafts/${id}/publish`, {
      token: methodist,
    });
    expect(published.status).toBe(200);
    expect(published.body.data.summary.status).toBe('published');
    expect(published.body.data.statistics.result).toBeDefined();
  });

  it('publish refuses a draft with problems, in the request language', async () => {
    const id = await create('');
    const res = await call(server, 'POST', `/api/v2/os/drafts/${id}/publish`, {
      token: methodist,
      locale: 'ru',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Черновик не готов к публикации');
    expect(Object.keys(res.body.errors)).toContain('title');
  });

  it('bulk import: each draft judged alone by the engine', async () => {
    const good = JSON.parse(readFileSync(fixture('sor-no-purposes-ru.json'), 'utf8'));
    const badSchema = JSON.parse(readFileSync(fixture('schema-duration-text.json'), 'utf8'));
    const res = await call(server, 'POST', '/api/v2/os/drafts/import', {
      token: methodist,
      body: { drafts: [good, badSchema, 42] },
    });
    expect(res.status).toBe(200);
    const [a, b, c] = res.body.results;
    expect(a).toMatchObject({ index: 0, ok: true });
    expect(b.ok).toBe(false);
    expect(b.problems.join(' ')).toMatch(/duration/);
    expect(c.ok).toBe(false);
    const pub = await call(server, 'POST', `/api/v2/os/drafts/${a.id}/publish`, {
      token: methodist,
      locale: 'ru',
    });
    expect(pub.status).toBe(422);
    expect(Object.keys(pub.body.errors)).toContain('purposes');
  });

  it('drafts of another school are invisible; delete hides; a locked subscription gets 423', async () => {
    const id = await create('Жасырын');
    const outsider = (await login(server, 'individual')).access_token;
    expect((await call(server, 'GET', `/api/v2/os/drafts/${id}`, { token: outsider })).status).toBe(
      404,
    );
    const teacher = (await login(server, 'teacher')).access_token;
    expect((await call(server, 'GET', `/api/v2/os/drafts/${id}`, { token: teacher })).status).toBe(
      200,
    );
    expect(
      (await call(server, 'DELETE', `/api/v2/os/drafts/${id}`, { token: teacher })).status,
    ).toBe(403);
    expect(
      (await call(server, 'DELETE', `/api/v2/os/drafts/${id}`, { token: methodist })).status,
    ).toBe(200);
    expect(
      (await call(server, 'GET', `/api/v2/os/drafts/${id}`, { token: methodist })).status,
    ).toBe(404);
    const list = await call(server, 'GET', '/api/v2/os/drafts?limit=200', { token: methodist });
    expect(list.body.data.some((d: { id: string }) => d.id === id)).toBe(false);

    const locked = (await login(server, 'locked')).access_token;
    const res = await call(server, 'POST', '/api/v2/os/drafts', {
      token: locked,
      body: { init: { type: 'customLesson', title: 'x', lang: 'ru' } },
      locale: 'ru',
    });
    expect(res.status).toBe(423);
    expect(res.body).toEqual({
      message: 'Подписка заблокирована',
      redirect: '/ru/subscribe-locked',
    });
  });
});
