import type { Queryable } from '../db/db';
import type { PeriodRow } from './periods';

/**
 * All SQL of the pupil's diary (issue 20): one pupil's own rows of one period. A subgroup's
 * lessons and SOR/SOCh count only for its members, as on the journal's subgroup page.
 */

/** The pupil's subgroups, by subject (a split subject's page for them). */
export interface DiarySubgroupRow {
  id: number;
  name: string;
  subject_id: number;
}

export interface DiaryMarkRow {
  subject_id: number;
  lesson_id: number;
  date: string;
  mark: number | null;
  absent: boolean;
  homework: boolean;
}

export interface DiaryAssessmentRow {
  id: number;
  subject_id: number;
  kind: 'sor' | 'soch';
  title: string;
  date: string;
  max_points: number;
  points: string | null;
}

export interface DiaryHomeworkRow {
  answer_id: number;
  subject_id: number;
  lesson_date: string;
  text: string;
  grade: number;
  exercise_score: string | null;
  exercise_max: string | null;
}

/** The lessons of the pupil's pages: whole-class ones and their own subgroups'. */
const OWN_SLOT = `(t.subgroup_id IS NULL OR t.subgroup_id IN (SELECT subgroup_id FROM subgroup_members WHERE user_id = $1))`;

export async function listPupilSubgroups(
  q: Queryable,
  studentId: number,
  groupId: number,
): Promise<DiarySubgroupRow[]> {
  return q.query<DiarySubgroupRow>(
    `SELECT sg.id, sg.name, sg.subject_id FROM subgroups sg
       JOIN subgroup_members m ON m.subgroup_id = sg.id AND m.user_id = $1
      WHERE sg.group_id = $2 ORDER BY sg.subject_id, sg.id`,
    [studentId, groupId],
  );
}

/** The pupil's journal cells of the period (a mark or an absence), by date and lesson number. */
export async function listPupilMarks(
  q: Queryable,
  studentId: number,
  groupId: number,
  period: PeriodRow,
): Promise<DiaryMarkRow[]> {
  return q.query<DiaryMarkRow>(
    `SELECT t.subject_id, l.id AS lesson_id, to_char(l.lesson_date, 'YYYY-MM-DD') AS date, m.mark, m.absent,
            (m.homework_answer_id IS NOT NULL) AS homework
       FROM journal_marks m JOIN lessons l ON l.id = m.lesson_id JOIN timetable_slots t ON t.id = l.slot_id
      WHERE m.student_id = $1 AND t.group_id = $2 AND ${OWN_SLOT}
        AND l.lesson_date BETWEEN $3::date AND $4::date
      ORDER BY l.lesson_date, t.lesson_no`,
    [studentId, groupId, period.start_date, period.end_date],
  );
}

/** The period's SOR/SOCh of the pupil's pages with their points. */
export async function listPupilAssessments(
  q: Queryable,
  studentId: number,
  groupId: number,
  period: PeriodRow,
): Promise<DiaryAssessmentRow[]> {
  return q.query<DiaryAssessmentRow>(
    `SELECT a.id, a.subject_id, a.kind, a.title, to_char(a.assessed_on, 'YYYY-MM-DD') AS date, a.max_points,
            am.points
       FROM assessments a
       LEFT JOIN assessment_marks am ON am.assessment_id = a.id AND am.student_id = $1
      WHERE a.group_id = $2 AND a.period_id = $3
        AND (a.subgroup_id IS NULL OR a.subgroup_id IN (SELECT subgroup_id FROM subgroup_members WHERE user_id = $1))
      ORDER BY a.assessed_on, a.kind DESC, a.id`,
    [studentId, groupId, period.id],
  );
}

/** The pupil's checked homework whose lesson falls in the period. */
export async function listPupilHomeworkGrades(
  q: Queryable,
  studentId: number,
  groupId: number,
  period: PeriodRow,
): Promise<DiaryHomeworkRow[]> {
  return q.query<DiaryHomeworkRow>(
    `SELECT a.id AS answer_id, t.subject_id, to_char(l.lesson_date, 'YYYY-MM-DD') AS lesson_date, h.text,
            a.grade, a.exercise_score, a.exercise_max
       FROM homework_answers a JOIN homework h ON h.id = a.homework_id
       JOIN lessons l ON l.id = h.lesson_id JOIN timetable_slots t ON t.id = l.slot_id
      WHERE a.student_id = $1 AND t.group_id = $2 AND a.status = 'checked' AND a.grade IS NOT NULL
        AND l.lesson_date BETWEEN $3::date AND $4::date
      ORDER BY l.lesson_date, h.id`,
    [studentId, groupId, period.start_date, period.end_date],
  );
}
