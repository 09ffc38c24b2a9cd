import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { lessonSelect } from './lessons';
import type { LessonRow } from './lessons';

/** All SQL of the schedule: the week, a lesson's page, attendance, reflections, the exam window. */

export interface GroupRow {
  id: number;
  parallel: number;
  letter: string;
}

export interface LessonHomeworkRow {
  id: number;
  text: string;
  deadline: string;
  answer_id: number | null;
}

/** The first and last day of the school's period of a quarter (the current one first); null when none. */
export async function loadQuarterDates(
  q: Queryable,
  schoolId: number,
  quarter: number,
): Promise<{ start: string; end: string } | null> {
  const rows = await q.query<{ start: string; end: string }>(
    `SELECT to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end
       FROM periods WHERE school_id = $1 AND quarter = $2 ORDER BY is_current DESC, start_date DESC LIMIT 1`,
    [schoolId, quarter],
  );
  return rows[0] ?? null;
}

/** Every group of the school that is not archived. */
export async function listSchoolGroups(q: Queryable, schoolId: number): Promise<GroupRow[]> {
  return q.query<GroupRow>(
    'SELECT id, parallel, letter FROM groups WHERE school_id = $1 AND NOT archived ORDER BY parallel, letter',
    [schoolId],
  );
}

export async function listGroups(q: Queryable, groupIds: number[]): Promise<GroupRow[]> {
  return q.query<GroupRow>(
    'SELECT id, parallel, letter FROM groups WHERE id = ANY($1::int[]) ORDER BY parallel, letter',
    [groupIds],
  );
}

/** The dated lessons between two days of some groups, or of a teacher. */
export async function listLessons(
  q: Queryable,
  filter: { groupIds?: number[]; teacherId?: number; pupilId?: number },
  from: string,
  to: string,
  locale: Locale,
): Promise<LessonRow[]> {
  // A pupil's week has the whole-class lessons and those of their own subgroups only.
  return q.query<LessonRow>(
    `${lessonSelect(locale)}
        WHERE l.lesson_date BETWEEN $1::date AND $2::date
          AND (($3::int[] IS NOT NULL AND s.group_id = ANY($3::int[])) OR ($4::int IS NOT NULL AND s.teacher_id = $4::int))
          AND ($5::int IS NULL OR s.subgroup_id IS NULL OR EXISTS
                (SELECT 1 FROM subgroup_members m WHERE m.subgroup_id = s.subgroup_id AND m.user_id = $5::int))
        ORDER BY l.lesson_date, s.shift, s.lesson_no, g.parallel, g.letter`,
    [from, to, filter.groupIds ?? null, filter.teacherId ?? null, filter.pupilId ?? null],
  );
}

/** A lesson's homework, with the id of the user's own answer to each. */
export async function listLessonHomework(
  q: Queryable,
  lessonId: number,
  userId: number,
): Promise<LessonHomeworkRow[]> {
  return q.query<LessonHomeworkRow>(
    `SELECT h.id, h.text, to_char(h.deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS deadline,
              (SELECT a.id FROM homework_answers a WHERE a.homework_id = h.id AND a.student_id = $2) AS answer_id
         FROM homework h WHERE h.lesson_id = $1 ORDER BY h.id`,
    [lessonId, userId],
  );
}

export async function updateLessonTheme(
  q: Queryable,
  lessonId: number,
  theme: string,
): Promise<void> {
  await q.query('UPDATE lessons SET theme = $2 WHERE id = $1', [lessonId, theme]);
}

/** Puts a frozen draft version on a lesson; null takes the content off. */
export async function setLessonContent(
  q: Queryable,
  lessonId: number,
  content: { draftId: string; version: number } | null,
): Promise<void> {
  if (content === null)
    await q.query(
      'UPDATE lessons SET content_draft_id = NULL, content_version = NULL WHERE id = $1',
      [lessonId],
    );
  else
    await q.query('UPDATE lessons SET content_draft_id = $2, content_version = $3 WHERE id = $1', [
      lessonId,
      content.draftId,
      content.version,
    ]);
}

/** The pupils marked absent at a lesson (journal). */
export async function listAbsentStudents(q: Queryable, lessonId: number): Promise<Set<number>> {
  const rows = await q.query<{ student_id: number }>(
    'SELECT student_id FROM journal_marks WHERE lesson_id = $1 AND absent',
    [lessonId],
  );
  return new Set(rows.map((row) => row.student_id));
}

export async function saveAttendance(
  q: Queryable,
  lessonId: number,
  studentId: number,
  absent: boolean,
  updatedBy: number,
): Promise<void> {
  await q.query(
    `INSERT INTO journal_marks (lesson_id, student_id, absent, updated_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (lesson_id, student_id) DO UPDATE SET absent = $3, updated_by = $4, updated_at = now()`,
    [lessonId, studentId, absent, updatedBy],
  );
}

export async function saveReflection(
  q: Queryable,
  lessonId: number,
  userId: number,
  reflection: { mood: string; text: string },
): Promise<void> {
  await q.query(
    `INSERT INTO reflections (lesson_id, user_id, mood, text) VALUES ($1, $2, $3, $4)
       ON CONFLICT (lesson_id, user_id) DO UPDATE SET mood = $3, text = $4, at = now()`,
    [lessonId, userId, reflection.mood, reflection.text],
  );
}

/** The teacher's own exam window of a lesson; both null: back to the bell times. */
export async function updateExamWindow(
  q: Queryable,
  lessonId: number,
  opensAt: string | null,
  closesAt: string | null,
): Promise<void> {
  await q.query('UPDATE lessons SET exam_opens_at = $2, exam_closes_at = $3 WHERE id = $1', [
    lessonId,
    opensAt,
    closesAt,
  ]);
}

export async function updateExamKeysShown(
  q: Queryable,
  lessonId: number,
  shown: boolean,
): Promise<void> {
  await q.query('UPDATE lessons SET exam_keys_shown = $2 WHERE id = $1', [lessonId, shown]);
}

/** The teacher's grace after a pupil's exam deadline, in minutes (issue 31). */
export async function updateExamGrace(q: Queryable, lessonId: number, minutes: number) {
  await q.query('UPDATE lessons SET exam_grace_minutes = $2 WHERE id = $1', [lessonId, minutes]);
}
