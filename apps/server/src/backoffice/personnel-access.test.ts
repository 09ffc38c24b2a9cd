import { describe, expect, it } from 'vitest';
import type { Caller, StaffTarget } from './personnel-access';
import {
  assertAssignable,
  assertManageable,
  canAssign,
  canManage,
  isManagerRank,
} from './personnel-access';

const director: Caller = { userId: 1, role: 'director', schoolId: 10 };
const zavuch: Caller = { userId: 2, role: 'zavuch', schoolId: 10 };

function staff(over: Partial<StaffTarget> = {}): StaffTarget {
  return { id: 5, school_id: 10, role: 'teacher', subrole: null, dismissed_at: null, ...over };
}

function status(fn: () => unknown): number | null {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as { status: number }).status;
  }
}

describe('personnel access', () => {
  it('ranks deputies by role or the ZVCH subrole, not DCR', () => {
    expect(isManagerRank('zavuch', null)).toBe(true);
    expect(isManagerRank('teacher', 'ZVCH')).toBe(true);
    expect(isManagerRank('teacher', 'DCR')).toBe(false);
    expect(isManagerRank('director', null)).toBe(true);
    expect(isManagerRank('student', null)).toBe(false);
  });

  it('a director manages teachers and deputies, never a director nor themselves', () => {
    expect(canManage(director, staff())).toBe(true);
    expect(canManage(director, staff({ role: 'zavuch' }))).toBe(true);
    expect(canManage(director, staff({ role: 'director' }))).toBe(false);
    expect(canManage(director, staff({ id: 1, role: 'director' }))).toBe(false);
  });

  it('a zavuch manages teachers and class teachers only, and cannot make deputies', () => {
    expect(canManage(zavuch, staff({ subrole: 'DCR' }))).toBe(true);
    expect(canManage(zavuch, staff({ subrole: 'ZVCH' }))).toBe(false);
    expect(canManage(zavuch, staff({ role: 'zavuch', id: 9 }))).toBe(false);
    expect(canAssign(zavuch, 'teacher', 'DCR')).toBe(true);
    expect(canAssign(zavuch, 'zavuch', null)).toBe(false);
    expect(canAssign(zavuch, 'teacher', 'ZVCH')).toBe(false);
    expect(canAssign(director, 'zavuch', null)).toBe(true);
    expect(status(() => assertAssignable(zavuch, 'zavuch', null))).toBe(403);
  });

  it('answers 404 outside the school or for non-staff, 403 and 409 inside it', () => {
    expect(status(() => assertManageable(director, null))).toBe(404);
    expect(status(() => assertManageable(director, staff({ school_id: 11 })))).toBe(404);
    expect(status(() => assertManageable(director, staff({ role: 'student' })))).toBe(404);
    expect(status(() => assertManageable({ ...director, schoolId: null }, staff()))).toBe(404);
    expect(status(() => assertManageable(director, staff({ id: 1, role: 'director' })))).toBe(403);
    expect(status(() => assertManageable(zavuch, staff({ role: 'zavuch', id: 7 })))).toBe(403);
    const gone = staff({ dismissed_at: '2026-11-01T00:00:00Z' });
    expect(status(() => assertManageable(director, gone))).toBe(409);
    expect(status(() => assertManageable(director, gone, { allowDismissed: true }))).toBeNull();
    expect(status(() => assertManageable(director, staff()))).toBeNull();
  });
});
