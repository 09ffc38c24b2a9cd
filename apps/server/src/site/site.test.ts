import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArticleAdminResponseSchema,
  ArticleListResponseSchema,
  ArticleResponseSchema,
  FaqEditResponseSchema,
  FaqResponseSchema,
  SitePageResponseSchema,
} from '@sabaq/platform/site';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

const P = '/api/v2/os';
const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

describe.each(BACKENDS)('the public site: FAQ, news, banners, agreement (%s)', (backend) => {
  let server: RunningServer;
  let admin: string;
  let teacher: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = (await login(server, 'admin')).access_token;
    teacher = (await login(server, 'teacher')).access_token;
  });
  afterAll(() => server?.close());

  it('the demo administrator signs in as admin and starts at the site editor', async () => {
    const me = await call(server, 'GET', `${P}/user-info`, { token: admin });
    expect(me.body.data.role).toBe('admin');
    const menu = await call(server, 'GET', `${P}/permissions/kz`, { token: admin });
    expect(JSON.stringify(menu.body.data)).toContain('admin/site');
  });

  it('visitors read the FAQ and the agreement in their language', async () => {
    const kz = FaqResponseSchema.parse(
      (await call(server, 'GET', `${P}/faq`, { locale: 'kz' })).body,
    );
    const ru = FaqResponseSchema.parse(
      (await call(server, 'GET', `${P}/faq`, { locale: 'ru' })).body,
    );
    expect(kz.data[0]!.title).toBe('Платформаға кіру');
    expect(ru.data[0]!.title).toBe('Вход на платформу');
    expect(ru.data[0]!.questions[0]!.question).toBe('Как войти на платформу?');
    const page = SitePageResponseSchema.parse(
      (await call(server, 'GET', `${P}/pages/agreement`, { locale: 'ru' })).body,
    );
    expect(page.data.title).toContain('Пользовательское соглашение');
    expect(JSON.stringify(page.data.body)).toContain('№ 94-V');
    expect((await call(server, 'GET', `${P}/pages/rules`)).status).toBe(422);
  });

  it('an article goes from draft to published: visitors see it only then, in kz and ru', async () => {
    const body = {
      title: { kz: 'Жаңа байқау ашылды', ru: 'Открыт новый конкурс' },
      summary: { kz: 'Қысқаша', ru: 'Кратко' },
      body: { kz: doc('Байқау туралы'), ru: doc('О конкурсе') },
      cover: '/banners/contest-2026.svg',
      published: false,
    };
    const created = await call(server, 'POST', `${P}/site/articles`, { token: admin, body });
    expect(created.status).toBe(201);
    const draft = ArticleAdminResponseSchema.parse(created.body).data;
    expect(draft.publishedAt).toBeNull();
    expect((await call(server, 'GET', `${P}/articles/${draft.id}`)).status).toBe(404);

    const published = await call(server, 'PUT', `${P}/site/articles/${draft.id}`, {
      token: admin,
      body: { ...body, published: true },
    });
    const at = ArticleAdminResponseSchema.parse(published.body).data.publishedAt;
    expect(at).not.toBeNull();
    const ru = ArticleResponseSchema.parse(
      (await call(server, 'GET', `${P}/articles/${draft.id}`, { locale: 'ru' })).body,
    ).data;
    expect(ru.title).toBe('Открыт новый конкурс');
    const kzList = ArticleListResponseSchema.parse(
      (await call(server, 'GET', `${P}/articles?perPage=2`, { locale: 'kz' })).body,
    ).data;
    expect(kzList.items[0]!.title).toBe('Жаңа байқау ашылды');
    expect(kzList.items).toHaveLength(2);
    expect(kzList.total).toBeGreaterThanOrEqual(4);
    expect(kzList.pages).toBe(Math.ceil(kzList.total / 2));

    // A correction keeps the publication date; unpublishing hides it again.
    const fixed = await call(server, 'PUT', `${P}/site/articles/${draft.id}`, {
      token: admin,
      body: { ...body, summary: { kz: 'Түзетілді', ru: 'Исправлено' }, published: true },
    });
    expect(fixed.body.data.publishedAt).toBe(at);
    await call(server, 'PUT', `${P}/site/articles/${draft.id}`, { token: admin, body });
    expect((await call(server, 'GET', `${P}/articles/${draft.id}`)).status).toBe(404);
    expect(
      (await call(server, 'DELETE', `${P}/site/articles/${draft.id}`, { token: admin })).status,
    ).toBe(204);
    expect(
      (await call(server, 'DELETE', `${P}/site/articles/${draft.id}`, { token: admin })).status,
    ).toBe(404);
  });

  it('bad input is named by field in the reader’s language and writes nothing', async () => {
    const before = (await call(server, 'GET', `${P}/site/articles`, { token: admin })).body.data
      .length;
    const res = await call(server, 'POST', `${P}/site/articles`, {
      token: admin,
      locale: 'ru',
      body: {
        title: { kz: '', ru: 'Заголовок' },
        summary: { kz: '', ru: '' },
        body: { kz: { type: 'paragraph' }, ru: doc('x') },
        cover: 'javascript:alert(1)',
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(
      expect.arrayContaining(['title.kz', 'body.kz', 'cover']),
    );
    expect(res.body.errors['title.kz'][0]).toMatch(/[А-Яа-я]/);
    expect(
      (await call(server, 'GET', `${P}/site/articles`, { token: admin })).body.data,
    ).toHaveLength(before);
  });

  it('the FAQ is replaced in one step: kept rows keep their ids, removed ones go', async () => {
    const faq = FaqEditResponseSchema.parse(
      (await call(server, 'GET', `${P}/site/faq`, { token: admin })).body,
    ).data;
    const [first, ...rest] = faq.categories;
    const edited = {
      categories: [
        ...rest,
        {
          ...first!,
          title: { kz: 'Кіру', ru: 'Вход' },
          questions: first!.questions.slice(0, 1),
        },
        {
          title: { kz: 'Жаңа бөлім', ru: 'Новый раздел' },
          questions: [
            {
              question: { kz: 'Сұрақ?', ru: 'Вопрос?' },
              answer: { kz: doc('Жауап'), ru: doc('Ответ') },
            },
          ],
        },
      ],
    };
    const saved = FaqEditResponseSchema.parse(
      (await call(server, 'PUT', `${P}/site/faq`, { token: admin, body: edited })).body,
    ).data;
    expect(saved.categories.map((c) => c.title.ru)).toEqual([
      ...rest.map((c) => c.title.ru),
      'Вход',
      'Новый раздел',
    ]);
    expect(saved.categories.at(-2)!.id).toBe(first!.id);
    expect(saved.categories.at(-2)!.questions.map((q) => q.id)).toEqual([first!.questions[0]!.id]);
    const read = FaqResponseSchema.parse(
      (await call(server, 'GET', `${P}/faq`, { locale: 'ru' })).body,
    );
    expect(read.data.at(-1)!.questions[0]!.question).toBe('Вопрос?');
    // Put the demo FAQ back for the other tests.
    await call(server, 'PUT', `${P}/site/faq`, { token: admin, body: faq });
  });

  it('banners and the agreement are edited in both languages; readers get theirs', async () => {
    const banners = (await call(server, 'GET', `${P}/site/banners`, { token: admin })).body.data;
    const next = {
      banners: [
        {
          image: '/banners/tariffs.svg',
          externalLink: '/ru/tariffs',
          title: { kz: 'Тарифтер', ru: 'Тарифы' },
        },
      ],
    };
    expect(
      (await call(server, 'PUT', `${P}/site/banners`, { token: admin, body: next })).status,
    ).toBe(200);
    const shown = await call(server, 'GET', `${P}/banners`, { locale: 'ru' });
    expect(shown.body.data).toEqual([
      expect.objectContaining({
        image: '/banners/tariffs.svg',
        title: 'Тарифы',
        externalLink: '/ru/tariffs',
      }),
    ]);
    const bad = await call(server, 'PUT', `${P}/site/banners`, {
      token: admin,
      body: { banners: [{ image: 'data:text/html,<script>', title: { kz: 'x', ru: 'x' } }] },
    });
    expect(bad.status).toBe(422);
    await call(server, 'PUT', `${P}/site/banners`, { token: admin, body: banners });
    expect((await call(server, 'GET', `${P}/banners`)).body.data).toHaveLength(3);

    const page = (await call(server, 'GET', `${P}/site/pages/agreement`, { token: admin })).body
      .data;
    const saved = await call(server, 'PUT', `${P}/site/pages/agreement`, {
      token: admin,
      body: { title: page.title, body: { kz: page.body.kz, ru: doc('Новая редакция') } },
    });
    expect(saved.status).toBe(200);
    const ru = await call(server, 'GET', `${P}/pages/agreement`, { locale: 'ru' });
    expect(JSON.stringify(ru.body.data.body)).toContain('Новая редакция');
    await call(server, 'PUT', `${P}/site/pages/agreement`, {
      token: admin,
      body: { title: page.title, body: page.body },
    });
  });

  it('nobody but the administrator writes or reads drafts (403 with a message)', async () => {
    const res = await call(server, 'GET', `${P}/site/articles`, { token: teacher, locale: 'kz' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
    expect((await call(server, 'PUT', `${P}/site/faq`, { body: { categories: [] } })).status).toBe(
      401,
    );
  });
});
