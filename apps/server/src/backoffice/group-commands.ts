import { randomBytes, randomInt } from 'node:crypto';
import { iinBirthDate, iinGender } from '@sabaq/platform';
import type { GroupBodySchema, MessageKey, PupilAddRequest } from '@sabaq/platform';
import type { z } from 'zod';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import type { Queryable } from '../db/db';
import { HttpError } from '../http/errors';
import { GroupError } from './group-errors';
import { checkGroupReferences, findPupilByIin, isIinTaken, schoolArea } from './group-queries';

/** Writes of more than one statement; each runs inside the caller's transaction. */

type GroupBody = z.output<typeof GroupBodySchema>;

/** 422 per field when the body names a language, teachers or a name the school cannot take. */
export async function assertGroupBody(
  q: Queryable,
  schoolId: number,
  body: GroupBody,
  exceptGroupId: number | null,
): Promise<void> {
  const found = await checkGroupReferences(q, schoolId, body, exceptGroupId);
  const errors: Record<string, MessageKey[]> = {};
  if (!found.langKnown) errors.edu_lang = ['field_invalid'];
  if (new Set(body.personnel_id).size !== found.teachersOfSchool)
    errors.personnel_id = ['group_personnel_unknown'];
  if (found.duplicate) errors.letter = ['group_exists'];
  if (Object.keys(errors).length > 0) throw new HttpError(422, 'validation_failed', { errors });
}

async function saveTeam(q: Queryable, groupId: number, ids: readonly number[]): Promise<void> {
  await q.query('DELETE FROM group_personnel WHERE group_id = $1', [groupId]);
  for (const id of new Set(ids)) {
    await q.query('INSERT INTO group_personnel (group_id, user_id) VALUES ($1, $2)', [groupId, id]);
  }
}

export async function createGroup(
  q: Queryable,
  schoolId: number,
  body: GroupBody,
): Promise<number> {
  await assertGroupBody(q, schoolId, body, null);
  const rows = await q.query<{ id: number }>(
    'INSERT INTO groups (school_id, parallel, letter, edu_lang_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [schoolId, body.name, body.letter, body.edu_lang],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('group insert returned no id');
  await saveTeam(q, id, body.personnel_id);
  return id;
}

export async function updateGroup(
  q: Queryable,
  schoolId: number,
  groupId: number,
  body: GroupBody,
): Promise<void> {
  await assertGroupBody(q, schoolId, body, groupId);
  await q.query('UPDATE groups SET parallel = $1, letter = $2, edu_lang_id = $3 WHERE id = $4', [
    body.name,
    body.letter,
    body.edu_lang,
    groupId,
  ]);
  await saveTeam(q, groupId, body.personnel_id);
}

/** A pupil leaves every subgroup of the class they leave (the new class has its own). */
async function leaveSubgroups(q: Queryable, userId: number, groupId: number): Promise<void> {
  await q.query(
    `DELETE FROM subgroup_members m USING subgroups sg
      WHERE sg.id = m.subgroup_id AND m.user_id = $1 AND sg.group_id = $2`,
    [userId, groupId],
  );
}

/**
 * A one-time password for a new pupil account: every class of spec §5's password rule, no
 * look-alike characters; the account must change it at first sign-in (`default_pass`).
 */
export function initialPassword(): string {
  const pick = (chars: string, n: number) =>
    Array.from({ length: n }, () => chars[randomInt(chars.length)]).join('');
  return `${pick('ABCDEFGHJKLMNPQRSTUVWXYZ', 2)}${pick('abcdefghijkmnpqrstuvwxyz', 4)}-${pick('23456789', 4)}`;
}

function isoBirthDate(iin: string): string | null {
  const born = iinBirthDate(iin);
  if (!born) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${born.year}-${pad(born.month)}-${pad(born.day)}`;
}

/** Adds an existing pupil (by IIN) to the class or creates the account; moves them if elsewhere. */
export async function addPupil(
  q: Queryable,
  schoolId: number,
  groupId: number,
  body: PupilAddRequest,
): Promise<{ userId: number; initialPassword: string | null }> {
  if (body.mode === 'existing') {
    const pupil = await findPupilByIin(q, schoolId, body.iin);
    if (!pupil) throw new GroupError(422, 'pupil_not_found', 'iin');
    if (pupil.group_id === groupId) throw new GroupError(422, 'pupil_already_here', 'iin');
    if (pupil.group_id !== null) await leaveSubgroups(q, pupil.id, pupil.group_id);
    await q.query(
      `UPDATE users SET group_id = $1, school_id = $2, archived_at = NULL, archived_group_id = NULL
        WHERE id = $3`,
      [groupId, schoolId, pupil.id],
    );
    return { userId: pupil.id, initialPassword: null };
  }
  if (await isIinTaken(q, body.iin)) throw new GroupError(422, 'iin_taken', 'iin');
  const password = initialPassword();
  const area = await schoolArea(q, schoolId);
  const rows = await q.query<{ id: number }>(
    `INSERT INTO users (iin, password_hash, default_pass, role, firstname, surname, lastname, gender,
                        born_date, school_id, group_id, region_id, department_id, chat_token)
     VALUES ($1, $2, true, 'student', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      body.iin,
      await hashPassword(password),
      body.firstname,
      body.surname,
      body.lastname || null,
      iinGender(body.iin) === 'f' ? 'w' : 'm',
      isoBirthDate(body.iin),
      schoolId,
      groupId,
      area.region_id,
      area.department_id,
      randomBytes(16).toString('hex'),
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('pupil insert returned no id');
  return { userId: id, initialPassword: password };
}

export async function movePupil(
  q: Queryable,
  userId: number,
  fromGroupId: number,
  toGroupId: number,
): Promise<void> {
  await leaveSubgroups(q, userId, fromGroupId);
  await q.query('UPDATE users SET group_id = $1 WHERE id = $2', [toGroupId, userId]);
}

/**
 * The pupil leaves the class for the archive; their marks, answers and history stay. The account
 * is locked like a dismissed employee's: its sessions end now (sockets too) and sign-in refuses it
 * until a school adds the pupil again by IIN.
 */
export async function archivePupil(q: Queryable, userId: number, groupId: number): Promise<void> {
  await leaveSubgroups(q, userId, groupId);
  await q.query(
    `UPDATE users SET group_id = NULL, archived_group_id = $1, archived_at = now() WHERE id = $2`,
    [groupId, userId],
  );
  await revokeUserSessions(q, userId);
}
