import { describe, expect, it } from 'vitest';
import type { Role } from '@sabaq/platform';
import type { AuthContext } from '../http/context';
import type { CalendarPlanError } from './calendar-plans';
import {
  assertDateInYear,
  assertNotAnswered,
  canCreatePlan,
  canPlanWholeGroup,
} from './calendar-plan-edit-access';

function planner(role: Role, userId: number, ledGroups: number[] = [], schoolId = 1) {
  const auth: AuthContext = { userId, role, schoolId, sessionId: 's', token: 't' };
  return { auth, ledGroups };
}

const group = { id: 10, school_id: 1 };

function refusal(run: () => unknown): { status: number; key: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    const { status, planKey } = err as CalendarPlanError;
    return { status, key: planKey };
  }
}

describe('calendar-plan editing rules (no database)', () => {
  it('management and the class teacher plan every subject; a teacher the ones they teach', () => {
    expect(canPlanWholeGroup(planner('zavuch', 1), group)).toBe(true);
    expect(canPlanWholeGroup(planner('zavuch', 1, [], 2), group)).toBe(false);
    expect(canPlanWholeGroup(planner('teacher', 2, [10]), group)).toBe(true);
    expect(canPlanWholeGroup(planner('teacher', 3), group)).toBe(false);
    expect(canCreatePlan(planner('teacher', 3), group, [3, null])).toBe(true);
    expect(canCreatePlan(planner('teacher', 3), group, [4])).toBe(false);
    expect(canCreatePlan(planner('director', 5), group, [4])).toBe(true);
    expect(canCreatePlan(planner('director', 5, [], 2), group, [4])).toBe(false);
  });

  it('a plan lesson whose materials pupils answered is not deleted (409 naming its number)', () => {
    const answered = new Map([['b', 3]]);
    expect(refusal(() => assertNotAnswered(answered, ['a']))).toBeNull();
    expect(refusal(() => assertNotAnswered(answered, ['a', 'b']))).toEqual({
      status: 409,
      key: 'lesson_answered',
    });
  });

  it('a planned date lies within the school year', () => {
    const year = { start: '2026-09-01', end: '2027-05-25' };
    expect(refusal(() => assertDateInYear(year, null))).toBeNull();
    expect(refusal(() => assertDateInYear(year, '2026-10-01'))).toBeNull();
    expect(refusal(() => assertDateInYear(year, '2027-06-01'))).toEqual({
      status: 422,
      key: 'date_outside_year',
    });
    expect(refusal(() => assertDateInYear(null, '2026-10-01'))?.status).toBe(422);
  });
});
