/**
 * Roles of spec §6. One list shared by the server's policies and the web app's guards and menu.
 */
export const ROLES = [
  'student',
  'teacher',
  'zavuch',
  'methodist',
  'director',
  'group-lead',
  'department_worker',
  'region_worker',
  'country_worker',
  'individual',
  'guest',
  // The platform's own editor of public content (FAQ, news, banners, the agreement; issue 19).
  'admin',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Role codes seen in the source system, mapped to the role they stand for (spec §6). */
export const ROLE_CODES = {
  /** individual lecturer */
  INDVL: 'individual',
  /** class leader / class teacher */
  DCR: 'group-lead',
  /** deputy head (zavuch) */
  ZVCH: 'zavuch',
  CTRWRKR: 'country_worker',
  RGNWRKR: 'region_worker',
  DPTWRKR: 'department_worker',
} as const satisfies Record<string, Role>;

export type RoleCode = keyof typeof ROLE_CODES;

/** Role groups of spec §6. */
export const ROLE_GROUPS = {
  employees: ['teacher', 'group-lead', 'director', 'zavuch'],
  workers: ['department_worker', 'region_worker', 'country_worker'],
  teachers: ['teacher', 'group-lead'],
  management: ['director', 'zavuch'],
} as const satisfies Record<string, readonly Role[]>;

export type RoleGroup = keyof typeof ROLE_GROUPS;

export function inGroup(role: Role, group: RoleGroup): boolean {
  return (ROLE_GROUPS[group] as readonly Role[]).includes(role);
}
