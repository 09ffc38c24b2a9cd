import type { Locale } from '@sabaq/platform';
import type {
  ArticleAdmin,
  ArticleSummary,
  BannersEdit,
  FaqCategory,
  FaqEdit,
  SitePage,
  SitePageEdit,
} from '@sabaq/platform/site';
import type { Article } from '@sabaq/platform/site';
import type { ArticleRow, BannerRow, FaqRow, PageRow } from './site-queries';

/** Rows → the site's contracts: in the reader's language, or both for the administrator. */

const iso = (v: Date | string): string => new Date(v).toISOString();

export function presentFaq(rows: readonly FaqRow[], locale: Locale): FaqCategory[] {
  const out: FaqCategory[] = [];
  for (const r of rows) {
    let category = out.at(-1);
    if (category?.id !== Number(r.category_id)) {
      category = { id: Number(r.category_id), title: r[`category_${locale}`], questions: [] };
      out.push(category);
    }
    if (r.question_id === null) continue;
    category.questions.push({
      id: Number(r.question_id),
      question: r[`question_${locale}`] ?? '',
      answer: r[`answer_${locale}`] ?? { type: 'doc', content: [] },
    });
  }
  return out;
}

export function presentFaqEdit(rows: readonly FaqRow[]): FaqEdit {
  const categories: FaqEdit['categories'] = [];
  let last: number | null = null;
  for (const r of rows) {
    if (last !== Number(r.category_id)) {
      last = Number(r.category_id);
      categories.push({
        id: last,
        title: { kz: r.category_kz, ru: r.category_ru },
        questions: [],
      });
    }
    if (r.question_id === null) continue;
    categories.at(-1)!.questions.push({
      id: Number(r.question_id),
      question: { kz: r.question_kz ?? '', ru: r.question_ru ?? '' },
      answer: {
        kz: r.answer_kz ?? { type: 'doc', content: [] },
        ru: r.answer_ru ?? { type: 'doc', content: [] },
      },
    });
  }
  return { categories };
}

export function presentArticleSummary(r: ArticleRow, locale: Locale): ArticleSummary {
  return {
    id: Number(r.id),
    title: r[`title_${locale}`],
    summary: r[`summary_${locale}`],
    cover: r.cover,
    publishedAt: iso(r.published_at ?? r.updated_at),
  };
}

export function presentArticle(r: ArticleRow, locale: Locale): Article {
  return { ...presentArticleSummary(r, locale), body: r[`body_${locale}`] };
}

export function presentArticleAdmin(r: ArticleRow): ArticleAdmin {
  return {
    id: Number(r.id),
    title: { kz: r.title_kz, ru: r.title_ru },
    summary: { kz: r.summary_kz, ru: r.summary_ru },
    body: { kz: r.body_kz, ru: r.body_ru },
    cover: r.cover,
    published: r.published_at !== null,
    publishedAt: r.published_at === null ? null : iso(r.published_at),
    updatedAt: iso(r.updated_at),
  };
}

export function presentBannersEdit(rows: readonly BannerRow[]): BannersEdit {
  return {
    banners: rows.map((b) => ({
      id: Number(b.id),
      image: b.image,
      externalLink: b.external_link ?? '',
      title: { kz: b.title_kz, ru: b.title_ru },
    })),
  };
}

export function presentPage(r: PageRow, locale: Locale): SitePage {
  return {
    slug: r.slug as SitePage['slug'],
    title: r[`title_${locale}`],
    body: r[`body_${locale}`],
    updatedAt: iso(r.updated_at),
  };
}

export function presentPageEdit(r: PageRow): SitePageEdit & { updatedAt: string } {
  return {
    title: { kz: r.title_kz, ru: r.title_ru },
    body: { kz: r.body_kz, ru: r.body_ru },
    updatedAt: iso(r.updated_at),
  };
}
