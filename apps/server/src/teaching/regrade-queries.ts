import type { Attempt } from '@sabaq/platform';
import { jsonColumn } from '../db/db';
import type { Queryable } from '../db/db';
import { attemptColumns, toAttempt } from './content-queries';
import type { AttemptRow } from './content-queries';

/**
 * SQL of re-grading (issue 20, migration 2300): a published draft's handed-in attempts on lessons
 * still pinned to an older version, and moving them (with their lessons) to the new version while
 * the old result is kept in `attempt_regrades`.
 */

export interface RegradeDraftRow {
  id: string;
  owner_id: number;
  school_id: number | null;
  status: string;
  version: number;
  type: string;
  title: string;
  doc: unknown;
}

/** The draft as it stands (locked when asked); null when missing or deleted. */
export async function loadRegradeDraft(
  q: Queryable,
  draftId: string,
  options: { lock?: boolean } = {},
): Promise<RegradeDraftRow | null> {
  const rows = await q.query<RegradeDraftRow>(
    `SELECT id, owner_id, school_id, status, version, type, title, doc FROM drafts
      WHERE id = $1 AND deleted_at IS NULL${options.lock ? ' FOR UPDATE' : ''}`,
    [draftId],
  );
  return rows[0] ?? null;
}

/** Freezes the draft at its version (once) so attempts and lessons may point at it. */
export async function freezeVersion(q: Queryable, draft: RegradeDraftRow): Promise<void> {
  await q.query(
    `INSERT INTO content_versions (draft_id, version, type, title, doc) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (draft_id, version) DO NOTHING`,
    [draft.id, draft.version, draft.type, draft.title, JSON.stringify(jsonColumn(draft.doc))],
  );
}

export interface OutdatedAttempt {
  attempt: Attempt;
  lessonId: number;
  lessonDate: string;
  groupName: string;
  fullname: string;
}

/**
 * Handed-in attempts at the draft on lessons of the school that still carry an older version of
 * it, by lesson date, class and pupil. Locked for update inside the re-grade.
 */
export async function listOutdatedAttempts(
  q: Queryable,
  draftId: string,
  version: number,
  schoolId: number,
  options: { forUpdate?: boolean } = {},
): Promise<OutdatedAttempt[]> {
  const rows = await q.query<
    AttemptRow & { lesson_date: string; group_name: string; fullname: string }
  >(
    `SELECT ${attemptColumns('a')}, to_char(l.lesson_date, 'DD.MM.YYYY') AS lesson_date,
            concat(g.parallel, g.letter) AS group_name,
            concat_ws(' ', u.surname, u.firstname) AS fullname
       FROM attempts a
       JOIN lessons l ON l.id = a.lesson_id AND l.content_draft_id = a.draft_id
       JOIN timetable_slots s ON s.id = l.slot_id
       JOIN groups g ON g.id = s.group_id
       JOIN users u ON u.id = a.user_id
      WHERE a.draft_id = $1 AND a.version < $2 AND l.content_version < $2 AND g.school_id = $3
      ORDER BY l.lesson_date, l.id, u.surname, u.firstname, u.id
      ${options.forUpdate ? 'FOR UPDATE OF a' : ''}`,
    [draftId, version, schoolId],
  );
  return rows.map((row) => ({
    attempt: toAttempt(row),
    lessonId: row.lesson_id,
    lessonDate: row.lesson_date,
    groupName: row.group_name,
    fullname: row.fullname,
  }));
}

/** Keeps the attempt's result as it was; false when this re-grade was recorded before. */
export async function insertRegradeHistory(
  q: Queryable,
  entry: {
    attempt: Attempt;
    computedScore: number;
    newVersion: number;
    newScore: number;
    newMaxScore: number;
    by: number;
  },
): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO attempt_regrades (attempt_id, old_version, new_version, old_results, old_score,
                                   old_max_score, new_score, new_max_score, regraded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (attempt_id, new_version) DO NOTHING RETURNING id`,
    [
      entry.attempt.id,
      entry.attempt.version,
      entry.newVersion,
      JSON.stringify(entry.attempt.results),
      entry.computedScore,
      entry.attempt.maxScore,
      entry.newScore,
      entry.newMaxScore,
      entry.by,
    ],
  );
  return rows.length > 0;
}

/** Points an attempt at the new version with its new results (the override stays). */
export async function moveAttempt(
  q: Queryable,
  attemptId: number,
  graded: { version: number; results: Attempt['results']; score: number; maxScore: number },
): Promise<void> {
  await q.query(
    'UPDATE attempts SET version = $2, results = $3, score = $4, max_score = $5 WHERE id = $1',
    [attemptId, graded.version, JSON.stringify(graded.results), graded.score, graded.maxScore],
  );
}

/**
 * Moves the lessons (and their sittings in progress) to the new version, so pupils who have not
 * handed in yet take the corrected exam.
 */
export async function moveLessons(
  q: Queryable,
  lessonIds: readonly number[],
  draftId: string,
  version: number,
): Promise<void> {
  await q.query(
    `UPDATE lessons SET content_version = $3
      WHERE id = ANY($1::int[]) AND content_draft_id = $2 AND content_version < $3`,
    [[...lessonIds], draftId, version],
  );
  await q.query(
    `UPDATE exam_sittings SET version = $3
      WHERE lesson_id = ANY($1::int[]) AND draft_id = $2 AND version < $3`,
    [[...lessonIds], draftId, version],
  );
}

/** The old results of an attempt, newest first (what re-grades replaced). */
export async function listRegradeHistory(
  q: Queryable,
  attemptId: number,
): Promise<{ oldVersion: number; newVersion: number; oldScore: number; newScore: number }[]> {
  const rows = await q.query<{
    old_version: number;
    new_version: number;
    old_score: string | number;
    new_score: string | number;
  }>(
    `SELECT old_version, new_version, old_score, new_score FROM attempt_regrades
      WHERE attempt_id = $1 ORDER BY id DESC`,
    [attemptId],
  );
  return rows.map((row) => ({
    oldVersion: row.old_version,
    newVersion: row.new_version,
    oldScore: Number(row.old_score),
    newScore: Number(row.new_score),
  }));
}
