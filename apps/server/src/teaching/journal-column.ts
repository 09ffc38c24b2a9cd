import type { JournalColumnRequest, JournalSaved } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import type { AuthContext } from '../http/context';
import { JournalColumnError, TeachingError } from './errors';
import type { TeachingMessageKey } from './errors';
import {
  assertJournal,
  assertJournalWritable,
  assertLessonCell,
  choosePageSubgroup,
  resolveJournalRights,
  schoolDate,
} from './journal-access';
import { cellWeights, loadMarkCell } from './journal-commands';
import { presentQuarterResult } from './journal-present';
import { isSubgroupOf, loadAssessment, loadGroup, loadTaughtSubjects } from './journal-queries';
import type { GradeWeights } from './journal-queries';
import { gradeWeights } from '../backoffice/school-settings-queries';
import { viewerOf } from './lessons';

type Cell = JournalColumnRequest['cells'][number];
type RowError = {
  field: string;
  key: TeachingMessageKey;
  params?: Record<string, string | number>;
};

/** The page a column is on: its quarter results are recomputed for the column's pupils. */
interface ColumnPage {
  groupId: number;
  subjectId: number;
  subgroupId: number | null;
  period: { id: number; start: string; end: string };
  weights: GradeWeights;
}

/** Whether each pupil is in the class and, on a subgroup page, in that subgroup. */
async function pupilsOnPage(
  q: Queryable,
  groupId: number,
  subgroupId: number | null,
  studentIds: number[],
): Promise<Map<number, { inClass: boolean; inSubgroup: boolean }>> {
  const rows = await q.query<{ id: number; in_class: boolean; in_subgroup: boolean }>(
    `SELECT s.id,
            EXISTS (SELECT 1 FROM users u WHERE u.id = s.id AND u.role = 'student' AND u.group_id = $2) AS in_class,
            EXISTS (SELECT 1 FROM subgroup_members m WHERE m.subgroup_id = $3 AND m.user_id = s.id) AS in_subgroup
       FROM unnest($1::int[]) AS s(id)`,
    [studentIds, groupId, subgroupId],
  );
  return new Map(rows.map((r) => [r.id, { inClass: r.in_class, inSubgroup: r.in_subgroup }]));
}

/** Rows naming the same pupil twice, and pupils not on the page. */
function rowErrors(
  cells: Cell[],
  onPage: Map<number, { inClass: boolean; inSubgroup: boolean }>,
  subgroupId: number | null,
): RowError[] {
  const errors: RowError[] = [];
  const seen = new Set<number>();
  cells.forEach((cell, i) => {
    const at = `cells.${i}.studentId`;
    if (seen.has(cell.studentId)) errors.push({ field: at, key: 'column_student_twice' });
    seen.add(cell.studentId);
    const pupil = onPage.get(cell.studentId);
    if (!pupil?.inClass) errors.push({ field: at, key: 'student_not_in_group' });
    else if (subgroupId !== null && !pupil.inSubgroup)
      errors.push({ field: at, key: 'student_not_in_subgroup' });
  });
  return errors;
}

/** The quarter inputs of the column's pupils on the page, after the write (two statements). */
async function pageResults(
  q: Queryable,
  page: ColumnPage,
  studentIds: number[],
): Promise<Map<number, JournalSaved['result']>> {
  const marks = await q.query<{ student_id: number; marks: number[] }>(
    `SELECT m.student_id, array_agg(m.mark) AS marks
       FROM journal_marks m JOIN lessons l ON l.id = m.lesson_id JOIN timetable_slots t ON t.id = l.slot_id
      WHERE m.student_id = ANY($1::int[]) AND m.mark IS NOT NULL AND t.group_id = $2 AND t.subject_id = $3
        AND ($4::int IS NULL OR t.subgroup_id = $4 OR t.subgroup_id IS NULL)
        AND l.lesson_date BETWEEN $5::date AND $6::date
      GROUP BY m.student_id`,
    [studentIds, page.groupId, page.subjectId, page.subgroupId, page.period.start, page.period.end],
  );
  const points = await q.query<{
    student_id: number;
    kind: 'sor' | 'soch';
    points: string;
    max_points: number;
  }>(
    `SELECT m.student_id, a.kind, m.points, a.max_points
       FROM assessment_marks m JOIN assessments a ON a.id = m.assessment_id
      WHERE m.student_id = ANY($1::int[]) AND a.group_id = $2 AND a.subject_id = $3
        AND a.period_id = $4 AND (a.subgroup_id IS NULL OR a.subgroup_id = $5)`,
    [studentIds, page.groupId, page.subjectId, page.period.id, page.subgroupId],
  );
  const out = new Map<number, JournalSaved['result']>();
  for (const id of studentIds)
    out.set(
      id,
      presentQuarterResult({
        weights: page.weights,
        marks: marks.find((r) => r.student_id === id)?.marks ?? [],
        points: points
          .filter((r) => r.student_id === id)
          .map((r) => ({ kind: r.kind, points: Number(r.points), max: r.max_points })),
      }),
    );
  return out;
}

