import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';

/** All SQL of the archive: archived classes and pupils removed to the archive, per school. */

export interface ArchivedGroupRow {
  id: number;
  parallel: number;
  letter: string;
  archived_at: string | null;
  pupils: number;
}

export async function listArchivedGroups(
  q: Queryable,
  schoolId: number,
): Promise<ArchivedGroupRow[]> {
  return q.query<ArchivedGroupRow>(
    `SELECT g.id, g.parallel, g.letter, to_char(g.archived_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS archived_at,
            (SELECT count(*)::int FROM users u WHERE u.role = 'student'
               AND (u.group_id = g.id OR u.archived_group_id = g.id)) AS pupils
       FROM groups g WHERE g.school_id = $1 AND g.archived
      ORDER BY g.archived_at DESC NULLS LAST, g.parallel DESC, g.letter`,
    [schoolId],
  );
}

export async function listLeavers(
  q: Queryable,
  schoolId: number,
): Promise<
  {
    id: number;
    fullname: string;
    group_id: number;
    parallel: number;
    letter: string;
    archived_at: string;
  }[]
> {
  return q.query(
    `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname, g.id AS group_id,
            g.parallel, g.letter, to_char(u.archived_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS archived_at
       FROM users u JOIN groups g ON g.id = u.archived_group_id
      WHERE g.school_id = $1 AND u.role = 'student' AND u.group_id IS NULL
      ORDER BY u.archived_at DESC, u.surname, u.firstname`,
    [schoolId],
  );
}

/**
 * An archived class's pupils (left = removed to the archive from it before the class itself went;
 * the leavers of a year transition went with their class, in the same moment).
 */
export async function listArchivedPupils(
  q: Queryable,
  groupId: number,
  withMembers: boolean,
): Promise<{ id: number; fullname: string; left: boolean }[]> {
  return q.query(
    `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname,
            u.group_id IS NULL AND (g.archived_at IS NULL OR u.archived_at < g.archived_at) AS left
       FROM users u JOIN groups g ON g.id = $1
      WHERE u.role = 'student'
        AND ((u.group_id IS NULL AND u.archived_group_id = $1) OR ($2 AND u.group_id = $1))
      ORDER BY u.surname, u.firstname, u.id`,
    [groupId, withMembers],
  );
}

export async function listArchivedSubjects(
  q: Queryable,
  groupId: number,
  locale: Locale,
): Promise<
  {
    subject_id: number;
    subject_name: string;
    teacher_id: number | null;
    teacher_name: string | null;
  }[]
> {
  const name = locale === 'kz' ? 's.name_kz' : 's.name_ru';
  return q.query(
    `SELECT DISTINCT s.id AS subject_id, ${name} AS subject_name, u.id AS teacher_id,
            concat_ws(' ', u.surname, u.firstname) AS teacher_name
       FROM timetable_slots t JOIN subjects s ON s.id = t.subject_id
       LEFT JOIN users u ON u.id = t.teacher_id
      WHERE t.group_id = $1 ORDER BY 2, 4`,
    [groupId],
  );
}
