import { DraftSchema } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import type { Answers, Attempt } from '@sabaq/platform';
import { jsonColumn } from '../db/db';
import type { Queryable } from '../db/db';
import { TeachingError } from './errors';
import { percent } from './grading';
import type { Viewer } from './lessons';
import { isOwnOrSchoolContent } from './tenancy';

/**
 * All SQL of builder content as lessons use it: frozen versions (content_versions) and the
 * pupils' attempts at them. Shared by the schedule, homework and calendar plans.
 */

/** An attempt as stored (for the queries of calendar plans too). */
export interface AttemptRow {
  id: number;
  lesson_id: number;
  user_id: number;
  draft_id: string;
  version: number;
  answers: unknown;
  results: unknown;
  score: string | number;
  max_score: string | number;
  finished_at: string;
  /** The teacher's override (issue 20, migration 2300); null when none. */
  override_points?: string | number | null;
  override_comment?: string | null;
  override_at?: string | null;
}

/** The columns of an AttemptRow, of the table or of its alias in a join. */
export function attemptColumns(alias?: string): string {
  const of = alias ? `${alias}.` : '';
  return `${of}id, ${of}lesson_id, ${of}user_id, ${of}draft_id, ${of}version, ${of}answers, ${of}results, ${of}score, ${of}max_score,
  to_char(${of}finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS finished_at,
  ${of}override_points, ${of}override_comment,
  to_char(${of}override_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS override_at`;
}

const ATTEMPT_COLUMNS = attemptColumns();

/** An attempt row as the contract shows it (before what a pupil may see is applied). */
export function toAttempt(row: AttemptRow): Attempt {
  const results = jsonColumn<Attempt['results']>(row.results);
  const computed = Number(row.score);
  const max = Number(row.max_score);
  const overridden = row.override_points !== null && row.override_points !== undefined;
  // The teacher's override is the final score; the computed one stays beside it.
  const score = overridden ? Number(row.override_points) : computed;
  return {
    id: row.id,
    userId: row.user_id,
    draftId: row.draft_id,
    version: row.version,
    answers: jsonColumn<Answers>(row.answers),
    results,
    score,
    maxScore: max,
    percent: percent(score, max),
    pending: !overridden && results.some((result) => result.status === 'pending'),
    finishedAt: row.finished_at,
    override: overridden
      ? {
          points: score,
          comment: row.override_comment ?? '',
          computedScore: computed,
          at: row.override_at ?? row.finished_at,
        }
      : null,
  };
}

/** A frozen draft version (content_versions); 404 when missing. */
export async function loadContentVersion(
  q: Queryable,
  draftId: string,
  version: number,
): Promise<Draft> {
  const rows = await q.query<{ doc: unknown }>(
    'SELECT doc FROM content_versions WHERE draft_id = $1 AND version = $2',
    [draftId, version],
  );
  const row = rows[0];
  if (!row) throw new TeachingError(404, 'content_not_found');
  return DraftSchema.parse(jsonColumn(row.doc));
}

/** The newest frozen version of a draft; null when none is frozen. */
export async function loadLatestVersion(q: Queryable, draftId: string): Promise<number | null> {
  const rows = await q.query<{ version: number | null }>(
    'SELECT max(version)::int AS version FROM content_versions WHERE draft_id = $1',
    [draftId],
  );
  return rows[0]?.version ?? null;
}

/** The newest version of a draft on a lesson or homework of the group; null when none. */
export async function loadGroupContentVersion(
  q: Queryable,
  draftId: string,
  groupId: number,
): Promise<number | null> {
  const rows = await q.query<{ version: number }>(
    `SELECT l.content_version AS version FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
        WHERE l.content_draft_id = $1 AND s.group_id = $2
       UNION ALL
       SELECT h.draft_version FROM homework h JOIN lessons l ON l.id = h.lesson_id
         JOIN timetable_slots s ON s.id = l.slot_id
        WHERE h.draft_id = $1 AND s.group_id = $2
       ORDER BY 1 DESC LIMIT 1`,
    [draftId, groupId],
  );
  return rows[0]?.version ?? null;
}

/** Who owns a draft and which school it belongs to; null when there is none. */
export async function loadDraftOwnership(
  q: Queryable,
  draftId: string,
): Promise<{ owner_id: number; school_id: number | null } | null> {
  const rows = await q.query<{ owner_id: number; school_id: number | null }>(
    'SELECT owner_id, school_id FROM drafts WHERE id = $1',
    [draftId],
  );
  return rows[0] ?? null;
}