/**
 * One lesson's column: every row checked first (a failing row is named and nothing is written),
 * then all cells upserted in one statement inside one transaction, emptied cells deleted.
 */
async function saveLessonColumn(
  db: Db,
  auth: AuthContext,
  body: JournalColumnRequest & { lessonId: number },
): Promise<JournalSaved[]> {
  const cells = body.cells;
  const facts = await loadMarkCell(db, {
    lessonId: body.lessonId,
    studentId: cells[0]!.studentId,
    subgroupId: body.subgroupId ?? null,
    userId: auth.userId,
  });
  if (!facts) throw new TeachingError(404, 'lesson_not_found');
  const subgroupId = assertLessonCell(auth, facts, body.subgroupId);
  const ids = cells.map((c) => c.studentId);
  const errors = rowErrors(
    cells,
    await pupilsOnPage(db, facts.group_id, subgroupId, ids),
    subgroupId,
  );
  const future = facts.lesson_date > schoolDate(Date.now());
  cells.forEach((cell, i) => {
    if (cell.points !== undefined)
      errors.push({ field: `cells.${i}.points`, key: 'column_points_on_lesson' });
    else if (cell.mark === undefined && cell.absent === undefined)
      errors.push({ field: `cells.${i}.mark`, key: 'mark_empty' });
    const writes = (cell.mark !== undefined && cell.mark !== null) || cell.absent === true;
    if (writes && future) {
      const [y, m, d] = facts.lesson_date.split('-');
      errors.push({
        field: `cells.${i}.mark`,
        key: 'mark_future',
        params: { date: `${d}.${m}.${y}` },
      });
    }
  });
  if (errors.length > 0) throw new JournalColumnError(errors);
  const saved = await db.transaction(async (tx) => {
    const rows = await tx.query<{ student_id: number; mark: number | null; absent: boolean }>(
      `WITH c AS (SELECT * FROM unnest($3::int[], $4::int[], $5::boolean[], $6::boolean[])
                    AS c(student_id, mark, absent, has_mark))
       INSERT INTO journal_marks (lesson_id, student_id, mark, absent, updated_by)
       SELECT $1, c.student_id, c.mark, coalesce(c.absent, false), $2 FROM c
       ON CONFLICT (lesson_id, student_id) DO UPDATE SET
         mark = CASE WHEN (SELECT c.has_mark FROM c WHERE c.student_id = excluded.student_id)
                     THEN excluded.mark ELSE journal_marks.mark END,
         homework_answer_id = CASE WHEN (SELECT c.has_mark FROM c WHERE c.student_id = excluded.student_id)
                     THEN NULL ELSE journal_marks.homework_answer_id END,
         absent = coalesce((SELECT c.absent FROM c WHERE c.student_id = excluded.student_id),
                           journal_marks.absent),
         updated_by = $2, updated_at = now()
       RETURNING student_id, mark, absent`,
      [
        body.lessonId,
        auth.userId,
        ids,
        cells.map((c) => c.mark ?? null),
        cells.map((c) => c.absent ?? null),
        cells.map((c) => c.mark !== undefined),
      ],
    );
    await tx.query(
      `DELETE FROM journal_marks
        WHERE lesson_id = $1 AND student_id = ANY($2::int[]) AND mark IS NULL AND NOT absent`,
      [body.lessonId, ids],
    );
    return rows;
  });
  if (facts.period_id === null) throw new TeachingError(404, 'period_not_found');
  const results = await pageResults(
    db,
    {
      groupId: facts.group_id,
      subjectId: facts.subject_id,
      subgroupId,
      period: { id: facts.period_id, start: facts.start_date ?? '', end: facts.end_date ?? '' },
      weights: cellWeights(facts),
    },
    ids,
  );
  return ids.map((studentId) => {
    const row = saved.find((r) => r.student_id === studentId);
    return {
      studentId,
      lessonId: body.lessonId,
      assessmentId: null,
      mark: row?.mark ?? null,
      absent: row?.absent ?? false,
      points: null,
      result: results.get(studentId)!,
    };
  });
}

