import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';
import { sampleMethodical } from '../methodical/methodical-samples';
import { sampleDocument } from '../kindergarten/kindergarten-samples';

/**
 * Issue 28: every stored rich text passes the allow-list when it is stored — methodical
 * materials, kindergarten documents, the site's pages and news, builder drafts. A node or mark
 * outside the editor's schema, a `javascript:` (or data:, vbscript:) link, a picture that is not
 * https or the platform's own is refused with 422 at its field, and nothing is written; an
 * attribute outside the list (`onerror`) is dropped and the rest stored.
 */
const paragraph = (content: unknown[]) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content }],
});
const JS_LINK = paragraph([
  {
    type: 'text',
    text: 'басыңыз',
    marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
  },
]);
const IFRAME = {
  type: 'doc',
  content: [{ type: 'iframe', attrs: { src: 'https://evil.example' } }],
};
const DATA_IMAGE = {
  type: 'doc',
  content: [{ type: 'image', attrs: { src: 'data:image/svg+xml;base64,PHN2Zz4=' } }],
};
const ONERROR = {
  type: 'doc',
  content: [
    { type: 'image', attrs: { src: '/api/v2/os/files/a.png', alt: 'сурет', onerror: 'alert(1)' } },
    paragraph([
      {
        type: 'text',
        text: 'Sabaq',
        marks: [{ type: 'link', attrs: { href: 'https://sabaq.kz', onclick: 'alert(1)' } }],
      },
    ]).content[0],
  ],
};
const CLEAN = {
  type: 'doc',
  content: [
    { type: 'image', attrs: { src: '/api/v2/os/files/a.png', alt: 'сурет' } },
    paragraph([
      {
        type: 'text',
        text: 'Sabaq',
        marks: [{ type: 'link', attrs: { href: 'https://sabaq.kz' } }],
      },
    ]).content[0],
  ],
};

const MESSAGES = {
  link: {
    ru: 'Ссылка может вести только на http, https, mailto или страницу этого сайта',
    kz: 'Сілтеме тек http, https, mailto немесе осы сайттың бетіне апара алады',
  },
  element: {
    ru: 'Текст содержит элемент или оформление, которых нет в редакторе (например, iframe или script)',
    kz: 'Мәтінде редакторда жоқ элемент немесе безендіру бар (мысалы, iframe не script)',
  },
  image: {
    ru: 'Картинка может быть только по https или из файлов платформы',
    kz: 'Сурет тек https арқылы немесе платформа файлдарынан болуы мүмкін',
  },
};

