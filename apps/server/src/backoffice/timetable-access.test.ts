import { describe, expect, it } from 'vitest';
import type { Role } from '@sabaq/platform';
import type { GroupCaller, GroupRef } from './group-access';
import {
  assertPeriodFound,
  assertSlotManageable,
  assertTimetableManageable,
  assertTimetableReadable,
} from './timetable-access';

const caller = (role: Role, schoolId: number | null, ledGroups: number[] = []): GroupCaller => ({
  auth: { userId: 1, role, schoolId },
  ledGroups,
});
const group = (id: number, schoolId: number, archived = false): GroupRef => ({
  id,
  school_id: schoolId,
  archived,
});
const status = (fn: () => void): number | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { status: number }).status;
  }
};

describe('timetable rules', () => {
  it('management reads and builds every class of its school only', () => {
    for (const role of ['director', 'zavuch'] as const) {
      expect(status(() => assertTimetableManageable(caller(role, 1), group(7, 1)))).toBeNull();
      expect(status(() => assertTimetableReadable(caller(role, 2), group(7, 1)))).toBe(404);
      expect(status(() => assertTimetableManageable(caller(role, 2), group(7, 1)))).toBe(404);
    }
  });

  it('a class teacher reads their own class (others: 404) and changes nothing (403)', () => {
    const lead = caller('group-lead', 1, [7]);
    expect(status(() => assertTimetableReadable(lead, group(7, 1)))).toBeNull();
    expect(status(() => assertTimetableReadable(lead, group(8, 1)))).toBe(404);
    expect(status(() => assertTimetableManageable(lead, group(7, 1)))).toBe(403);
    expect(status(() => assertSlotManageable(lead, { archived: false }))).toBe(403);
  });

  it("an archived class's week is history: not read here (404), not changed (409)", () => {
    expect(status(() => assertTimetableReadable(caller('director', 1), group(7, 1, true)))).toBe(
      404,
    );
    expect(status(() => assertTimetableManageable(caller('director', 1), group(7, 1, true)))).toBe(
      409,
    );
    expect(status(() => assertSlotManageable(caller('director', 1), { archived: true }))).toBe(409);
  });

  it('a missing class, lesson or quarter is 404; users without a school reach nothing', () => {
    expect(status(() => assertTimetableReadable(caller('director', 1), undefined))).toBe(404);
    expect(status(() => assertSlotManageable(caller('director', 1), undefined))).toBe(404);
    expect(status(() => assertPeriodFound(undefined))).toBe(404);
    expect(status(() => assertTimetableReadable(caller('director', null), group(7, 1)))).toBe(404);
  });
});
