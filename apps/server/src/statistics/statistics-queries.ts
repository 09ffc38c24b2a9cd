import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { PeriodRow } from './rollup-queries';

/** What a level of the statistics adds up: grade counts, SOR/SOCh sums, lessons and absences. */
export interface TallyRow {
  key: number | null;
  pupils: number | string;
  graded: number | string;
  five: number | string;
  four: number | string;
  three: number | string;
  two: number | string;
  grade_sum: number | string | null;
  sor_points: number | string | null;
  sor_max: number | string | null;
  soch_points: number | string | null;
  soch_max: number | string | null;
  lessons: number | string | null;
  absences: number | string | null;
  /** Pupils with platform use, summed over the periods (pupil-periods). */
  active: number | string | null;
  /** Pupils summed over the periods: the whole that `active` is a share of. */
  pupil_periods: number | string | null;
}

/**
 * The tally columns over per-period rows (`per`, one per key and period or key and school): the
 * grade counts and sums add up; pupils are the most in any one period (the same pupils are in
 * every quarter), while usage adds up pupil-periods, so over a year it is the share of
 * pupil-quarters with use. Over one period all of this is the plain count.
 */
export const TALLY_OVER_PERIODS = `max(per.pupils) AS pupils, sum(per.graded) AS graded,
  sum(per.five) AS five, sum(per.four) AS four, sum(per.three) AS three, sum(per.two) AS two,
  sum(per.grade_sum) AS grade_sum, sum(per.sor_points) AS sor_points, sum(per.sor_max) AS sor_max,
  sum(per.soch_points) AS soch_points, sum(per.soch_max) AS soch_max, sum(per.lessons) AS lessons,
  sum(per.absences) AS absences, sum(per.active) AS active, sum(per.pupils) AS pupil_periods`;

/** The per-period tally columns of stat_results rows `r`. */
export const TALLY_OF_RESULTS = `count(DISTINCT r.student_id) AS pupils, count(r.grade) AS graded,
  count(*) FILTER (WHERE r.grade = 5) AS five, count(*) FILTER (WHERE r.grade = 4) AS four,
  count(*) FILTER (WHERE r.grade = 3) AS three, count(*) FILTER (WHERE r.grade = 2) AS two,
  sum(r.grade) AS grade_sum, sum(r.sor_points) AS sor_points, sum(r.sor_max) AS sor_max,
  sum(r.soch_points) AS soch_points, sum(r.soch_max) AS soch_max, sum(r.lessons) AS lessons,
  sum(r.absences) AS absences, count(DISTINCT r.student_id) FILTER (WHERE r.used) AS active`;

/** The roll-up's columns a tally can be split by (never free text: they go into SQL). */
export type TallyKey = 'period_id' | 'subject_id' | 'teacher_id' | 'group_id' | 'student_id' | null;

/** Tallies of a school's roll-up in some periods, optionally of one class, split by `key`. */
export async function tallyResults(
  q: Queryable,
  scope: { schoolId: number; periodIds: readonly number[]; groupIds?: readonly number[] },
  key: TallyKey,
): Promise<TallyRow[]> {
  const column = key ? `r.${key}` : 'NULL::int';
  return q.query<TallyRow>(
    `SELECT per.key, ${TALLY_OVER_PERIODS}
       FROM (SELECT ${column} AS key, r.period_id, ${TALLY_OF_RESULTS}
               FROM stat_results r
              WHERE r.school_id = $1 AND r.period_id = ANY($2::int[])
                AND ($3::int[] IS NULL OR r.group_id = ANY($3::int[]))
              GROUP BY 1, 2) per
      GROUP BY per.key`,
    [scope.schoolId, [...scope.periodIds], scope.groupIds ? [...scope.groupIds] : null],
  );
}

export interface AtRiskRow {
  student_id: number;
  surname: string;
  firstname: string;
  group_id: number;
  parallel: number;
  letter: string;
  subject_id: number;
  subject: string;
  total: string | number;
}