/**
 * Freezes a published draft the user may use (own, or of their school) at its current version
 * and returns the version. Drafts that are not published are refused.
 */
export async function freezePublished(
  q: Queryable,
  v: Viewer,
  draftId: string,
  field: string,
): Promise<{ version: number; type: string; title: string }> {
  const rows = await q.query<{
    version: number;
    type: string;
    title: string;
    doc: unknown;
    status: string;
    owner_id: number;
    school_id: number | null;
  }>(
    'SELECT version, type, title, doc, status, owner_id, school_id FROM drafts WHERE id = $1 AND deleted_at IS NULL',
    [draftId],
  );
  const draft = rows[0];
  if (!draft || !isOwnOrSchoolContent(v.auth, draft))
    throw new TeachingError(422, 'content_not_found', field);
  if (draft.status !== 'published') throw new TeachingError(422, 'draft_not_published', field);
  await q.query(
    `INSERT INTO content_versions (draft_id, version, type, title, doc) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (draft_id, version) DO NOTHING`,
    [draftId, draft.version, draft.type, draft.title, JSON.stringify(jsonColumn(draft.doc))],
  );
  return { version: draft.version, type: draft.type, title: draft.title };
}

/** The published drafts the user may put on a lesson: their own and their school's. */
export async function listPublishedContent(
  q: Queryable,
  userId: number,
  schoolId: number,
): Promise<{ id: string; type: string; title: string; version: number; lang: string | null }[]> {
  return q.query<{ id: string; type: string; title: string; version: number; lang: string | null }>(
    `SELECT id, type, title, version, lang FROM drafts
        WHERE status = 'published' AND deleted_at IS NULL AND (owner_id = $1 OR school_id = $2)
        ORDER BY published_at DESC NULLS LAST, title LIMIT 500`,
    [userId, schoolId],
  );
}

/** A pupil's attempt at a lesson's content; null when they have not handed it in. */
export async function loadAttempt(
  q: Queryable,
  lessonId: number,
  userId: number,
  draftId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Attempt | null> {
  const rows = await q.query<AttemptRow>(
    `SELECT ${ATTEMPT_COLUMNS} FROM attempts WHERE lesson_id = $1 AND user_id = $2 AND draft_id = $3${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [lessonId, userId, draftId],
  );
  return rows[0] ? toAttempt(rows[0]) : null;
}

/** Every pupil's attempt at a lesson's content, by pupil. */
export async function listLessonAttempts(
  q: Queryable,
  lessonId: number,
  draftId: string,
): Promise<Map<number, Attempt>> {
  const rows = await q.query<AttemptRow>(
    `SELECT ${ATTEMPT_COLUMNS} FROM attempts WHERE lesson_id = $1 AND draft_id = $2`,
    [lessonId, draftId],
  );
  return new Map(rows.map((row) => [row.user_id, toAttempt(row)]));
}

/** Stores a handed-in attempt; null when the pupil had already handed one in. */
export async function insertAttempt(
  q: Queryable,
  attempt: {
    lessonId: number;
    userId: number;
    draftId: string;
    version: number;
    answers: Answers;
    results: Attempt['results'];
    score: number;
    maxScore: number;
  },
): Promise<Attempt | null> {
  const rows = await q.query<AttemptRow>(
    `INSERT INTO attempts (lesson_id, user_id, draft_id, version, answers, results, score, max_score)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (lesson_id, user_id, draft_id) DO NOTHING
       RETURNING ${ATTEMPT_COLUMNS}`,
    [
      attempt.lessonId,
      attempt.userId,
      attempt.draftId,
      attempt.version,
      JSON.stringify(attempt.answers),
      JSON.stringify(attempt.results),
      attempt.score,
      attempt.maxScore,
    ],
  );
  return rows[0] ? toAttempt(rows[0]) : null;
}

/** Writes an attempt's results and score (after the teacher graded an open answer). */
export async function updateAttemptResults(
  q: Queryable,
  attemptId: number,
  results: Attempt['results'],
  score: number,
): Promise<Attempt> {
  const rows = await q.query<AttemptRow>(
    `UPDATE attempts SET results = $2, score = $3 WHERE id = $1 RETURNING ${ATTEMPT_COLUMNS}`,
    [attemptId, JSON.stringify(results), score],
  );
  return toAttempt(rows[0] as AttemptRow);
}
