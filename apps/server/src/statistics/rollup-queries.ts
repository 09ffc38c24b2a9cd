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

/** One school-period of a batch roll-up, with the day its attendance is counted up to. */
export interface BatchPeriod extends PeriodRow {
  until: string;
}

/** The batch's columns as arrays for `unnest` (the CTE `batch` of the queries below). */
function batchParams(periods: readonly BatchPeriod[], regrade?: readonly boolean[]) {
  return [
    periods.map((p) => p.school_id),
    periods.map((p) => p.id),
    periods.map((p) => p.start),
    periods.map((p) => p.end),
    periods.map((p) => (p.until < p.end ? p.until : p.end)),
    periods.map((_, i) => regrade?.[i] ?? false),
  ];
}

/**
 * The CTEs both roll-up queries start from: the batch, its classes' pupils, the timetable slots
 * (narrowed to the classes of `$7` when `narrowed`), their lessons of the period, the
 * lessons held per slot up to the day and each class-subject's teacher.
 */
const sourceCtes = (narrowed: boolean) => `batch AS (
       SELECT * FROM unnest($1::int[], $2::int[], $3::date[], $4::date[], $5::date[], $6::boolean[])
         AS b(school_id, period_id, start_date, end_date, until, regrade)
     ), pupils AS (
       SELECT u.id AS student_id, u.group_id, b.period_id, b.until
         FROM batch b JOIN groups g ON g.school_id = b.school_id AND NOT g.archived
         JOIN users u ON u.group_id = g.id AND u.role = 'student'
     ), slots AS (
       SELECT t.id, t.group_id, t.subject_id, t.subgroup_id, t.teacher_id, b.period_id,
              b.start_date, b.end_date, b.until
         FROM batch b JOIN groups g ON g.school_id = b.school_id AND NOT g.archived
         JOIN timetable_slots t ON t.group_id = g.id AND t.period_id = b.period_id
       ${narrowed ? 'WHERE t.group_id = ANY($7::int[])' : ''}
     ), slot_lessons AS (
       SELECT s.id AS slot_id, l.id AS lesson_id, l.lesson_date
         FROM slots s JOIN lessons l ON l.slot_id = s.id AND l.lesson_date BETWEEN s.start_date AND s.end_date
     ), held AS (
       -- The slots with their lessons held up to the day (a pupil has the class's slots and those
       -- of their subgroups), counted per slot in the index (no join the planner could misjudge).
       SELECT s.*, (SELECT count(*) FROM lessons l
                     WHERE l.slot_id = s.id AND l.lesson_date BETWEEN s.start_date AND s.end_date
                       AND l.lesson_date <= s.until) AS lessons
         FROM slots s
     ), taught AS (
       -- The subject's teacher: the one of most of the class's slots of it; the lessons held of
       -- its slots for the whole class (every pupil's; those of subgroups are counted per member).
       SELECT period_id, group_id, subject_id,
              mode() WITHIN GROUP (ORDER BY teacher_id) FILTER (WHERE teacher_id IS NOT NULL) AS teacher_id,
              coalesce(sum(lessons) FILTER (WHERE subgroup_id IS NULL), 0) AS lessons
         FROM held GROUP BY period_id, group_id, subject_id
     )`;

/**
 * The lessons held of subgroup slots, one row per slot and member pupil of the class (`columns`
 * after the key); the class's other slots are counted once per class-subject in `taught`.
 */
const SUBGROUP_HELD = (
  columns: string,
) => `SELECT h.period_id, h.group_id, h.subject_id, u.id AS student_id, ${columns}
         FROM held h JOIN subgroup_members sm ON sm.subgroup_id = h.subgroup_id
         JOIN users u ON u.id = sm.user_id AND u.group_id = h.group_id AND u.role = 'student'
        WHERE h.subgroup_id IS NOT NULL`;

/**
 * The fingerprint of one grade input (migration 3110): a formative mark with its lesson and date
 * (`sl` a slot_lessons row, `m` a journal_marks row; NULL for a row without a mark), and a SOR/SOCh
 * point with its assessment and maximum (`a` an assessments row, `am` its assessment_marks row).
 * A row's `inputs` is the XOR of its inputs' fingerprints; diffRollups and loadRollupSources use
 * these same expressions, so a row written by either compares equal in the other.
 */
