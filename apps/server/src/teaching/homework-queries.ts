import type { Answer, Locale, ModuleResult } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { TeachingError } from './errors';

/** All SQL of homework and the pupils' answers to it. */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

export interface HomeworkDbRow {
  id: number;
  lesson_id: number;
  teacher_id: number;
  teacher_name: string;
  text: string;
  files: number[];
  draft_id: string | null;
  draft_version: number | null;
  draft_type: string | null;
  draft_title: string | null;
  deadline: string;
  created_at: string;
  subject_id: number;
  subject_name: string;
  group_id: number;
  parallel: number;
  letter: string;
  school_id: number;
  lesson_date: string;
  theme: string;
  slot_teacher_id: number | null;
  /** The lesson's subgroup (a subgroup lesson's homework marks go to its members only). */
  subgroup_id: number | null;
}

export interface AnswerDbRow {
  id: number;
  homework_id: number;
  student_id: number;
  student_name: string;
  status: Answer['status'];
  text: string;
  files: number[];
  exercise_answers: unknown;
  exercise_results: unknown;
  exercise_score: string | null;
  exercise_max: string | null;
  grade: number | null;
  comment: string;
  sent_at: string | null;
  checked_at: string | null;
}

/** A homework with its answers counted, as the teacher's control list shows it. */
export type ControlRow = HomeworkDbRow & { total: number; sent: number; checked: number };

/** A homework with the pupil's own answer, as their list shows it. */
export type StudentHomeworkRow = HomeworkDbRow & {
  answer_id: number;
  status: Answer['status'];
  grade: number | null;
};

function homeworkSelect(locale: Locale): string {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return `SELECT h.id, h.lesson_id, h.teacher_id, concat_ws(' ', t.surname, t.firstname, t.lastname) AS teacher_name,
      h.text, h.files, h.draft_id, h.draft_version, cv.type AS draft_type, cv.title AS draft_title,
      to_char(h.deadline AT TIME ZONE 'UTC', ${ISO}) AS deadline, to_char(h.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
      s.subject_id, sub.${name} AS subject_name, s.group_id, g.parallel, g.letter, g.school_id,
      to_char(l.lesson_date, 'YYYY-MM-DD') AS lesson_date, l.theme, s.teacher_id AS slot_teacher_id, s.subgroup_id
    FROM homework h
    JOIN users t ON t.id = h.teacher_id
    JOIN lessons l ON l.id = h.lesson_id
    JOIN timetable_slots s ON s.id = l.slot_id
    JOIN groups g ON g.id = s.group_id
    JOIN subjects sub ON sub.id = s.subject_id
    LEFT JOIN content_versions cv ON cv.draft_id = h.draft_id AND cv.version = h.draft_version`;
}

const ANSWER_SELECT = `SELECT a.id, a.homework_id, a.student_id, concat_ws(' ', u.surname, u.firstname) AS student_name,
    a.status, a.text, a.files, a.exercise_answers, a.exercise_results, a.exercise_score, a.exercise_max, a.grade, a.comment,
    to_char(a.sent_at AT TIME ZONE 'UTC', ${ISO}) AS sent_at, to_char(a.checked_at AT TIME ZONE 'UTC', ${ISO}) AS checked_at
  FROM homework_answers a JOIN users u ON u.id = a.student_id`;

export async function loadHomework(
  q: Queryable,
  id: number,
  locale: Locale,
): Promise<HomeworkDbRow> {
  const rows = await q.query<HomeworkDbRow>(`${homeworkSelect(locale)} WHERE h.id = $1`, [id]);
  if (!rows[0]) throw new TeachingError(404, 'homework_not_found');
  return rows[0];
}

export async function loadAnswer(q: Queryable, id: number): Promise<AnswerDbRow> {
  const rows = await q.query<AnswerDbRow>(`${ANSWER_SELECT} WHERE a.id = $1`, [id]);
  if (!rows[0]) throw new TeachingError(404, 'answer_not_found');
  return rows[0];
}

/** The answers to a homework, by pupil name. */
export async function listAnswers(q: Queryable, homeworkId: number): Promise<AnswerDbRow[]> {
  return q.query<AnswerDbRow>(
    `${ANSWER_SELECT} WHERE a.homework_id = $1 ORDER BY u.surname, u.firstname`,
    [homeworkId],
  );
}

/** The homework a teacher set or whose lesson they run (management: their school's), newest first. */
export async function listControlHomework(
  q: Queryable,
  user: { userId: number; isManagement: boolean; schoolId: number },
  locale: Locale,
): Promise<ControlRow[]> {
  return q.query<ControlRow>(
    `SELECT x.*, c.total, c.sent, c.checked FROM (${homeworkSelect(locale)}) x
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS total,
                  count(*) FILTER (WHERE status = 'sent')::int AS sent,
                  count(*) FILTER (WHERE status = 'checked')::int AS checked
             FROM homework_answers a WHERE a.homework_id = x.id) c
        WHERE x.teacher_id = $1 OR x.slot_teacher_id = $1 OR ($2 AND x.school_id = $3)
        ORDER BY x.deadline DESC, x.id DESC LIMIT 500`,
    [user.userId, user.isManagement, user.schoolId],
  );
}

/** A pupil's homework with their own answers, soonest deadline first. */
export async function listStudentHomework(
  q: Queryable,
  studentId: number,
  locale: Locale,
): Promise<StudentHomeworkRow[]> {
  return q.query<StudentHomeworkRow>(
    `SELECT x.*, a.id AS answer_id, a.status, a.grade FROM (${homeworkSelect(locale)}) x
         JOIN homework_answers a ON a.homework_id = x.id AND a.student_id = $1
        ORDER BY x.deadline, x.id LIMIT 500`,
    [studentId],
  );
}

