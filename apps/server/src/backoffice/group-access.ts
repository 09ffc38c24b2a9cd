import { inGroup } from '@sabaq/platform';
import type { AuthContext } from '../http/context';
import { inSchool } from '../teaching/tenancy';
import { GroupError } from './group-errors';

/**
 * Row rules of the backoffice classes (pure, unit-tested without a database). The policy table
 * admits the roles; here: a class of another school is never reached (404, ids reveal nothing);
 * director and zavuch manage every class of their school; a class teacher (group_personnel)
 * reads only the classes they lead (another class: 404) and changes none (403); an archived
 * class is read in the archive only and changes no more (409).
 */
export interface GroupCaller {
  auth: Pick<AuthContext, 'userId' | 'role' | 'schoolId'>;
  /** Classes the caller leads (group_personnel). */
  ledGroups: readonly number[];
}

export interface GroupRef {
  id: number;
  school_id: number;
  archived: boolean;
}

export function isManagement(caller: GroupCaller): boolean {
  return inGroup(caller.auth.role, 'management');
}

/** Whether the caller may see the class at all (its school's management or its class teacher). */
export function canReadGroup(caller: GroupCaller, group: GroupRef): boolean {
  if (!inSchool(caller.auth, group.school_id)) return false;
  return isManagement(caller) || caller.ledGroups.includes(group.id);
}

/** Whether the caller may change the class, its pupils and subgroups. */
export function canManageGroup(caller: GroupCaller, group: GroupRef): boolean {
  return inSchool(caller.auth, group.school_id) && isManagement(caller);
}

/** The active class the caller may read; 404 otherwise (someone else's or archived). */
export function assertGroupReadable(
  caller: GroupCaller,
  group: GroupRef | undefined,
): asserts group is GroupRef {
  if (!group || group.archived || !canReadGroup(caller, group))
    throw new GroupError(404, 'group_not_found');
}

/** The active class the caller may change: 404 when not readable, 403 when only readable. */
export function assertGroupManageable(
  caller: GroupCaller,
  group: GroupRef | undefined,
): asserts group is GroupRef {
  if (group?.archived && canManageGroup(caller, group)) throw new GroupError(409, 'group_archived');
  assertGroupReadable(caller, group);
  if (!canManageGroup(caller, group)) throw new GroupError(403, 'group_forbidden');
}

/** A class in the archive (archived, or an active class whose leavers are asked for). */
export function assertArchiveReadable(
  caller: GroupCaller,
  group: GroupRef | undefined,
  hasLeavers: boolean,
): asserts group is GroupRef {
  if (!group || !inSchool(caller.auth, group.school_id) || (!group.archived && !hasLeavers))
    throw new GroupError(404, 'group_not_found');
}
