import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Timetables of the backoffice (issue 13, spec §2 `backoffice/schedules`, `/{groupId}`). Spread
 * into the one policy table (`API_ROUTES`). Director and zavuch build their school's timetables;
 * a class teacher (group-lead) reads their own class only (row rule in the server's
 * `backoffice/timetable-access.ts`).
 */
const management: readonly Role[] = ROLE_GROUPS.management;
const readers: readonly Role[] = [...ROLE_GROUPS.management, 'group-lead'];

const P = '/api/v2/os/backoffice/schedules';
// A lesson of the week by its own id: not under `schedules/`, where `schedules/{groupId}/slots`
// would make `schedules/slots/{slotId}` ambiguous (a class id «slots»).
const SLOTS = '/api/v2/os/backoffice/schedule-slots';

export const TIMETABLE_ROUTES = {
  'timetables.list': {
    method: 'GET',
    path: P,
    policy: readers,
    summary: "The school's classes with the state of their timetable in a quarter (?periodId=)",
  },
  'timetables.group': {
    method: 'GET',
    path: `${P}/:groupId`,
    policy: readers,
    summary: "A class's week in a quarter: bells, lessons, subjects, teachers, days off",
  },
  'timetables.slotCreate': {
    method: 'POST',
    path: `${P}/:groupId/slots`,
    policy: management,
    summary: 'Put a lesson in the week (409 naming a teacher, room or class clash)',
  },
  'timetables.slotUpdate': {
    method: 'PUT',
    path: `${SLOTS}/:slotId`,
    policy: management,
    summary: 'Change a lesson of the week (409 naming a clash)',
  },
  'timetables.slotDelete': {
    method: 'DELETE',
    path: `${SLOTS}/:slotId`,
    policy: management,
    summary: 'Take a lesson off the week (409 when its dated lessons hold marks or homework)',
  },
  'timetables.copy': {
    method: 'POST',
    path: `${P}/copy`,
    policy: management,
    summary: "Copy a class's week, or the whole school's, from one quarter to another",
  },
} as const;
