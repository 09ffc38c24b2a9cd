import type { Attempt } from '@sabaq/platform';
import type { AuthContext } from '../http/context';
import { CalendarPlanError } from './calendar-plans';
import type { PlanAccess } from './calendar-plans';
import { TeachingError } from './errors';
import { inSchool } from './tenancy';

/**
 * Row rules of the calendar-plan routes beyond `planAccess` (calendar-plans.ts): pure checks, no
 * database. A plan the user cannot see is 404 before any of these run (loadPlan).
 */

/** Only those who manage the plan change it; another teacher of the group reads it (403). */
export function assertCanManagePlan(access: PlanAccess): void {
  if (access !== 'manage') throw new CalendarPlanError(403, 'not_your_plan');
}

/** A draft the user may link: their own, or a published draft of their school. */
export function canLinkDraft(
  auth: Pick<AuthContext, 'userId' | 'schoolId'>,
  draft: { owner_id: number; status: string; school_id: number | null },
): boolean {
  return (
    draft.owner_id === auth.userId ||
    (draft.status === 'published' && inSchool(auth, draft.school_id))
  );
}

/** 422 `draftId` unless the user may link the draft, and it is of the kind named. */
export function assertLinkableDraft(
  auth: Pick<AuthContext, 'userId' | 'schoolId'>,
  draft: { owner_id: number; status: string; school_id: number | null; type: string } | null,
  kind: string,
): void {
  if (!draft || !canLinkDraft(auth, draft))
    throw new CalendarPlanError(422, 'draft_not_available', 'draftId');
  if (draft.type !== kind) throw new CalendarPlanError(422, 'draft_wrong_kind', 'draftId');
}

/** Whether the user's subscriptions running now are all locked (none running: not locked). */
export function isSubscriptionLocked(locks: readonly boolean[]): boolean {
  return locks.length > 0 && locks.every((locked) => locked);
}

/**
 * The teacher grades open answers of the attempt only, each up to its task's maximum; 422 names
 * the first bad grade (`grades.<i>.moduleId` or `grades.<i>.points`).
 */
export function assertGrades(
  attempt: Attempt,
  grades: readonly { moduleId: string; points: number }[],
): void {
  for (const [index, grade] of grades.entries()) {
    const target = attempt.results.find((result) => result.moduleId === grade.moduleId);
    if (!target) throw new TeachingError(422, 'answer_unknown_module', `grades.${index}.moduleId`);
    if (target.kind !== 'open')
      throw new TeachingError(422, 'module_not_gradable', `grades.${index}.moduleId`);
    if (grade.points > target.max)
      throw new TeachingError(422, 'points_over_max', `grades.${index}.points`);
  }
}
