import { z } from 'zod';
import type { RichText } from '@sabaq/engine';
import { IdParam } from '../common';
import { StoredRichTextSchema } from '../rich-document-fields';

/**
 * The public site's content (issue 19, spec §1 FAQ and news, §2 faq, news, news/{articleId},
 * agreement, §3 FAQ category and question, banner rows): read by everyone in the interface's
 * language, written by the administrator in both languages at once. Rich text is the builder's
 * ProseMirror JSON (never HTML), so what an administrator types can only render as text, lists,
 * links and images.
 */

const Text = (max: number) =>
  z.string({ error: 'field_required' }).trim().min(1, 'field_required').max(max, 'field_too_long');
const OptionalText = (max: number) => z.string().trim().max(max, 'field_too_long').default('');
/**
 * Rich text coming in is checked and copied by the engine (a transform); going out it is only
 * described as a document (a response schema is encoded, and a transform cannot be run
 * backwards; a recursive schema would not print as OpenAPI). Stored text was checked on its way in.
 */
const RichIn = StoredRichTextSchema;
const Rich = z.looseObject({
  type: z.literal('doc'),
  content: z.array(z.looseObject({ type: z.string() })).optional(),
}) as unknown as z.ZodType<RichText, RichText>;
/**
 * A picture: a file of the file service (`/api/v2/os/files/…`), one of the platform's own
 * pictures (`/banners/…`, shipped with the web app), or an https address.
 */
const ImageUrl = z
  .string({ error: 'field_required' })
  .trim()
  .max(500, 'field_too_long')
  .refine((v) => /^(\/api\/v2\/os\/files\/[\w.-]+|\/banners\/[\w.-]+|https:\/\/\S+)$/.test(v), {
    message: 'field_invalid',
  });
const LinkUrl = z
  .string()
  .trim()
  .max(500, 'field_too_long')
  .refine((v) => v === '' || /^(https?:\/\/\S+|\/(kk|ru)(\/\S*)?)$/.test(v), {
    message: 'field_invalid',
  });

/** A text in both interface languages; the reader gets the one of their language. */
const Both = <T extends z.ZodType>(schema: T) => z.object({ kz: schema, ru: schema });

// ---- FAQ ---------------------------------------------------------------------------------

export const FaqQuestionSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: Rich,
});
export const FaqCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  questions: z.array(FaqQuestionSchema),
});
export const FaqResponseSchema = z.object({ data: z.array(FaqCategorySchema) });
export type FaqCategory = z.infer<typeof FaqCategorySchema>;

/** The whole FAQ as the administrator edits it: ordered categories with ordered questions. */
function faqEdit<R extends z.ZodType>(rich: R) {
  const question = z.object({
    /** Absent for a new question. */
    id: z.number().int().positive().max(2_147_483_647).optional(),
    question: Both(Text(300)),
    answer: Both(rich),
  });
  const category = z.object({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    title: Both(Text(150)),
    questions: z.array(question).max(100),
  });
  return z.object({ categories: z.array(category).max(50) });
}
export const FaqEditSchema = faqEdit(RichIn);
export const FaqEditResponseSchema = z.object({ data: faqEdit(Rich) });
export type FaqEdit = z.infer<typeof FaqEditSchema>;

// ---- News ----------------------------------------------------------------------------------

export const ArticleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  /** ISO instant. */
  publishedAt: z.string(),
});
export const ArticleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(9),
});
export const ArticleListResponseSchema = z.object({
  data: z.object({
    items: z.array(ArticleSummarySchema),
    page: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
  }),
});
export const ArticleParamsSchema = z.object({ articleId: IdParam });
export const ArticleSchema = ArticleSummarySchema.extend({ body: Rich });
export const ArticleResponseSchema = z.object({ data: ArticleSchema });
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;
export type Article = z.infer<typeof ArticleSchema>;

/** An article as the administrator writes it: both languages, published or still a draft. */
function articleEdit<R extends z.ZodType>(rich: R) {
  return z.object({
    title: Both(Text(200)),
    summary: Both(OptionalText(400)),
    body: Both(rich),
    cover: ImageUrl.nullable().default(null),
    published: z.boolean().default(false),
  });
}
export const ArticleEditSchema = articleEdit(RichIn);
export const ArticleAdminSchema = articleEdit(Rich).extend({
  id: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export const ArticleAdminResponseSchema = z.object({ data: ArticleAdminSchema });
export const ArticleAdminListResponseSchema = z.object({ data: z.array(ArticleAdminSchema) });
export type ArticleEdit = z.infer<typeof ArticleEditSchema>;
export type ArticleAdmin = z.infer<typeof ArticleAdminSchema>;

// ---- Banners -------------------------------------------------------------------------------

export const BannerEditSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  image: ImageUrl,
  externalLink: LinkUrl.default(''),
  title: Both(Text(150)),
});
export const BannersEditSchema = z.object({ banners: z.array(BannerEditSchema).max(20) });
export const BannersEditResponseSchema = z.object({ data: BannersEditSchema });
export type BannersEdit = z.infer<typeof BannersEditSchema>;

// ---- Pages (the agreement) -----------------------------------------------------------------

export const SITE_PAGES = [
  'agreement',
  'promo-om',
  'promo-teacher-innovator',
  'promo-teacher-innovator-conditions',
  'promo-teacher-innovator-winners',
  'promo-contest',
  'promo-exams',
  'promo-statistics',
] as const;
export type SitePageSlug = (typeof SITE_PAGES)[number];
export const SitePageParamsSchema = z.object({ slug: z.enum(SITE_PAGES) });
export const SitePageSchema = z.object({
  slug: z.enum(SITE_PAGES),
  title: z.string(),
  body: Rich,
  updatedAt: z.string(),
});
export const SitePageResponseSchema = z.object({ data: SitePageSchema });
export const SitePageEditSchema = z.object({ title: Both(Text(200)), body: Both(RichIn) });
export const SitePageEditResponseSchema = z.object({
  data: z.object({ title: Both(Text(200)), body: Both(Rich), updatedAt: z.string() }),
});
export type SitePage = z.infer<typeof SitePageSchema>;
export type SitePageEdit = z.infer<typeof SitePageEditSchema>;
