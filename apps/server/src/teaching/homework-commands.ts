import type { Draft } from '@sabaq/engine';
import type { Answers, ModuleResult } from '@sabaq/platform';
import { jsonColumn } from '../db/db';
import type { Db, Queryable } from '../db/db';
import { lessonStudents } from './lessons';
import type { Viewer } from './lessons';
import { freezePublished } from './content-queries';
import { gradeAnswers } from './grading';
import { assertScorable } from './homework-access';
import { schoolDate } from './journal-access';
import {
  clearHomeworkMark,
  insertAssignedAnswers,
  insertHomework,
  loadAnswer,
  lockAnswer,
  saveCheck,
  saveExerciseResults,
  writeHomeworkMark,
} from './homework-queries';
import type { AnswerDbRow, HomeworkDbRow } from './homework-queries';

/**
 * A homework on a lesson, in one transaction: its exercise frozen at the published version, and
 * an answer to fill in ('assigned') for every pupil of the lesson (a subgroup's lesson: its
 * members). Returns its id.
 */
export async function createHomework(
  db: Db,
  viewer: Viewer,
  lesson: { id: number; group_id: number; subgroup_id: number | null },
  homework: { text: string; files: number[]; draftId: string | null; deadline: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const draftVersion = homework.draftId
      ? (await freezePublished(tx, viewer, homework.draftId, 'draftId')).version
      : null;
    const id = await insertHomework(tx, {
      ...homework,
      lessonId: lesson.id,
      teacherId: viewer.auth.userId,
      draftVersion,
    });
    await insertAssignedAnswers(tx, id, lesson);
    return id;
  });
}

/**
 * The teacher's check of an answer, in one transaction that locks it (issue 20): the grade or the
 * return is saved and the journal follows. A graded answer puts its mark in the journal cell of
 * the homework's lesson for the pupil (the lesson fixes subject and subgroup) when the lesson has
 * happened (school date, UTC+5) and the pupil is one of the lesson's; re-grading updates that
 * cell unless the teacher typed a mark there by hand since. A return takes the homework's mark
 * back out of the cell.
 */
export async function checkHomeworkAnswer(
  db: Db,
  homework: Pick<HomeworkDbRow, 'lesson_id' | 'lesson_date' | 'group_id' | 'subgroup_id'>,
  answer: Pick<AnswerDbRow, 'id' | 'student_id'>,
  check:
    { action: 'check'; grade: number; comment: string } | { action: 'return'; comment: string },
  by: number,
  now: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAnswer(tx, answer.id);
    await saveCheck(tx, answer.id, check);
    const cell = {
      lessonId: homework.lesson_id,
      studentId: answer.student_id,
      answerId: answer.id,
      by,
    };
    if (check.action === 'return') return clearHomeworkMark(tx, cell);
    if (homework.lesson_date > schoolDate(now)) return;
    const pupils = await lessonStudents(tx, homework);
    if (!pupils.some((pupil) => pupil.id === answer.student_id)) return;
    await writeHomeworkMark(tx, { ...cell, grade: check.grade });
  });
}

/**
 * The teacher's points for the open tasks of an answer's exercise, in a transaction that locks it:
 * graded again against the version the homework froze, the other open tasks keep their points, the
 * total follows. Status and grade stay.
 */
export async function scoreHomeworkAnswer(
  db: Db,
  answerId: number,
  loadDraft: (tx: Queryable) => Promise<Draft | null>,
  grades: { moduleId: string; points: number }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAnswer(tx, answerId);
    const answer = await loadAnswer(tx, answerId);
    const draft = await loadDraft(tx);
    const results =
      answer.exercise_results === null ? null : jsonColumn<ModuleResult[]>(answer.exercise_results);
    assertScorable(draft && answer.exercise_answers !== null ? results : null, grades);
    const manual: Record<string, number> = {};
    for (const result of results ?? [])
      if (result.kind === 'open' && result.points !== null) manual[result.moduleId] = result.points;
    for (const grade of grades) manual[grade.moduleId] = grade.points;
    const answers = jsonColumn<Answers>(answer.exercise_answers);
    const graded = gradeAnswers(draft as Draft, answers, manual);
    await saveExerciseResults(tx, answerId, {
      results: graded.results,
      score: graded.score,
      max: graded.maxScore,
    });
  });
}
