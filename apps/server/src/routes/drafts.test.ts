import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { DOMAINS } from '../server';
import { noRedis } from '../redis/link';
import { buildApp } from '../http/app';
import { WsRegistry } from '../ws/registry';
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

  it('one rights check for REST and socket: viewers and uninvited colleagues cannot change or publish', async () => {
    const id = await create('Құқықтар');
    const as = async (who: string) => {
      const t = await login(server, who);
      return { token: t.access_token, userId: t.user.userId };
    };
    const [zavuch, teacher, director, outsider] = await Promise.all(
      ['zavuch', 'teacher', 'director', 'individual'].map(as),
    );
    const invite = (userId: number, access: 'edit' | 'view') =>
      call(server, 'POST', `/api/v2/os/drafts/${id}/collaborators`, {
        token: methodist,
        body: { userId, access },
      });
    expect((await invite(teacher!.userId, 'view')).status).toBe(200);
    expect((await invite(director!.userId, 'edit')).status).toBe(200);
    const change = (token: string, expectedVersion: number) =>
      call(server, 'POST', `/api/v2/os/drafts/${id}/commands`, {
        token,
        body: { expectedVersion, commands: [{ type: 'page/add', pageId: 'px', title: 'x' }] },
        locale: 'ru',
      });
    const publish = (token: string) =>
      call(server, 'POST', `/api/v2/os/drafts/${id}/publish`, { token, locale: 'ru' });
    // A colleague of the school who was never invited, and a view collaborator: read only.
    for (const who of [zavuch!, teacher!]) {
      expect(
        (await call(server, 'GET', `/api/v2/os/drafts/${id}`, { token: who.token })).status,
      ).toBe(200);
      const res = await change(who.token, 0);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Недостаточно прав для этого действия');
      expect((await publish(who.token)).status).toBe(403);
    }
    // A builder of another school does not learn the draft exists.
    expect((await change(outsider!.token, 0)).status).toBe(404);
    expect((await publish(outsider!.token)).status).toBe(404);
    // Nothing they sent was stored.
    const got = await call(server, 'GET', `/api/v2/os/drafts/${id}`, { token: methodist });
    expect(got.body.data.draft.version).toBe(0);
    expect(got.body.data.summary.status).toBe('draft');
    // An edit collaborator changes it, as on the socket.
    expect((await change(director!.token, 0)).status).toBe(200);
  });

  it('a list offers what the caller may do: "mine" is owned or invited, rows say access and delete (issue 21)', async () => {
    const id = await create('Тізім құқықтары');
    const as = async (who: string) => {
      const t = await login(server, who);
      return { token: t.access_token, userId: t.user.userId };
    };
    const [teacher, zavuch] = await Promise.all(['teacher', 'zavuch'].map(as));
    const list = async (token: string, scope?: 'mine' | 'school') =>
      (
        await call(server, 'GET', `/api/v2/os/drafts?limit=200${scope ? `&scope=${scope}` : ''}`, {
          token,
        })
      ).body.data as { id: string; access: string; canDelete: boolean }[];
    const row = (rows: { id: string }[]) => rows.find((r) => r.id === id);
    // A colleague sees it in the school's list, read-only and not deletable; not in "mine".
    expect(row(await list(teacher!.token))).toMatchObject({ access: 'view', canDelete: false });
    expect(row(await list(teacher!.token, 'mine'))).toBeUndefined();
    // Invited, it is theirs to work on, still not theirs to delete.
    await call(server, 'POST', `/api/v2/os/drafts/${id}/collaborators`, {
      token: methodist,
      body: { userId: teacher!.userId, access: 'edit' },
    });
    expect(row(await list(teacher!.token, 'mine'))).toMatchObject({
      access: 'edit',
      canDelete: false,
    });
    // The owner and the school's management may delete it.
    expect(row(await list(methodist, 'mine'))).toMatchObject({ access: 'edit', canDelete: true });
    expect(row(await list(zavuch!.token))).toMatchObject({ access: 'view', canDelete: true });
    // A refused delete says why, in the caller's language, and deletes nothing.
    const refused = await call(server, 'DELETE', `/api/v2/os/drafts/${id}`, {
      token: teacher!.token,
      locale: 'ru',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Удалить урок может только его автор или руководство школы');
    expect(row(await list(methodist, 'mine'))).toBeDefined();
  });

  it('rich text the editor cannot open is refused with 422 naming the field, and nothing is stored', async () => {
    const id = await create('Мәтін');
    const path = `/api/v2/os/drafts/${id}/commands`;
    const setup = await call(server, 'POST', path, {
      token: methodist,
      body: {
        expectedVersion: 0,
        commands: [
          { type: 'page/add', pageId: 'p1' },
          { type: 'module/add', pageId: 'p1', moduleId: 'm1', moduleType: 'simple' },
        ],
      },
    });
    expect(setup.status).toBe(200);
    const bad = await call(server, 'POST', path, {
      token: methodist,
      locale: 'ru',
      body: {
        expectedVersion: 2,
        commands: [
          { type: 'module/setTitle', moduleId: 'm1', title: 'Жаңа' },
          // A text node at the top of the doc: the editor would crash on it for every co-author.
          {
            type: 'module/setContent',
            moduleId: 'm1',
            content: { type: 'doc', content: [{ type: 'text', text: 'Абай' }] },
          },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['commands.1.content']);
    expect(bad.body.errors['commands.1.content'][0]).toMatch(
      /^Формат текста не подходит для редактора/,
    );
    const kz = await call(server, 'POST', path, {
      token: methodist,
      body: {
        expectedVersion: 2,
        commands: [
          {
            type: 'module/setHint',
            moduleId: 'm1',
            solution: {
              type: 'doc',
              content: [{ type: 'paragraph', content: [{ type: 'marquee', text: 'x' }] }],
            },
          },
        ],
      },
    });
    expect(kz.status).toBe(422);
    expect(kz.body.errors['commands.0.solution'][0]).toMatch(
      /^Мәтін пішімі редакторға сәйкес келмейді/,
    );
    const got = await call(server, 'GET', `/api/v2/os/drafts/${id}`, { token: methodist });
    expect(got.body.data.draft.version).toBe(2);
    // Well-formed text, and the empty document of a new field, still go through.
    const ok = await call(server, 'POST', path, {
      token: methodist,
      body: {
        expectedVersion: 2,
        commands: [
          {
            type: 'module/setContent',
            moduleId: 'm1',
            content: {
              type: 'doc',
              content: [
                {
                  type: 'heading',
                  attrs: { level: 2 },
                  content: [{ type: 'text', text: 'Абай', marks: [{ type: 'bold' }] }],
                },
                {
                  type: 'bulletList',
                  content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }],
                },
              ],
            },
          },
          {
            type: 'module/setDescription',
            moduleId: 'm1',
            description: { type: 'doc', content: [] },
          },
        ],
      },
    });
    expect(ok.status).toBe(200);
    // A whole draft on create is checked the same way.
    const created = await call(server, 'POST', '/api/v2/os/drafts', {
      token: methodist,
      body: {
        draft: {
          ...got.body.data.draft,
          pages: [
            {
              ...got.body.data.draft.pages[0],
              modules: [
                {
                  ...got.body.data.draft.pages[0].modules[0],
                  content: {
                    type: 'doc',
                    content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }],
                  },
                },
              ],
            },
          ],
        },
      },
    });
    expect(created.status).toBe(422);
    expect(Object.keys(created.body.errors)).toEqual(['draft.pages.0.modules.0.content']);
  });

  it('the collaborators API is registered with the app (no false "not registered" at start)', async () => {
    const websockets = new WsRegistry(server.db);
    const { app, registered } = await buildApp({
      db: server.db,
      websockets,
      // Not a second collab service on the running server's database: the API is the drafts'.
      domains: DOMAINS.filter((d) => d.name !== 'collab'),
      redis: noRedis(),
      webDist: '/nonexistent',
      logger: false,
      files: server.files,
      config: {
        accessTokenTtlSeconds: 900,
        loginFailureLimit: 5,
        loginFailureWindowMs: 60_000,
        authRateLimitPerMinute: 60,
        publicUrl: null,
        oidc: null,
        ai: null,
        conference: null,
      },
    });
    try {
      for (const id of ['drafts.collaborators', 'drafts.invite', 'drafts.uninvite'] as const)
        expect(registered.has(id)).toBe(true);
    } finally {
      await app.close();
    }
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
    // Issue 28: reading stays open — the author sees the list of what they wrote and opens it;
    // every write (create, commands, publish, import, copy) is the paid service and answers 423.
    const mine = await call(server, 'GET', '/api/v2/os/drafts?scope=mine', { token: locked });
    expect(mine.status).toBe(200);
    expect(Array.isArray(mine.body.data)).toBe(true);
    const own = await server.db.query<{ id: string }>(
      `INSERT INTO drafts (id, owner_id, type, title, lang, version, doc, initial)
       SELECT gen_random_uuid()::text, u.id, 'customLesson', 'Ескі сабақ', 'kz', 0, '{}', '{}'
         FROM users u WHERE u.login = 'locked' RETURNING id`,
    );
    const listed = await call(server, 'GET', '/api/v2/os/drafts?scope=mine', { token: locked });
    expect(listed.body.data.map((d: { id: string }) => d.id)).toContain(own[0]!.id);
    const publish = await call(server, 'POST', `/api/v2/os/drafts/${own[0]!.id}/publish`, {
      token: locked,
    });
    expect(publish.status).toBe(423);
  });
});