const MARK_HASH = `CASE WHEN m.mark IS NOT NULL
                   THEN hashtextextended('m:' || sl.lesson_date || ':' || m.lesson_id || ':' || m.mark, 0) END`;
const POINT_HASH = `hashtextextended(a.kind || ':' || a.id || ':' || coalesce(am.points::text, '-') || ':'
                               || coalesce(a.max_points::text, '-'), 0)`;

/**
 * Every pupil × taught subject of the batch's schools' current classes in each period, with the
 * pupil's formative marks, SOR/SOCh points (the journal's own inputs: lessons of the period's
 * dates, assessments of the period) and attendance: lessons held up to `until` that were the
 * pupil's (the whole class's, or their subgroup's) and the absences marked on them; `used` when
 * the pupil finished a builder lesson or exam of a lesson of the period or sent homework set on
 * one. One statement for the whole batch (issue 27: a statement per school held the roll-up to a
 * few school-periods a second); `only` narrows it to some classes (those in which `diffRollups`
 * found changed rows).
 */
export async function loadRollupSources(
  q: Queryable,
  periods: readonly BatchPeriod[],
  only?: readonly number[],
): Promise<(RollupSourceRow & { period_id: number; inputs: string })[]> {
  if (periods.length === 0) return [];
  return q.query<RollupSourceRow & { period_id: number; inputs: string }>(
    `WITH ${sourceCtes(only !== undefined)}, facts AS (
       -- Every fact about a pupil × subject as one row of a kind, gathered by one GROUP BY
       -- below rather than joined aggregate to aggregate (the planner misjudged those joins'
       -- sizes and compared millions of rows).
       SELECT t.period_id, t.group_id, t.subject_id, p.student_id, 'base' AS kind,
              t.lessons::bigint AS lessons, NULL::smallint AS mark, false AS absent, NULL::date AS day,
              0 AS seq, NULL::numeric AS points, NULL::numeric AS max_points, NULL::bigint AS h
         FROM taught t JOIN pupils p ON p.group_id = t.group_id AND p.period_id = t.period_id
       UNION ALL
       ${SUBGROUP_HELD("'held', h.lessons, NULL, false, NULL, 0, NULL, NULL, NULL")}
       UNION ALL
       SELECT s.period_id, s.group_id, s.subject_id, m.student_id, 'mark', NULL, m.mark,
              m.absent AND sl.lesson_date <= s.until, sl.lesson_date, m.lesson_id, NULL, NULL,
              ${MARK_HASH}
         FROM slots s JOIN slot_lessons sl ON sl.slot_id = s.id
         JOIN journal_marks m ON m.lesson_id = sl.lesson_id
       UNION ALL
       SELECT a.period_id, a.group_id, a.subject_id, am.student_id, a.kind, NULL, NULL, false,
              NULL, a.id, am.points, a.max_points, ${POINT_HASH}
         FROM batch b JOIN groups g ON g.school_id = b.school_id
         JOIN assessments a ON a.group_id = g.id AND a.period_id = b.period_id
         JOIN assessment_marks am ON am.assessment_id = a.id
       ${only ? 'WHERE a.group_id = ANY($7::int[])' : ''}
       UNION ALL
       SELECT s.period_id, s.group_id, s.subject_id, a.user_id, 'used', NULL, NULL, false,
              NULL, 0, NULL, NULL, NULL
         FROM slots s JOIN slot_lessons sl ON sl.slot_id = s.id
         JOIN attempts a ON a.lesson_id = sl.lesson_id
       UNION ALL
       SELECT s.period_id, s.group_id, s.subject_id, ha.student_id, 'used', NULL, NULL, false,
              NULL, 0, NULL, NULL, NULL
         FROM slots s JOIN slot_lessons sl ON sl.slot_id = s.id
         JOIN homework hw ON hw.lesson_id = sl.lesson_id
         JOIN homework_answers ha ON ha.homework_id = hw.id AND ha.status <> 'assigned'
     ), gathered AS (
       SELECT f.period_id, f.group_id, f.subject_id, f.student_id,
              array_agg(f.mark ORDER BY f.day, f.seq) FILTER (WHERE f.kind = 'mark' AND f.mark IS NOT NULL) AS marks,
              count(*) FILTER (WHERE f.kind = 'mark' AND f.absent) AS absences,
              sum(f.lessons) FILTER (WHERE f.kind IN ('base', 'held')) AS lessons,
              array_agg(f.points ORDER BY f.seq) FILTER (WHERE f.kind = 'sor') AS sor_points,
              array_agg(f.max_points ORDER BY f.seq) FILTER (WHERE f.kind = 'sor') AS sor_max,
              array_agg(f.points ORDER BY f.seq) FILTER (WHERE f.kind = 'soch') AS soch_points,
              array_agg(f.max_points ORDER BY f.seq) FILTER (WHERE f.kind = 'soch') AS soch_max,
              bool_or(f.kind = 'used') AS used,
              bool_or(f.kind = 'base') AS taught,
              coalesce(bit_xor(f.h), 0) AS inputs
         FROM facts f GROUP BY f.period_id, f.group_id, f.subject_id, f.student_id
     )
     SELECT x.period_id, x.group_id, x.subject_id, x.student_id, t.teacher_id, x.marks, x.absences,
            x.lessons, x.sor_points, x.sor_max, x.soch_points, x.soch_max, x.used, x.inputs::text AS inputs
       FROM gathered x
       JOIN taught t ON t.period_id = x.period_id AND t.group_id = x.group_id AND t.subject_id = x.subject_id
      WHERE x.taught
      ORDER BY x.period_id, x.group_id, x.subject_id, x.student_id`,
    [...batchParams(periods), ...(only ? [[...only]] : [])],
  );
}

