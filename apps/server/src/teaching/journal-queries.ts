import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { gradeWeights } from '../backoffice/school-settings-queries';
import { TeachingError } from './errors';
import { ensureLessons, groupStudents } from './lessons';
import { schoolPeriods } from './periods';
import type { PeriodRow } from './periods';

/** All SQL of the journal; the snake_case rows stay in this file and journal-present.ts. */

export interface GroupRow {
  id: number;
  parallel: number;
  letter: string;
  school_id: number;
  /** A class in the archive keeps its journal to read; nothing is written into it. */
  archived: boolean;
}

export interface SubgroupRow {
  id: number;
  name: string;
  subject_id: number;
  students: number;
}

export interface StudentRow {
  id: number;
  fullname: string;
}

export interface GridLessonRow {
  id: number;
  date: string;
  theme: string;
}

export interface AssessmentRow {
  id: number;
  kind: 'sor' | 'soch';
  title: string;
  max_points: number;
  date: string;
}

export interface MarkRow {
  lesson_id: number;
  student_id: number;
  mark: number | null;
  absent: boolean;
}

export interface PointsRow {
  assessment_id: number;
  student_id: number;
  points: string;
}

/** The lesson a journal cell belongs to, with its slot's group, subject and subgroup. */
export interface MarkedLessonRow {
  group_id: number;
  subject_id: number;
  subgroup_id: number | null;
  lesson_date: string;
}

/** A SOR/SOCh as its points are entered. */
export interface AssessedRow {
  id: number;
  group_id: number;
  subject_id: number;
  subgroup_id: number | null;
  period_id: number;
  max_points: number;
}

/**
 * A journal page. A subgroup page counts the whole-class lessons and SOR/SOCh as well as the
 * subgroup's own (they were done by its members too); the whole-class page counts whole-class
 * work only, because a subgroup's SOR is not the rest of the class's.
 */
export interface JournalPage {
  group: GroupRow;
  subjectId: number;
  subgroupId: number | null;
  period: PeriodRow;
}

/** Everything a journal page shows, as stored. */
export interface GridRows {
  subject: { id: number; name: string };
  subgroups: SubgroupRow[];
  subgroup: SubgroupRow | null;
  lessons: GridLessonRow[];
  assessments: AssessmentRow[];
  students: StudentRow[];
  marks: MarkRow[];
  points: PointsRow[];
  /** The school's grading weights (backoffice school settings). */
  weights: GradeWeights;
}

export type GradeWeights = { formative: number; sor: number; soch: number };

/**
 * The period asked for, else the X-Quarter one, else the current one, else the first — of the
 * group's school and of one school year: the one now running unless named (an archived class's).
 */
export async function loadJournalPeriod(
  q: Queryable,
  schoolId: number,
  locale: Locale,
  periodId: number | undefined,
  quarter: number | null,
  schoolYear: string | null = null,
): Promise<PeriodRow> {
  const all = await schoolPeriods(q, schoolId, locale, schoolYear);
  if (periodId !== undefined) {
    const asked = all.find((period) => period.id === periodId);
    if (!asked) throw new TeachingError(404, 'period_not_found');
    return asked;
  }
  const period =
    (quarter !== null ? all.find((x) => x.quarter === quarter) : undefined) ??
    all.find((x) => x.is_current) ??
    all[0];
  if (!period) throw new TeachingError(404, 'period_not_found');
  return period;
}

export async function loadGroup(q: Queryable, id: number): Promise<GroupRow> {
  const rows = await q.query<GroupRow>(
    'SELECT id, parallel, letter, school_id, archived FROM groups WHERE id = $1',
    [id],
  );
  if (!rows[0]) throw new TeachingError(404, 'group_not_found');
  return rows[0];
}

