import type { Queryable } from '../db/db';
import type { RichText } from '@sabaq/engine';
import type { ArticleEdit, BannersEdit, FaqEdit, SitePageEdit } from '@sabaq/platform/site';

/** All SQL of the site's content (issue 19); snake_case rows stay in this file and -present. */

export interface FaqRow {
  category_id: number;
  category_kz: string;
  category_ru: string;
  question_id: number | null;
  question_kz: string | null;
  question_ru: string | null;
  answer_kz: RichText | null;
  answer_ru: RichText | null;
}

export async function listFaq(db: Queryable): Promise<FaqRow[]> {
  return db.query<FaqRow>(
    `SELECT c.id AS category_id, c.title_kz AS category_kz, c.title_ru AS category_ru,
            q.id AS question_id, q.question_kz, q.question_ru, q.answer_kz, q.answer_ru
       FROM faq_categories c LEFT JOIN faq_questions q ON q.category_id = c.id
      ORDER BY c.position, c.id, q.position, q.id`,
  );
}

/**
 * Replaces the FAQ with `faq` (in the caller's transaction): rows keep their ids when the
 * edit names them, so a question's address stays while its words change; rows the edit no
 * longer lists are deleted. Ids that are not rows of the FAQ are treated as new rows.
 */
export async function replaceFaq(tx: Queryable, faq: FaqEdit): Promise<void> {
  const keptCategories: number[] = [];
  const keptQuestions: number[] = [];
  const existing = await tx.query<{ id: number }>('SELECT id FROM faq_categories');
  const known = new Set(existing.map((r) => Number(r.id)));
  const existingQ = await tx.query<{ id: number }>('SELECT id FROM faq_questions');
  const knownQ = new Set(existingQ.map((r) => Number(r.id)));
  for (const [position, c] of faq.categories.entries()) {
    let id: number;
    if (c.id && known.has(c.id)) {
      id = c.id;
      await tx.query(
        'UPDATE faq_categories SET title_kz = $2, title_ru = $3, position = $4 WHERE id = $1',
        [id, c.title.kz, c.title.ru, position],
      );
    } else {
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO faq_categories (title_kz, title_ru, position) VALUES ($1, $2, $3) RETURNING id',
        [c.title.kz, c.title.ru, position],
      );
      id = Number(row!.id);
    }
    keptCategories.push(id);
    for (const [qPosition, q] of c.questions.entries()) {
      const values = [
        id,
        q.question.kz,
        q.question.ru,
        JSON.stringify(q.answer.kz),
        JSON.stringify(q.answer.ru),
        qPosition,
      ];
      if (q.id && knownQ.has(q.id)) {
        await tx.query(
          `UPDATE faq_questions SET category_id = $1, question_kz = $2, question_ru = $3,
                  answer_kz = $4::jsonb, answer_ru = $5::jsonb, position = $6 WHERE id = $7`,
          [...values, q.id],
        );
        keptQuestions.push(q.id);
      } else {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO faq_questions (category_id, question_kz, question_ru, answer_kz, answer_ru, position)
           VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6) RETURNING id`,
          values,
        );
        keptQuestions.push(Number(row!.id));
      }
    }
  }
  await tx.query('DELETE FROM faq_questions WHERE NOT (id = ANY($1::int[]))', [keptQuestions]);
  await tx.query('DELETE FROM faq_categories WHERE NOT (id = ANY($1::int[]))', [keptCategories]);
}

export interface ArticleRow {
  id: number;
  title_kz: string;
  title_ru: string;
  summary_kz: string;
  summary_ru: string;
  body_kz: RichText;
  body_ru: RichText;
  cover: string | null;
  published_at: Date | string | null;
  updated_at: Date | string;
}

const ARTICLE_COLUMNS = `id, title_kz, title_ru, summary_kz, summary_ru, body_kz, body_ru, cover,
  published_at, updated_at`;

/** A page of published articles, newest first, and how many there are. */
export async function listPublishedArticles(
  db: Queryable,
  page: { offset: number; limit: number },
): Promise<{ rows: ArticleRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<ArticleRow>(
      `SELECT ${ARTICLE_COLUMNS} FROM articles WHERE published_at IS NOT NULL AND published_at <= now()
        ORDER BY published_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [page.limit, page.offset],
    ),
    db.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM articles WHERE published_at IS NOT NULL AND published_at <= now()',
    ),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function findArticle(
  db: Queryable,
  id: number,
  opts: { publishedOnly: boolean },
): Promise<ArticleRow | null> {
  const [row] = await db.query<ArticleRow>(
    `SELECT ${ARTICLE_COLUMNS} FROM articles WHERE id = $1
        ${opts.publishedOnly ? 'AND published_at IS NOT NULL AND published_at <= now()' : ''}`,
    [id],
  );
  return row ?? null;
}

