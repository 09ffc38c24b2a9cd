import type { Queryable } from '../db/db';
import { QUARTER_GRADE_CONFIG } from '@sabaq/platform';
import type { GradeWeights } from './journal-queries';

/** A journal cell as entered: `mark` and `absent` left undefined keep what the cell had. */
export interface MarkEntry {
  lessonId: number;
  studentId: number;
  mark?: number | null;
  absent?: boolean;
}

/**
 * Everything the checks of one journal cell need, read in one statement (issue 27: the quarter
 * peak): the lesson's slot, its group, whether the user leads the group and what they teach in
 * it, whether the page's subgroup exists, whether the pupil is on the page, the period of the
 * lesson's date and the school's grading weights.
 */
export interface MarkCellRow {
  group_id: number;
  subject_id: number;
  subgroup_id: number | null;
  lesson_date: string;
  parallel: number;
  letter: string;
  school_id: number;
  archived: boolean;
  leads: boolean;
  /** The subjects the user teaches in the group (journal-queries.ts `loadTaughtSubjects`). */
  taught: number[];
  asked_exists: boolean;
  in_class: boolean;
  in_subgroup: boolean;
  period_id: number | null;
  start_date: string | null;
  end_date: string | null;
  weight_formative: number | null;
  weight_sor: number | null;
  weight_soch: number | null;
  /** The cell as stored now, and who wrote it (an offline write's conflict check, issue 31). */
  cur_mark: number | null;
  cur_absent: boolean | null;
  cur_by_id: number | null;
  cur_by: string | null;
}

/** The cell's facts (MarkCellRow), or null when the lesson does not exist. */
export async function loadMarkCell(
  q: Queryable,
  cell: { lessonId: number; studentId: number; subgroupId: number | null; userId: number },
): Promise<MarkCellRow | null> {
  const rows = await q.query<MarkCellRow>(
    `SELECT t.group_id, t.subject_id, t.subgroup_id, to_char(l.lesson_date, 'YYYY-MM-DD') AS lesson_date,
            g.parallel, g.letter, g.school_id, g.archived,
            EXISTS (SELECT 1 FROM group_personnel gp WHERE gp.group_id = g.id AND gp.user_id = $3) AS leads,
            ARRAY(SELECT DISTINCT ts.subject_id FROM timetable_slots ts
                   WHERE ts.group_id = g.id AND ts.teacher_id = $3) AS taught,
            ($4::int IS NOT NULL AND EXISTS (SELECT 1 FROM subgroups sg
                     WHERE sg.id = $4 AND sg.group_id = g.id AND sg.subject_id = t.subject_id)) AS asked_exists,
            EXISTS (SELECT 1 FROM users u WHERE u.id = $2 AND u.role = 'student' AND u.group_id = g.id) AS in_class,
            EXISTS (SELECT 1 FROM subgroup_members m
                     WHERE m.subgroup_id = coalesce(t.subgroup_id, $4::int) AND m.user_id = $2) AS in_subgroup,
            p.id AS period_id, to_char(p.start_date, 'YYYY-MM-DD') AS start_date,
            to_char(p.end_date, 'YYYY-MM-DD') AS end_date,
            s.weight_formative, s.weight_sor, s.weight_soch,
            cur.mark AS cur_mark, cur.absent AS cur_absent, cur.updated_by AS cur_by_id,
            (SELECT concat_ws(' ', u.surname, u.firstname) FROM users u WHERE u.id = cur.updated_by) AS cur_by
       FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id JOIN groups g ON g.id = t.group_id
       LEFT JOIN journal_marks cur ON cur.lesson_id = l.id AND cur.student_id = $2
       LEFT JOIN LATERAL (SELECT id, start_date, end_date FROM periods
                           WHERE school_id = g.school_id AND l.lesson_date BETWEEN start_date AND end_date
                           ORDER BY start_date LIMIT 1) p ON true
       LEFT JOIN school_settings s ON s.school_id = g.school_id
      WHERE l.id = $1`,
    [cell.lessonId, cell.studentId, cell.userId, cell.subgroupId],
  );
  return rows[0] ?? null;
}

/** The school's weights from a MarkCellRow (the default ones when the school set none). */
export function cellWeights(cell: MarkCellRow): GradeWeights {
  if (cell.weight_formative === null || cell.weight_sor === null || cell.weight_soch === null)
    return { ...QUARTER_GRADE_CONFIG.weights };
  return { formative: cell.weight_formative, sor: cell.weight_sor, soch: cell.weight_soch };
}

