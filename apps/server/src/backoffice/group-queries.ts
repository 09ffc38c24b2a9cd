import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { GroupCaller, GroupRef } from './group-access';
import type { GroupPart } from './group-errors';

/** All SQL of the backoffice classes and their pupils. Every read is bound to a school. */

export interface GroupRow extends GroupRef {
  parallel: number;
  letter: string;
  edu_lang_id: number;
  edu_lang_name: string;
  pupils: number;
  archived_at: string | null;
}

export interface PersonRow {
  id: number;
  fullname: string;
}

const FULLNAME = "trim(u.surname || ' ' || u.firstname || coalesce(' ' || u.lastname, ''))";

function langName(locale: Locale): string {
  return locale === 'kz' ? 'e.name_kz' : 'e.name_ru';
}

const GROUP_SELECT = (locale: Locale) =>
  `SELECT g.id, g.school_id, g.archived, to_char(g.archived_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS archived_at, g.parallel, g.letter, g.edu_lang_id,
          ${langName(locale)} AS edu_lang_name,
          (SELECT count(*)::int FROM users p WHERE p.group_id = g.id AND p.role = 'student') AS pupils
     FROM groups g JOIN edu_langs e ON e.id = g.edu_lang_id`;

/** One class by id (any school: the access rules decide), or undefined. */
export async function findGroup(
  q: Queryable,
  groupId: number,
  locale: Locale,
  lock = false,
): Promise<GroupRow | undefined> {
  const rows = await q.query<GroupRow>(
    `${GROUP_SELECT(locale)} WHERE g.id = $1${lock ? ' FOR UPDATE OF g' : ''}`,
    [groupId],
  );
  return rows[0];
}

/** The school's active classes (all, or only `onlyIds`), by parallel and letter. */
export async function listGroups(
  q: Queryable,
  schoolId: number,
  locale: Locale,
  onlyIds: readonly number[] | null,
): Promise<GroupRow[]> {
  return q.query<GroupRow>(
    `${GROUP_SELECT(locale)}
      WHERE g.school_id = $1 AND NOT g.archived AND ($2::int[] IS NULL OR g.id = ANY($2::int[]))
      ORDER BY g.parallel, g.letter`,
    [schoolId, onlyIds],
  );
}

/** Class teachers (group_personnel) of the given classes. */
export async function listClassTeachers(
  q: Queryable,
  groupIds: readonly number[],
): Promise<(PersonRow & { group_id: number })[]> {
  if (groupIds.length === 0) return [];
  return q.query<PersonRow & { group_id: number }>(
    `SELECT gp.group_id, u.id, ${FULLNAME} AS fullname
       FROM group_personnel gp JOIN users u ON u.id = gp.user_id
      WHERE gp.group_id = ANY($1::int[]) ORDER BY u.surname, u.firstname, u.id`,
    [groupIds],
  );
}

/** Classes the user leads (group_personnel). */
export async function listLedGroups(q: Queryable, userId: number): Promise<number[]> {
  const rows = await q.query<{ group_id: number }>(
    'SELECT group_id FROM group_personnel WHERE user_id = $1',
    [userId],
  );
  return rows.map((row) => row.group_id);
}

/** Pupils of a class, alphabetical (journal order). */
export async function listPupils(
  q: Queryable,
  groupId: number,
): Promise<(PersonRow & { iin: string | null })[]> {
  return q.query<PersonRow & { iin: string | null }>(
    `SELECT u.id, ${FULLNAME} AS fullname, u.iin FROM users u
      WHERE u.role = 'student' AND u.group_id = $1 ORDER BY u.surname, u.firstname, u.id`,
    [groupId],
  );
}

/** The teachers of each subject of the class's timetable, and its subgroup count. */
export async function listSubjectTeachers(
  q: Queryable,
  groupId: number,
  locale: Locale,
): Promise<
  {
    subject_id: number;
    subject_name: string;
    teacher_id: number | null;
    teacher_name: string | null;
    subgroups: number;
  }[]
> {
  const name = locale === 'kz' ? 'sub.name_kz' : 'sub.name_ru';
  return q.query(
    `SELECT sub.id AS subject_id, ${name} AS subject_name, u.id AS teacher_id,
            CASE WHEN u.id IS NULL THEN NULL ELSE ${FULLNAME} END AS teacher_name,
            (SELECT count(*)::int FROM subgroups sg WHERE sg.group_id = $1 AND sg.subject_id = sub.id) AS subgroups
       FROM (SELECT DISTINCT subject_id, teacher_id FROM timetable_slots WHERE group_id = $1) t
       JOIN subjects sub ON sub.id = t.subject_id
       LEFT JOIN users u ON u.id = t.teacher_id
      ORDER BY 2, u.surname NULLS LAST, u.firstname`,
    [groupId],
  );
}

