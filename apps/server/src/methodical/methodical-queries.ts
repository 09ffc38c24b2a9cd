import type { Locale, MethodicalInput, MethodicalKind, MethodicalStatus } from '@sabaq/platform';
import type { RichText } from '@sabaq/engine';
import type { Queryable } from '../db/db';
import { queryGroups, searchTerms } from '../catalogue/search-stem';
import { Conditions, RICH_TEXT, selectPage } from '../files/rich-documents';
import type { AttachmentTable } from '../files/rich-documents';

export interface MaterialRow {
  id: number;
  title: { kz: string; ru: string };
  summary: { kz: string; ru: string };
  subject: { id: number; name: { kz: string; ru: string } };
  parallelFrom: number | null;
  parallelTo: number | null;
  kind: MethodicalKind;
  status: MethodicalStatus;
  author: string;
  fileCount: number;
  updatedAt: Date;
}

export interface MaterialDetailRow extends MaterialRow {
  body: { kz: RichText; ru: RichText };
}

export type { AttachedFileRow as MaterialFileRow } from '../files/rich-documents';

/** The materials' files: stored files of use `methodical`, in order. */
export const MATERIAL_FILES: AttachmentTable = {
  table: 'methodical_files',
  owner: 'material_id',
  use: 'methodical',
};

interface DbRow {
  id: number;
  title_kz: string;
  title_ru: string;
  summary_kz: string;
  summary_ru: string;
  subject_id: number;
  subject_kz: string;
  subject_ru: string;
  parallel_from: number | null;
  parallel_to: number | null;
  kind: MethodicalKind;
  status: MethodicalStatus;
  author: string;
  file_count: number | string;
  updated_at: string | Date;
}

function toRow(r: DbRow): MaterialRow {
  return {
    id: r.id,
    ...RICH_TEXT.textsOf(r),
    subject: { id: r.subject_id, name: { kz: r.subject_kz, ru: r.subject_ru } },
    parallelFrom: r.parallel_from,
    parallelTo: r.parallel_to,
    kind: r.kind,
    status: r.status,
    author: r.author,
    fileCount: Number(r.file_count),
    updatedAt: new Date(r.updated_at),
  };
}

const COLUMNS = `m.id, m.title_kz, m.title_ru, m.summary_kz, m.summary_ru, m.subject_id,
  s.name_kz AS subject_kz, s.name_ru AS subject_ru, m.parallel_from, m.parallel_to, m.kind,
  m.status, trim(u.surname || ' ' || u.firstname) AS author,
  (SELECT count(*) FROM methodical_files f WHERE f.material_id = m.id)::int AS file_count,
  m.updated_at`;
const FROM = `methodical_materials m JOIN subjects s ON s.id = m.subject_id
  JOIN users u ON u.id = m.author_id`;

export interface MaterialFilter {
  subject?: number;
  kind?: MethodicalKind;
  parallel?: number;
  q?: string;
  /** Whether drafts are listed (the methodist). */
  drafts: boolean;
  page: number;
  pageSize: number;
}

/**
 * One page of materials by the filters, newest first, and how many match. A parallel matches a
 * material whose range holds it and every material for all parallels; each word of `q` must
 * match one of its Kazakh or Russian stems (the catalogue's stemmer, indexed in search_terms).
 */
export async function listMaterials(
  db: Queryable,
  filter: MaterialFilter,
): Promise<{ rows: MaterialRow[]; total: number }> {
  const conditions = new Conditions();
  if (!filter.drafts) conditions.always(`m.status = 'published'`);
  if (filter.subject) conditions.add((p) => `m.subject_id = ${p}`, filter.subject);
  if (filter.kind) conditions.add((p) => `m.kind = ${p}`, filter.kind);
  if (filter.parallel)
    conditions.add(
      (p) => `(m.parallel_from IS NULL OR ${p}::int BETWEEN m.parallel_from AND m.parallel_to)`,
      filter.parallel,
    );
  for (const group of queryGroups(filter.q ?? ''))
    conditions.add((p) => `m.search_terms && ${p}::text[]`, group);
  const { rows, total } = await selectPage<DbRow>(db, {
    columns: COLUMNS,
    from: FROM,
    conditions,
    orderBy: 'm.updated_at DESC, m.id DESC',
    page: filter.page,
    pageSize: filter.pageSize,
  });
  return { rows: rows.map(toRow), total };
}

export async function loadMaterial(db: Queryable, id: number): Promise<MaterialDetailRow | null> {
  const rows = await db.query<DbRow & { body_kz: RichText | string; body_ru: RichText | string }>(
    `SELECT ${COLUMNS}, m.body_kz, m.body_ru FROM ${FROM} WHERE m.id = $1`,
    [id],
  );
  const r = rows[0];
  return r ? { ...toRow(r), body: RICH_TEXT.bodiesOf(r) } : null;
}

/** The platform's subjects in the reader's language, by name. */
export async function listSubjects(
  db: Queryable,
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  const column = locale === 'kz' ? 'name_kz' : 'name_ru';
  return db.query<{ id: number; name: string }>(
    `SELECT id, ${column} AS name FROM subjects ORDER BY ${column}, id`,
  );
}

export async function subjectExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM subjects WHERE id = $1', [id])).length > 0;
}

/** Whether the feature flag `methodical-cabinet` is on. */
export async function isCabinetOn(db: Queryable): Promise<boolean> {
  const rows = await db.query<{ enabled: boolean }>(
    "SELECT enabled FROM feature_flags WHERE key = 'methodical-cabinet'",
  );
  return rows[0]?.enabled === true;
}

const termsOf = (input: MethodicalInput): string[] =>
  searchTerms([input.title.kz, input.title.ru, input.summary.kz, input.summary.ru].join(' '));

const values = (input: MethodicalInput) => [
  ...RICH_TEXT.params(input),
  input.subjectId,
  input.parallelFrom,
  input.parallelTo,
  input.kind,
  input.status,
  termsOf(input),
];

export async function insertMaterial(
  db: Queryable,
  input: MethodicalInput,
  authorId: number,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO methodical_materials (${RICH_TEXT.columns}, subject_id, parallel_from,
        parallel_to, kind, status, search_terms, author_id)
     VALUES (${RICH_TEXT.values}, $7, $8, $9, $10, $11, $12::text[], $13) RETURNING id`,
    [...values(input), authorId],
  );
  return rows[0]!.id;
}

export async function updateMaterial(
  db: Queryable,
  id: number,
  input: MethodicalInput,
): Promise<void> {
  await db.query(
    `UPDATE methodical_materials
        SET ${RICH_TEXT.set}, subject_id = $7, parallel_from = $8, parallel_to = $9,
            kind = $10, status = $11, search_terms = $12::text[], updated_at = now()
      WHERE id = $13`,
    [...values(input), id],
  );
}

export async function deleteMaterial(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM methodical_materials WHERE id = $1', [id]);
}
