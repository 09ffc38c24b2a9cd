import { describe, expect, it } from 'vitest';
import type { Role } from '@sabaq/platform';
import {
  assertArchiveReadable,
  assertGroupManageable,
  assertGroupReadable,
  canManageGroup,
  canReadGroup,
} from './group-access';
import type { GroupCaller, GroupRef } from './group-access';

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

describe('backoffice class rules', () => {
  it('management reads and changes every class of its school, none of another', () => {
    expect(canReadGroup(caller('director', 1), group(5, 1))).toBe(true);
    expect(canManageGroup(caller('zavuch', 1), group(5, 1))).toBe(true);
    expect(canReadGroup(caller('director', 2), group(5, 1))).toBe(false);
    expect(status(() => assertGroupManageable(caller('director', 2), group(5, 1)))).toBe(404);
    expect(status(() => assertGroupManageable(caller('director', 1), group(5, 1)))).toBeNull();
  });

  it('a class teacher reads only the class they lead and changes nothing (403)', () => {
    const lead = caller('group-lead', 1, [5]);
    expect(status(() => assertGroupReadable(lead, group(5, 1)))).toBeNull();
    expect(status(() => assertGroupReadable(lead, group(6, 1)))).toBe(404);
    expect(status(() => assertGroupManageable(lead, group(5, 1)))).toBe(403);
    expect(status(() => assertGroupReadable(caller('group-lead', 2, [5]), group(5, 1)))).toBe(404);
  });

  it('an archived class is not read as a class (404) and takes no change (409)', () => {
    expect(status(() => assertGroupReadable(caller('director', 1), group(5, 1, true)))).toBe(404);
    expect(status(() => assertGroupManageable(caller('director', 1), group(5, 1, true)))).toBe(409);
    expect(status(() => assertGroupManageable(caller('director', 2), group(5, 1, true)))).toBe(404);
    expect(status(() => assertGroupReadable(caller('director', 1), undefined))).toBe(404);
  });

  it('the archive shows archived classes, and active ones only for their leavers', () => {
    const director = caller('director', 1);
    expect(status(() => assertArchiveReadable(director, group(5, 1, true), false))).toBeNull();
    expect(status(() => assertArchiveReadable(director, group(5, 1), true))).toBeNull();
    expect(status(() => assertArchiveReadable(director, group(5, 1), false))).toBe(404);
    expect(
      status(() => assertArchiveReadable(caller('methodist', 2), group(5, 1, true), true)),
    ).toBe(404);
  });
});