/** What keeps a class from being deleted. */
export async function listGroupParts(q: Queryable, groupId: number): Promise<GroupPart[]> {
  const rows = await q.query<{
    pupils: boolean;
    timetable: boolean;
    assessments: boolean;
    plans: boolean;
  }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE group_id = $1 OR archived_group_id = $1) AS pupils,
            EXISTS (SELECT 1 FROM timetable_slots WHERE group_id = $1) AS timetable,
            EXISTS (SELECT 1 FROM assessments WHERE group_id = $1) AS assessments,
            EXISTS (SELECT 1 FROM calendar_plans WHERE group_id = $1) AS plans`,
    [groupId],
  );
  const row = rows[0];
  if (!row) return [];
  return (['pupils', 'timetable', 'assessments', 'plans'] as const).filter((part) => row[part]);
}

export async function deleteGroup(q: Queryable, groupId: number): Promise<void> {
  await q.query('DELETE FROM groups WHERE id = $1', [groupId]);
}

export interface PupilAccountRow {
  id: number;
  school_id: number | null;
  group_id: number | null;
  fullname: string;
  iin: string | null;
}

/** A pupil account by IIN: the school's own or one without a school (self-registered). */
export async function findPupilByIin(
  q: Queryable,
  schoolId: number,
  iin: string,
): Promise<PupilAccountRow | undefined> {
  const rows = await q.query<PupilAccountRow>(
    `SELECT u.id, u.school_id, u.group_id, ${FULLNAME} AS fullname, u.iin FROM users u
      WHERE u.iin = $1 AND u.role = 'student' AND (u.school_id = $2 OR u.school_id IS NULL)`,
    [iin, schoolId],
  );
  return rows[0];
}

export async function isIinTaken(q: Queryable, iin: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE iin = $1', [iin])).length > 0;
}

/** A pupil of the class, or undefined. */
export async function findGroupPupil(
  q: Queryable,
  groupId: number,
  userId: number,
): Promise<PersonRow | undefined> {
  const rows = await q.query<PersonRow>(
    `SELECT u.id, ${FULLNAME} AS fullname FROM users u
      WHERE u.id = $1 AND u.group_id = $2 AND u.role = 'student'`,
    [userId, groupId],
  );
  return rows[0];
}

/** Region and department of the school (a new pupil's account carries them, like the seed's). */
export async function schoolArea(
  q: Queryable,
  schoolId: number,
): Promise<{ region_id: number | null; department_id: number | null }> {
  const rows = await q.query<{ region_id: number | null; department_id: number | null }>(
    `SELECT d.region_id, l.department_id FROM schools s
       LEFT JOIN localities l ON l.id = s.locality_id
       LEFT JOIN departments d ON d.id = l.department_id
      WHERE s.id = $1`,
    [schoolId],
  );
  return rows[0] ?? { region_id: null, department_id: null };
}

// --- the group modal of spec §3/§4 ------------------------------------------------------------

export async function listLangs(q: Queryable, locale: Locale): Promise<NamedRow[]> {
  return q.query<NamedRow>(
    `SELECT id, ${locale === 'kz' ? 'name_kz' : 'name_ru'} AS name FROM edu_langs ORDER BY id`,
  );
}

export interface NamedRow {
  id: number;
  name: string;
}

/** Teachers of the school (a subrole such as group-lead is still a teacher). */
export async function listSchoolTeachers(q: Queryable, schoolId: number): Promise<PersonRow[]> {
  return q.query<PersonRow>(
    `SELECT u.id, ${FULLNAME} AS fullname
       FROM users u WHERE u.school_id = $1 AND u.role = 'teacher' ORDER BY u.surname, u.firstname`,
    [schoolId],
  );
}

export async function listTeamIds(q: Queryable, groupId: number): Promise<number[]> {
  const rows = await q.query<{ user_id: number }>(
    'SELECT user_id FROM group_personnel WHERE group_id = $1 ORDER BY user_id',
    [groupId],
  );
  return rows.map((row) => row.user_id);
}

export async function schoolKind(q: Queryable, schoolId: number): Promise<string | undefined> {
  const rows = await q.query<{ kind: string }>('SELECT kind FROM schools WHERE id = $1', [
    schoolId,
  ]);
  return rows[0]?.kind;
}

/** The references of a group body checked against the school. */
export async function checkGroupReferences(
  q: Queryable,
  schoolId: number,
  body: { name: number; letter: string; edu_lang: number; personnel_id: readonly number[] },
  exceptGroupId: number | null,
): Promise<{ langKnown: boolean; teachersOfSchool: number; duplicate: boolean }> {
  const [lang, team, dup] = await Promise.all([
    q.query('SELECT 1 FROM edu_langs WHERE id = $1', [body.edu_lang]),
    body.personnel_id.length
      ? q.query<{ id: number }>(
          "SELECT id FROM users WHERE id = ANY($1::int[]) AND school_id = $2 AND role = 'teacher'",
          [body.personnel_id, schoolId],
        )
      : Promise.resolve([]),
    q.query(
      `SELECT 1 FROM groups
        WHERE school_id = $1 AND parallel = $2 AND letter = $3 AND id <> $4 AND NOT archived`,
      [schoolId, body.name, body.letter, exceptGroupId ?? -1],
    ),
  ]);
  return { langKnown: lang.length > 0, teachersOfSchool: team.length, duplicate: dup.length > 0 };
}

/** Who asks: the session and the classes they lead. */
export async function loadCaller(q: Queryable, auth: GroupCaller['auth']): Promise<GroupCaller> {
  return { auth, ledGroups: await listLedGroups(q, auth.userId) };
}
