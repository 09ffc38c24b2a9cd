import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles/roles';
import { API_ROUTES, apiPath, isAllowed } from './policies';

describe('policy table', () => {
  it('has a unique method+path for every route', () => {
    const keys = Object.values(API_ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('keeps students out of groups and backoffice', () => {
    expect(isAllowed(API_ROUTES['dict.groups'].policy, 'student')).toBe(false);
    expect(isAllowed(API_ROUTES['dict.groups'].policy, 'teacher')).toBe(true);
    expect(isAllowed(API_ROUTES['backoffice.groupCreate'].policy, 'director')).toBe(true);
    expect(isAllowed(API_ROUTES['backoffice.groupCreate'].policy, 'teacher')).toBe(false);
  });
  it('anonymous only reaches public routes', () => {
    for (const r of Object.values(API_ROUTES)) {
      expect(isAllowed(r.policy, null)).toBe(r.policy === 'public');
    }
  });
  it('every role may read its own user-info', () => {
    for (const role of ROLES)
      expect(isAllowed(API_ROUTES['auth.userInfo'].policy, role)).toBe(true);
  });
  it('fills path parameters', () => {
    expect(apiPath('backoffice.groupGet', { groupId: 7 })).toBe('/api/v2/os/backoffice/group/7');
    expect(() => apiPath('backoffice.groupGet')).toThrow(/groupId/);
  });
});
