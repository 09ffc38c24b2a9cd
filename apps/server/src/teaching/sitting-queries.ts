import type { Answers } from '@sabaq/platform';
import { jsonColumn } from '../db/db';
import type { Queryable } from '../db/db';
import { attemptColumns, toAttempt, type AttemptRow } from './content-queries';

/** All SQL of timed SOR/SOCh sittings (issue 20; tables in sitting-schema.ts). */

/** Whose sitting of which content on which lesson. */
export interface SittingKey {
  lessonId: number;
  userId: number;
  draftId: string;
}

export interface Sitting extends SittingKey {
  version: number;
  startedAt: Date;
  deadlineAt: Date;
  limitMinutes: number;
  answers: Answers;
  savedAt: Date | null;
  lastSeenAt: Date;
}

interface SittingRow {
  lesson_id: number;
  user_id: number;
  draft_id: string;
  version: number;
  started_at: string | Date;
  deadline_at: string | Date;
  limit_minutes: number;
  answers: unknown;
  saved_at: string | Date | null;
  last_seen_at: string | Date;
}

const COLUMNS =
  'lesson_id, user_id, draft_id, version, started_at, deadline_at, limit_minutes, answers, saved_at, last_seen_at';

function toSitting(row: SittingRow): Sitting {
  return {
    lessonId: row.lesson_id,
    userId: row.user_id,
    draftId: row.draft_id,
    version: row.version,
    startedAt: new Date(row.started_at),
    deadlineAt: new Date(row.deadline_at),
    limitMinutes: row.limit_minutes,
    answers: jsonColumn<Answers>(row.answers) ?? {},
    savedAt: row.saved_at === null ? null : new Date(row.saved_at),
    lastSeenAt: new Date(row.last_seen_at),
  };
}

export async function loadSitting(
  q: Queryable,
  key: SittingKey,
  options: { forUpdate?: boolean } = {},
): Promise<Sitting | null> {
  const rows = await q.query<SittingRow>(
    `SELECT ${COLUMNS} FROM exam_sittings WHERE lesson_id = $1 AND user_id = $2 AND draft_id = $3${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [key.lessonId, key.userId, key.draftId],
  );
  return rows[0] ? toSitting(rows[0]) : null;
}

/** Starts a sitting; the one already started wins a race (two tabs start once). */
export async function insertSitting(
  q: Queryable,
  sitting: SittingKey & {
    version: number;
    startedAt: Date;
    deadlineAt: Date;
    limitMinutes: number;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO exam_sittings (lesson_id, user_id, draft_id, version, started_at, deadline_at, limit_minutes, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $5)
       ON CONFLICT (lesson_id, user_id, draft_id) DO NOTHING`,
    [
      sitting.lessonId,
      sitting.userId,
      sitting.draftId,
      sitting.version,
      sitting.startedAt.toISOString(),
      sitting.deadlineAt.toISOString(),
      sitting.limitMinutes,
    ],
  );
}

export async function saveSittingAnswers(
  q: Queryable,
  key: SittingKey,
  answers: Answers,
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE exam_sittings SET answers = $4, saved_at = $5, last_seen_at = $5
      WHERE lesson_id = $1 AND user_id = $2 AND draft_id = $3`,
    [key.lessonId, key.userId, key.draftId, JSON.stringify(answers), now.toISOString()],
  );
}

export async function deleteSitting(q: Queryable, key: SittingKey): Promise<void> {
  await q.query(
    'DELETE FROM exam_sittings WHERE lesson_id = $1 AND user_id = $2 AND draft_id = $3',
    [key.lessonId, key.userId, key.draftId],
  );
}

/** The lesson's sittings of one content, by pupil. */
export async function listLessonSittings(
  q: Queryable,
  lessonId: number,
  draftId: string,
): Promise<Map<number, Sitting>> {
  const rows = await q.query<SittingRow>(
    `SELECT ${COLUMNS} FROM exam_sittings WHERE lesson_id = $1 AND draft_id = $2`,
    [lessonId, draftId],
  );
  return new Map(rows.map((row) => [row.user_id, toSitting(row)]));
}

/**
 * Sittings past their deadline and the grace of their lesson (the teacher's minutes, at least
 * `minGraceMs`) at `now` that were never handed in; oldest first.
 */
export async function listOverdueSittings(
  q: Queryable,
  now: Date,
  minGraceMs: number,
  lessonId: number | null,
  limit = 200,
): Promise<Sitting[]> {
  const rows = await q.query<SittingRow>(
    `SELECT ${COLUMNS.split(', ')
      .map((c) => `s.${c}`)
      .join(', ')}
       FROM exam_sittings s
       JOIN lessons l ON l.id = s.lesson_id
       LEFT JOIN attempts a ON a.lesson_id = s.lesson_id AND a.user_id = s.user_id AND a.draft_id = s.draft_id
      WHERE a.id IS NULL
        AND s.deadline_at + make_interval(secs => greatest(l.exam_grace_minutes * 60, $3::int / 1000.0)::double precision) < $1
        AND ($2::int IS NULL OR s.lesson_id = $2)
      ORDER BY s.deadline_at LIMIT ${Math.max(1, Math.floor(limit))}`,
    [now.toISOString(), lessonId, Math.round(minGraceMs)],
  );
  return rows.map(toSitting);
}

export interface Retake {
  userId: number;
  reason: string;
  grantedAt: string;
}

export async function listRetakes(
  q: Queryable,
  lessonId: number,
  draftId: string,
): Promise<Map<number, Retake[]>> {
  const rows = await q.query<{ user_id: number; reason: string; granted_at: string | Date }>(
    `SELECT user_id, reason, granted_at FROM exam_retakes
      WHERE lesson_id = $1 AND draft_id = $2 ORDER BY granted_at, id`,
    [lessonId, draftId],
  );
  const byPupil = new Map<number, Retake[]>();
  for (const row of rows) {
    const list = byPupil.get(row.user_id) ?? [];
    list.push({
      userId: row.user_id,
      reason: row.reason,
      grantedAt: new Date(row.granted_at).toISOString(),
    });
    byPupil.set(row.user_id, list);
  }
  return byPupil;
}

/**
 * Keeps the handed-in attempt (with the teacher's comment on it) in `exam_retakes` and removes it
 * with the sitting, so that the pupil may start again. Null when nothing was handed in.
 */
export async function moveAttemptToRetakes(
  q: Queryable,
  key: SittingKey,
  reason: string,
  grantedBy: number,
): Promise<Retake | null> {
  const rows = await q.query<AttemptRow & { comment: string | null }>(
    `SELECT ${attemptColumns('a')}, c.comment FROM attempts a
       LEFT JOIN attempt_comments c ON c.attempt_id = a.id
      WHERE a.lesson_id = $1 AND a.user_id = $2 AND a.draft_id = $3 FOR UPDATE OF a`,
    [key.lessonId, key.userId, key.draftId],
  );
  const row = rows[0];
  if (!row) return null;
  const previous = { ...toAttempt(row), comment: row.comment };
  const inserted = await q.query<{ granted_at: string | Date }>(
    `INSERT INTO exam_retakes (lesson_id, user_id, draft_id, reason, granted_by, previous_attempt)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING granted_at`,
    [key.lessonId, key.userId, key.draftId, reason, grantedBy, JSON.stringify(previous)],
  );
  await q.query('DELETE FROM attempts WHERE id = $1', [row.id]);
  await deleteSitting(q, key);
  return {
    userId: key.userId,
    reason,
    grantedAt: new Date(inserted[0]!.granted_at).toISOString(),
  };
}
