import { ASSESSMENT_TYPES } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import type { Attempt } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { attemptColumns, toAttempt } from './content-queries';
import type { AttemptRow } from './content-queries';

/**
 * SQL of exam results (issue 20, migration 2300): the teacher's override of an attempt and the
 * journal's SOR/SOCh column of a lesson, filled from its attempts.
 */

/** Sets (or with `points: null` takes off) the teacher's override of an attempt. */
export async function saveOverride(
  q: Queryable,
  attemptId: number,
  override: { points: number | null; comment: string; by: number },
): Promise<Attempt> {
  const clear = override.points === null;
  const rows = await q.query<AttemptRow>(
    `UPDATE attempts SET override_points = $2, override_comment = $3, override_by = $4,
            override_at = CASE WHEN $2::numeric IS NULL THEN NULL ELSE now() END
      WHERE id = $1 RETURNING ${attemptColumns()}`,
    [attemptId, override.points, clear ? null : override.comment, clear ? null : override.by],
  );
  return toAttempt(rows[0] as AttemptRow);
}

interface ResultRow {
  score: string | number;
  max_score: string | number;
  override_points: string | number | null;
  results: unknown;
  type: string;
  title: string;
  lesson_date: string;
  group_id: number;
  subject_id: number;
  subgroup_id: number | null;
  teacher_id: number | null;
  school_id: number;
}

/**
 * Puts a pupil's SOR/SOCh result of a lesson into the journal: the lesson's SOR/SOCh column
 * (made with the first result, in the period of the lesson's date) gets the final points (the
 * override, else the score) once no open answer waits for the teacher. A cell the teacher
 * changed in the journal (its points differ from what the attempt last put there, or typed
 * before any result) is left as the teacher set it. Nothing for lessons and lectures.
 */
export async function syncJournalPoints(
  q: Queryable,
  lessonId: number,
  userId: number,
): Promise<void> {
  const rows = await q.query<ResultRow>(
    `SELECT a.score, a.max_score, a.override_points, a.results, cv.type, cv.title,
            to_char(l.lesson_date, 'YYYY-MM-DD') AS lesson_date, s.group_id, s.subject_id,
            s.subgroup_id, s.teacher_id, g.school_id
       FROM attempts a
       JOIN lessons l ON l.id = a.lesson_id AND l.content_draft_id = a.draft_id
       JOIN timetable_slots s ON s.id = l.slot_id
       JOIN groups g ON g.id = s.group_id
       JOIN content_versions cv ON cv.draft_id = a.draft_id AND cv.version = a.version
      WHERE a.lesson_id = $1 AND a.user_id = $2`,
    [lessonId, userId],
  );
  const row = rows[0];
  if (!row || !ASSESSMENT_TYPES.has(row.type as Draft['type'])) return;
  const overridden = row.override_points !== null;
  const results = (typeof row.results === 'string' ? JSON.parse(row.results) : row.results) as {
    status: string;
  }[];
  if (!overridden && results.some((result) => result.status === 'pending')) return;
  const points = Number(overridden ? row.override_points : row.score);
  const assessmentId = await ensureLessonAssessment(q, lessonId, row);
  if (assessmentId === null) return;
  await q.query(
    `INSERT INTO assessment_marks (assessment_id, student_id, points, attempt_points)
     VALUES ($1, $2, $3, $3)
     ON CONFLICT (assessment_id, student_id) DO UPDATE
        SET points = $3, attempt_points = $3, updated_at = now()
      WHERE assessment_marks.attempt_points IS NOT NULL
        AND assessment_marks.points = assessment_marks.attempt_points`,
    [assessmentId, userId, points],
  );
}

/** The lesson's SOR/SOCh column of the journal (made once); null outside every period. */
async function ensureLessonAssessment(
  q: Queryable,
  lessonId: number,
  row: ResultRow,
): Promise<number | null> {
  const periods = await q.query<{ id: number }>(
    `SELECT id FROM periods WHERE school_id = $1 AND $2::date BETWEEN start_date AND end_date
      ORDER BY start_date LIMIT 1`,
    [row.school_id, row.lesson_date],
  );
  const period = periods[0];
  if (!period) return null;
  const maxPoints = Math.max(1, Math.ceil(Number(row.max_score)));
  const made = await q.query<{ id: number }>(
    `INSERT INTO assessments (group_id, subject_id, subgroup_id, period_id, kind, title, max_points,
                              assessed_on, created_by, lesson_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (lesson_id) WHERE lesson_id IS NOT NULL
       DO UPDATE SET kind = EXCLUDED.kind, title = EXCLUDED.title, max_points = EXCLUDED.max_points
     RETURNING id`,
    [
      row.group_id,
      row.subject_id,
      row.subgroup_id,
      period.id,
      row.type,
      row.title,
      maxPoints,
      row.lesson_date,
      row.teacher_id,
      lessonId,
    ],
  );
  return made[0]?.id ?? null;
}