/** One SOR/SOCh's column of points, checked whole, written in one transaction. */
async function saveAssessmentColumn(
  db: Db,
  auth: AuthContext,
  body: JournalColumnRequest & { assessmentId: number },
): Promise<JournalSaved[]> {
  const cells = body.cells;
  const assessment = await loadAssessment(db, body.assessmentId);
  const group = await loadGroup(db, assessment.group_id);
  const viewer = await viewerOf(db, auth);
  const taught = await loadTaughtSubjects(db, group.id, auth.userId);
  assertJournal(resolveJournalRights(viewer, group, taught), assessment.subject_id);
  assertJournalWritable(group);
  const askedExists =
    body.subgroupId !== undefined &&
    (await isSubgroupOf(db, body.subgroupId, group.id, assessment.subject_id));
  const subgroupId = choosePageSubgroup(
    assessment.subgroup_id,
    body.subgroupId,
    askedExists,
    'assessmentId',
  );
  const ids = cells.map((c) => c.studentId);
  const errors = rowErrors(cells, await pupilsOnPage(db, group.id, subgroupId, ids), subgroupId);
  cells.forEach((cell, i) => {
    if (cell.mark !== undefined || cell.absent !== undefined)
      errors.push({ field: `cells.${i}.mark`, key: 'column_mark_on_assessment' });
    if (cell.points === undefined) errors.push({ field: `cells.${i}.points`, key: 'points_empty' });
    else if (cell.points !== null && cell.points > assessment.max_points)
      errors.push({ field: `cells.${i}.points`, key: 'points_over_max' });
  });
  if (errors.length > 0) throw new JournalColumnError(errors);
  const set = cells.filter((c) => c.points !== null && c.points !== undefined);
  const cleared = cells.filter((c) => c.points === null).map((c) => c.studentId);
  await db.transaction(async (tx) => {
    if (set.length > 0)
      await tx.query(
        `INSERT INTO assessment_marks (assessment_id, student_id, points)
         SELECT $1, c.student_id, c.points FROM unnest($2::int[], $3::numeric[]) AS c(student_id, points)
         ON CONFLICT (assessment_id, student_id) DO UPDATE SET points = excluded.points, updated_at = now()`,
        [assessment.id, set.map((c) => c.studentId), set.map((c) => c.points)],
      );
    if (cleared.length > 0)
      await tx.query(
        'DELETE FROM assessment_marks WHERE assessment_id = $1 AND student_id = ANY($2::int[])',
        [assessment.id, cleared],
      );
  });
  const [period] = await db.query<{ start: string; end: string }>(
    `SELECT to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end
       FROM periods WHERE id = $1`,
    [assessment.period_id],
  );
  const results = await pageResults(
    db,
    {
      groupId: group.id,
      subjectId: assessment.subject_id,
      subgroupId,
      period: { id: assessment.period_id, start: period!.start, end: period!.end },
      weights: await gradeWeights(db, group.school_id),
    },
    ids,
  );
  return cells.map((cell) => ({
    studentId: cell.studentId,
    lessonId: null,
    assessmentId: assessment.id,
    mark: null,
    absent: false,
    points: cell.points ?? null,
    result: results.get(cell.studentId)!,
  }));
}

/** PUT journal/columns: a lesson's column or a SOR/SOCh's, named by exactly one of the two ids. */
export async function saveJournalColumn(
  db: Db,
  auth: AuthContext,
  body: JournalColumnRequest,
): Promise<JournalSaved[]> {
  const { lessonId, assessmentId } = body;
  if ((lessonId === undefined) === (assessmentId === undefined))
    throw new TeachingError(422, 'column_target', 'lessonId');
  if (lessonId !== undefined) return saveLessonColumn(db, auth, { ...body, lessonId });
  return saveAssessmentColumn(db, auth, { ...body, assessmentId: assessmentId as number });
}
