import type { AuthContext } from '../http/context';
import { CalendarPlanError } from './calendar-plans';
import { isManagement } from './lessons';
import { inSchool } from './tenancy';

/** Row rules of editing calendar plans: pure checks, no database. */

interface Planner {
  auth: AuthContext;
  ledGroups: readonly number[];
}

/**
 * Who may plan every subject of a group: the school's management and the group's class teacher
 * (a teacher plans the subjects they teach there).
 */
export function canPlanWholeGroup(
  planner: Planner,
  group: { id: number; school_id: number },
): boolean {
  return (
    (isManagement(planner.auth) && inSchool(planner.auth, group.school_id)) ||
    planner.ledGroups.includes(group.id)
  );
}

/** Who may create a plan for a subject: one of its teachers in the group, the class teacher, management. */
export function canCreatePlan(
  planner: Planner,
  group: { id: number; school_id: number },
  subjectTeachers: readonly (number | null)[],
): boolean {
  const { auth } = planner;
  return (
    subjectTeachers.some((teacherId) => teacherId === auth.userId) ||
    (inSchool(auth, group.school_id) &&
      (isManagement(auth) || planner.ledGroups.includes(group.id)))
  );
}

/**
 * Deleting plan lessons whose materials pupils answered is refused (409, naming the first such
 * plan lesson's number): the answers would lose their plan lesson.
 */
export function assertNotAnswered(answered: ReadonlyMap<string, number>, uuids: string[]): void {
  for (const uuid of uuids) {
    const number = answered.get(uuid);
    if (number !== undefined)
      throw new CalendarPlanError(409, 'lesson_answered', undefined, { n: number });
  }
}

/** A planned date falls within the plan's school year (422 on `date`, naming the year's days). */
export function assertDateInYear(
  year: { start: string; end: string } | null,
  date: string | null | undefined,
): void {
  if (!date) return;
  if (!year || date < year.start || date > year.end)
    throw new CalendarPlanError(422, 'date_outside_year', 'date', {
      from: year?.start ?? '—',
      to: year?.end ?? '—',
    });
}
