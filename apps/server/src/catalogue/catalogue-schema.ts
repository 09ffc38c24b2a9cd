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

/**
 * Migration 2760: the catalogue's search p99 over 100,000 items (issue 17).
 *
 * - The search index without a pending list. With GIN's default `fastupdate`, new entries wait
 *   in a pending list (up to `gin_pending_list_limit`, 4 MB) until a vacuum merges them; every
 *   search reads that whole list, and the planner prices it in: with 17,000 pending entries
 *   (100,000 items written in batches) the index looked so dear that a word found in 3–4 % of the
 *   items was searched by a sequential scan testing `&&` on all 100,000 rows (~95 ms instead of
 *   ~15 ms). Items are published one at a time, so inserting into the index directly costs a
 *   publish nothing noticeable; what earlier inserts left pending is merged now.
 * - `catalogue_items_subject`: the subjects offered by the filter (asked on every list request)
 *   were found by reading all the items (~20 ms at 100,000); now one index probe per subject. It
 *   also gives a subject's newest items in order.
 * - `catalogue_type_counts`: the number of items of each type, kept by statement triggers (with
 *   transition tables, so a batch insert updates each type once). The catalogue's first page —
 *   no words, no filter but the kind — takes its exact total from here instead of counting all
 *   the items on every request.
 */
export const CATALOGUE_SEARCH_SQL = `
ALTER INDEX catalogue_items_terms SET (fastupdate = off);
SELECT gin_clean_pending_list('catalogue_items_terms'::regclass);
CREATE INDEX catalogue_items_subject ON catalogue_items (subject, published_at DESC, draft_id);

CREATE TABLE catalogue_type_counts (
  type text PRIMARY KEY,
  n bigint NOT NULL
);
INSERT INTO catalogue_type_counts (type, n) SELECT type, count(*) FROM catalogue_items GROUP BY type;

CREATE FUNCTION catalogue_count_types() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM catalogue_type_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_type_counts AS t (type, n)
    SELECT type, count(*) FROM added GROUP BY type
    ON CONFLICT (type) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalogue_type_counts t SET n = t.n - r.n
      FROM (SELECT type, count(*) AS n FROM removed GROUP BY type) r WHERE t.type = r.type;
  ELSE
    -- A re-publish rewrites the row; only a changed type moves the counts.
    INSERT INTO catalogue_type_counts AS t (type, n)
    SELECT type, sum(n) FROM (
      SELECT type, 1 AS n FROM added UNION ALL SELECT type, -1 FROM removed
    ) d GROUP BY type HAVING sum(n) <> 0
    ON CONFLICT (type) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER catalogue_counts_insert AFTER INSERT ON catalogue_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION catalogue_count_types();
CREATE TRIGGER catalogue_counts_update AFTER UPDATE ON catalogue_items
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_count_types();
CREATE TRIGGER catalogue_counts_delete AFTER DELETE ON catalogue_items
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_count_types();
CREATE TRIGGER catalogue_counts_truncate AFTER TRUNCATE ON catalogue_items
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_count_types();
`;

/**
 * Migration 2821 (issue 28): a SOR/SOCh is in the shared catalogue only while its author shares
 * it. `drafts.shared_at` is that choice (null: not shared); `catalogue_items.shared` follows it
 * (lessons and lectures: always), and everything that lists, shows, copies, attaches or counts
 * items reads only shared ones. An exam's item is still written on every publish — the snapshot
 * of the version published — so that sharing it later shows that version, not later edits.
 *
 * The exams that entered the catalogue on their own (every published SOR/SOCh was indexed) are
 * unshared here: their authors never chose to show other schools their keys, and some were on
 * coming lessons. Their drafts, the lessons they are on and copies other schools already made
 * are untouched; each author shares them again with one click (the list of exams, or the next
 * publish). A course that chose one as its final test keeps its own copy of the test.
 *
 * The per-type counts (migration 2760) count shared items only. The indexes find the lessons,
 * homework and copies of an exam when its use is checked (catalogue/exam-use.ts).
 */
export const CATALOGUE_SHARING_SQL = `
ALTER TABLE drafts ADD COLUMN shared_at timestamptz;
ALTER TABLE catalogue_items ADD COLUMN shared boolean NOT NULL DEFAULT true;
UPDATE catalogue_items SET shared = false WHERE type IN ('sor', 'soch');

CREATE OR REPLACE FUNCTION catalogue_count_types() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM catalogue_type_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_type_counts AS t (type, n)
    SELECT type, count(*) FROM added WHERE shared GROUP BY type
    ON CONFLICT (type) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalogue_type_counts t SET n = t.n - r.n
      FROM (SELECT type, count(*) AS n FROM removed WHERE shared GROUP BY type) r WHERE t.type = r.type;
  ELSE
    -- A re-publish rewrites the row; only a changed type or sharing moves the counts.
    INSERT INTO catalogue_type_counts AS t (type, n)
    SELECT type, sum(n) FROM (
      SELECT type, 1 AS n FROM added WHERE shared
      UNION ALL SELECT type, -1 FROM removed WHERE shared
    ) d GROUP BY type HAVING sum(n) <> 0
    ON CONFLICT (type) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
DELETE FROM catalogue_type_counts;
INSERT INTO catalogue_type_counts (type, n)
  SELECT type, count(*) FROM catalogue_items WHERE shared GROUP BY type;

CREATE INDEX IF NOT EXISTS drafts_origin_copies ON drafts (origin_draft_id) WHERE origin_draft_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS lessons_exam_content ON lessons (content_draft_id) WHERE content_draft_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS homework_exam_content ON homework (draft_id) WHERE draft_id IS NOT NULL;
`;
