import { COURSE_MAX_MODULES } from '@sabaq/platform';
import type { Role } from '@sabaq/platform';
import type { Draft } from '@sabaq/engine';
import { CourseError, type CourseMessageKey } from './course-texts';

/**
 * The rules of writing courses, without a database. A methodist writes their own teacher
 * courses; the administrator every teacher course (also the platform's own, which have no
 * author). Someone else's draft is private: "not found"; someone else's published course is
 * seen by every reader of the course list, so changing it is "forbidden".
 */

export interface Author {
  userId: number;
  role: Role;
}

export interface AuthoredCourse {
  authorId: number | null;
  published: boolean;
}

export function canEditCourse(course: AuthoredCourse, who: Author): boolean {
  if (who.role === 'admin') return true;
  return who.role === 'methodist' && course.authorId === who.userId;
}

/** 404 for someone else's draft (nothing is told about it), 403 for their published course. */
export function assertCanEditCourse(course: AuthoredCourse, who: Author): void {
  if (canEditCourse(course, who)) return;
  if (!course.published) throw new CourseError(404, 'not_found');
  throw new CourseError(403, 'not_author');
}

/** Whom the authoring list shows: the administrator every teacher course, others their own. */
export function authoredBy(who: Author): number | null {
  return who.role === 'admin' ? null : who.userId;
}

/** Module items are published lessons and lectures; final tests are published SOR and SOCh. */
export const MODULE_TYPES: readonly string[] = ['lesson', 'customLesson', 'lecture'];
export const TEST_TYPES: readonly string[] = ['sor', 'soch'];

export function assertModuleItem(type: string | null, alreadyIn: boolean, count: number): void {
  if (type === null || !MODULE_TYPES.includes(type))
    throw new CourseError(422, 'module_item_unknown', 'draftId');
  if (alreadyIn) throw new CourseError(422, 'module_item_twice', 'draftId');
  if (count >= COURSE_MAX_MODULES)
    throw new CourseError(422, 'modules_too_many', 'draftId', { max: COURSE_MAX_MODULES });
}

/** A new order names every module of the course once. */
export function assertSameModules(current: readonly number[], order: readonly number[]): void {
  const wanted = new Set(order);
  if (
    wanted.size !== order.length ||
    order.length !== current.length ||
    current.some((id) => !wanted.has(id))
  )
    throw new CourseError(422, 'module_order_mismatch', 'moduleIds');
}

/**
 * A module some learner marked studied stays (removing it would take their progress with it:
 * 409 naming how many); a published course keeps at least one module.
 */
export function assertModuleRemovable(
  studied: number,
  course: { published: boolean; modules: number },
): void {
  if (studied > 0) throw new CourseError(409, 'module_studied', undefined, { count: studied });
  if (course.published && course.modules <= 1) throw new CourseError(409, 'last_module');
}

/** A course somebody enrolled in is never removed (their progress, attempts, certificates). */
export function assertRemovable(learners: number): void {
  if (learners > 0)
    throw new CourseError(409, 'course_has_learners', undefined, { count: learners });
}

/**
 * The scored tasks of a builder test, or 422 at `draftId`: a final test is scored automatically,
 * so it has at least one task and no open answers (nobody would grade them).
 */
export function scoredTasks(draft: Pick<Draft, 'pages'>): number {
  const tasks = draft.pages.flatMap((page) => page.modules).filter((m) => m.type === 'task');
  if (tasks.length === 0 || tasks.some((m) => m.options === null))
    throw new CourseError(422, 'test_not_scored', 'draftId');
  return tasks.length;
}

export function assertTestItem(type: string | null): void {
  if (type === null || !TEST_TYPES.includes(type))
    throw new CourseError(422, 'test_item_unknown', 'draftId');
}

/** A published course keeps a final test. */
export function assertTestRemovable(published: boolean): void {
  if (published) throw new CourseError(409, 'test_required');
}

/** What keeps a course from being published, field → message keys (empty when nothing). */
export function publishProblems(course: {
  modules: number;
  hasTest: boolean;
}): Partial<Record<'modules' | 'test', CourseMessageKey[]>> {
  const problems: Partial<Record<'modules' | 'test', CourseMessageKey[]>> = {};
  if (course.modules === 0) problems.modules = ['publish_modules'];
  if (!course.hasTest) problems.test = ['publish_test'];
  return problems;
}