/** The subjects a teacher teaches in a group (their timetable slots). */
export async function loadTaughtSubjects(
  q: Queryable,
  groupId: number,
  teacherId: number,
): Promise<number[]> {
  const rows = await q.query<{ subject_id: number }>(
    'SELECT DISTINCT subject_id FROM timetable_slots WHERE group_id = $1 AND teacher_id = $2',
    [groupId, teacherId],
  );
  return rows.map((row) => row.subject_id);
}

/** The groups of a school whose journal the user keeps, with their number of pupils. */
export async function listJournalGroups(
  q: Queryable,
  user: { schoolId: number; userId: number; isManagement: boolean; ledGroups: number[] },
): Promise<(GroupRow & { students: number })[]> {
  return q.query<GroupRow & { students: number }>(
    `SELECT g.id, g.parallel, g.letter, g.school_id,
            (SELECT count(*)::int FROM users u WHERE u.group_id = g.id AND u.role = 'student') AS students
       FROM groups g
      WHERE NOT g.archived AND g.school_id = $1 AND (
        $2 OR g.id = ANY($3::int[])
        OR EXISTS (SELECT 1 FROM timetable_slots t WHERE t.group_id = g.id AND t.teacher_id = $4))
      ORDER BY g.parallel, g.letter`,
    [user.schoolId, user.isManagement, user.ledGroups, user.userId],
  );
}

/** The subjects of a group's timetable, by name in the locale. */
export async function listGroupSubjects(
  q: Queryable,
  groupId: number,
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return q.query<{ id: number; name: string }>(
    `SELECT DISTINCT sub.id, sub.${name} AS name FROM timetable_slots t JOIN subjects sub ON sub.id = t.subject_id
      WHERE t.group_id = $1 ORDER BY 2`,
    [groupId],
  );
}

/** The subject's subgroups in a group (every subject's when null) with their member counts, by name. */
export async function listSubgroups(
  q: Queryable,
  groupId: number,
  subjectId: number | null,
): Promise<SubgroupRow[]> {
  return q.query<SubgroupRow>(
    `SELECT sg.id, sg.name, sg.subject_id,
            (SELECT count(*)::int FROM subgroup_members m JOIN users u ON u.id = m.user_id
              WHERE m.subgroup_id = sg.id AND u.role = 'student' AND u.group_id = sg.group_id) AS students
       FROM subgroups sg WHERE sg.group_id = $1 AND ($2::int IS NULL OR sg.subject_id = $2)
      ORDER BY sg.name, sg.id`,
    [groupId, subjectId],
  );
}

/** Whether a subgroup is one of the subject's in the group. */
export async function isSubgroupOf(
  q: Queryable,
  subgroupId: number,
  groupId: number,
  subjectId: number,
): Promise<boolean> {
  const rows = await q.query(
    'SELECT 1 FROM subgroups WHERE id = $1 AND group_id = $2 AND subject_id = $3',
    [subgroupId, groupId, subjectId],
  );
  return rows.length > 0;
}

export async function isSubgroupMember(
  q: Queryable,
  subgroupId: number,
  studentId: number,
): Promise<boolean> {
  const rows = await q.query(
    'SELECT 1 FROM subgroup_members WHERE subgroup_id = $1 AND user_id = $2',
    [subgroupId, studentId],
  );
  return rows.length > 0;
}

/**
 * The rows of a journal page: the whole class, or only the subgroup's members (pupils who have
 * since left the class are not listed even if their membership row remains).
 */
export async function listPageStudents(
  q: Queryable,
  groupId: number,
  subgroupId: number | null,
): Promise<StudentRow[]> {
  if (subgroupId === null) return groupStudents(q, groupId);
  return q.query<StudentRow>(
    `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname
       FROM subgroup_members m JOIN users u ON u.id = m.user_id
      WHERE m.subgroup_id = $1 AND u.role = 'student' AND u.group_id = $2
      ORDER BY u.surname, u.firstname, u.id`,
    [subgroupId, groupId],
  );
}

/**
 * Everything a journal page shows. Creates the period's dated lessons first (ensureLessons);
 * 404 when the subject is not taught in the group then, or the subgroup is not one of its.
 */
