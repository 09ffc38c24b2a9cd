/**
 * Tables of the methodical cabinet (issue 17, migration 2730).
 *
 * - `methodical_materials`: one material of the platform's library (no school column, like the
 *   kindergarten documents and the media catalogue): kz/ru title, summary and rich-text body
 *   (the builder's ProseMirror JSON), a subject, a parallel range (both NULL: every parallel), a
 *   kind, draft or published, the methodist who wrote it, and `search_terms`: the Kazakh and
 *   Russian stems of its titles and summaries (catalogue/search-stem.ts), so that «мектептегі»
 *   finds «мектеп».
 * - `methodical_files`: the stored files (use `methodical`) attached to a material, in order.
 */
export const METHODICAL_SQL = `
CREATE TABLE methodical_materials (
  id serial PRIMARY KEY,
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  summary_kz text NOT NULL DEFAULT '',
  summary_ru text NOT NULL DEFAULT '',
  body_kz jsonb NOT NULL,
  body_ru jsonb NOT NULL,
  subject_id integer NOT NULL REFERENCES subjects(id),
  parallel_from integer CHECK (parallel_from BETWEEN 1 AND 11),
  parallel_to integer CHECK (parallel_to BETWEEN 1 AND 11),
  kind text NOT NULL CHECK (kind IN ('recommendation', 'lesson-plan', 'presentation', 'assessment', 'worksheet')),
  status text NOT NULL CHECK (status IN ('draft', 'published')),
  search_terms text[] NOT NULL DEFAULT '{}',
  author_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((parallel_from IS NULL AND parallel_to IS NULL)
         OR (parallel_from IS NOT NULL AND parallel_to IS NOT NULL AND parallel_from <= parallel_to))
);
CREATE INDEX methodical_materials_filter ON methodical_materials (status, subject_id, kind);
CREATE INDEX methodical_materials_terms ON methodical_materials USING gin (search_terms);
CREATE TABLE methodical_files (
  material_id integer NOT NULL REFERENCES methodical_materials(id) ON DELETE CASCADE,
  stored_id uuid NOT NULL REFERENCES stored_files(id),
  position integer NOT NULL,
  PRIMARY KEY (material_id, stored_id)
);
`;
