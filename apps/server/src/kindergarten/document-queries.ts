import type {
  DocumentInput,
  DocumentSection,
  DocumentStatus,
  EducationalArea,
  PreschoolAgeGroup,
} from '@sabaq/platform';
import type { RichText } from '@sabaq/engine';
import type { Queryable } from '../db/db';

export interface DocumentRow {
  id: number;
  section: DocumentSection;
  title: { kz: string; ru: string };
  summary: { kz: string; ru: string };
  body: { kz: RichText; ru: RichText };
  ageGroup: PreschoolAgeGroup;
  area: EducationalArea | null;
  status: DocumentStatus;
  updatedAt: Date;
}

interface DbRow {
  id: number;
  section: DocumentSection;
  title_kz: string;
  title_ru: string;
  summary_kz: string;
  summary_ru: string;
  body_kz: RichText | string;
  body_ru: RichText | string;
  age_group: PreschoolAgeGroup;
  area: EducationalArea | null;
  status: DocumentStatus;
  updated_at: string | Date;
}

const json = (v: RichText | string): RichText =>
  typeof v === 'string' ? (JSON.parse(v) as RichText) : v;

function toRow(r: DbRow): DocumentRow {
  return {
    id: r.id,
    section: r.section,
    title: { kz: r.title_kz, ru: r.title_ru },
    summary: { kz: r.summary_kz, ru: r.summary_ru },
    body: { kz: json(r.body_kz), ru: json(r.body_ru) },
    ageGroup: r.age_group,
    area: r.area,
    status: r.status,
    updatedAt: new Date(r.updated_at),
  };
}

const COLUMNS = `id, section, title_kz, title_ru, summary_kz, summary_ru, body_kz, body_ru, age_group,
  area, status, updated_at`;

/**
 * The documents of a section by the SQL filters (age group, area; drafts only for authors),
 * newest first. Words are matched in Node (`matchesWords`): the library is small and SQL's
 * lower() of Kazakh letters depends on the database's locale.
 */
export async function listDocuments(
  db: Queryable,
  section: DocumentSection,
  filter: { age?: PreschoolAgeGroup; area?: EducationalArea; drafts: boolean },
): Promise<DocumentRow[]> {
  const where = ['section = $1'];
  const args: unknown[] = [section];
  if (!filter.drafts) where.push(`status = 'published'`);
  if (filter.age) {
    args.push(filter.age);
    where.push(`age_group = $${args.length}`);
  }
  if (filter.area) {
    args.push(filter.area);
    where.push(`area = $${args.length}`);
  }
  const rows = await db.query<DbRow>(
    `SELECT ${COLUMNS} FROM kindergarten_documents WHERE ${where.join(' AND ')}
      ORDER BY updated_at DESC, id DESC`,
    args,
  );
  return rows.map(toRow);
}

export async function loadDocument(
  db: Queryable,
  section: DocumentSection,
  id: number,
): Promise<DocumentRow | null> {
  const rows = await db.query<DbRow>(
    `SELECT ${COLUMNS} FROM kindergarten_documents WHERE id = $1 AND section = $2`,
    [id, section],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

const values = (input: DocumentInput) => [
  input.title.kz,
  input.title.ru,
  input.summary.kz,
  input.summary.ru,
  JSON.stringify(input.body.kz),
  JSON.stringify(input.body.ru),
  input.ageGroup,
  input.area,
  input.status,
];

export async function insertDocument(
  db: Queryable,
  section: DocumentSection,
  input: DocumentInput,
  authorId: number,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO kindergarten_documents (title_kz, title_ru, summary_kz, summary_ru, body_kz,
        body_ru, age_group, area, status, section, created_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11) RETURNING id`,
    [...values(input), section, authorId],
  );
  return rows[0]!.id;
}

export async function updateDocument(
  db: Queryable,
  id: number,
  input: DocumentInput,
): Promise<void> {
  await db.query(
    `UPDATE kindergarten_documents
        SET title_kz = $1, title_ru = $2, summary_kz = $3, summary_ru = $4, body_kz = $5::jsonb,
            body_ru = $6::jsonb, age_group = $7, area = $8, status = $9, updated_at = now()
      WHERE id = $10`,
    [...values(input), id],
  );
}

export async function deleteDocument(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM kindergarten_documents WHERE id = $1', [id]);
}

/** A document's files in order. */
export async function listDocumentFiles(
  db: Queryable,
  documentId: number,
): Promise<{ id: string; name: string; mime: string; size: number }[]> {
  const rows = await db.query<{ id: string; label: string; mime: string; size: number | string }>(
    `SELECT s.id, s.label, s.mime, s.size FROM kindergarten_document_files f
       JOIN stored_files s ON s.id = f.stored_id
      WHERE f.document_id = $1 ORDER BY f.position`,
    [documentId],
  );
  return rows.map((r) => ({ id: r.id, name: r.label, mime: r.mime, size: Number(r.size) }));
}

/** Of `ids`, the stored files of use `kindergarten`. */
export async function kindergartenStoredIds(
  db: Queryable,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM stored_files WHERE id = ANY($1::uuid[]) AND use = 'kindergarten'`,
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

export async function isDocumentFile(
  db: Queryable,
  documentId: number,
  fileId: string,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM kindergarten_document_files WHERE document_id = $1 AND stored_id = $2',
    [documentId, fileId],
  );
  return rows.length > 0;
}

/** The document's files become exactly `fileIds`, in that order. */
export async function replaceDocumentFiles(
  db: Queryable,
  documentId: number,
  fileIds: readonly string[],
): Promise<void> {
  await db.query('DELETE FROM kindergarten_document_files WHERE document_id = $1', [documentId]);
  if (fileIds.length > 0)
    await db.query(
      `INSERT INTO kindergarten_document_files (document_id, stored_id, position)
       SELECT $1, id, position - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS t(id, position)`,
      [documentId, fileIds],
    );
}