export async function loadGridRows(
  q: Queryable,
  page: JournalPage,
  locale: Locale,
): Promise<GridRows> {
  const { group, period } = page;
  await ensureLessons(q, { groupIds: [group.id], from: period.start_date, to: period.end_date });
  const rows = await readGridRows(q, page, locale);
  if (rows.lessons.length === 0) throw new TeachingError(404, 'subject_not_taught');
  return rows;
}

/**
 * A journal page as stored, creating nothing: the lessons already dated, their marks, the
 * SOR/SOCh. The archived class's journal reads this way (reading must not write), with its
 * `students` (pupils who left with the class are no longer in it).
 */
export async function readGridRows(
  q: Queryable,
  page: JournalPage,
  locale: Locale,
  students?: StudentRow[],
): Promise<GridRows> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  const subject = (
    await q.query<{ id: number; name: string }>(
      `SELECT id, ${name} AS name FROM subjects WHERE id = $1`,
      [page.subjectId],
    )
  )[0];
  if (!subject) throw new TeachingError(404, 'subject_not_taught');
  const subgroups = await listSubgroups(q, page.group.id, page.subjectId);
  const found =
    page.subgroupId === null ? null : subgroups.find((sub) => sub.id === page.subgroupId);
  // A subgroup of another group or subject is not a page of this journal.
  if (found === undefined) throw new TeachingError(404, 'subgroup_not_found');
  const { group, period } = page;
  const lessons = await q.query<GridLessonRow>(
    `SELECT l.id, to_char(l.lesson_date, 'YYYY-MM-DD') AS date, l.theme FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id
      WHERE t.group_id = $1 AND t.subject_id = $2 AND ($3::int IS NULL OR t.subgroup_id = $3 OR t.subgroup_id IS NULL)
        AND l.lesson_date BETWEEN $4::date AND $5::date ORDER BY l.lesson_date, t.lesson_no`,
    [group.id, page.subjectId, page.subgroupId, period.start_date, period.end_date],
  );
  const assessments = await q.query<AssessmentRow>(
    `SELECT id, kind, title, max_points, to_char(assessed_on, 'YYYY-MM-DD') AS date FROM assessments
      WHERE group_id = $1 AND subject_id = $2 AND period_id = $3 AND (subgroup_id IS NULL OR subgroup_id = $4)
      ORDER BY assessed_on, kind DESC, id`,
    [group.id, page.subjectId, period.id, page.subgroupId],
  );
  const pupils = students ?? (await listPageStudents(q, group.id, page.subgroupId));
  const marks = await q.query<MarkRow>(
    'SELECT lesson_id, student_id, mark, absent FROM journal_marks WHERE lesson_id = ANY($1::int[])',
    [lessons.map((lesson) => lesson.id)],
  );
  const points = await q.query<PointsRow>(
    'SELECT assessment_id, student_id, points FROM assessment_marks WHERE assessment_id = ANY($1::int[])',
    [assessments.map((assessment) => assessment.id)],
  );
  const weights = await gradeWeights(q, group.school_id);
  return {
    subject,
    subgroups,
    subgroup: found,
    lessons,
    assessments,
    students: pupils,
    marks,
    points,
    weights,
  };
}

