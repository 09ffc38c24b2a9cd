import {
  ArticleAdminListResponseSchema,
  ArticleAdminResponseSchema,
  ArticleEditSchema,
  ArticleListQuerySchema,
  ArticleListResponseSchema,
  ArticleParamsSchema,
  ArticleResponseSchema,
  BannersEditResponseSchema,
  BannersEditSchema,
  FaqEditResponseSchema,
  FaqEditSchema,
  FaqResponseSchema,
  SitePageEditResponseSchema,
  SitePageEditSchema,
  SitePageParamsSchema,
  SitePageResponseSchema,
} from '@sabaq/platform/site';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import {
  presentArticle,
  presentArticleAdmin,
  presentArticleSummary,
  presentBannersEdit,
  presentFaq,
  presentFaqEdit,
  presentPage,
  presentPageEdit,
} from './site-present';
import {
  deleteArticle,
  findArticle,
  findPage,
  insertArticle,
  listAllArticles,
  listBanners,
  listFaq,
  listPublishedArticles,
  replaceBanners,
  replaceFaq,
  savePage,
  updateArticle,
} from './site-queries';

/**
 * The public site's content (issue 19, policies/site.ts). Readers get their language
 * (X-Localization); the administrator reads and writes both languages at once. A draft article
 * is a 404 to everyone but the administrator's own routes. Banners are read by everyone through
 * `dict.banners` (routes/dictionaries.ts).
 */
export function registerSiteRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const notFound = () => new HttpError(404, 'not_found');

  defineRoute(app, ctx, 'site.faq', {
    response: { 200: FaqResponseSchema },
    handler: async (req) => ({ data: presentFaq(await listFaq(db), req.locale) }),
  });

  defineRoute(app, ctx, 'site.articles', {
    querystring: ArticleListQuerySchema,
    response: { 200: ArticleListResponseSchema },
    handler: async (req) => {
      const { page, perPage } = req.query;
      const { rows, total } = await listPublishedArticles(db, {
        offset: (page - 1) * perPage,
        limit: perPage,
      });
      return {
        data: {
          items: rows.map((r) => presentArticleSummary(r, req.locale)),
          page,
          pages: Math.max(1, Math.ceil(total / perPage)),
          total,
        },
      };
    },
  });

  defineRoute(app, ctx, 'site.article', {
    params: ArticleParamsSchema,
    response: { 200: ArticleResponseSchema },
    handler: async (req) => {
      const row = await findArticle(db, req.params.articleId, { publishedOnly: true });
      if (!row) throw notFound();
      return { data: presentArticle(row, req.locale) };
    },
  });

  defineRoute(app, ctx, 'site.page', {
    params: SitePageParamsSchema,
    response: { 200: SitePageResponseSchema },
    handler: async (req) => {
      const row = await findPage(db, req.params.slug);
      if (!row) throw notFound();
      return { data: presentPage(row, req.locale) };
    },
  });

  // ---- the administrator's side ------------------------------------------------------------

  defineRoute(app, ctx, 'site.faqGet', {
    response: { 200: FaqEditResponseSchema },
    handler: async () => ({ data: presentFaqEdit(await listFaq(db)) }),
  });

  defineRoute(app, ctx, 'site.faqSave', {
    body: FaqEditSchema,
    response: { 200: FaqEditResponseSchema },
    handler: async (req) => {
      await db.transaction((tx) => replaceFaq(tx, req.body));
      return { data: presentFaqEdit(await listFaq(db)) };
    },
  });

  defineRoute(app, ctx, 'site.bannersGet', {
    response: { 200: BannersEditResponseSchema },
    handler: async () => ({ data: presentBannersEdit(await listBanners(db)) }),
  });

  defineRoute(app, ctx, 'site.bannersSave', {
    body: BannersEditSchema,
    response: { 200: BannersEditResponseSchema },
    handler: async (req) => {
      await db.transaction((tx) => replaceBanners(tx, req.body));
      return { data: presentBannersEdit(await listBanners(db)) };
    },
  });

  defineRoute(app, ctx, 'site.articlesAdmin', {
    response: { 200: ArticleAdminListResponseSchema },
    handler: async () => ({ data: (await listAllArticles(db)).map(presentArticleAdmin) }),
  });

  defineRoute(app, ctx, 'site.articleAdmin', {
    params: ArticleParamsSchema,
    response: { 200: ArticleAdminResponseSchema },
    handler: async (req) => {
      const row = await findArticle(db, req.params.articleId, { publishedOnly: false });
      if (!row) throw notFound();
      return { data: presentArticleAdmin(row) };
    },
  });

  defineRoute(app, ctx, 'site.articleCreate', {
    body: ArticleEditSchema,
    response: { 201: ArticleAdminResponseSchema },
    handler: async (req, reply) => {
      const row = await insertArticle(db, req.body, requireAuth(req).userId);
      return reply.code(201).send({ data: presentArticleAdmin(row) });
    },
  });

  defineRoute(app, ctx, 'site.articleUpdate', {
    params: ArticleParamsSchema,
    body: ArticleEditSchema,
    response: { 200: ArticleAdminResponseSchema },
    handler: async (req) => {
      const row = await updateArticle(db, req.params.articleId, req.body);
      if (!row) throw notFound();
      return { data: presentArticleAdmin(row) };
    },
  });

  defineRoute(app, ctx, 'site.articleDelete', {
    params: ArticleParamsSchema,
    handler: async (req, reply) => {
      if (!(await deleteArticle(db, req.params.articleId))) throw notFound();
      return reply.code(204).send();
    },
  });

  defineRoute(app, ctx, 'site.pageGet', {
    params: SitePageParamsSchema,
    response: { 200: SitePageEditResponseSchema },
    handler: async (req) => {
      const row = await findPage(db, req.params.slug);
      if (!row) throw notFound();
      return { data: presentPageEdit(row) };
    },
  });

  defineRoute(app, ctx, 'site.pageSave', {
    params: SitePageParamsSchema,
    body: SitePageEditSchema,
    response: { 200: SitePageEditResponseSchema },
    handler: async (req) => {
      const row = await savePage(db, req.params.slug, req.body, requireAuth(req).userId);
      return { data: presentPageEdit(row) };
    },
  });
}
