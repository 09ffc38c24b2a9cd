import type { StaffMember } from '@sabaq/platform';
import type { Caller } from './personnel-access';
import { canManage } from './personnel-access';
import type { StaffRow } from './personnel-queries';

/** A staff row → the platform contract (camelCase; `manageable` for the caller). */
export function presentStaff(row: StaffRow, caller: Caller): StaffMember {
  const role = row.role === 'zavuch' || row.role === 'director' ? row.role : 'teacher';
  const subrole = row.subrole === 'DCR' || row.subrole === 'ZVCH' ? row.subrole : null;
  return {
    id: row.id,
    iin: row.iin,
    surname: row.surname,
    firstname: row.firstname,
    lastname: row.lastname,
    role,
    subrole,
    position: row.position,
    phone: row.phone,
    email: row.email,
    subjects: row.subjects,
    classes: row.classes,
    defaultPass: row.default_pass,
    dismissedAt: row.dismissed_at,
    manageable: row.dismissed_at === null && canManage(caller, row),
  };
}
