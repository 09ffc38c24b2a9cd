import { describe, expect, it } from 'vitest';
import type { Attempt } from '@sabaq/platform';
import type { CalendarPlanError } from './calendar-plans';
import type { TeachingError } from './errors';
import {
  assertCanManagePlan,
  assertGrades,
  assertLinkableDraft,
  canLinkDraft,
  isSubscriptionLocked,
} from './calendar-plan-access';

function refusal(run: () => unknown): { status: number; key: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    const error = err as CalendarPlanError & Partial<TeachingError>;
    return { status: error.status, key: error.planKey ?? error.teachingKey ?? '' };
  }
}

const teacher = { userId: 7, schoolId: 1 };

describe('calendar-plan row rules (no database)', () => {
  it('those who manage the plan change it; readers get 403', () => {
    expect(refusal(() => assertCanManagePlan('manage'))).toBeNull();
    expect(refusal(() => assertCanManagePlan('read'))).toEqual({
      status: 403,
      key: 'not_your_plan',
    });
  });

  it('a linked draft is the user’s own or a published draft of their school, of the kind named', () => {
    const own = { owner_id: 7, status: 'draft', school_id: 2, type: 'lecture' };
    const schools = { owner_id: 8, status: 'published', school_id: 1, type: 'lecture' };
    expect(canLinkDraft(teacher, own)).toBe(true);
    expect(canLinkDraft(teacher, schools)).toBe(true);
    expect(canLinkDraft(teacher, { ...schools, status: 'draft' })).toBe(false);
    expect(canLinkDraft(teacher, { ...schools, school_id: 2 })).toBe(false);
    expect(refusal(() => assertLinkableDraft(teacher, own, 'lecture'))).toBeNull();
    expect(refusal(() => assertLinkableDraft(teacher, null, 'lecture'))).toEqual({
      status: 422,
      key: 'draft_not_available',
    });
    expect(refusal(() => assertLinkableDraft(teacher, own, 'sor'))).toEqual({
      status: 422,
      key: 'draft_wrong_kind',
    });
  });

  it('a subscription locks only when every running one is locked', () => {
    expect(isSubscriptionLocked([])).toBe(false);
    expect(isSubscriptionLocked([true, false])).toBe(false);
    expect(isSubscriptionLocked([true])).toBe(true);
  });

  it('grades: open answers only, up to the maximum, the first bad one named', () => {
    const attempt = {
      results: [
        { moduleId: 'open', kind: 'open', max: 3 },
        { moduleId: 'choice', kind: 'choice', max: 1 },
      ],
    } as unknown as Attempt;
    expect(refusal(() => assertGrades(attempt, [{ moduleId: 'open', points: 3 }]))).toBeNull();
    expect(
      refusal(() =>
        assertGrades(attempt, [
          { moduleId: 'open', points: 1 },
          { moduleId: 'open', points: 4 },
        ]),
      ),
    ).toEqual({ status: 422, key: 'points_over_max' });
    expect(refusal(() => assertGrades(attempt, [{ moduleId: 'choice', points: 1 }]))).toEqual({
      status: 422,
      key: 'module_not_gradable',
    });
    expect(refusal(() => assertGrades(attempt, [{ moduleId: 'x', points: 1 }]))).toEqual({
      status: 422,
      key: 'answer_unknown_module',
    });
  });
});
