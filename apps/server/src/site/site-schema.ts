/**
 * The public site's content (issue 19, migration ids 2450–2499). Texts are kept in both
 * interface languages side by side (an article, a question or the agreement is one thing in two
 * languages, edited together); rich text is the builder's ProseMirror JSON, never HTML.
 *
 * - `faq_categories`, `faq_questions`: the FAQ, ordered by `position`.
 * - `articles`: news; `published_at` null is a draft only the administrator sees.
 * - `site_pages`: pages of the site by slug (the agreement).
 * - `banners` (core migration 1) is the administrator's too; nothing changes in its shape.
 */
export const SITE_SQL = `
CREATE TABLE faq_categories (
  id serial PRIMARY KEY,
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  position integer NOT NULL DEFAULT 0
);
CREATE TABLE faq_questions (
  id serial PRIMARY KEY,
  category_id integer NOT NULL REFERENCES faq_categories(id) ON DELETE CASCADE,
  question_kz text NOT NULL,
  question_ru text NOT NULL,
  answer_kz jsonb NOT NULL,
  answer_ru jsonb NOT NULL,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX faq_questions_category ON faq_questions (category_id, position);
CREATE TABLE articles (
  id serial PRIMARY KEY,
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  summary_kz text NOT NULL DEFAULT '',
  summary_ru text NOT NULL DEFAULT '',
  body_kz jsonb NOT NULL,
  body_ru jsonb NOT NULL,
  cover text,
  published_at timestamptz,
  author_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX articles_published ON articles (published_at DESC, id DESC) WHERE published_at IS NOT NULL;
CREATE TABLE site_pages (
  slug text PRIMARY KEY,
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  body_kz jsonb NOT NULL,
  body_ru jsonb NOT NULL,
  updated_by integer REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;
