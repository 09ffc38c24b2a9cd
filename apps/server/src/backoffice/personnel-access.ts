import type { Role } from '@sabaq/platform';
import { effectiveRole } from '../auth/user';
import { HttpError } from '../http/errors';
import { PersonnelError } from './personnel-texts';

/**
 * Row rules of backoffice personnel (the role list is the policy table's: director, zavuch).
 *
 * - Someone outside the caller's school, or not staff of it, does not exist for them (404).
 * - Nobody changes their own account here, nor a director's (403).
 * - A director manages teachers and deputies; a deputy (zavuch, or a teacher with the ZVCH
 *   subrole) manages teachers only and cannot make anyone a deputy (403).
 * - A dismissed employee's account is closed: no edit, no reset, no second dismissal (409).
 */
export interface Caller {
  userId: number;
  role: Role;
  schoolId: number | null;
}

export interface StaffTarget {
  id: number;
  school_id: number | null;
  role: string;
  subrole: string | null;
  dismissed_at: string | null;
}

const STAFF = new Set(['teacher', 'zavuch', 'director']);

export function isStaffOf(caller: Caller, target: StaffTarget | null): target is StaffTarget {
  return (
    target !== null &&
    caller.schoolId !== null &&
    target.school_id === caller.schoolId &&
    STAFF.has(target.role)
  );
}

/** Whether the person (by their stored role and subrole) counts as a deputy or above. */
export function isManagerRank(role: string, subrole: string | null): boolean {
  if (!STAFF.has(role)) return false;
  const effective = effectiveRole(role, subrole);
  return effective === 'zavuch' || effective === 'director';
}

/** Whether the caller may edit, dismiss or reset the password of `target` (same school). */
export function canManage(caller: Caller, target: StaffTarget): boolean {
  if (target.id === caller.userId || target.role === 'director') return false;
  if (caller.role === 'director') return true;
  return !isManagerRank(target.role, target.subrole);
}

/** Whether the caller may give someone this role and subrole. */
export function canAssign(caller: Caller, role: string, subrole: string | null): boolean {
  return caller.role === 'director' || !isManagerRank(role, subrole);
}

/** The target if the caller may change it: 404 outside the school, 403/409 inside it. */
export function assertManageable(
  caller: Caller,
  target: StaffTarget | null,
  { allowDismissed = false } = {},
): StaffTarget {
  if (!isStaffOf(caller, target)) throw new HttpError(404, 'not_found');
  if (target.id === caller.userId) throw new PersonnelError(403, 'not_self');
  if (!canManage(caller, target)) throw new PersonnelError(403, 'not_staff_manager');
  if (target.dismissed_at !== null && !allowDismissed) throw new PersonnelError(409, 'dismissed');
  return target;
}

/** 403 when the caller may not give this role and subrole. */
export function assertAssignable(caller: Caller, role: string, subrole: string | null): void {
  if (!canAssign(caller, role, subrole)) throw new PersonnelError(403, 'not_staff_manager', 'role');
}
