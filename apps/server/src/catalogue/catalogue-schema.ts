/**
 * Tables of the content catalogues (issue 17, migration ids 2600–2649).
 *
 * - `catalogue_items`: one row per published draft — the snapshot of the version last published
 *   (`doc`), what the catalogue lists and previews, never the live draft. `search_terms` holds the
 *   Kazakh and Russian stems of the title and summary (`search-stem.ts`), computed in Node on
 *   publish and GIN-indexed; queries stem their words the same way (PGlite and PostgreSQL alike).
 * - `drafts.origin_draft_id` / `origin_version`: a draft copied from the catalogue names the item
 *   and version it started from; its history (draft_events) starts at the copy.
 */
export const CATALOGUE_SQL = `
CREATE TABLE catalogue_items (
  draft_id text PRIMARY KEY REFERENCES drafts(id) ON DELETE CASCADE,
  version integer NOT NULL,
  owner_id integer NOT NULL REFERENCES users(id),
  school_id integer REFERENCES schools(id),
  type text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  lang text,
  subject text,
  parallel integer,
  doc jsonb NOT NULL,
  search_terms text[] NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalogue_items_terms ON catalogue_items USING gin (search_terms);
CREATE INDEX catalogue_items_published ON catalogue_items (published_at DESC, draft_id);
CREATE INDEX catalogue_items_type ON catalogue_items (type, published_at DESC);
ALTER TABLE drafts ADD COLUMN origin_draft_id text;
ALTER TABLE drafts ADD COLUMN origin_version integer;
`;