/** A new homework on a lesson; returns its id. */
export async function insertHomework(
  q: Queryable,
  homework: {
    lessonId: number;
    teacherId: number;
    text: string;
    files: number[];
    draftId: string | null;
    draftVersion: number | null;
    deadline: string;
  },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO homework (lesson_id, teacher_id, text, files, draft_id, draft_version, deadline)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      homework.lessonId,
      homework.teacherId,
      homework.text,
      homework.files,
      homework.draftId,
      homework.draftVersion,
      homework.deadline,
    ],
  );
  return (rows[0] as { id: number }).id;
}

/**
 * Every pupil of the lesson gets an answer to fill in ('assigned'): the class, or on a subgroup's
 * lesson only its members (issue 20: a subgroup lesson's homework is its pupils').
 */
export async function insertAssignedAnswers(
  q: Queryable,
  homeworkId: number,
  lesson: { group_id: number; subgroup_id: number | null },
): Promise<void> {
  await q.query(
    `INSERT INTO homework_answers (homework_id, student_id)
       SELECT $1, u.id FROM users u WHERE u.role = 'student' AND u.group_id = $2
          AND ($3::int IS NULL OR EXISTS (
                SELECT 1 FROM subgroup_members m WHERE m.subgroup_id = $3 AND m.user_id = u.id))`,
    [homeworkId, lesson.group_id, lesson.subgroup_id],
  );
}

/** The teacher's check: 'checked' with a grade, or 'returned' for rework (no grade). */
export async function saveCheck(
  q: Queryable,
  answerId: number,
  check:
    { action: 'check'; grade: number; comment: string } | { action: 'return'; comment: string },
): Promise<void> {
  if (check.action === 'check')
    await q.query(
      `UPDATE homework_answers SET status = 'checked', grade = $2, comment = $3, checked_at = now() WHERE id = $1`,
      [answerId, check.grade, check.comment],
    );
  else
    await q.query(
      `UPDATE homework_answers SET status = 'returned', grade = NULL, comment = $2, checked_at = now() WHERE id = $1`,
      [answerId, check.comment],
    );
}

/** A pupil's answer sent: text, files, and the exercise's answers with their grading. */
export async function saveSubmission(
  q: Queryable,
  answerId: number,
  submission: {
    text: string;
    files: number[];
    exerciseAnswers: unknown;
    results: ModuleResult[] | null;
    score: number | null;
    max: number | null;
  },
): Promise<void> {
  await q.query(
    `UPDATE homework_answers SET status = 'sent', text = $2, files = $3, exercise_answers = $4,
              exercise_results = $5, exercise_score = $6, exercise_max = $7, sent_at = now()
        WHERE id = $1`,
    [
      answerId,
      submission.text,
      submission.files,
      submission.exerciseAnswers === null ? null : JSON.stringify(submission.exerciseAnswers),
      submission.results ? JSON.stringify(submission.results) : null,
      submission.score,
      submission.max,
    ],
  );
}

/** The teacher's points for open tasks: the answer's per-task results and total, recomputed. */
export async function saveExerciseResults(
  q: Queryable,
  answerId: number,
  graded: { results: ModuleResult[]; score: number; max: number },
): Promise<void> {
  await q.query(
    `UPDATE homework_answers SET exercise_results = $2, exercise_score = $3, exercise_max = $4 WHERE id = $1`,
    [answerId, JSON.stringify(graded.results), graded.score, graded.max],
  );
}

/** Locks an answer for a check (two teachers grading at once write one after the other). */
export async function lockAnswer(q: Queryable, answerId: number): Promise<void> {
  await q.query('SELECT id FROM homework_answers WHERE id = $1 FOR UPDATE', [answerId]);
}

/**
 * A graded homework's mark in the journal cell of its lesson (issue 20). Written when the cell
 * has no mark or its mark came from this answer; a mark the teacher typed into the journal
 * (`homework_answer_id` NULL) stays. An absence in the cell stays as it is.
 */
export async function writeHomeworkMark(
  q: Queryable,
  cell: { lessonId: number; studentId: number; answerId: number; grade: number; by: number },
): Promise<void> {
  await q.query(
    `INSERT INTO journal_marks (lesson_id, student_id, mark, absent, updated_by, homework_answer_id)
       VALUES ($1, $2, $3, false, $4, $5)
     ON CONFLICT (lesson_id, student_id) DO UPDATE
       SET mark = $3, updated_by = $4, updated_at = now(), homework_answer_id = $5
     WHERE journal_marks.mark IS NULL OR journal_marks.homework_answer_id = $5`,
    [cell.lessonId, cell.studentId, cell.grade, cell.by, cell.answerId],
  );
}

/** An answer returned for rework takes its mark back out of the journal (only a mark it put there). */
export async function clearHomeworkMark(
  q: Queryable,
  cell: { lessonId: number; studentId: number; answerId: number; by: number },
): Promise<void> {
  await q.query(
    `UPDATE journal_marks SET mark = NULL, homework_answer_id = NULL, updated_by = $4, updated_at = now()
      WHERE lesson_id = $1 AND student_id = $2 AND homework_answer_id = $3`,
    [cell.lessonId, cell.studentId, cell.answerId, cell.by],
  );
  await q.query(
    'DELETE FROM journal_marks WHERE lesson_id = $1 AND student_id = $2 AND mark IS NULL AND NOT absent',
    [cell.lessonId, cell.studentId],
  );
}
