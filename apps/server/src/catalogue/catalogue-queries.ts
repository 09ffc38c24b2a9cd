import type { CatalogueItem, Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { queryGroups } from './search-stem';

/** The catalogue's filters after validation (catalogue.list's query). */
export interface CatalogueFilter {
  q?: string | undefined;
  kind?: 'lesson' | 'lecture' | 'exam' | undefined;
  type?: string | undefined;
  subject?: string | undefined;
  parallel?: number | undefined;
  lang?: 'kz' | 'ru' | undefined;
  /** The caller's school when `school=mine` (-1 when they have none: nothing matches). */
  schoolId?: number | undefined;
  /** Leave SOR and SOCh out (the caller is not staff). */
  excludeExams?: boolean | undefined;
  page: number;
  perPage: number;
}

const KIND_TYPES: Record<'lesson' | 'lecture' | 'exam', string[]> = {
  lesson: ['lesson', 'customLesson'],
  lecture: ['lecture'],
  exam: ['sor', 'soch'],
};

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

export interface CatalogueRow {
  draft_id: string;
  version: number;
  type: string;
  title: string;
  summary: string;
  lang: string | null;
  subject: string | null;
  subject_name: string | null;
  parallel: number | null;
  school_name: string | null;
  author_name: string;
  published_at: string;
  owner_id: number;
  school_id: number | null;
  /** A SOR/SOCh its author shares (lessons and lectures always); others do not show (issue 28). */
  shared: boolean;
  doc?: unknown;
}

function columns(locale: Locale): string {
  const l = locale === 'kz' ? 'kz' : 'ru';
  return `c.draft_id, c.version, c.type, c.title, c.summary, c.lang, c.subject, c.parallel,
    c.owner_id, c.school_id, c.shared, s.name_${l} AS subject_name, sc.name_${l} AS school_name,
    trim(u.surname || ' ' || u.firstname) AS author_name,
    to_char(c.published_at AT TIME ZONE 'UTC', ${ISO}) AS published_at`;
}
const JOINS = `FROM catalogue_items c
  JOIN users u ON u.id = c.owner_id
  LEFT JOIN subjects s ON s.code = c.subject
  LEFT JOIN schools sc ON sc.id = c.school_id`;

/**
 * WHERE clause and parameters of a filter, and the query's word groups. `byTypeOnly`: nothing
 * but the type is filtered (no words, subject, parallel, language or school), so the total is a
 * sum of `catalogue_type_counts` — `typeSql` applies there (its `c.type`; it counts shared items
 * only), `sql` to the items, whose unshared exams never show (issue 28).
 */
function where(f: CatalogueFilter): {
  sql: string;
  typeSql: string;
  params: unknown[];
  groups: string[][];
  byTypeOnly: boolean;
} {
  const params: unknown[] = [];
  const parts: string[] = [];
  const add = (sql: (p: string) => string, v: unknown) => {
    params.push(v);
    parts.push(sql(`$${params.length}`));
  };
  if (f.kind) add((p) => `c.type = ANY(${p}::text[])`, KIND_TYPES[f.kind]);
  if (f.excludeExams) add((p) => `c.type <> ALL(${p}::text[])`, ['sor', 'soch']);
  if (f.type) add((p) => `c.type = ${p}`, f.type);
  const typeParts = parts.length;
  if (f.subject) add((p) => `c.subject = ${p}`, f.subject);
  if (f.parallel !== undefined) add((p) => `c.parallel = ${p}`, f.parallel);
  if (f.lang) add((p) => `c.lang = ${p}`, f.lang);
  if (f.schoolId !== undefined) add((p) => `c.school_id = ${p}`, f.schoolId);
  const groups = queryGroups(f.q ?? '');
  // Every word must match; a word matches through any of its stems (Kazakh or Russian).
  for (const g of groups) add((p) => `c.search_terms && ${p}::text[]`, g);
  return {
    sql: `WHERE ${['c.shared', ...parts].join(' AND ')}`,
    typeSql: parts.length ? `WHERE ${parts.join(' AND ')}` : '',
    params,
    groups,
    byTypeOnly: parts.length === typeParts,
  };
}

export async function listCatalogue(
  q: Queryable,
  f: CatalogueFilter,
  locale: Locale,
): Promise<{ rows: CatalogueRow[]; total: number }> {
  const w = where(f);
  const params = [...w.params];
  // Relevance: every word matched (AND), so the denser item ranks first — the fewer stems an
  // item has, the larger the share the query's words take of it (cheap: no per-row set work);
  // then the newest first. The page is chosen on catalogue_items alone (with the match count
  // in the same pass), and only its rows are joined to names.
  const order = `${w.groups.length > 0 ? 'cardinality(c.search_terms), ' : ''}c.published_at DESC, c.draft_id`;
  params.push(f.perPage, (f.page - 1) * f.perPage);
  // With words the matches are few: count them in the same pass. Without, the page comes from
  // the published_at index and the count is a query of its own.
  const together = w.groups.length > 0;
  const rows = await q.query<CatalogueRow & { total: number }>(
    `WITH page AS (
       SELECT c.draft_id, ${together ? 'count(*) OVER ()::int' : '0'} AS total
         FROM catalogue_items c ${w.sql}
        ORDER BY ${order}
        LIMIT $${params.length - 1} OFFSET $${params.length})
     SELECT ${columns(locale)}, page.total ${JOINS} JOIN page ON page.draft_id = c.draft_id
      ORDER BY ${order}`,
    params,
  );
  if (together && rows.length > 0) return { rows, total: rows[0]!.total };
  // No words, or a page past the end: count on its own — from the counts per type (kept by
  // triggers, migration 2760) when only the type is filtered, else over the matching items.
  const countRows = await q.query<{ n: number }>(
    w.byTypeOnly
      ? `SELECT coalesce(sum(c.n), 0)::int AS n FROM catalogue_type_counts c ${w.typeSql}`
      : `SELECT count(*)::int AS n FROM catalogue_items c ${w.sql}`,
    w.params,
  );
  return { rows, total: countRows[0]?.n ?? 0 };
}

export async function loadCatalogueItem(
  q: Queryable,
  draftId: string,
  locale: Locale,
): Promise<CatalogueRow | null> {
  const rows = await q.query<CatalogueRow>(
    `SELECT ${columns(locale)}, c.doc ${JOINS} WHERE c.draft_id = $1 AND c.shared`,
    [draftId],
  );
  return rows[0] ?? null;
}

/** Subjects that have catalogue items, for the filter. */
export async function catalogueSubjects(
  q: Queryable,
  locale: Locale,
): Promise<{ code: string; name: string }[]> {
  const l = locale === 'kz' ? 'kz' : 'ru';
  return q.query<{ code: string; name: string }>(
    `SELECT s.code, s.name_${l} AS name FROM subjects s
      WHERE EXISTS (SELECT 1 FROM catalogue_items c WHERE c.subject = s.code AND c.shared)
      ORDER BY 2`,
  );
}

/** An item as a reader sees it; `inUseUntil`: an exam of another school still in use. */
export function presentItem(r: CatalogueRow, inUseUntil: string | null = null): CatalogueItem {
  return {
    id: r.draft_id,
    version: r.version,
    type: r.type,
    title: r.title,
    summary: r.summary,
    lang: r.lang,
    subject: r.subject,
    subjectName: r.subject_name,
    parallel: r.parallel,
    schoolName: r.school_name,
    authorName: r.author_name,
    publishedAt: r.published_at,
    inUseUntil,
  };
}
