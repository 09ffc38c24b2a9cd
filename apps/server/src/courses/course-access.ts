import { COURSE_LEARNERS, COURSE_TRACKERS } from '@sabaq/platform';
import type { Answers, CourseKind, CourseTestInput, ModuleAnswer, Role } from '@sabaq/platform';
import type { Draft } from '@sabaq/engine';
import { gradeAnswers, validateAnswers, type Grade } from '../teaching/grading';
import { schoolTime } from '../teaching/exam-access';
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

/**
 * When the course's minimum study time is over for a learner: counted from the first module they
 * opened (issue 28); null when the course sets none. Without any module opened, it has not begun.
 */
export function studyTimeOver(
  course: { min_minutes: number; first_opened_at: Date | null },
  now = Date.now(),
): { over: boolean; at: Date | null } {
  if (course.min_minutes <= 0) return { over: true, at: null };
  if (!course.first_opened_at) return { over: false, at: null };
  const at = new Date(new Date(course.first_opened_at).getTime() + course.min_minutes * 60_000);
  return { over: at.getTime() <= now, at };
}

/**
 * The final test opens for an enrolled learner once every module is done (its content opened
 * and its checks passed) and the course's minimum study time is over.
 */
export function assertTestOpen(
  course: CourseState & {
    testKey: string | null;
    min_minutes: number;
    first_opened_at: Date | null;
  },
  now = Date.now(),
): void {
  if (course.kind !== 'teacher') throw new CourseError(404, 'not_found');
  if (!course.enrolled) throw new CourseError(409, 'not_enrolled');
  if (course.testKey === null) throw new CourseError(409, 'no_test');
  const left = course.modules - course.done;
  if (left > 0) throw new CourseError(409, 'modules_left', undefined, { count: left });
  const time = studyTimeOver(course, now);
  if (!time.over)
    throw new CourseError(409, 'study_time_left', undefined, {
      minutes: course.min_minutes,
      at: time.at ? schoolTime(time.at) : '—',
    });
}

/** A module's checks: the automatically scored tasks of its content. */
export function moduleChecks(draft: Pick<Draft, 'pages'>): number {
  return draft.pages
    .flatMap((page) => page.modules)
    .filter((m) => m.type === 'task' && m.options !== null).length;
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

/**
 * A module's checks scored (issue 28): the automatically scored tasks of its content, each
 * answered (422 naming the first that is not); open answers are not checks. The percent is of
 * the points, rounded down (of the tasks right when no task carries points).
 */
export function scoreChecks(
  draft: Draft,
  answers: Answers,
): { percent: number; results: ReturnType<typeof gradeAnswers>['results'] } {
  validateAnswers(draft, answers);
  const results = gradeAnswers(draft, answers).results.filter((r) => r.kind !== 'open');
  const blank = results.find((result) => isBlank(answers[result.moduleId]));
  if (blank) throw new CourseError(422, 'answer_missing', `answers.${blank.moduleId}`);
  const max = results.reduce((n, r) => n + r.max, 0);
  const points = results.reduce((n, r) => n + (r.points ?? 0), 0);
  const right = results.filter((r) => r.status === 'right').length;
  const percent =
    max > 0
      ? Math.floor((points * 100) / max + 1e-9)
      : results.length > 0
        ? Math.floor((right * 100) / results.length)
        : 100;
  return { percent, results };
}
