import { describe, expect, it } from 'vitest';
import { canReadRespondent } from './questionnaire-access';
import { groupTypeOf, resolveNode, trailLevels } from './monitoring-scope';
import type { MonitoringError } from './monitoring-texts';

const worker = (role: 'country_worker' | 'region_worker' | 'department_worker') => ({
  role,
  schoolId: null,
  regionId: 1,
  departmentId: 10,
});

describe('the monitoring scope', () => {
  it('starts each follower at their own level', () => {
    expect(resolveNode(worker('country_worker'), {})).toMatchObject({
      level: 'country',
      regionId: null,
    });
    expect(resolveNode(worker('region_worker'), {})).toMatchObject({
      level: 'region',
      regionId: 1,
    });
    expect(resolveNode(worker('department_worker'), {})).toMatchObject({
      level: 'department',
      departmentId: 10,
    });
    const director = { role: 'director' as const, schoolId: 5, regionId: 1, departmentId: 10 };
    expect(resolveNode(director, {})).toMatchObject({
      level: 'organization',
      organizationIds: [5],
    });
    expect(
      resolveNode(worker('region_worker'), { departmentId: 11, organizationIds: [7, 7] }),
    ).toMatchObject({
      level: 'organization',
      departmentId: 11,
      organizationIds: [7],
    });
  });

  it('never above or beside it: another node is a 404, no place at all a 403', () => {
    const status = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return (err as MonitoringError).status;
      }
      return 200;
    };
    expect(status(() => resolveNode(worker('region_worker'), { regionId: 2 }))).toBe(404);
    expect(status(() => resolveNode(worker('department_worker'), { departmentId: 11 }))).toBe(404);
    const director = { role: 'zavuch' as const, schoolId: 5, regionId: 1, departmentId: 10 };
    expect(status(() => resolveNode(director, { organizationIds: [5, 6] }))).toBe(404);
    expect(
      status(() => resolveNode({ ...worker('department_worker'), departmentId: null }, {})),
    ).toBe(403);
  });

  it('draws breadcrumbs from the caller’s top level only', () => {
    expect(trailLevels('region', 'organization')).toEqual(['region', 'department', 'organization']);
    expect(trailLevels('country', 'country')).toEqual(['country']);
  });

  it('gives each person the questionnaire of their role and organization', () => {
    expect(groupTypeOf('teacher', 'school')).toBe('teacher');
    expect(groupTypeOf('group-lead', 'kindergarten')).toBe('garden');
    expect(groupTypeOf('director', 'kindergarten')).toBe('director');
    expect(groupTypeOf('zavuch', 'school')).toBeNull();
    expect(groupTypeOf('teacher', null)).toBeNull();
  });

  it('lets a colleague read nothing, management its organization, workers their tree', () => {
    const respondent = { school_id: 5, region_id: 1, department_id: 10 };
    const at = (school: number | null, region: number | null, department: number | null) => ({
      school_id: school,
      region_id: region,
      department_id: department,
    });
    expect(canReadRespondent({ role: 'teacher' }, at(5, 1, 10), respondent)).toBe(false);
    expect(canReadRespondent({ role: 'director' }, at(5, 1, 10), respondent)).toBe(true);
    expect(canReadRespondent({ role: 'director' }, at(6, 1, 10), respondent)).toBe(false);
    expect(canReadRespondent({ role: 'department_worker' }, at(null, 1, 11), respondent)).toBe(
      false,
    );
    expect(canReadRespondent({ role: 'region_worker' }, at(null, 1, null), respondent)).toBe(true);
    expect(canReadRespondent({ role: 'country_worker' }, at(null, null, null), respondent)).toBe(
      true,
    );
  });
});
