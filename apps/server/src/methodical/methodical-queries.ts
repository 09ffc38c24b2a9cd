import type { Locale, MethodicalInput, MethodicalKind, MethodicalStatus } from '@sabaq/platform';
import type { RichText } from '@sabaq/engine';
import type { Queryable } from '../db/db';
import { queryGroups, searchTerms } from '../catalogue/search-stem';

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

export interface MaterialFileRow {
  id: string;
  name: string;
  mime: string;
  size: number;
}

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

const json = (v: RichText | string): RichText =>
  typeof v === 'string' ? (JSON.parse(v) as RichText) : v;

function toRow(r: DbRow): MaterialRow {
  return {
    id: r.id,
    title: { kz: r.title_kz, ru: r.title_ru },
    summary: { kz: r.summary_kz, ru: r.summary_ru },
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
  const where: string[] = [];
  const args: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    args.push(value);
    where.push(sql(`$${args.length}`));
  };
  if (!filter.drafts) where.push(`m.status = 'published'`);
  if (filter.subject) add((p) => `m.subject_id = ${p}`, filter.subject);
  if (filter.kind) add((p) => `m.kind = ${p}`, filter.kind);
  if (filter.parallel)
    add(
      (p) => `(m.parallel_from IS NULL OR ${p}::int BETWEEN m.parallel_from AND m.parallel_to)`,
      filter.parallel,
    );
  for (const group of queryGroups(filter.q ?? ''))
    add((p) => `m.search_terms && ${p}::text[]`, group);
  const sql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  args.push(filter.pageSize, (filter.page - 1) * filter.pageSize);
  const rows = await db.query<DbRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM ${FROM} ${sql}
      ORDER BY m.updated_at DESC, m.id DESC
      LIMIT $${args.length - 1} OFFSET $${args.length}`,
    args,
  );
  let total = rows[0]?.total ?? 0;
  // A page past the end has no rows to carry the count: count on its own.
  if (rows.length === 0 && filter.page > 1) {
    const counted = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${FROM} ${sql}`,
      args.slice(0, -2),
    );
    total = counted[0]?.n ?? 0;
  }
  return { rows: rows.map(toRow), total };
}

export async function loadMaterial(db: Queryable, id: number): Promise<MaterialDetailRow | null> {
  const rows = await db.query<DbRow & { body_kz: RichText | string; body_ru: RichText | string }>(
    `SELECT ${COLUMNS}, m.body_kz, m.body_ru FROM ${FROM} WHERE m.id = $1`,
    [id],
  );
  const r = rows[0];
  return r ? { ...toRow(r), body: { kz: json(r.body_kz), ru: json(r.body_ru) } } : null;
}

export async function listMaterialFiles(db: Queryable, id: number): Promise<MaterialFileRow[]> {
  const rows = await db.query<{ id: string; label: string; mime: string; size: number | string }>(
    `SELECT s.id, s.label, s.mime, s.size FROM methodical_files f
       JOIN stored_files s ON s.id = f.stored_id
      WHERE f.material_id = $1 ORDER BY f.position`,
    [id],
  );
  return rows.map((r) => ({ id: r.id, name: r.label, mime: r.mime, size: Number(r.size) }));
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

/** Of `ids`, the stored files of use `methodical` (any methodist's: the library is shared). */
export async function methodicalStoredIds(
  db: Queryable,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM stored_files WHERE id = ANY($1::uuid[]) AND use = 'methodical'`,
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** Whether `fileId` is attached to material `id`. */
export async function isAttached(db: Queryable, id: number, fileId: string): Promise<boolean> {
  return (
    (
      await db.query('SELECT 1 FROM methodical_files WHERE material_id = $1 AND stored_id = $2', [
        id,
        fileId,
      ])
    ).length > 0
  );
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
  input.title.kz,
  input.title.ru,
  input.summary.kz,
  input.summary.ru,
  JSON.stringify(input.body.kz),
  JSON.stringify(input.body.ru),
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
    `INSERT INTO methodical_materials (title_kz, title_ru, summary_kz, summary_ru, body_kz,
        body_ru, subject_id, parallel_from, parallel_to, kind, status, search_terms, author_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $12::text[], $13)
     RETURNING id`,
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
        SET title_kz = $1, title_ru = $2, summary_kz = $3, summary_ru = $4, body_kz = $5::jsonb,
            body_ru = $6::jsonb, subject_id = $7, parallel_from = $8, parallel_to = $9,
            kind = $10, status = $11, search_terms = $12::text[], updated_at = now()
      WHERE id = $13`,
    [...values(input), id],
  );
}

/** The material's files become exactly `fileIds`, in that order. */
export async function replaceMaterialFiles(
  db: Queryable,
  id: number,
  fileIds: readonly string[],
): Promise<void> {
  await db.query('DELETE FROM methodical_files WHERE material_id = $1', [id]);
  for (const [position, storedId] of fileIds.entries())
    await db.query(
      'INSERT INTO methodical_files (material_id, stored_id, position) VALUES ($1, $2, $3)',
      [id, storedId, position],
    );
}

export async function deleteMaterial(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM methodical_materials WHERE id = $1', [id]);
}
