import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';

/** All SQL of the subgroups of a class (subgroups, subgroup_members). */

export interface SubgroupRow {
  id: number;
  group_id: number;
  subject_id: number;
  name: string;
  /** Members who are still pupils of the class. */
  members: number;
}

const SUBGROUP_SELECT = `SELECT sg.id, sg.group_id, sg.subject_id, sg.name,
       (SELECT count(*)::int FROM subgroup_members m JOIN users u ON u.id = m.user_id
         WHERE m.subgroup_id = sg.id AND u.group_id = sg.group_id) AS members
  FROM subgroups sg`;

export async function listSubgroups(q: Queryable, groupId: number): Promise<SubgroupRow[]> {
  return q.query<SubgroupRow>(`${SUBGROUP_SELECT} WHERE sg.group_id = $1 ORDER BY sg.name, sg.id`, [
    groupId,
  ]);
}

export async function findSubgroup(
  q: Queryable,
  subgroupId: number,
  lock = false,
): Promise<SubgroupRow | undefined> {
  const rows = await q.query<SubgroupRow>(
    `${SUBGROUP_SELECT} WHERE sg.id = $1${lock ? ' FOR UPDATE OF sg' : ''}`,
    [subgroupId],
  );
  return rows[0];
}

/** Subjects a class can be split in: its timetable's, and any it already has subgroups of. */
export async function listSplittableSubjects(
  q: Queryable,
  groupId: number,
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  const name = locale === 'kz' ? 'name_kz' : 'name_ru';
  return q.query<{ id: number; name: string }>(
    `SELECT s.id, s.${name} AS name FROM subjects s
      WHERE s.id IN (SELECT subject_id FROM timetable_slots WHERE group_id = $1
                     UNION SELECT subject_id FROM subgroups WHERE group_id = $1)
      ORDER BY 2`,
    [groupId],
  );
}

export async function isNameTaken(
  q: Queryable,
  groupId: number,
  subjectId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM subgroups
      WHERE group_id = $1 AND subject_id = $2 AND lower(name) = lower($3) AND id <> $4`,
    [groupId, subjectId, name, exceptId ?? -1],
  );
  return rows.length > 0;
}

export async function insertSubgroup(
  q: Queryable,
  groupId: number,
  subjectId: number,
  name: string,
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    'INSERT INTO subgroups (group_id, subject_id, name) VALUES ($1, $2, $3) RETURNING id',
    [groupId, subjectId, name],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('subgroup insert returned no id');
  return id;
}

export async function renameSubgroup(q: Queryable, subgroupId: number, name: string) {
  await q.query('UPDATE subgroups SET name = $1 WHERE id = $2', [name, subgroupId]);
}

/** Whether timetable slots (and so dated lessons) or SOR/SOCh hang on the subgroup. */
export async function isSubgroupInUse(q: Queryable, subgroupId: number): Promise<boolean> {
  const rows = await q.query<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM timetable_slots WHERE subgroup_id = $1)
         OR EXISTS (SELECT 1 FROM assessments WHERE subgroup_id = $1) AS used`,
    [subgroupId],
  );
  return rows[0]?.used ?? false;
}

export async function deleteSubgroup(q: Queryable, subgroupId: number): Promise<void> {
  await q.query('DELETE FROM subgroups WHERE id = $1', [subgroupId]);
}

/** The class's pupils with their subgroup in the subject (null: in none). */
export async function listPupilPlacements(
  q: Queryable,
  groupId: number,
  subjectId: number,
): Promise<{ id: number; fullname: string; subgroup_id: number | null }[]> {
  return q.query(
    `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname,
            (SELECT m.subgroup_id FROM subgroup_members m JOIN subgroups sg ON sg.id = m.subgroup_id
              WHERE m.user_id = u.id AND sg.group_id = $1 AND sg.subject_id = $2
              ORDER BY m.subgroup_id LIMIT 1) AS subgroup_id
       FROM users u WHERE u.role = 'student' AND u.group_id = $1
      ORDER BY u.surname, u.firstname, u.id`,
    [groupId, subjectId],
  );
}

/** Puts each pupil in one subgroup of the subject (or none), in the caller's transaction. */
export async function savePlacements(
  q: Queryable,
  groupId: number,
  subjectId: number,
  members: readonly { userId: number; subgroupId: number | null }[],
): Promise<void> {
  await q.query(
    `DELETE FROM subgroup_members m USING subgroups sg
      WHERE sg.id = m.subgroup_id AND sg.group_id = $1 AND sg.subject_id = $2
        AND m.user_id = ANY($3::int[])`,
    [groupId, subjectId, members.map((member) => member.userId)],
  );
  for (const member of members) {
    if (member.subgroupId === null) continue;
    await q.query('INSERT INTO subgroup_members (subgroup_id, user_id) VALUES ($1, $2)', [
      member.subgroupId,
      member.userId,
    ]);
  }
}
