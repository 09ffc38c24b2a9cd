import type { Answer, ModuleResult } from '@sabaq/platform';
import { TeachingError } from './errors';
import { isManagement } from './lessons';
import type { Viewer } from './lessons';
import { inSchool } from './tenancy';

/** Row rules of homework and its answers: pure checks, no database. */

interface HomeworkOwnership {
  teacher_id: number;
  slot_teacher_id: number | null;
  school_id: number;
  group_id: number;
}

/** Staff who may manage a homework: its author, the lesson's teacher, the class lead, management. */
export function canManageHomework(viewer: Viewer, homework: HomeworkOwnership): boolean {
  if (viewer.auth.role === 'student') return false;
  const { userId } = viewer.auth;
  if (homework.teacher_id === userId || homework.slot_teacher_id === userId) return true;
  return (
    inSchool(viewer.auth, homework.school_id) &&
    (isManagement(viewer.auth) || viewer.ledGroups.includes(homework.group_id))
  );
}

/** Who may open a homework: the pupils of its group and the staff who manage it. */
export function canSeeHomework(viewer: Viewer, homework: HomeworkOwnership): boolean {
  return viewer.auth.role === 'student'
    ? viewer.groupId === homework.group_id
    : canManageHomework(viewer, homework);
}

/** Someone else's homework (or an answer to it) is missing, never forbidden: 404. */
export function assertManagesHomework(
  viewer: Viewer,
  homework: HomeworkOwnership,
  missing: 'homework_not_found' | 'answer_not_found',
): void {
  if (!canManageHomework(viewer, homework)) throw new TeachingError(404, missing);
}

/** A pupil's own answer; another pupil's is missing (404). */
export function assertOwnAnswer(studentId: number, answer: { student_id: number }): void {
  if (answer.student_id !== studentId) throw new TeachingError(404, 'answer_not_found');
}

/** A checked answer may be re-graded; one never sent has nothing to grade or return (422). */
export function assertCheckable(
  status: Answer['status'],
  action: 'check' | 'return' | 'score',
): void {
  const allowed =
    action === 'return' ? status === 'sent' : status === 'sent' || status === 'checked';
  if (!allowed) throw new TeachingError(422, 'answer_not_sent', 'action');
}

/**
 * A pupil sends an answer until it is checked; rework sent back by the teacher may come after the
 * deadline, a first answer may not (422).
 */
export function assertSubmittable(status: Answer['status'], deadline: string, now: number): void {
  if (status === 'checked') throw new TeachingError(422, 'answer_already_checked', 'text');
  if (status === 'assigned' && Date.parse(deadline) < now)
    throw new TeachingError(422, 'deadline_passed', 'text');
}

/** An answer says something (text, a file or exercise answers), and answers only an exercise there is (422). */
export function assertSubmissionContent(submission: {
  text: string;
  fileCount: number;
  exerciseAnswerCount: number;
  hasExercise: boolean;
}): void {
  if (submission.exerciseAnswerCount > 0 && !submission.hasExercise)
    throw new TeachingError(422, 'answer_unknown_module', 'exerciseAnswers');
  if (!submission.text && submission.fileCount === 0 && submission.exerciseAnswerCount === 0)
    throw new TeachingError(422, 'answer_empty', 'text');
}

/**
 * Keys of a homework exercise show a pupil once the teacher has checked the work and the deadline
 * is over for the whole class: a classmate still working never gets them from a pupil who handed
 * in early.
 */
export function resolvePupilHomeworkKeys(
  status: Answer['status'],
  deadline: string,
  now: number,
): { over: boolean; keys: boolean } {
  const over = new Date(deadline).getTime() <= now;
  return { over, keys: status === 'checked' && over };
}

/**
 * The teacher's points for open tasks (issue 20): each names an open task of the answer's results
 * and stays within its maximum (422 at `grades.<n>…` otherwise); an answer without an exercise
 * answered has nothing to score.
 */
export function assertScorable(
  results: readonly ModuleResult[] | null,
  grades: readonly { moduleId: string; points: number }[],
): void {
  if (!results) throw new TeachingError(422, 'homework_not_scorable', 'grades');
  for (const [index, grade] of grades.entries()) {
    const target = results.find((result) => result.moduleId === grade.moduleId);
    if (!target) throw new TeachingError(422, 'answer_unknown_module', `grades.${index}.moduleId`);
    if (target.kind !== 'open')
      throw new TeachingError(422, 'module_not_gradable', `grades.${index}.moduleId`);
    if (grade.points > target.max)
      throw new TeachingError(422, 'points_over_max', `grades.${index}.points`);
  }
}
