import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { StudentRow } from '../teaching/journal-queries';
import { schoolPeriods } from '../teaching/periods';
import type { PeriodRow } from '../teaching/periods';

/** SQL of an archived class's journal: its school year, that year's quarters, its pupils. */

/**
 * The school year an archived class finished: the one the year transition recorded
 * (groups.archived_year), else the year of the school's last quarter begun before the class was
 * archived (a class archived by hand), else the school's latest year.
 */
export async function archivedYear(
  q: Queryable,
  group: { id: number; school_id: number },
): Promise<string | null> {
  const rows = await q.query<{ school_year: string | null }>(
    `SELECT coalesce(g.archived_year,
              (SELECT p.school_year FROM periods p
                WHERE p.school_id = g.school_id AND p.start_date <= coalesce(g.archived_at, now())::date
                ORDER BY p.start_date DESC LIMIT 1),
              (SELECT p.school_year FROM periods p WHERE p.school_id = g.school_id
                ORDER BY p.end_date DESC LIMIT 1)) AS school_year
       FROM groups g WHERE g.id = $1 AND g.school_id = $2`,
    [group.id, group.school_id],
  );
  return rows[0]?.school_year ?? null;
}

/** That year's quarters of the school, in calendar order. */
export function yearPeriods(
  q: Queryable,
  schoolId: number,
  schoolYear: string,
  locale: Locale,
): Promise<PeriodRow[]> {
  return schoolPeriods(q, schoolId, locale, schoolYear);
}

/** The archived class's pupils: those who left with it (leavers) and any still in it. */
export async function archivedClassPupils(q: Queryable, groupId: number): Promise<StudentRow[]> {
  return q.query<StudentRow>(
    `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname FROM users u
      WHERE u.role = 'student' AND (u.group_id = $1 OR (u.group_id IS NULL AND u.archived_group_id = $1))
      ORDER BY u.surname, u.firstname, u.id`,
    [groupId],
  );
}

/** The archived class's pupils who were in one of its subgroups. */
export async function archivedSubgroupPupils(
  q: Queryable,
  groupId: number,
  subgroupId: number,
): Promise<StudentRow[]> {
  return q.query<StudentRow>(
    `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname
       FROM users u JOIN subgroup_members m ON m.user_id = u.id AND m.subgroup_id = $2
      WHERE u.role = 'student' AND (u.group_id = $1 OR (u.group_id IS NULL AND u.archived_group_id = $1))
      ORDER BY u.surname, u.firstname, u.id`,
    [groupId, subgroupId],
  );
}

/** Whether the subject was taught in the class (its timetable had it). */
export async function wasTaught(
  q: Queryable,
  groupId: number,
  subjectId: number,
): Promise<boolean> {
  const rows = await q.query(
    'SELECT 1 FROM timetable_slots WHERE group_id = $1 AND subject_id = $2 LIMIT 1',
    [groupId, subjectId],
  );
  return rows.length > 0;
}