/** Pupil-subjects below 40 % (a quarter grade of 2) in a period, lowest first. */
export async function listAtRisk(
  q: Queryable,
  scope: { schoolId: number; periodId: number; groupIds?: readonly number[] },
  locale: Locale,
): Promise<AtRiskRow[]> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return q.query<AtRiskRow>(
    `SELECT r.student_id, u.surname, u.firstname, g.id AS group_id, g.parallel, g.letter,
            r.subject_id, s.${name} AS subject, r.total
       FROM stat_results r JOIN users u ON u.id = r.student_id JOIN groups g ON g.id = r.group_id
       JOIN subjects s ON s.id = r.subject_id
      WHERE r.school_id = $1 AND r.period_id = $2 AND r.grade = 2
        AND ($3::int[] IS NULL OR r.group_id = ANY($3::int[]))
      ORDER BY g.parallel, g.letter, u.surname, u.firstname, u.id, r.total`,
    [scope.schoolId, scope.periodId, scope.groupIds ? [...scope.groupIds] : null],
  );
}

export interface SchoolPeriodRow extends PeriodRow {
  name: string;
  quarter: number;
  school_year: string;
  is_current: boolean;
}

/** The school's periods of every year, oldest first. */
export async function listSchoolPeriods(
  q: Queryable,
  schoolId: number,
  locale: Locale,
): Promise<SchoolPeriodRow[]> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return q.query<SchoolPeriodRow>(
    `SELECT id, school_id, ${name} AS name, quarter, school_year, is_current,
            to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end
       FROM periods WHERE school_id = $1 ORDER BY start_date`,
    [schoolId],
  );
}

export async function loadSchoolName(
  q: Queryable,
  schoolId: number,
  locale: Locale,
): Promise<{ id: number; name: string } | undefined> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  const rows = await q.query<{ id: number; name: string }>(
    `SELECT id, ${name} AS name FROM schools WHERE id = $1`,
    [schoolId],
  );
  return rows[0];
}

export interface StatGroupRow {
  id: number;
  school_id: number;
  parallel: number;
  letter: string;
  archived: boolean;
}

export async function loadStatGroup(
  q: Queryable,
  groupId: number,
): Promise<StatGroupRow | undefined> {
  const rows = await q.query<StatGroupRow>(
    'SELECT id, school_id, parallel, letter, archived FROM groups WHERE id = $1',
    [groupId],
  );
  return rows[0];
}

/** The classes of a school that a group lead leads. */
export async function listLedGroups(
  q: Queryable,
  userId: number,
  schoolId: number,
): Promise<number[]> {
  const rows = await q.query<{ group_id: number }>(
    `SELECT gp.group_id FROM group_personnel gp JOIN groups g ON g.id = gp.group_id
      WHERE gp.user_id = $1 AND g.school_id = $2 AND NOT g.archived ORDER BY g.parallel, g.letter`,
    [userId, schoolId],
  );
  return rows.map((row) => row.group_id);
}

export async function leadsGroup(q: Queryable, userId: number, groupId: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM group_personnel WHERE user_id = $1 AND group_id = $2', [
    userId,
    groupId,
  ]);
  return rows.length > 0;
}

/** Names for the keys of a tally: subjects, people (teachers, pupils) or classes. */
export async function nameSubjects(q: Queryable, ids: readonly number[], locale: Locale) {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return q.query<{ id: number; name: string }>(
    `SELECT id, ${name} AS name FROM subjects WHERE id = ANY($1::int[]) ORDER BY ${name}`,
    [[...ids]],
  );
}

export async function namePeople(q: Queryable, ids: readonly number[]) {
  return q.query<{ id: number; name: string }>(
    `SELECT id, surname || ' ' || firstname AS name FROM users WHERE id = ANY($1::int[])
      ORDER BY surname, firstname, id`,
    [[...ids]],
  );
}

export async function nameGroups(q: Queryable, ids: readonly number[]) {
  return q.query<{ id: number; parallel: number; letter: string }>(
    'SELECT id, parallel, letter FROM groups WHERE id = ANY($1::int[]) ORDER BY parallel, letter',
    [[...ids]],
  );
}

/** Each subject's teacher in a class and period (the roll-up's most frequent one). */
export async function subjectTeachers(
  q: Queryable,
  scope: { schoolId: number; periodId: number; groupId: number },
) {
  return q.query<{ subject_id: number; name: string | null }>(
    `SELECT DISTINCT ON (r.subject_id) r.subject_id, u.surname || ' ' || u.firstname AS name
       FROM stat_results r LEFT JOIN users u ON u.id = r.teacher_id
      WHERE r.school_id = $1 AND r.period_id = $2 AND r.group_id = $3
      ORDER BY r.subject_id, r.teacher_id NULLS LAST`,
    [scope.schoolId, scope.periodId, scope.groupId],
  );
}
