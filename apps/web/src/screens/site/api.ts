import type {
  Article,
  ArticleAdmin,
  ArticleEdit,
  BannersEdit,
  FaqCategory,
  FaqEdit,
  SitePage,
  SitePageEdit,
  SitePageSlug,
} from '@sabaq/platform/site';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { path, useLoad } from '../shared/api';

/** Calls of the public site's content (issue 19); paths from the policy table. */
export const useFaq = () => useLoad<FaqCategory[]>(path('site.faq'));
export const useArticle = (articleId: string | undefined) =>
  useLoad<Article>(articleId ? path('site.article', { articleId }) : null);
export const usePage = (slug: SitePageSlug) => useLoad<SitePage>(path('site.page', { slug }));
export const useAgreement = () => usePage('agreement');

export interface ArticlePage {
  items: Article[];
  page: number;
  pages: number;
  total: number;
}
export const useArticles = (page: number) =>
  useLoad<ArticlePage>(path('site.articles'), { page, perPage: 9 });

// The administrator's side: both languages at once.
export const useFaqEdit = () => useLoad<FaqEdit>(path('site.faqGet'));
export const useBannersEdit = () => useLoad<BannersEdit>(path('site.bannersGet'));
export const useArticlesAdmin = () => useLoad<ArticleAdmin[]>(path('site.articlesAdmin'));
export const usePageEdit = (slug: SitePageSlug) =>
  useLoad<SitePageEdit & { updatedAt: string }>(path('site.pageGet', { slug }));

type Saved<T> = Promise<ApiResult<{ data: T }>>;

export const saveFaq = (faq: FaqEdit): Saved<FaqEdit> =>
  api.put(path('site.faqSave'), faq, { handle: 'silent' });
export const saveBanners = (banners: BannersEdit): Saved<BannersEdit> =>
  api.put(path('site.bannersSave'), banners, { handle: 'silent' });
export const savePage = (slug: SitePageSlug, page: SitePageEdit): Saved<SitePageEdit> =>
  api.put(path('site.pageSave', { slug }), page, { handle: 'silent' });
export const createArticle = (a: ArticleEdit): Saved<ArticleAdmin> =>
  api.post(path('site.articleCreate'), a, { handle: 'silent' });
export const updateArticle = (id: number, a: ArticleEdit): Saved<ArticleAdmin> =>
  api.put(path('site.articleUpdate', { articleId: id }), a, { handle: 'silent' });
export const deleteArticle = (id: number): Promise<ApiResult<unknown>> =>
  api.request('DELETE', path('site.articleDelete', { articleId: id }), { handle: 'silent' });

/** Field errors of a 422 answer by path (`categories.0.title.kz`), empty otherwise. */
export function fieldErrors(result: ApiResult<unknown>): Record<string, string> {
  const errors = result.error ? result.data?.errors : undefined;
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(errors ?? {})) if (list[0]) out[field] = list[0];
  return out;
}
