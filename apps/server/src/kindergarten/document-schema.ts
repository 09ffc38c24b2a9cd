/**
 * Tables of the kindergarten's document sections (issue 15, migration ids 2550–2559).
 *
 * - `kindergarten_documents`: one document of a section (nomenclature, methodical, steam,
 *   regime-process): kz/ru title, summary and rich-text body (the builder's ProseMirror JSON, as
 *   the site's articles), the age group, an optional educational area, draft or published, the
 *   methodist who wrote it. The library is the platform's (like the media catalogue): no school
 *   column, every subscribed kindergarten reads the same documents.
 */
export const KINDERGARTEN_DOCUMENTS_SQL = `
CREATE TABLE kindergarten_documents (
  id serial PRIMARY KEY,
  section text NOT NULL CHECK (section IN ('nomenclature', 'methodical', 'steam', 'regime-process')),
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  summary_kz text NOT NULL DEFAULT '',
  summary_ru text NOT NULL DEFAULT '',
  body_kz jsonb NOT NULL,
  body_ru jsonb NOT NULL,
  age_group text NOT NULL CHECK (age_group IN ('early', 'junior', 'middle', 'senior', 'preschool')),
  area text CHECK (area IS NULL OR area IN ('health', 'communication', 'cognition', 'creativity', 'society')),
  status text NOT NULL CHECK (status IN ('draft', 'published')),
  created_by integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kindergarten_documents_filter ON kindergarten_documents (section, status, age_group, area);
`;

/**
 * Files attached to a document (migration 2553): stored files of use `kindergarten`, in order,
 * served only through the document (kindergarten.documentFile) with its rights.
 */
export const KINDERGARTEN_DOCUMENT_FILES_SQL = `
CREATE TABLE kindergarten_document_files (
  document_id integer NOT NULL REFERENCES kindergarten_documents(id) ON DELETE CASCADE,
  stored_id uuid NOT NULL REFERENCES stored_files(id),
  position integer NOT NULL,
  PRIMARY KEY (document_id, stored_id)
);
`;
