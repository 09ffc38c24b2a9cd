import { canManageGroup, canReadGroup, isManagement } from './group-access';
import type { GroupCaller, GroupRef } from './group-access';
import { TimetableError } from './timetable-errors';

/**
 * Row rules of the timetables (pure, unit-tested without a database). The policy table admits
 * director, zavuch and group-lead; here: another school's class, quarter or lesson is never
 * reached (404, ids reveal nothing); director and zavuch build every class's week of their
 * school; a class teacher reads their own class's week only (another class: 404) and changes
 * nothing (403); an archived class's week is history (404 to read here, 409 to change).
 */
export { isManagement };

export function assertTimetableReadable(
  caller: GroupCaller,
  group: GroupRef | undefined,
): asserts group is GroupRef {
  if (!group || group.archived || !canReadGroup(caller, group))
    throw new TimetableError(404, 'group_not_found');
}

export function assertTimetableManageable(
  caller: GroupCaller,
  group: GroupRef | undefined,
): asserts group is GroupRef {
  if (group?.archived && canManageGroup(caller, group))
    throw new TimetableError(409, 'group_archived');
  assertTimetableReadable(caller, group);
  if (!canManageGroup(caller, group)) throw new TimetableError(403, 'forbidden');
}

/** A quarter of the caller's school (the lookup is scoped by school); 404 otherwise. */
export function assertPeriodFound<T>(period: T | undefined, field?: string): asserts period is T {
  if (!period) throw new TimetableError(404, 'period_not_found', field);
}

/** Management changes a lesson of its school's active class; others never reach it (policy). */
export function assertSlotManageable<T extends { archived: boolean }>(
  caller: GroupCaller,
  slot: T | undefined,
): asserts slot is T {
  if (!slot) throw new TimetableError(404, 'slot_not_found');
  if (!isManagement(caller)) throw new TimetableError(403, 'forbidden');
  if (slot.archived) throw new TimetableError(409, 'group_archived');
}
