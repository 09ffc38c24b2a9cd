import type { CyclogramCell, Role } from '@sabaq/platform';
import type { Queryable } from '../db/db';

export interface CyclogramGroup {
  id: number;
  schoolId: number;
  letter: string;
}

/**
 * The kindergarten groups the caller may open: a teacher's own groups (group_personnel); for the
 * kindergarten's director, deputy and methodist every group of their kindergarten.
 */
export async function visibleGroups(
  db: Queryable,
  who: { userId: number; role: Role; schoolId: number | null },
): Promise<CyclogramGroup[]> {
  const own = who.role === 'teacher' || who.role === 'group-lead';
  const rows = own
    ? await db.query<{ id: number; school_id: number; letter: string }>(
        `SELECT g.id, g.school_id, g.letter FROM groups g
           JOIN group_personnel gp ON gp.group_id = g.id
           JOIN schools s ON s.id = g.school_id
          WHERE gp.user_id = $1 AND s.kind = 'kindergarten'
          ORDER BY g.letter, g.id`,
        [who.userId],
      )
    : await db.query<{ id: number; school_id: number; letter: string }>(
        `SELECT g.id, g.school_id, g.letter FROM groups g JOIN schools s ON s.id = g.school_id
          WHERE g.school_id = $1 AND s.kind = 'kindergarten' ORDER BY g.letter, g.id`,
        [who.schoolId ?? 0],
      );
  return rows.map((r) => ({ id: r.id, schoolId: r.school_id, letter: r.letter }));
}

export async function loadWeek(
  db: Queryable,
  schoolId: number,
  groupId: number,
  week: string,
): Promise<{ cells: CyclogramCell[]; updatedAt: Date } | null> {
  const rows = await db.query<{ cells: CyclogramCell[] | string; updated_at: string | Date }>(
    `SELECT cells, updated_at FROM kindergarten_cyclograms
      WHERE school_id = $1 AND group_id = $2 AND week_start = $3`,
    [schoolId, groupId, week],
  );
  const row = rows[0];
  if (!row) return null;
  const cells =
    typeof row.cells === 'string' ? (JSON.parse(row.cells) as CyclogramCell[]) : row.cells;
  return { cells, updatedAt: new Date(row.updated_at) };
}

export async function saveWeek(
  db: Queryable,
  schoolId: number,
  groupId: number,
  week: string,
  cells: CyclogramCell[],
  userId: number,
): Promise<void> {
  await db.query(
    `INSERT INTO kindergarten_cyclograms (school_id, group_id, week_start, cells, updated_by)
     VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (group_id, week_start)
     DO UPDATE SET cells = EXCLUDED.cells, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [schoolId, groupId, week, JSON.stringify(cells), userId],
  );
}

/** The Monday a week before `week` (YYYY-MM-DD). */
export function previousWeek(week: string): string {
  const d = new Date(`${week}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 7);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the week `now` falls in (Kazakhstan time, UTC+5). */
export function mondayOf(now: Date): string {
  const d = new Date(now.getTime() + 5 * 3_600_000);
  const day = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  d.setUTCDate(d.getUTCDate() - (day - 1));
  return d.toISOString().slice(0, 10);
}
