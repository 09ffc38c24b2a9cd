// Public API of @sabaq/platform: what the web app and the server must agree on.
// Each concern lives in its own folder; add its exports here by name (no `export *`).
export { ROLES, ROLE_CODES, ROLE_GROUPS, inGroup, isRole } from './roles/roles';
export type { Role, RoleCode, RoleGroup } from './roles/roles';
