import { COURSE_LEARNERS, COURSE_TRACKERS } from '@sabaq/platform';
import type { Answers, CourseKind, CourseTestInput, ModuleAnswer, Role } from '@sabaq/platform';
import type { Draft } from '@sabaq/engine';
import { gradeAnswers, validateAnswers, type Grade } from '../teaching/grading';
import { CourseError } from './course-texts';

/** The rules of courses, without a database. */

export function canLearn(role: Role): boolean {
  return (COURSE_LEARNERS as readonly Role[]).includes(role);
}

export function canTrack(role: Role, kind: CourseKind): boolean {
  return kind === 'correction' && (COURSE_TRACKERS as readonly Role[]).includes(role);
}

/**
 * Spec §6: a personal subscription hides correction work from students, so for them a
 * correction course is "not found".
 */
export function isHidden(kind: CourseKind, role: Role, personal: boolean): boolean {
  return kind === 'correction' && role === 'student' && personal;
}

export interface CourseState {
  kind: CourseKind;
  enrolled: boolean;
  modules: number;
  done: number;
}

/** Who marks modules: an enrolled learner of a teacher course; anyone on a correction course. */
export function canStudy(course: CourseState, role: Role): boolean {
  if (course.kind === 'correction') return true;
  return canLearn(role) && course.enrolled;
}

export function assertCanStudy(course: CourseState, role: Role): void {
  if (canStudy(course, role)) return;
  if (!canLearn(role)) throw new CourseError(403, 'not_learner');
  throw new CourseError(409, 'not_enrolled');
}

export function assertCanEnrol(course: CourseState): void {
  if (course.kind !== 'teacher') throw new CourseError(409, 'not_teacher_course');
  if (course.enrolled) throw new CourseError(409, 'already_enrolled');
}

/** The final test opens for an enrolled learner once every module is done. */
export function assertTestOpen(course: CourseState & { testKey: string | null }): void {
  if (course.kind !== 'teacher') throw new CourseError(404, 'not_found');
  if (!course.enrolled) throw new CourseError(409, 'not_enrolled');
  if (course.testKey === null) throw new CourseError(409, 'no_test');
  const left = course.modules - course.done;
  if (left > 0) throw new CourseError(409, 'modules_left', undefined, { count: left });
}

export interface Question {
  id: string;
  options: readonly { id: string }[];
  answer: string;
}

/**
 * The answers scored against the questions: every question answered with one of its options
 * (422 naming the question otherwise); the percent rounds down, so 70 % means 70 %.
 */
export function scoreAnswers(
  questions: readonly Question[],
  input: CourseTestInput,
): { correct: number; total: number; percent: number } {
  const given = new Map(input.answers.map((a) => [a.question, a.option]));
  let correct = 0;
  for (const question of questions) {
    const option = given.get(question.id);
    if (option === undefined)
      throw new CourseError(422, 'answer_missing', `answers.${question.id}`);
    if (!question.options.some((o) => o.id === option))
      throw new CourseError(422, 'answer_unknown', `answers.${question.id}`);
    if (option === question.answer) correct += 1;
  }
  for (const id of given.keys())
    if (!questions.some((q) => q.id === id))
      throw new CourseError(422, 'answer_unknown', `answers.${id}`);
  const total = questions.length;
  return { correct, total, percent: total === 0 ? 0 : Math.floor((correct * 100) / total) };
}

/** An answer that says nothing: no option picked, no link made, no text. */
function isBlank(answer: ModuleAnswer | undefined): boolean {
  if (!answer) return true;
  if (answer.kind === 'select') return answer.optionId === '';
  if (answer.kind === 'choice') return answer.optionIds.length === 0;
  if (answer.kind === 'connection') return answer.links.length === 0;
  return answer.text.trim() === '';
}

/**
 * A builder final test scored as a lesson's exam is (teaching/grading.ts: points per task from
 * its descriptors, partial credit for multiple choice and connections): every scored task
 * answered (422 naming the first that is not), answers only to tasks of the test with their kind.
 * `correct` counts the tasks answered fully right; the percent is of the points, rounded down.
 */
export function scoreContent(
  draft: Draft,
  answers: Answers,
): { correct: number; total: number; percent: number; grade: Grade } {
  validateAnswers(draft, answers);
  const grade = gradeAnswers(draft, answers);
  const blank = grade.results.find((result) => isBlank(answers[result.moduleId]));
  if (blank) throw new CourseError(422, 'answer_missing', `moduleAnswers.${blank.moduleId}`);
  const correct = grade.results.filter((result) => result.status === 'right').length;
  const percent = grade.maxScore > 0 ? Math.floor((grade.score * 100) / grade.maxScore + 1e-9) : 0;
  return { correct, total: grade.results.length, percent, grade };
}
