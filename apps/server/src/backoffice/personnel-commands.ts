import { iinBirthDate, iinGender } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import type { JobContext } from '../jobs/job-runner';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { HttpError } from '../http/errors';
import type { Caller } from './personnel-access';
import { canAssign, canManage, isStaffOf } from './personnel-access';
import type { StaffRowInput } from './personnel-import';
import { StaffImportError } from './personnel-import';
import { makeDefaultPassword } from './personnel-password';
import type { StaffWrite } from './personnel-queries';
import {
  audit,
  findHolders,
  insertStaff,
  markDismissed,
  setDefaultPassword,
  updateStaff,
} from './personnel-queries';
import { PersonnelError } from './personnel-texts';

/** Writes of backoffice personnel: each in one transaction, each audited. */

function bornAndGender(iin: string): { born: string | null; gender: 'm' | 'w' } {
  const d = iinBirthDate(iin);
  const born = d
    ? `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`
    : null;
  return { born, gender: iinGender(iin) === 'f' ? 'w' : 'm' };
}

/** 422 for an IIN or e-mail that someone else holds; `selfId` is the person being edited. */
async function assertFree(
  q: Queryable,
  iin: string | null,
  email: string | null,
  selfId: number | null,
): Promise<void> {
  const holders = await findHolders(q, iin ? [iin] : [], email ? [email] : []);
  for (const h of holders) {
    if (h.id === selfId) continue;
    if (iin && h.iin === iin) throw new PersonnelError(422, 'iin_taken_elsewhere', 'iin');
    if (email && h.email === email.toLowerCase())
      throw new PersonnelError(422, 'email_taken', 'email');
  }
}

async function assertSubjects(q: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await q.query('SELECT id FROM subjects WHERE id = ANY($1::int[])', [ids]);
  if (found.length !== new Set(ids).size)
    throw new PersonnelError(422, 'subject_unknown', 'subjectIds');
}

export async function hireStaff(
  db: Db,
  caller: Caller & { schoolId: number },
  iin: string,
  w: StaffWrite,
): Promise<{ id: number; password: string }> {
  await assertSubjects(db, w.subjectIds);
  await assertFree(db, iin, w.email, null);
  const password = makeDefaultPassword();
  const hash = await hashPassword(password);
  const { born, gender } = bornAndGender(iin);
  const id = await db.transaction(async (tx) => {
    const newId = await insertStaff(tx, caller.schoolId, iin, w, hash, gender, born);
    await audit(tx, caller.userId, 'personnel_hire', newId, { role: w.role, subrole: w.subrole });
    return newId;
  });
  return { id, password };
}

export async function editStaff(
  db: Db,
  caller: Caller & { schoolId: number },
  userId: number,
  w: StaffWrite,
): Promise<void> {
  await assertSubjects(db, w.subjectIds);
  await assertFree(db, null, w.email, userId);
  await db.transaction(async (tx) => {
    await updateStaff(tx, caller.schoolId, userId, w);
    await audit(tx, caller.userId, 'personnel_update', userId, {
      role: w.role,
      subrole: w.subrole,
    });
  });
}

/** Locks the account and ends its sessions; marks, lessons and messages stay. */
export async function dismissStaff(
  db: Db,
  caller: Caller & { schoolId: number },
  userId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await markDismissed(tx, caller.schoolId, userId);
    await revokeUserSessions(tx, userId);
    await audit(tx, caller.userId, 'personnel_dismiss', userId);
  });
}

export async function resetStaffPassword(
  db: Db,
  caller: Caller & { schoolId: number },
  userId: number,
): Promise<string> {
  const password = makeDefaultPassword();
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await setDefaultPassword(tx, caller.schoolId, userId, hash);
    await revokeUserSessions(tx, userId);
    await audit(tx, caller.userId, 'personnel_password_reset', userId);
  });
  return password;
}

/** What a staff import will do, row by row, once every row is known good. */
export type StaffImportPlan = { row: StaffRowInput; existing: number | null; skip: boolean }[];

/**
 * Checks a staff import: each row is a new employee (IIN unknown), an update (IIN of a working
 * employee of this school the caller may manage), or skipped (the school's director as
 * exported). Anything else is a row problem: 422 naming every bad row. The route checks before
 * it queues the import's job, and the job again before it writes.
 */
