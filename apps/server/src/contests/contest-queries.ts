import type { ContestLessonType, ContestListQuery, ContestType, Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';

/** Every SQL of contests; row types stay private to this file and contest-present.ts. */

export const PAGE_SIZE = 12;
const l = (locale: Locale) => (locale === 'ru' ? 'ru' : 'kz');

export interface ContestRow {
  id: number;
  type: ContestType;
  lesson_type: ContestLessonType;
  language: 'kz' | 'ru' | null;
  subject: string | null;
  subject_name: string | null;
  parallel_from: number | null;
  parallel_to: number | null;
  title: string;
  summary: string;
  rules: { kz: string; ru: string }[];
  criteria: { id: string; kz: string; ru: string; max: number }[];
  starts_on: string;
  submit_until: string;
  results_on: string;
  results_published_at: Date | null;
  entries: number;
}

const COLUMNS = (locale: Locale) => `
  c.id, c.type, c.lesson_type, c.language, c.subject, s.name_${l(locale)} AS subject_name,
  c.parallel_from, c.parallel_to, c.title_${l(locale)} AS title, c.summary_${l(locale)} AS summary,
  c.rules, c.criteria, to_char(c.starts_on, 'YYYY-MM-DD') AS starts_on,
  to_char(c.submit_until, 'YYYY-MM-DD') AS submit_until,
  to_char(c.results_on, 'YYYY-MM-DD') AS results_on, c.results_published_at,
  (SELECT count(*)::int FROM contest_entries e WHERE e.contest_id = c.id) AS entries`;

export async function listContests(
  q: Queryable,
  filters: ContestListQuery,
  locale: Locale,
): Promise<{ rows: ContestRow[]; total: number }> {
  const where = `
    ($1::text IS NULL OR c.subject = $1)
    AND ($2::int IS NULL OR c.parallel_from IS NULL OR $2 BETWEEN c.parallel_from AND c.parallel_to)
    AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM contest_entries e WHERE e.contest_id = c.id AND e.school_id = $3))
    AND ($4::text IS NULL OR c.lesson_type = $4)
    AND ($5::text IS NULL OR c.language IS NULL OR c.language = $5)
    AND ($6::text IS NULL OR c.type = $6)`;
  const params = [
    filters.subject ?? null,
    filters.parallel ?? null,
    filters.school ?? null,
    filters.lessonType ?? null,
    filters.language ?? null,
    filters.type ?? null,
  ];
  const [rows, count] = await Promise.all([
    q.query<ContestRow>(
      `SELECT ${COLUMNS(locale)} FROM contests c LEFT JOIN subjects s ON s.code = c.subject
        WHERE ${where} ORDER BY c.starts_on DESC, c.id DESC LIMIT $7 OFFSET $8`,
      [...params, PAGE_SIZE, (filters.page - 1) * PAGE_SIZE],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM contests c WHERE ${where}`, params),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The filters' choices: subjects of contests, schools with entries. */
export async function listChoices(q: Queryable, locale: Locale) {
  const [subjects, schools] = await Promise.all([
    q.query<{ code: string; name: string }>(
      `SELECT s.code, s.name_${l(locale)} AS name FROM subjects s
        WHERE EXISTS (SELECT 1 FROM contests c WHERE c.subject = s.code) ORDER BY 2`,
    ),
    q.query<{ id: number; name: string }>(
      `SELECT sc.id, sc.name_${l(locale)} AS name FROM schools sc
        WHERE EXISTS (SELECT 1 FROM contest_entries e WHERE e.school_id = sc.id) ORDER BY 2`,
    ),
  ]);
  return { subjects, schools };
}

export async function loadContest(
  q: Queryable,
  id: number,
  locale: Locale,
): Promise<ContestRow | undefined> {
  const rows = await q.query<ContestRow>(
    `SELECT ${COLUMNS(locale)} FROM contests c LEFT JOIN subjects s ON s.code = c.subject WHERE c.id = $1`,
    [id],
  );
  return rows[0];
}

export interface EntryRow {
  id: number;
  draft_id: string;
  title: string;
  teacher_id: number;
  author: string;
  school: string | null;
  submitted_at: Date;
  jurors: number;
  mean: string | null;
}

export function listEntries(q: Queryable, contestId: number, locale: Locale): Promise<EntryRow[]> {
  return q.query<EntryRow>(
    `SELECT e.id, e.draft_id, e.title, e.teacher_id,
            trim(u.surname || ' ' || u.firstname) AS author, sc.name_${l(locale)} AS school,
            e.submitted_at, count(s.juror_id)::int AS jurors, round(avg(s.total), 2) AS mean
       FROM contest_entries e
       JOIN users u ON u.id = e.teacher_id
       LEFT JOIN schools sc ON sc.id = e.school_id
       LEFT JOIN contest_scores s ON s.entry_id = e.id
      WHERE e.contest_id = $1
      GROUP BY e.id, u.surname, u.firstname, sc.name_${l(locale)}
      ORDER BY e.submitted_at, e.id`,
    [contestId],
  );
}

export interface ItemRow {
  draft_id: string;
  owner_id: number;
  school_id: number | null;
  type: string;
  title: string;
  lang: string | null;
  subject: string | null;
  parallel: number | null;
}

/** A published item of the catalogue (a draft's published version). */
export async function loadPublished(q: Queryable, draftId: string): Promise<ItemRow | undefined> {
  const rows = await q.query<ItemRow>(
    `SELECT draft_id, owner_id, school_id, type, title, lang, subject, parallel
       FROM catalogue_items WHERE draft_id = $1`,
    [draftId],
  );
  return rows[0];
}

/** A teacher's published items of a type, not yet entered in the contest, newest first. */
export function listOwnPublished(
  q: Queryable,
  ownerId: number,
  contestId: number,
  type: string,
): Promise<ItemRow[]> {
  return q.query<ItemRow>(
    `SELECT c.draft_id, c.owner_id, c.school_id, c.type, c.title, c.lang, c.subject, c.parallel
       FROM catalogue_items c
      WHERE c.owner_id = $1 AND c.type = $3
        AND NOT EXISTS (SELECT 1 FROM contest_entries e WHERE e.contest_id = $2 AND e.draft_id = c.draft_id)
      ORDER BY c.published_at DESC LIMIT 50`,
    [ownerId, contestId, type],
  );
}

/** Inserts an entry; false when the draft is already entered (the unique key). */
export async function insertEntry(
  q: Queryable,
  entry: { contestId: number; item: ItemRow; teacherId: number; schoolId: number | null },
): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO contest_entries (contest_id, draft_id, teacher_id, school_id, title)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (contest_id, draft_id) DO NOTHING RETURNING id`,
    [entry.contestId, entry.item.draft_id, entry.teacherId, entry.schoolId, entry.item.title],
  );
  return rows.length > 0;
}

export async function loadEntry(
  q: Queryable,
  contestId: number,
  entryId: number,
): Promise<{ id: number; teacher_id: number } | undefined> {
  const rows = await q.query<{ id: number; teacher_id: number }>(
    'SELECT id, teacher_id FROM contest_entries WHERE id = $1 AND contest_id = $2',
    [entryId, contestId],
  );
  return rows[0];
}

export async function deleteEntry(q: Queryable, entryId: number): Promise<void> {
  await q.query('DELETE FROM contest_entries WHERE id = $1', [entryId]);
}

export interface ScoreRow {
  entry_id: number;
  points: Record<string, number>;
  total: string;
  comment: string;
}

export function listJurorScores(
  q: Queryable,
  contestId: number,
  jurorId: number,
): Promise<ScoreRow[]> {
  return q.query<ScoreRow>(
    `SELECT s.entry_id, s.points, s.total, s.comment FROM contest_scores s
       JOIN contest_entries e ON e.id = s.entry_id
      WHERE e.contest_id = $1 AND s.juror_id = $2`,
    [contestId, jurorId],
  );
}

export async function saveScore(
  q: Queryable,
  score: {
    entryId: number;
    jurorId: number;
    points: Record<string, number>;
    total: number;
    comment: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO contest_scores (entry_id, juror_id, points, total, comment)
     VALUES ($1, $2, $3::jsonb, $4, $5)
     ON CONFLICT (entry_id, juror_id)
     DO UPDATE SET points = EXCLUDED.points, total = EXCLUDED.total, comment = EXCLUDED.comment, scored_at = now()`,
    [score.entryId, score.jurorId, JSON.stringify(score.points), score.total, score.comment],
  );
}

/** Marks the results published once; false when they already were. */
export async function publishResults(q: Queryable, contestId: number): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `UPDATE contests SET results_published_at = now()
      WHERE id = $1 AND results_published_at IS NULL RETURNING id`,
    [contestId],
  );
  return rows.length > 0;
}

export interface CatalogueEntryRow {
  id: number;
  draft_id: string;
  title: string;
  lesson_type: ContestLessonType;
  author: string;
  school: string | null;
  contest_id: number;
  contest_title: string;
  starts_on: string;
  submit_until: string;
  results_published_at: Date | null;
  place: number | null;
}

/**
 * Entries of every contest for the catalogue of contest lessons: finished contests' entries by
 * place first, then the rest by date; a place is the rank of the jurors' mean in its contest.
 */
export async function listCatalogueEntries(
  q: Queryable,
  filters: { contestId?: number | undefined; page: number },
  locale: Locale,
): Promise<{ rows: CatalogueEntryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    q.query<CatalogueEntryRow>(
      `WITH means AS (
         SELECT e.id, avg(s.total) AS mean FROM contest_entries e
           JOIN contest_scores s ON s.entry_id = e.id GROUP BY e.id
       )
       SELECT e.id, e.draft_id, e.title, c.lesson_type,
              trim(u.surname || ' ' || u.firstname) AS author, sc.name_${l(locale)} AS school,
              c.id AS contest_id, c.title_${l(locale)} AS contest_title,
              to_char(c.starts_on, 'YYYY-MM-DD') AS starts_on,
              to_char(c.submit_until, 'YYYY-MM-DD') AS submit_until, c.results_published_at,
              CASE WHEN c.results_published_at IS NOT NULL AND m.mean IS NOT NULL
                   THEN rank() OVER (PARTITION BY c.id ORDER BY m.mean DESC NULLS LAST)::int END AS place
         FROM contest_entries e
         JOIN contests c ON c.id = e.contest_id
         JOIN users u ON u.id = e.teacher_id
         LEFT JOIN schools sc ON sc.id = e.school_id
         LEFT JOIN means m ON m.id = e.id
        WHERE ($1::int IS NULL OR c.id = $1)
        ORDER BY (c.results_published_at IS NULL), c.results_published_at DESC, place NULLS LAST,
                 e.submitted_at DESC, e.id
        LIMIT $2 OFFSET $3`,
      [filters.contestId ?? null, PAGE_SIZE, (filters.page - 1) * PAGE_SIZE],
    ),
    q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM contest_entries WHERE ($1::int IS NULL OR contest_id = $1)',
      [filters.contestId ?? null],
    ),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export function listContestTitles(q: Queryable, locale: Locale) {
  return q.query<{ id: number; title: string }>(
    `SELECT c.id, c.title_${l(locale)} AS title FROM contests c
      WHERE EXISTS (SELECT 1 FROM contest_entries e WHERE e.contest_id = c.id)
      ORDER BY c.starts_on DESC, c.id DESC`,
  );
}