/** The journal page whose quarter result a written cell changes. */
export interface ResultPage {
  groupId: number;
  subjectId: number;
  subgroupId: number | null;
  period: { id: number; start: string; end: string } | null;
}

export interface SavedMark {
  mark: number | null;
  absent: boolean;
  /** The pupil's formative marks and SOR/SOCh points on the page, this cell included. */
  marks: number[];
  points: { kind: 'sor' | 'soch'; points: number; max: number }[];
}

/**
 * Writes one journal cell and reads the pupil's quarter inputs on the page in ONE statement
 * (one commit, no transaction round trips): the upsert is atomic, so concurrent writers of one
 * cell leave exactly one of their values and every acknowledged write is stored once. The
 * statement's snapshot does not see its own upsert, so the page's other marks are read with
 * this lesson left out and the cell's new mark added. A cell left with no mark and no absence is
 * then deleted (only if still empty, so a concurrent mark is never lost): the table keeps to
 * what teachers actually entered. A mark typed here is the teacher's own: it forgets the
 * homework it came from (homework-commands.ts `checkHomeworkAnswer`).
 */
export async function saveJournalMark(
  q: Queryable,
  entry: MarkEntry,
  updatedBy: number,
  page: ResultPage,
): Promise<SavedMark> {
  const period = page.period;
  const rows = await q.query<{
    mark: number | null;
    absent: boolean;
    marks: number[] | null;
    points: { kind: 'sor' | 'soch'; points: string | number; max: number }[] | null;
  }>(
    `WITH up AS (
       INSERT INTO journal_marks (lesson_id, student_id, mark, absent, updated_by)
       VALUES ($1, $2, $3, coalesce($4, false), $5)
       ON CONFLICT (lesson_id, student_id) DO UPDATE SET
         mark = CASE WHEN $6 THEN $3 ELSE journal_marks.mark END,
         homework_answer_id = CASE WHEN $6 THEN NULL ELSE journal_marks.homework_answer_id END,
         absent = coalesce($4, journal_marks.absent), updated_by = $5, updated_at = now()
       RETURNING mark, absent)
     SELECT up.mark, up.absent,
            ARRAY(SELECT m.mark FROM journal_marks m JOIN lessons l ON l.id = m.lesson_id
                    JOIN timetable_slots t ON t.id = l.slot_id
                   WHERE m.student_id = $2 AND m.lesson_id <> $1 AND m.mark IS NOT NULL
                     AND t.group_id = $7 AND t.subject_id = $8
                     AND ($9::int IS NULL OR t.subgroup_id = $9 OR t.subgroup_id IS NULL)
                     AND l.lesson_date BETWEEN $10::date AND $11::date) AS marks,
            (SELECT json_agg(json_build_object('kind', a.kind, 'points', am.points, 'max', a.max_points))
               FROM assessment_marks am JOIN assessments a ON a.id = am.assessment_id
              WHERE am.student_id = $2 AND a.group_id = $7 AND a.subject_id = $8 AND a.period_id = $12
                AND (a.subgroup_id IS NULL OR a.subgroup_id = $9)) AS points
       FROM up`,
    [
      entry.lessonId,
      entry.studentId,
      entry.mark ?? null,
      entry.absent ?? null,
      updatedBy,
      entry.mark !== undefined,
      page.groupId,
      page.subjectId,
      page.subgroupId,
      period?.start ?? null,
      period?.end ?? null,
      period?.id ?? null,
    ],
  );
  const row = rows[0] as NonNullable<(typeof rows)[0]>;
  if (row.mark === null && !row.absent)
    await q.query(
      `DELETE FROM journal_marks
        WHERE lesson_id = $1 AND student_id = $2 AND mark IS NULL AND NOT absent`,
      [entry.lessonId, entry.studentId],
    );
  const marks = period === null ? [] : [...(row.marks ?? [])];
  if (period !== null && row.mark !== null) marks.push(row.mark);
  return {
    mark: row.mark,
    absent: row.absent,
    marks,
    points: (row.points ?? []).map((p) => ({
      kind: p.kind,
      points: Number(p.points),
      max: p.max,
    })),
  };
}