/** One pupil's formative marks and SOR/SOCh points on a journal page (for their quarter result). */
export async function loadStudentResults(
  q: Queryable,
  page: JournalPage,
  studentId: number,
): Promise<{
  marks: number[];
  points: { kind: 'sor' | 'soch'; points: number; max: number }[];
  weights: GradeWeights;
}> {
  const { group, period } = page;
  const marks = await q.query<{ mark: number }>(
    `SELECT m.mark FROM journal_marks m JOIN lessons l ON l.id = m.lesson_id JOIN timetable_slots t ON t.id = l.slot_id
      WHERE m.student_id = $1 AND m.mark IS NOT NULL AND t.group_id = $2 AND t.subject_id = $3
        AND ($4::int IS NULL OR t.subgroup_id = $4 OR t.subgroup_id IS NULL) AND l.lesson_date BETWEEN $5::date AND $6::date`,
    [studentId, group.id, page.subjectId, page.subgroupId, period.start_date, period.end_date],
  );
  const points = await q.query<{ kind: 'sor' | 'soch'; points: string; max_points: number }>(
    `SELECT a.kind, m.points, a.max_points FROM assessment_marks m JOIN assessments a ON a.id = m.assessment_id
      WHERE m.student_id = $1 AND a.group_id = $2 AND a.subject_id = $3 AND a.period_id = $4
        AND (a.subgroup_id IS NULL OR a.subgroup_id = $5)`,
    [studentId, group.id, page.subjectId, period.id, page.subgroupId],
  );
  return {
    weights: await gradeWeights(q, group.school_id),
    marks: marks.map((row) => row.mark),
    points: points.map((row) => ({
      kind: row.kind,
      points: Number(row.points),
      max: row.max_points,
    })),
  };
}

export async function loadMarkedLesson(q: Queryable, lessonId: number): Promise<MarkedLessonRow> {
  const rows = await q.query<MarkedLessonRow>(
    `SELECT t.group_id, t.subject_id, t.subgroup_id, to_char(l.lesson_date, 'YYYY-MM-DD') AS lesson_date
       FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id WHERE l.id = $1`,
    [lessonId],
  );
  if (!rows[0]) throw new TeachingError(404, 'lesson_not_found');
  return rows[0];
}

export async function loadAssessment(q: Queryable, id: number): Promise<AssessedRow> {
  const rows = await q.query<AssessedRow>(
    'SELECT id, group_id, subject_id, subgroup_id, period_id, max_points FROM assessments WHERE id = $1',
    [id],
  );
  if (!rows[0]) throw new TeachingError(404, 'assessment_not_found');
  return rows[0];
}

/** Whether the subject has slots in the group's timetable. */
export async function isSubjectTaught(
  q: Queryable,
  groupId: number,
  subjectId: number,
): Promise<boolean> {
  const rows = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM timetable_slots WHERE group_id = $1 AND subject_id = $2',
    [groupId, subjectId],
  );
  return (rows[0]?.n ?? 0) > 0;
}

export async function insertAssessment(
  q: Queryable,
  assessment: {
    groupId: number;
    subjectId: number;
    subgroupId: number | null;
    periodId: number;
    kind: 'sor' | 'soch';
    title: string;
    maxPoints: number;
    date: string;
    createdBy: number;
  },
): Promise<AssessmentRow> {
  const rows = await q.query<AssessmentRow>(
    `INSERT INTO assessments (group_id, subject_id, subgroup_id, period_id, kind, title, max_points, assessed_on, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING id, kind, title, max_points, to_char(assessed_on, 'YYYY-MM-DD') AS date`,
    [
      assessment.groupId,
      assessment.subjectId,
      assessment.subgroupId,
      assessment.periodId,
      assessment.kind,
      assessment.title,
      assessment.maxPoints,
      assessment.date,
      assessment.createdBy,
    ],
  );
  return rows[0] as AssessmentRow;
}

/** Writes a pupil's SOR/SOCh points; null clears them (no row). */
export async function saveAssessmentPoints(
  q: Queryable,
  assessmentId: number,
  studentId: number,
  points: number | null,
): Promise<void> {
  if (points === null)
    await q.query('DELETE FROM assessment_marks WHERE assessment_id = $1 AND student_id = $2', [
      assessmentId,
      studentId,
    ]);
  else
    await q.query(
      `INSERT INTO assessment_marks (assessment_id, student_id, points) VALUES ($1, $2, $3)
       ON CONFLICT (assessment_id, student_id) DO UPDATE SET points = $3, updated_at = now()`,
      [assessmentId, studentId, points],
    );
}
