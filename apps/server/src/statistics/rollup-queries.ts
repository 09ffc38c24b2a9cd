import type { Queryable } from '../db/db';
import { totalsOf } from './statistics-schema';

/** One pupil × subject of a class in a period: what the quarter grade and attendance are made of. */
export interface RollupSourceRow {
  group_id: number;
  subject_id: number;
  student_id: number;
  teacher_id: number | null;
  marks: number[] | null;
  sor_points: (string | number)[] | null;
  sor_max: number[] | null;
  soch_points: (string | number)[] | null;
  soch_max: number[] | null;
  lessons: number | string | null;
  absences: number | string | null;
  /** The pupil finished a builder lesson or exam, or sent homework, in this subject. */
  used: boolean;
}

export interface PeriodRow {
  id: number;
  school_id: number;
  start: string;
  end: string;
}

export async function loadPeriod(q: Queryable, periodId: number): Promise<PeriodRow | undefined> {
  const rows = await q.query<PeriodRow>(
    `SELECT id, school_id, to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end
       FROM periods WHERE id = $1`,
    [periodId],
  );
  return rows[0];
}

/**
 * Every pupil × taught subject of a school's current classes in a period, with the pupil's
 * formative marks, SOR/SOCh points (the journal's own inputs: lessons of the period's dates,
 * assessments of the period) and attendance: lessons held up to `until` that were the pupil's
 * (the whole class's, or their subgroup's) and the absences marked on them; `used` when the pupil
 * finished a builder lesson or exam of a lesson of the period or sent homework set on one.
 */
export async function loadRollupSource(
  q: Queryable,
  period: PeriodRow,
  until: string,
): Promise<RollupSourceRow[]> {
  return q.query<RollupSourceRow>(
    `WITH pupils AS (
       SELECT u.id AS student_id, u.group_id FROM users u JOIN groups g ON g.id = u.group_id
        WHERE g.school_id = $1 AND NOT g.archived AND u.role = 'student'
     ), slots AS (
       SELECT t.id, t.group_id, t.subject_id, t.subgroup_id, t.teacher_id
         FROM timetable_slots t JOIN groups g ON g.id = t.group_id
        WHERE g.school_id = $1 AND t.period_id = $2 AND NOT g.archived
     ), taught AS (
       SELECT group_id, subject_id,
              mode() WITHIN GROUP (ORDER BY teacher_id) FILTER (WHERE teacher_id IS NOT NULL) AS teacher_id
         FROM slots GROUP BY group_id, subject_id
     ), held AS (
       SELECT p.student_id, s.group_id, s.subject_id, count(*) AS lessons
         FROM slots s
         JOIN lessons l ON l.slot_id = s.id AND l.lesson_date BETWEEN $3::date AND $5::date
         JOIN pupils p ON p.group_id = s.group_id
        WHERE s.subgroup_id IS NULL OR EXISTS (
                SELECT 1 FROM subgroup_members sm WHERE sm.subgroup_id = s.subgroup_id AND sm.user_id = p.student_id)
        GROUP BY p.student_id, s.group_id, s.subject_id
     ), marked AS (
       SELECT m.student_id, s.group_id, s.subject_id,
              array_agg(m.mark ORDER BY l.lesson_date, m.lesson_id) FILTER (WHERE m.mark IS NOT NULL) AS marks,
              count(*) FILTER (WHERE m.absent AND l.lesson_date <= $5::date) AS absences
         FROM slots s
         JOIN lessons l ON l.slot_id = s.id AND l.lesson_date BETWEEN $3::date AND $4::date
         JOIN journal_marks m ON m.lesson_id = l.id
        GROUP BY m.student_id, s.group_id, s.subject_id
     ), pointed AS (
       SELECT am.student_id, a.group_id, a.subject_id,
              array_agg(am.points ORDER BY a.id) FILTER (WHERE a.kind = 'sor') AS sor_points,
              array_agg(a.max_points ORDER BY a.id) FILTER (WHERE a.kind = 'sor') AS sor_max,
              array_agg(am.points ORDER BY a.id) FILTER (WHERE a.kind = 'soch') AS soch_points,
              array_agg(a.max_points ORDER BY a.id) FILTER (WHERE a.kind = 'soch') AS soch_max
         FROM assessments a JOIN groups g ON g.id = a.group_id
         JOIN assessment_marks am ON am.assessment_id = a.id
        WHERE g.school_id = $1 AND a.period_id = $2
        GROUP BY am.student_id, a.group_id, a.subject_id
     ), used AS (
       SELECT a.user_id AS student_id, s.group_id, s.subject_id
         FROM slots s
         JOIN lessons l ON l.slot_id = s.id AND l.lesson_date BETWEEN $3::date AND $4::date
         JOIN attempts a ON a.lesson_id = l.id
       UNION
       SELECT ha.student_id, s.group_id, s.subject_id
         FROM slots s
         JOIN lessons l ON l.slot_id = s.id AND l.lesson_date BETWEEN $3::date AND $4::date
         JOIN homework hw ON hw.lesson_id = l.id
         JOIN homework_answers ha ON ha.homework_id = hw.id AND ha.status <> 'assigned'
     )
     SELECT t.group_id, t.subject_id, p.student_id, t.teacher_id, k.marks, k.absences, h.lessons,
            o.sor_points, o.sor_max, o.soch_points, o.soch_max, (u.student_id IS NOT NULL) AS used
       FROM taught t
       JOIN pupils p ON p.group_id = t.group_id
       LEFT JOIN held h ON h.student_id = p.student_id AND h.group_id = t.group_id AND h.subject_id = t.subject_id
       LEFT JOIN marked k ON k.student_id = p.student_id AND k.group_id = t.group_id AND k.subject_id = t.subject_id
       LEFT JOIN pointed o ON o.student_id = p.student_id AND o.group_id = t.group_id AND o.subject_id = t.subject_id
       LEFT JOIN used u ON u.student_id = p.student_id AND u.group_id = t.group_id AND u.subject_id = t.subject_id
      ORDER BY t.group_id, t.subject_id, p.student_id`,
    [
      period.school_id,
      period.id,
      period.start,
      period.end,
      until < period.end ? until : period.end,
    ],
  );
}

