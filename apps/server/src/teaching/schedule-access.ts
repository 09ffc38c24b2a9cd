import type { Attempt } from '@sabaq/platform';
import { TeachingError } from './errors';
import { canManageLesson } from './lessons';
import type { LessonRow, Viewer } from './lessons';

/**
 * Row rules of the schedule's lessons and their content beyond lessons.ts (`canSeeLesson`,
 * `canManageLesson`, `visibleLesson`): pure checks, no database.
 */

/**
 * Whose work on a lesson the user may open: a pupil only their own (someone else's: 404), staff
 * only on a lesson they run (their own group's lesson they do not run: 403).
 */
export function assertExamReader(viewer: Viewer, lesson: LessonRow, userId: number): void {
  if (viewer.auth.role === 'student' && userId !== viewer.auth.userId)
    throw new TeachingError(404, 'student_not_in_group');
  if (viewer.auth.role !== 'student' && !canManageLesson(viewer, lesson))
    throw new TeachingError(403, 'not_your_lesson');
}

/** The pupil among the lesson's group; 404 for anyone else. */
export function assertStudentOf<Student extends { id: number }>(
  students: readonly Student[],
  userId: number,
): Student {
  const student = students.find((candidate) => candidate.id === userId);
  if (!student) throw new TeachingError(404, 'student_not_in_group');
  return student;
}

/** The content the route names, when it is the lesson's (its type, draft and frozen version); 404 otherwise. */
export function assertContentOnLesson(
  lesson: LessonRow,
  contentType: string,
  draftId: string,
): { draftId: string; version: number } {
  if (
    lesson.content_draft_id !== draftId ||
    lesson.content_version === null ||
    lesson.content_type !== contentType
  )
    throw new TeachingError(404, 'exam_not_on_lesson');
  return { draftId: lesson.content_draft_id, version: lesson.content_version };
}

/** The teacher's own exam window: both ends or neither, the end after the start (422 on closesAt). */
export function assertExamWindow(opensAt: string | null, closesAt: string | null): void {
  if ((opensAt === null) !== (closesAt === null))
    throw new TeachingError(422, 'exam_window_incomplete', 'closesAt');
  if (opensAt !== null && closesAt !== null && new Date(closesAt) <= new Date(opensAt))
    throw new TeachingError(422, 'exam_window_order', 'closesAt');
}

/** The teacher may grade an open answer of the attempt, up to its task's maximum (422 otherwise). */
export function assertGradable(attempt: Attempt, moduleId: string, points: number): void {
  const target = attempt.results.find((result) => result.moduleId === moduleId);
  if (!target) throw new TeachingError(422, 'answer_unknown_module', 'moduleId');
  if (target.kind !== 'open') throw new TeachingError(422, 'module_not_gradable', 'moduleId');
  if (points > target.max) throw new TeachingError(422, 'points_over_max', 'points');
}
