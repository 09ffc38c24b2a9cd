import { describe, expect, it } from 'vitest';
import { ROLES, ROLE_CODES, ROLE_GROUPS, inGroup, isRole } from './roles';

describe('roles (spec §6)', () => {
  it('every role code and group member is a known role', () => {
    for (const role of Object.values(ROLE_CODES)) expect(isRole(role)).toBe(true);
    for (const members of Object.values(ROLE_GROUPS))
      for (const role of members) expect(ROLES).toContain(role);
  });

  it('groups match the spec', () => {
    expect(inGroup('teacher', 'employees')).toBe(true);
    expect(inGroup('director', 'management')).toBe(true);
    expect(inGroup('methodist', 'employees')).toBe(false);
    expect(inGroup('region_worker', 'workers')).toBe(true);
    expect(isRole('root')).toBe(false);
    // The content administrator (issue 19) is a role of the platform, in no school group.
    expect(isRole('admin')).toBe(true);
    for (const members of Object.values(ROLE_GROUPS)) expect(members).not.toContain('admin');
  });
});