export interface RollupRow {
  groupId: number;
  subjectId: number;
  studentId: number;
  teacherId: number | null;
  total: number | null;
  grade: number | null;
  sorPoints: number;
  sorMax: number;
  sochPoints: number;
  sochMax: number;
  lessons: number;
  absences: number;
  used: boolean;
}

/**
 * Locks the (school, period) state row for the refresh: a journal write that commits while the
 * refresh runs waits on this lock in its trigger and marks the state stale again after us, so a
 * change is never lost behind a "fresh" flag.
 */
export async function lockState(q: Queryable, schoolId: number, periodId: number): Promise<void> {
  await q.query(
    `INSERT INTO stat_state (school_id, period_id) VALUES ($1, $2) ON CONFLICT (school_id, period_id) DO NOTHING`,
    [schoolId, periodId],
  );
  await q.query('SELECT 1 FROM stat_state WHERE school_id = $1 AND period_id = $2 FOR UPDATE', [
    schoolId,
    periodId,
  ]);
}

export async function replaceRollup(
  q: Queryable,
  period: PeriodRow,
  rows: readonly RollupRow[],
): Promise<void> {
  await q.query('DELETE FROM stat_results WHERE school_id = $1 AND period_id = $2', [
    period.school_id,
    period.id,
  ]);
  const column = <K extends keyof RollupRow>(key: K) => rows.map((row) => row[key]);
  await q.query(
    `INSERT INTO stat_results (period_id, school_id, group_id, subject_id, student_id, teacher_id, total, grade,
                               sor_points, sor_max, soch_points, soch_max, lessons, absences, used)
     SELECT $1, $2, * FROM unnest($3::int[], $4::int[], $5::int[], $6::int[], $7::numeric[], $8::int[],
                                  $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::int[], $14::int[],
                                  $15::boolean[])`,
    [
      period.id,
      period.school_id,
      column('groupId'),
      column('subjectId'),
      column('studentId'),
      column('teacherId'),
      column('total'),
      column('grade'),
      column('sorPoints'),
      column('sorMax'),
      column('sochPoints'),
      column('sochMax'),
      column('lessons'),
      column('absences'),
      column('used'),
    ],
  );
  // The second tier: the school's sums for the levels above it (statistics-schema.ts).
  await q.query('DELETE FROM stat_school_totals WHERE school_id = $1 AND period_id = $2', [
    period.school_id,
    period.id,
  ]);
  await q.query(totalsOf('r.school_id = $1 AND r.period_id = $2'), [period.school_id, period.id]);
  await q.query(
    `UPDATE stat_state SET stale = false, refreshed_at = now() WHERE school_id = $1 AND period_id = $2`,
    [period.school_id, period.id],
  );
}

export interface StateRow {
  stale: boolean;
  refreshed_day: string | null;
}

export async function loadState(
  q: Queryable,
  schoolId: number,
  periodId: number,
): Promise<StateRow | undefined> {
  const rows = await q.query<StateRow>(
    `SELECT stale, to_char(refreshed_at + interval '5 hours', 'YYYY-MM-DD') AS refreshed_day
       FROM stat_state WHERE school_id = $1 AND period_id = $2`,
    [schoolId, periodId],
  );
  return rows[0];
}

/**
 * The periods of a node's schools that need a roll-up before reading: never rolled up, marked
 * stale by a journal change, or rolled up on an earlier school day of the period (the rule of
 * `ensureFresh`, for every school of the node in one query instead of one per school).
 */
export async function listUnsettledPeriods(
  q: Queryable,
  ids: { regionId: number | null; departmentId: number | null; schoolId: number | null },
  year: { school_year: string; quarters: readonly number[] },
  today: string,
): Promise<PeriodRow[]> {
  return q.query<PeriodRow>(
    `SELECT p.id, p.school_id, to_char(p.start_date, 'YYYY-MM-DD') AS start,
            to_char(p.end_date, 'YYYY-MM-DD') AS end
       FROM periods p JOIN schools s ON s.id = p.school_id
       LEFT JOIN localities l ON l.id = s.locality_id LEFT JOIN departments d ON d.id = l.department_id
       LEFT JOIN stat_state st ON st.school_id = p.school_id AND st.period_id = p.id
      WHERE s.kind = 'school' AND p.school_year = $1 AND p.quarter = ANY($2::int[])
        AND ($3::int IS NULL OR d.region_id = $3) AND ($4::int IS NULL OR d.id = $4)
        AND ($5::int IS NULL OR s.id = $5)
        AND (st.school_id IS NULL OR st.stale OR st.refreshed_at IS NULL
             OR (to_char(st.refreshed_at + interval '5 hours', 'YYYY-MM-DD') <> $6
                 AND to_char(st.refreshed_at + interval '5 hours', 'YYYY-MM-DD') <= to_char(p.end_date, 'YYYY-MM-DD')))
      ORDER BY p.school_id`,
    [year.school_year, [...year.quarters], ids.regionId, ids.departmentId, ids.schoolId, today],
  );
}
