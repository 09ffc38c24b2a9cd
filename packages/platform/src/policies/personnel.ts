import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Backoffice personnel and school settings (issue 13, spec §2/§6: director and zavuch manage the
 * backoffice). Spread into the one policy table (`API_ROUTES`). Row rules (only the caller's
 * school; a zavuch manages teachers, not other deputies) are in the server's
 * backoffice/personnel-access.ts.
 */
const management: readonly Role[] = ROLE_GROUPS.management;
const P = '/api/v2/os/backoffice';

export const PERSONNEL_ROUTES = {
  'personnel.list': {
    method: 'GET',
    path: `${P}/personnel`,
    policy: management,
    summary: "The school's staff: role, subrole, subjects, classes, contact",
  },
  'personnel.hire': {
    method: 'POST',
    path: `${P}/personnel`,
    policy: management,
    summary: 'Hire by IIN: a new account with a default password changed at first login',
  },
  'personnel.update': {
    method: 'PUT',
    path: `${P}/personnel/:userId`,
    policy: management,
    summary: "Edit an employee's names, role, subrole, subjects and contact",
  },
  'personnel.dismiss': {
    method: 'POST',
    path: `${P}/personnel/:userId/dismiss`,
    policy: management,
    summary: 'Dismiss: the account is locked and its sessions end; its history stays',
  },
  'personnel.passwordReset': {
    method: 'POST',
    path: `${P}/personnel/:userId/password-reset`,
    policy: management,
    summary: 'A new default password (changed at next sign-in); open sessions end',
  },
  'personnel.export': {
    method: 'GET',
    path: `${P}/personnel/export`,
    policy: management,
    summary: 'The staff list as .xlsx',
  },
  'personnel.import': {
    method: 'POST',
    path: `${P}/personnel/import`,
    policy: management,
    summary: 'Import the staff list from .xlsx: every bad row named, nothing written if any',
  },
  'schoolSettings.get': {
    method: 'GET',
    path: `${P}/school-settings`,
    policy: management,
    summary: "The school's name, address, BIN, bells, quarters, holidays and grading weights",
  },
  'schoolSettings.save': {
    method: 'PUT',
    path: `${P}/school-settings`,
    policy: management,
    summary: 'Save the school settings (all or nothing, BIN and date rules checked)',
  },
} as const;