describe.each(BACKENDS)('stored rich text passes the allow-list on %s', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['methodist', 'kindergarten-methodist', 'admin'])
      tokens[name] = (await login(server, name)).access_token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** The document routes: how to send a body in Kazakh and how to read the stored one back. */
  const routes = [
    {
      name: 'methodical material',
      send: (kz: unknown, locale: 'kz' | 'ru') =>
        call(server, 'POST', '/api/v2/os/methodical/materials', {
          token: tokens.methodist,
          locale,
          body: { ...sampleMethodical('Қауіпсіздік'), body: { kz, ru: kz } },
        }),
      stored: async (res: { body: { data: { id: number } } }) =>
        (
          await server.db.query<{ body: unknown }>(
            'SELECT body_kz AS body FROM methodical_materials WHERE id = $1',
            [res.body.data.id],
          )
        )[0]!.body,
    },
    {
      name: 'kindergarten document',
      send: (kz: unknown, locale: 'kz' | 'ru') =>
        call(server, 'POST', '/api/v2/os/kindergarten/documents/steam', {
          token: tokens['kindergarten-methodist'],
          locale,
          body: { ...sampleDocument('Қауіпсіздік'), body: { kz, ru: kz } },
        }),
      stored: async (res: { body: { data: { id: number } } }) =>
        (
          await server.db.query<{ body: unknown }>(
            'SELECT body_kz AS body FROM kindergarten_documents WHERE id = $1',
            [res.body.data.id],
          )
        )[0]!.body,
    },
    {
      name: 'site news',
      send: (kz: unknown, locale: 'kz' | 'ru') =>
        call(server, 'POST', '/api/v2/os/site/articles', {
          token: tokens.admin,
          locale,
          body: {
            title: { kz: 'Жаңалық', ru: 'Новость' },
            summary: { kz: '', ru: '' },
            body: { kz, ru: kz },
            published: false,
          },
        }),
      stored: async (res: { body: { data: { id: number } } }) =>
        (
          await server.db.query<{ body: unknown }>(
            'SELECT body_kz AS body FROM articles WHERE id = $1',
            [res.body.data.id],
          )
        )[0]!.body,
    },
    {
      name: 'site page',
      send: (kz: unknown, locale: 'kz' | 'ru') =>
        call(server, 'PUT', '/api/v2/os/site/pages/agreement', {
          token: tokens.admin,
          locale,
          body: { title: { kz: 'Келісім', ru: 'Соглашение' }, body: { kz, ru: kz } },
        }),
      stored: async () =>
        (
          await server.db.query<{ body: unknown }>(
            "SELECT body_kz AS body FROM site_pages WHERE slug = 'agreement'",
          )
        )[0]!.body,
    },
  ];

  for (const route of routes) {
    it(`${route.name}: refused with 422 at the field, or stored without the foreign attributes`, async () => {
      const before = await fingerprint(server);
      for (const [doc, kind] of [
        [JS_LINK, 'link'],
        [IFRAME, 'element'],
        [DATA_IMAGE, 'image'],
      ] as const)
        for (const locale of ['kz', 'ru'] as const) {
          const res = await route.send(doc, locale);
          expect(res.status, `${kind} ${locale}`).toBe(422);
          expect(res.body.errors['body.kz']).toEqual([MESSAGES[kind][locale]]);
        }
      expect(await fingerprint(server)).toBe(before);
      const ok = await route.send(ONERROR, 'kz');
      expect(ok.status).toBeLessThan(300);
      const stored = await route.stored(ok);
      expect(typeof stored === 'string' ? JSON.parse(stored) : stored).toEqual(CLEAN);
    });
  }

  it('builder drafts: a javascript: link in a command is refused, an onerror dropped', async () => {
    const methodist = tokens.methodist!;
    const created = await call(server, 'POST', '/api/v2/os/drafts', {
      token: methodist,
      body: { init: { type: 'customLesson', title: 'Қауіпсіздік', lang: 'kz' } },
    });
    const id = created.body.data.summary.id as string;
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
        commands: [{ type: 'module/setContent', moduleId: 'm1', content: JS_LINK }],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['commands.0.content']).toEqual([
      'Формат текста не подходит для редактора: ссылка может вести только на http, https, mailto или страницу этого сайта',
    ]);
    const whole = await call(server, 'POST', '/api/v2/os/drafts', {
      token: methodist,
      body: {
        draft: {
          ...created.body.data.draft,
          pages: [
            {
              id: 'p1',
              title: '',
              expand: true,
              modules: [{ ...setupModule(), content: IFRAME }],
            },
          ],
        },
      },
    });
    expect(whole.status).toBe(422);
    expect(Object.keys(whole.body.errors)).toEqual(['draft.pages.0.modules.0.content']);
    const ok = await call(server, 'POST', path, {
      token: methodist,
      body: {
        expectedVersion: 2,
        commands: [{ type: 'module/setContent', moduleId: 'm1', content: ONERROR }],
      },
    });
    expect(ok.status).toBe(200);
    const draft = await call(server, 'GET', `/api/v2/os/drafts/${id}`, { token: methodist });
    expect(draft.body.data.draft.pages[0].modules[0].content).toEqual(CLEAN);
    const events = await server.db.query<{ command: unknown }>(
      'SELECT command FROM draft_events WHERE draft_id = $1 ORDER BY seq DESC LIMIT 1',
      [id],
    );
    expect(JSON.stringify(events[0]!.command)).not.toContain('onerror');
  });
});

/** A module as the engine shapes a new simple one (for a whole draft sent on create). */
function setupModule() {
  return {
    id: 'm1',
    title: '',
    type: 'simple',
    description: null,
    content: { type: 'doc', content: [] },
    options: null,
    hints: { solution: null },
    attachments: [],
    additionalCriterions: null,
    descriptor: { criterion: '', descriptorList: [] },
  };
}