/**
 * Deletes the stored rows of school-periods whose every row is graded anew (refreshSchoolPeriods:
 * a new grading rule; none are stored at the first roll-up), so that rows no longer taught go too.
 */
export async function clearRollups(q: Queryable, periods: readonly PeriodRow[]): Promise<void> {
  await q.query(
    `DELETE FROM stat_results
      WHERE (school_id, period_id) IN (SELECT * FROM unnest($1::int[], $2::int[]))`,
    [periods.map((p) => p.school_id), periods.map((p) => p.id)],
  );
}

/** A pupil × subject `diffRollups` found to need grading, with its inputs' fingerprint. */
export interface ChangedRow {
  period_id: number;
  group_id: number;
  subject_id: number;
  student_id: number;
  /** bigint as text. */
  inputs: string;
}

/**
 * The incremental half of a batch roll-up (issue 27, migration 3110), one statement: gathers each
 * pupil × taught subject's facts as loadRollupSources does, but only as sums and a fingerprint of
 * the grade's inputs (an XOR of a hash per formative mark with its lesson and date, and per
 * SOR/SOCh point with its assessment and maximum: no sorting, no arrays), and compares them with
 * the stored rows. A row whose fingerprint is unchanged (and whose period is not to be regraded:
 * `regrade`, new weights) keeps its grade; its lessons, absences, use and teacher are moved on
 * here. Rows of pupil-subjects no longer taught are deleted. Returns the rows to grade (new, or
 * their inputs changed), the periods whose rows were touched here (`touched`) and how many
 * pupil-subjects the batch has (`rows`).
 */