export async function listAllArticles(db: Queryable): Promise<ArticleRow[]> {
  return db.query<ArticleRow>(
    `SELECT ${ARTICLE_COLUMNS} FROM articles
      ORDER BY published_at DESC NULLS FIRST, updated_at DESC, id DESC`,
  );
}

function articleValues(a: ArticleEdit) {
  return [
    a.title.kz,
    a.title.ru,
    a.summary.kz,
    a.summary.ru,
    JSON.stringify(a.body.kz),
    JSON.stringify(a.body.ru),
    a.cover,
  ];
}

export async function insertArticle(
  db: Queryable,
  a: ArticleEdit,
  authorId: number,
): Promise<ArticleRow> {
  const [row] = await db.query<ArticleRow>(
    `INSERT INTO articles (title_kz, title_ru, summary_kz, summary_ru, body_kz, body_ru, cover,
                           published_at, author_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, CASE WHEN $8 THEN now() END, $9)
     RETURNING ${ARTICLE_COLUMNS}`,
    [...articleValues(a), a.published, authorId],
  );
  return row!;
}

/**
 * Changes an article; publishing stamps the moment once (a corrected article keeps its date),
 * unpublishing clears it. Null when there is no such article.
 */
export async function updateArticle(
  db: Queryable,
  id: number,
  a: ArticleEdit,
): Promise<ArticleRow | null> {
  const [row] = await db.query<ArticleRow>(
    `UPDATE articles SET title_kz = $1, title_ru = $2, summary_kz = $3, summary_ru = $4,
            body_kz = $5::jsonb, body_ru = $6::jsonb, cover = $7,
            published_at = CASE WHEN $8 THEN COALESCE(published_at, now()) END, updated_at = now()
      WHERE id = $9 RETURNING ${ARTICLE_COLUMNS}`,
    [...articleValues(a), a.published, id],
  );
  return row ?? null;
}

export async function deleteArticle(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM articles WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

export interface BannerRow {
  id: number;
  image: string;
  external_link: string | null;
  title_kz: string;
  title_ru: string;
}

export async function listBanners(db: Queryable): Promise<BannerRow[]> {
  return db.query<BannerRow>(
    'SELECT id, image, external_link, title_kz, title_ru FROM banners ORDER BY position, id',
  );
}

/** Replaces the banners with `edit`, keeping the ids it names (in the caller's transaction). */
export async function replaceBanners(tx: Queryable, edit: BannersEdit): Promise<void> {
  const known = new Set(
    (await tx.query<{ id: number }>('SELECT id FROM banners')).map((r) => Number(r.id)),
  );
  const kept: number[] = [];
  for (const [position, b] of edit.banners.entries()) {
    const values = [b.image, b.externalLink || null, b.title.kz, b.title.ru, position];
    if (b.id && known.has(b.id)) {
      await tx.query(
        `UPDATE banners SET image = $1, external_link = $2, title_kz = $3, title_ru = $4,
                position = $5 WHERE id = $6`,
        [...values, b.id],
      );
      kept.push(b.id);
    } else {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO banners (image, external_link, title_kz, title_ru, position)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        values,
      );
      kept.push(Number(row!.id));
    }
  }
  await tx.query('DELETE FROM banners WHERE NOT (id = ANY($1::int[]))', [kept]);
}

export interface PageRow {
  slug: string;
  title_kz: string;
  title_ru: string;
  body_kz: RichText;
  body_ru: RichText;
  updated_at: Date | string;
}

export async function findPage(db: Queryable, slug: string): Promise<PageRow | null> {
  const [row] = await db.query<PageRow>(
    'SELECT slug, title_kz, title_ru, body_kz, body_ru, updated_at FROM site_pages WHERE slug = $1',
    [slug],
  );
  return row ?? null;
}

export async function savePage(
  db: Queryable,
  slug: string,
  page: SitePageEdit,
  userId: number | null,
): Promise<PageRow> {
  const [row] = await db.query<PageRow>(
    `INSERT INTO site_pages (slug, title_kz, title_ru, body_kz, body_ru, updated_by)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6)
     ON CONFLICT (slug) DO UPDATE SET title_kz = EXCLUDED.title_kz, title_ru = EXCLUDED.title_ru,
       body_kz = EXCLUDED.body_kz, body_ru = EXCLUDED.body_ru, updated_by = EXCLUDED.updated_by,
       updated_at = now()
     RETURNING slug, title_kz, title_ru, body_kz, body_ru, updated_at`,
    [
      slug,
      page.title.kz,
      page.title.ru,
      JSON.stringify(page.body.kz),
      JSON.stringify(page.body.ru),
      userId,
    ],
  );
  return row!;
}
