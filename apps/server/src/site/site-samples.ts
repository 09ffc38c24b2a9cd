import type { RouteId } from '@sabaq/platform';
import { call } from '../test/harness';
import type { SampleFactory } from '../test/matrix-samples';

/**
 * Samples of the site's content (issue 19) for the route × role matrix. Readers read; the
 * administrator's writes put back what they found (`after`), so the demo content stays.
 */
const P = '/api/v2/os';
const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const article = {
  title: { kz: 'Матрица мақаласы', ru: 'Статья матрицы' },
  summary: { kz: '', ru: '' },
  body: { kz: doc('Мәтін'), ru: doc('Текст') },
  cover: null,
  published: false,
};

async function firstArticleId(c: Parameters<SampleFactory>[0]): Promise<number> {
  const res = await call(c.server, 'GET', `${P}/articles`);
  return res.body.data.items[0].id as number;
}

/** A throw-away draft of the caller's, deleted after the call unless the call deleted it. */
async function draftArticle(c: Parameters<SampleFactory>[0]): Promise<number> {
  const res = await call(c.server, 'POST', `${P}/site/articles`, { token: c.token, body: article });
  if (res.status !== 201) throw new Error(`article create failed ${res.status}`);
  return res.body.data.id as number;
}

export const SITE_SAMPLES = {
  'site.faq': async () => ({ path: `${P}/faq` }),
  'site.articles': async () => ({ path: `${P}/articles?page=1&perPage=5` }),
  'site.article': async (c) => ({ path: `${P}/articles/${await firstArticleId(c)}` }),
  'site.page': async () => ({ path: `${P}/pages/agreement` }),
  'site.faqGet': async (c) => ({ path: `${P}/site/faq`, opts: { token: c.token } }),
  'site.faqSave': async (c) => {
    const before = (await call(c.server, 'GET', `${P}/site/faq`, { token: c.token })).body.data;
    return {
      method: 'PUT',
      path: `${P}/site/faq`,
      opts: { token: c.token, body: before },
    };
  },
  'site.bannersGet': async (c) => ({ path: `${P}/site/banners`, opts: { token: c.token } }),
  'site.bannersSave': async (c) => {
    const before = (await call(c.server, 'GET', `${P}/site/banners`, { token: c.token })).body.data;
    return { method: 'PUT', path: `${P}/site/banners`, opts: { token: c.token, body: before } };
  },
  'site.articlesAdmin': async (c) => ({ path: `${P}/site/articles`, opts: { token: c.token } }),
  'site.articleAdmin': async (c) => ({
    path: `${P}/site/articles/${await firstArticleId(c)}`,
    opts: { token: c.token },
  }),
  'site.articleCreate': async (c) => ({
    method: 'POST',
    path: `${P}/site/articles`,
    opts: { token: c.token, body: article },
    after: async () => {
      const list = await call(c.server, 'GET', `${P}/site/articles`, { token: c.token });
      for (const a of list.body.data as { id: number; title: { kz: string } }[])
        if (a.title.kz === article.title.kz)
          await call(c.server, 'DELETE', `${P}/site/articles/${a.id}`, { token: c.token });
    },
  }),
  'site.articleUpdate': async (c) => {
    const id = await draftArticle(c);
    return {
      method: 'PUT',
      path: `${P}/site/articles/${id}`,
      opts: { token: c.token, body: { ...article, summary: { kz: 'Қысқаша', ru: 'Кратко' } } },
      after: async () => {
        await call(c.server, 'DELETE', `${P}/site/articles/${id}`, { token: c.token });
      },
    };
  },
  'site.articleDelete': async (c) => ({
    method: 'DELETE',
    path: `${P}/site/articles/${await draftArticle(c)}`,
    opts: { token: c.token },
  }),
  'site.pageGet': async (c) => ({ path: `${P}/site/pages/agreement`, opts: { token: c.token } }),
  'site.pageSave': async (c) => {
    const before = (await call(c.server, 'GET', `${P}/site/pages/agreement`, { token: c.token }))
      .body.data;
    return {
      method: 'PUT',
      path: `${P}/site/pages/agreement`,
      opts: { token: c.token, body: { title: before.title, body: before.body } },
    };
  },
} satisfies Partial<Record<RouteId, SampleFactory>>;