export async function planStaffImport(
  db: Queryable,
  caller: Caller & { schoolId: number },
  rows: StaffRowInput[],
): Promise<StaffImportPlan> {
  const holders = await findHolders(
    db,
    rows.flatMap((r) => (r.iin ? [r.iin] : [])),
    rows.flatMap((r) => (r.email ? [r.email] : [])),
  );
  const seenIin = new Map<string, number>();
  const seenEmail = new Map<string, number>();
  const plan: { row: StaffRowInput; existing: number | null; skip: boolean }[] = [];
  for (const r of rows) {
    const problems = r.problems;
    if (r.iin && seenIin.has(r.iin)) problems.push('iin_repeated');
    if (r.iin) seenIin.set(r.iin, r.row);
    const email = r.email?.toLowerCase() ?? null;
    if (email && seenEmail.has(email)) problems.push('email_repeated');
    if (email) seenEmail.set(email, r.row);
    // Found by IIN; an account without one (made before IINs were asked) by its e-mail.
    const holder =
      (r.iin
        ? holders.find((h) => h.iin === r.iin)
        : holders.find((h) => h.iin === null && email !== null && h.email === email)) ?? null;
    if (!r.iin && !holder) problems.push('iin_invalid');
    let skip = false;
    if (holder) {
      const ours = isStaffOf(caller, holder);
      if (!ours) problems.push('iin_taken');
      else if (holder.role === 'director' || holder.id === caller.userId) {
        // The director's row and the caller's own, as exported, are left as they are.
        if (r.role === holder.role) skip = true;
        else problems.push('role_forbidden');
      } else if (holder.dismissed_at !== null) problems.push('dismissed');
      else if (!canManage(caller, holder)) problems.push('role_forbidden');
    }
    if (!skip && r.role === 'director') problems.push('role_forbidden');
    else if (!skip && r.role && !canAssign(caller, r.role, r.subrole))
      problems.push('role_forbidden');
    const emailHolder = email ? holders.find((h) => h.email === email) : undefined;
    if (emailHolder && emailHolder.id !== holder?.id) problems.push('email_taken');
    r.problems = [...new Set(problems)];
    plan.push({ row: r, existing: holder?.id ?? null, skip });
  }
  const bad = rows.filter((r) => r.problems.length > 0);
  if (bad.length > 0)
    throw new StaffImportError(bad.map((r) => ({ row: r.row, problems: r.problems })));
  return plan;
}

/**
 * The staff import's job (kind `personnel.import`, payload: the caller and the rows as read):
 * checks the rows again (422 naming rows fails the job, nothing written), then writes every row
 * and marks the job done in one transaction.
 */
export async function runStaffImport(ctx: JobContext): Promise<void> {
  const { caller, rows } = ctx.job.payload as {
    caller: Caller & { schoolId: number };
    rows: StaffRowInput[];
  };
  await ctx.progress('checking', 0, rows.length);
  const plan = await planStaffImport(ctx.db, caller, rows);
  const fresh = plan.filter((p) => !p.skip && p.existing === null);
  const passwords = fresh.map(() => makeDefaultPassword());
  await ctx.progress('passwords', 0, fresh.length);
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
  await ctx.progress('writing', fresh.length, fresh.length);
  await ctx.db.transaction(async (tx) => {
    // The school may have changed meanwhile: the same checks inside the transaction.
    const again = await planStaffImport(tx, caller, rows);
    if (again.filter((p) => !p.skip && p.existing === null).length !== fresh.length)
      throw new Error('the staff changed while the import ran');
    const result = await writeStaffImport(tx, caller, plan, passwords, hashes);
    await ctx.complete(tx, result);
  });
}

async function writeStaffImport(
  tx: Queryable,
  caller: Caller & { schoolId: number },
  plan: StaffImportPlan,
  passwords: string[],
  hashes: string[],
): Promise<{ updated: number; created: { iin: string; fullname: string; password: string }[] }> {
  let updated = 0;
  const created: { iin: string; fullname: string; password: string }[] = [];
  for (const p of plan) {
    if (p.skip) continue;
    const w: StaffWrite = { ...p.row };
    if (p.existing !== null) {
      await updateStaff(tx, caller.schoolId, p.existing, w);
      updated++;
      continue;
    }
    const i = created.length;
    const { born, gender } = bornAndGender(p.row.iin);
    const id = await insertStaff(tx, caller.schoolId, p.row.iin, w, hashes[i] ?? '', gender, born);
    await audit(tx, caller.userId, 'personnel_hire', id, { import: true });
    created.push({
      iin: p.row.iin,
      fullname: [p.row.surname, p.row.firstname, p.row.lastname].filter(Boolean).join(' '),
      password: passwords[i] ?? '',
    });
  }
  if (updated > 0) await audit(tx, caller.userId, 'personnel_import', caller.userId, { updated });
  return { updated, created };
}

export function requireSchool(caller: Caller): Caller & { schoolId: number } {
  if (caller.schoolId === null) throw new HttpError(403, 'forbidden');
  return caller as Caller & { schoolId: number };
}
