import type { CyclogramCell, PlanGoal, PlanItemInput } from '@sabaq/platform';
import type { Queryable } from '../db/db';

interface PlanRow {
  id: number;
  year: number;
  month: number;
  area: PlanGoal['area'];
  topic_kz: string;
  topic_ru: string;
  goals_kz: string;
  goals_ru: string;
  updated_at: string | Date;
}

const COLUMNS = 'id, year, month, area, topic_kz, topic_ru, goals_kz, goals_ru, updated_at';

function goalOf(row: PlanRow): PlanGoal & { updatedAt: Date } {
  return {
    id: row.id,
    year: row.year,
    month: row.month,
    area: row.area,
    topic: { kz: row.topic_kz, ru: row.topic_ru },
    goals: { kz: row.goals_kz, ru: row.goals_ru },
    updatedAt: new Date(row.updated_at),
  };
}

/** Every goal of a group's plan for a school year. */
export async function loadPlanYear(
  db: Queryable,
  schoolId: number,
  groupId: number,
  year: number,
): Promise<(PlanGoal & { updatedAt: Date })[]> {
  const rows = await db.query<PlanRow>(
    `SELECT ${COLUMNS} FROM kindergarten_plan_items
      WHERE school_id = $1 AND group_id = $2 AND year = $3 ORDER BY id`,
    [schoolId, groupId, year],
  );
  return rows.map(goalOf);
}

/** The goals of some months (school year, month) of a group and those with the given ids. */
export async function loadPlanGoals(
  db: Queryable,
  schoolId: number,
  groupId: number,
  months: readonly { year: number; month: number }[],
  ids: readonly number[],
): Promise<PlanGoal[]> {
  const keys = months.map((m) => m.year * 100 + m.month);
  const rows = await db.query<PlanRow>(
    `SELECT ${COLUMNS} FROM kindergarten_plan_items
      WHERE school_id = $1 AND group_id = $2
        AND (year * 100 + month = ANY($3::int[]) OR id = ANY($4::int[]))
      ORDER BY year, month, id`,
    [schoolId, groupId, keys, [...ids]],
  );
  return rows.map((row) => {
    const { updatedAt: _updated, ...goal } = goalOf(row);
    return goal;
  });
}

/** The ids among `ids` that are goals of this group's plan. */
export async function ownPlanItemIds(
  db: Queryable,
  schoolId: number,
  groupId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM kindergarten_plan_items
      WHERE school_id = $1 AND group_id = $2 AND id = ANY($3::int[])`,
    [schoolId, groupId, [...ids]],
  );
  return new Set(rows.map((r) => r.id));
}

const isEmpty = (item: PlanItemInput) =>
  !item.topic.kz && !item.topic.ru && !item.goals.kz && !item.goals.ru;

/**
 * Writes a month: each area with text is inserted or updated in place (its id, which cyclogram
 * cells name, stays); an area left out or emptied is removed. Run inside a transaction.
 */
export async function saveMonth(
  tx: Queryable,
  target: { schoolId: number; groupId: number; year: number; month: number },
  items: readonly PlanItemInput[],
  userId: number,
): Promise<void> {
  const kept = new Map(items.filter((i) => !isEmpty(i)).map((i) => [i.area, i]));
  await tx.query(
    `DELETE FROM kindergarten_plan_items
      WHERE school_id = $1 AND group_id = $2 AND year = $3 AND month = $4
        AND NOT (area = ANY($5::text[]))`,
    [target.schoolId, target.groupId, target.year, target.month, [...kept.keys()]],
  );
  for (const item of kept.values())
    await tx.query(
      `INSERT INTO kindergarten_plan_items (school_id, group_id, year, month, area, topic_kz,
          topic_ru, goals_kz, goals_ru, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (group_id, year, month, area) DO UPDATE SET topic_kz = EXCLUDED.topic_kz,
         topic_ru = EXCLUDED.topic_ru, goals_kz = EXCLUDED.goals_kz, goals_ru = EXCLUDED.goals_ru,
         updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [
        target.schoolId,
        target.groupId,
        target.year,
        target.month,
        item.area,
        item.topic.kz,
        item.topic.ru,
        item.goals.kz,
        item.goals.ru,
        userId,
      ],
    );
}

/** The cyclogram weeks of a group whose Monday falls between two dates (inclusive). */
export async function loadWeeksBetween(
  db: Queryable,
  schoolId: number,
  groupId: number,
  from: string,
  to: string,
): Promise<{ week: string; cells: CyclogramCell[] }[]> {
  const rows = await db.query<{ week: string | Date; cells: CyclogramCell[] | string }>(
    `SELECT to_char(week_start, 'YYYY-MM-DD') AS week, cells FROM kindergarten_cyclograms
      WHERE school_id = $1 AND group_id = $2 AND week_start BETWEEN $3 AND $4
      ORDER BY week_start`,
    [schoolId, groupId, from, to],
  );
  return rows.map((r) => ({
    week: String(r.week),
    cells: typeof r.cells === 'string' ? (JSON.parse(r.cells) as CyclogramCell[]) : r.cells,
  }));
}
