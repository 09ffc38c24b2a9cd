import type {
  DocumentInput,
  DocumentSection,
  DocumentStatus,
  EducationalArea,
  PreschoolAgeGroup,
} from '@sabaq/platform';
import type { RichText } from '@sabaq/engine';
import type { Queryable } from '../db/db';
import { Conditions, RICH_TEXT } from '../files/rich-documents';
import type { AttachmentTable } from '../files/rich-documents';

/** The documents' files: stored files of use `kindergarten`, in order. */
export const DOCUMENT_FILES: AttachmentTable = {
  table: 'kindergarten_document_files',
  owner: 'document_id',
  use: 'kindergarten',
};

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

function toRow(r: DbRow): DocumentRow {
  return {
    id: r.id,
    section: r.section,
    ...RICH_TEXT.textsOf(r),
    body: RICH_TEXT.bodiesOf(r),
    ageGroup: r.age_group,
    area: r.area,
    status: r.status,
    updatedAt: new Date(r.updated_at),
  };
}

const COLUMNS = `id, section, ${RICH_TEXT.columns}, age_group, area, status, updated_at`;

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
  const conditions = new Conditions().add((p) => `section = ${p}`, section);
  if (!filter.drafts) conditions.always(`status = 'published'`);
  if (filter.age) conditions.add((p) => `age_group = ${p}`, filter.age);
  if (filter.area) conditions.add((p) => `area = ${p}`, filter.area);
  const rows = await db.query<DbRow>(
    `SELECT ${COLUMNS} FROM kindergarten_documents ${conditions.where}
      ORDER BY updated_at DESC, id DESC`,
    conditions.args,
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
  ...RICH_TEXT.params(input),
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
    `INSERT INTO kindergarten_documents (${RICH_TEXT.columns}, age_group, area, status, section,
        created_by)
     VALUES (${RICH_TEXT.values}, $7, $8, $9, $10, $11) RETURNING id`,
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
        SET ${RICH_TEXT.set}, age_group = $7, area = $8, status = $9, updated_at = now()
      WHERE id = $10`,
    [...values(input), id],
  );
}

export async function deleteDocument(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM kindergarten_documents WHERE id = $1', [id]);
}