export async function diffRollups(
  q: Queryable,
  periods: readonly BatchPeriod[],
  regrade: readonly boolean[],
): Promise<{ changed: ChangedRow[]; touched: Set<number>; rows: number }> {
  if (periods.length === 0) return { changed: [], touched: new Set(), rows: 0 };
  const rows = await q.query<ChangedRow & { what: 'grade' | 'touched' | 'rows' }>(
    `WITH ${sourceCtes(false)}, facts AS (
       -- The batch's facts, gathered by one GROUP BY (every branch's estimate is a guess: no
       -- join of one aggregate with another, whose plan could go wrong).
       SELECT t.period_id, t.group_id, t.subject_id, p.student_id, 0 AS kind,
              t.lessons::bigint AS lessons, false AS absent, NULL::bigint AS h
         FROM taught t JOIN pupils p ON p.group_id = t.group_id AND p.period_id = t.period_id
       UNION ALL
       ${SUBGROUP_HELD('1, h.lessons, false, NULL')}
       UNION ALL
       SELECT s.period_id, s.group_id, s.subject_id, m.student_id, 2, NULL,
              m.absent AND sl.lesson_date <= s.until,
              ${MARK_HASH}
         FROM slots s JOIN slot_lessons sl ON sl.slot_id = s.id
         JOIN journal_marks m ON m.lesson_id = sl.lesson_id
       UNION ALL
       SELECT a.period_id, a.group_id, a.subject_id, am.student_id, 2, NULL, false,
              ${POINT_HASH}
         FROM batch b JOIN groups g ON g.school_id = b.school_id
         JOIN assessments a ON a.group_id = g.id AND a.period_id = b.period_id
         JOIN assessment_marks am ON am.assessment_id = a.id
       UNION ALL
       SELECT s.period_id, s.group_id, s.subject_id, a.user_id, 3, NULL, false, NULL
         FROM slots s JOIN slot_lessons sl ON sl.slot_id = s.id
         JOIN attempts a ON a.lesson_id = sl.lesson_id
       UNION ALL
       SELECT s.period_id, s.group_id, s.subject_id, ha.student_id, 3, NULL, false, NULL
         FROM slots s JOIN slot_lessons sl ON sl.slot_id = s.id
         JOIN homework hw ON hw.lesson_id = sl.lesson_id
         JOIN homework_answers ha ON ha.homework_id = hw.id AND ha.status <> 'assigned'
     ), gathered AS (
       SELECT f.period_id, f.group_id, f.subject_id, f.student_id,
              coalesce(bit_xor(f.h), 0) AS inputs,
              count(*) FILTER (WHERE f.absent)::int AS absences,
              coalesce(sum(f.lessons), 0)::int AS lessons,
              bool_or(f.kind = 3) AS used,
              bool_or(f.kind = 0) AS taught
         FROM facts f GROUP BY f.period_id, f.group_id, f.subject_id, f.student_id
     ), compared AS (
       -- With the stored rows (written back by their ctid): a full join, so a hash or merge join
       -- whatever the planner thinks of stat_results' size (stale right after a first roll-up).
       SELECT coalesce(x.period_id, r.period_id) AS period_id, coalesce(x.group_id, r.group_id) AS group_id,
              coalesce(x.subject_id, r.subject_id) AS subject_id,
              coalesce(x.student_id, r.student_id) AS student_id,
              x.inputs, x.absences, x.lessons, x.used, coalesce(x.taught, false) AS taught,
              r.rid IS NOT NULL AS stored, r.rid, r.inputs AS s_inputs, r.lessons AS s_lessons,
              r.absences AS s_absences, r.used AS s_used, r.teacher_id AS s_teacher
         FROM gathered x FULL JOIN (
                SELECT r.ctid AS rid, r.period_id, r.group_id, r.subject_id, r.student_id, r.inputs,
                       r.lessons, r.absences, r.used, r.teacher_id
                  FROM batch b JOIN stat_results r ON r.school_id = b.school_id AND r.period_id = b.period_id
              ) r ON r.period_id = x.period_id AND r.group_id = x.group_id AND r.subject_id = x.subject_id
                 AND r.student_id = x.student_id
     ), cur AS (
       SELECT x.*, t.teacher_id, b.school_id, b.regrade
         FROM compared x
         JOIN taught t ON t.period_id = x.period_id AND t.group_id = x.group_id AND t.subject_id = x.subject_id
         JOIN batch b ON b.period_id = x.period_id
        WHERE x.taught
     ), moved AS (
       UPDATE stat_results r
          SET teacher_id = c.teacher_id, lessons = c.lessons, absences = c.absences, used = c.used
         FROM cur c
        WHERE r.ctid = c.rid AND c.stored AND NOT c.regrade AND c.s_inputs = c.inputs
          AND (c.s_teacher IS DISTINCT FROM c.teacher_id OR c.s_lessons <> c.lessons
               OR c.s_absences <> c.absences OR c.s_used <> c.used)
       RETURNING r.period_id
     ), gone AS (
       DELETE FROM stat_results r USING compared x
        WHERE r.ctid = x.rid AND x.stored AND NOT x.taught
       RETURNING r.period_id
     )
     SELECT c.period_id, c.group_id, c.subject_id, c.student_id, c.inputs::text AS inputs, 'grade' AS what
       FROM cur c
      WHERE c.regrade OR NOT c.stored OR c.s_inputs IS DISTINCT FROM c.inputs
     UNION ALL
     SELECT DISTINCT period_id, NULL::int, NULL::int, NULL::int, NULL::text, 'touched' FROM (
       SELECT period_id FROM moved UNION ALL SELECT period_id FROM gone) AS t
     UNION ALL
     SELECT count(*)::int, NULL, NULL, NULL, NULL, 'rows' FROM cur`,
    batchParams(periods, regrade),
  );
  const changed: ChangedRow[] = [];
  const touched = new Set<number>();
  let count = 0;
  for (const row of rows) {
    if (row.what === 'touched') touched.add(row.period_id);
    else if (row.what === 'rows') count = Number(row.period_id);
    else changed.push(row);
  }
  return { changed, touched, rows: count };
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
 * Locks the (school, period) state rows for the refresh: a journal write that commits while the
 * refresh runs waits on this lock in its trigger and marks the state stale again after us, so a
 * change is never lost behind a "fresh" flag. Rows are locked in one order (school, period) so
 * two processes rolling up overlapping batches wait for each other instead of deadlocking.
 */
export async function lockStates(
  q: Queryable,
  periods: readonly PeriodRow[],
): Promise<Map<number, { dated: string | null; gradedWith: string | null }>> {
  const schools = periods.map((p) => p.school_id);
  const ids = periods.map((p) => p.id);
  await q.query(
    `INSERT INTO stat_state (school_id, period_id)
     SELECT * FROM unnest($1::int[], $2::int[]) ORDER BY 1, 2
     ON CONFLICT (school_id, period_id) DO NOTHING`,
    [schools, ids],
  );
  const rows = await q.query<{
    period_id: number;
    dated: string | null;
    graded_with: string | null;
  }>(
    `SELECT period_id, to_char(lessons_dated_until, 'YYYY-MM-DD') AS dated, graded_with FROM stat_state
      WHERE (school_id, period_id) IN (SELECT * FROM unnest($1::int[], $2::int[]))
      ORDER BY school_id, period_id FOR UPDATE`,
    [schools, ids],
  );
  // The day up to which each period's lessons were dated by an earlier roll-up, and the rule its
  // rows were graded with.
  return new Map(
    rows.map((row) => [row.period_id, { dated: row.dated, gradedWith: row.graded_with }]),
  );
}

/** Records that the batch's periods' lessons are dated up to their `until`. */
export async function markLessonsDated(q: Queryable, periods: readonly BatchPeriod[]) {
  await q.query(
    `UPDATE stat_state s SET lessons_dated_until = b.until
       FROM unnest($1::int[], $2::int[], $3::date[]) AS b(school_id, period_id, until)
      WHERE s.school_id = b.school_id AND s.period_id = b.period_id`,
    [periods.map((p) => p.school_id), periods.map((p) => p.id), periods.map((p) => p.until)],
  );
}

/** A graded row of a batch: which school-period it belongs to, and its inputs' fingerprint. */
export interface BatchRollupRow extends RollupRow {
  periodId: number;
  schoolId: number;
  /** bigint as text (diffRollups). */
  inputs: string;
}

/**
 * Writes the batch's regraded rows (insert, or replace the stored row), refreshes the schools'
 * sums of the periods whose rows changed (and of those without sums yet) and marks the batch
 * fresh, graded with `gradedWith` (one per period): four statements for the whole batch.
 */
export async function writeRollups(
  q: Queryable,
  periods: readonly PeriodRow[],
  rows: readonly BatchRollupRow[],
  touched: ReadonlySet<number>,
  gradedWith: readonly string[],
): Promise<void> {
  if (periods.length === 0) return;
  const keys = [periods.map((p) => p.school_id), periods.map((p) => p.id)];
  const inBatch = `(school_id, period_id) IN (SELECT * FROM unnest($1::int[], $2::int[]))`;
  const column = <K extends keyof BatchRollupRow>(key: K) => rows.map((row) => row[key]);
  if (rows.length > 0)
    await q.query(
      `INSERT INTO stat_results (period_id, school_id, group_id, subject_id, student_id, teacher_id, total, grade,
                                 sor_points, sor_max, soch_points, soch_max, lessons, absences, used, inputs)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::numeric[], $8::int[],
                            $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::int[], $14::int[],
                            $15::boolean[], $16::bigint[])
       ON CONFLICT (period_id, group_id, subject_id, student_id) DO UPDATE
          SET school_id = excluded.school_id, teacher_id = excluded.teacher_id, total = excluded.total,
              grade = excluded.grade, sor_points = excluded.sor_points, sor_max = excluded.sor_max,
              soch_points = excluded.soch_points, soch_max = excluded.soch_max, lessons = excluded.lessons,
              absences = excluded.absences, used = excluded.used, inputs = excluded.inputs`,
      [
        column('periodId'),
        column('schoolId'),
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
        column('inputs'),
      ],
    );
  // The second tier: the school's sums for the levels above it (statistics-schema.ts), redone
  // for the periods whose rows changed and for any without sums.
  const changed = new Set([...touched, ...rows.map((row) => row.periodId)]);
  const redo = periods.filter((p) => changed.has(p.id));
  if (redo.length > 0)
    await q.query(`DELETE FROM stat_school_totals WHERE ${inBatch}`, [
      redo.map((p) => p.school_id),
      redo.map((p) => p.id),
    ]);
  await q.query(
    totalsOf(`(r.school_id, r.period_id) IN (
       SELECT b.school_id, b.period_id FROM unnest($1::int[], $2::int[]) AS b(school_id, period_id)
        WHERE NOT EXISTS (SELECT 1 FROM stat_school_totals t
                           WHERE t.school_id = b.school_id AND t.period_id = b.period_id))`),
    keys,
  );
  await q.query(
    `UPDATE stat_state s SET stale = false, refreshed_at = now(), graded_with = b.graded_with
       FROM unnest($1::int[], $2::int[], $3::text[]) AS b(school_id, period_id, graded_with)
      WHERE s.school_id = b.school_id AND s.period_id = b.period_id`,
    [...keys, gradedWith],
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

/** A period needing a roll-up; `recent` when it was rolled up within the asked seconds. */
export interface UnsettledPeriod extends PeriodRow {
  recent: boolean;
}

/**
 * The periods of a node's schools that need a roll-up before reading: never rolled up, marked
 * stale by a journal change, or rolled up on an earlier school day of the period (the rule of
 * `ensureFresh`, for every school of the node in one query instead of one per school). Each says
 * whether its last roll-up is younger than `recentSeconds` (0: never recent).
 */
export async function listUnsettledPeriods(
  q: Queryable,
  ids: { regionId: number | null; departmentId: number | null; schoolId: number | null },
  year: { school_year: string; quarters: readonly number[] },
  today: string,
  recentSeconds = 0,
): Promise<UnsettledPeriod[]> {
  return q.query<UnsettledPeriod>(
    `SELECT p.id, p.school_id, to_char(p.start_date, 'YYYY-MM-DD') AS start,
            to_char(p.end_date, 'YYYY-MM-DD') AS end,
            coalesce($7::float8 > 0 AND st.refreshed_at > now() - make_interval(secs => $7::float8), false) AS recent
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
    [
      year.school_year,
      [...year.quarters],
      ids.regionId,
      ids.departmentId,
      ids.schoolId,
      today,
      recentSeconds,
    ],
  );
}
