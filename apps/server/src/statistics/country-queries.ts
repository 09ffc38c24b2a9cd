import type { DrillLevel, Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { TALLY_OF_RESULTS, TALLY_OVER_PERIODS, type TallyRow } from './statistics-queries';

export interface WorkerRow {
  region_id: number | null;
  department_id: number | null;
}

export async function loadWorker(q: Queryable, userId: number): Promise<WorkerRow | undefined> {
  const rows = await q.query<WorkerRow>(
    'SELECT region_id, department_id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

/** A node of the tree with its parents, or undefined when the ids do not chain. */
export interface NodeRow {
  region_id: number | null;
  department_id: number | null;
  school_id: number | null;
  group_id: number | null;
}

/**
 * Checks that the ids of a drill-down path belong together (the department is the region's, the
 * school is in the department, the class is the school's) and returns them; a broken chain is
 * undefined (a 404 for the caller).
 */
export async function loadChain(
  q: Queryable,
  ids: { regionId?: number; departmentId?: number; schoolId?: number; groupId?: number },
): Promise<NodeRow | undefined> {
  const rows = await q.query<NodeRow & { ok: boolean }>(
    `SELECT $1::int AS region_id, $2::int AS department_id, $3::int AS school_id, $4::int AS group_id,
            ($1::int IS NULL OR EXISTS (SELECT 1 FROM regions WHERE id = $1))
        AND ($2::int IS NULL OR EXISTS (SELECT 1 FROM departments WHERE id = $2 AND region_id = $1))
        AND ($3::int IS NULL OR EXISTS (
              SELECT 1 FROM schools s JOIN localities l ON l.id = s.locality_id
               WHERE s.id = $3 AND s.kind = 'school' AND l.department_id = $2))
        AND ($4::int IS NULL OR EXISTS (
              SELECT 1 FROM groups WHERE id = $4 AND school_id = $3 AND NOT archived AND parallel > 0)) AS ok`,
    [ids.regionId ?? null, ids.departmentId ?? null, ids.schoolId ?? null, ids.groupId ?? null],
  );
  const row = rows[0];
  return row?.ok ? row : undefined;
}

/** Names of the nodes on a path, for the breadcrumbs. */
export async function nameChain(q: Queryable, node: NodeRow, locale: Locale) {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  const rows = await q.query<{
    region: string | null;
    department: string | null;
    school: string | null;
    grp: string | null;
  }>(
    `SELECT (SELECT ${name} FROM regions WHERE id = $1) AS region,
            (SELECT ${name} FROM departments WHERE id = $2) AS department,
            (SELECT ${name} FROM schools WHERE id = $3) AS school,
            (SELECT parallel || letter FROM groups WHERE id = $4) AS grp`,
    [node.region_id, node.department_id, node.school_id, node.group_id],
  );
  return rows[0]!;
}

/** The school year running now and its current quarter (the periods marked current). */
export async function loadCurrentYear(
  q: Queryable,
): Promise<{ school_year: string; quarter: number } | undefined> {
  const rows = await q.query<{ school_year: string; quarter: number }>(
    `SELECT school_year, quarter FROM periods WHERE is_current
      GROUP BY school_year, quarter ORDER BY school_year DESC, count(*) DESC LIMIT 1`,
  );
  return rows[0];
}

const CHILD_KEY: Record<DrillLevel, string> = {
  country: 'd.region_id',
  region: 'd.id',
  department: 's.id',
  school: 'r.group_id',
  group: 'r.subject_id',
};

/**
 * The node's tallies split by its children (key = child id) and, with `whole`, the node's own
 * total (key null). One query over the roll-up of the schools below.
 */
/** Levels whose children are schools or above: they read the per-school sums (second tier). */
const TOTALS_KEY: Partial<Record<DrillLevel, string>> = {
  country: 'd.region_id',
  region: 'd.id',
  department: 's.id',
};

export async function tallyNode(
  q: Queryable,
  level: DrillLevel,
  node: NodeRow,
  year: { school_year: string; quarters: readonly number[] },
  whole: boolean,
): Promise<(TallyRow & { schools: number | string })[]> {
  const params = [
    year.school_year,
    [...year.quarters],
    node.region_id,
    node.department_id,
    node.school_id,
    node.group_id,
  ];
  const totalsKey = TOTALS_KEY[level];
  if (totalsKey)
    return q.query<TallyRow & { schools: number | string }>(
      // Per school over the periods first (TALLY_OVER_PERIODS), then the schools add up.
      `SELECT school.key, count(*) AS schools, sum(school.pupils) AS pupils,
              sum(school.graded) AS graded, sum(school.five) AS five, sum(school.four) AS four,
              sum(school.three) AS three, sum(school.two) AS two, sum(school.grade_sum) AS grade_sum,
              sum(school.sor_points) AS sor_points, sum(school.sor_max) AS sor_max,
              sum(school.soch_points) AS soch_points, sum(school.soch_max) AS soch_max,
              sum(school.lessons) AS lessons, sum(school.absences) AS absences,
              sum(school.active) AS active, sum(school.pupil_periods) AS pupil_periods
         FROM (SELECT per.key, per.school_id, ${TALLY_OVER_PERIODS}
                 FROM (SELECT ${whole ? 'NULL::int' : totalsKey} AS key, t.school_id, t.pupils,
                              t.graded, t.five, t.four, t.three, t.two, t.grade_sum, t.sor_points,
                              t.sor_max, t.soch_points, t.soch_max, t.lessons, t.absences, t.active
                         FROM stat_school_totals t
                         JOIN periods p ON p.id = t.period_id AND p.school_year = $1
                                       AND p.quarter = ANY($2::int[])
                         JOIN schools s ON s.id = t.school_id
                         LEFT JOIN localities l ON l.id = s.locality_id
                         LEFT JOIN departments d ON d.id = l.department_id
                        WHERE ($3::int IS NULL OR d.region_id = $3) AND ($4::int IS NULL OR d.id = $4)
                          AND ($5::int IS NULL OR s.id = $5) AND $6::int IS NULL) per
                GROUP BY per.key, per.school_id) school
        GROUP BY school.key`,
      params,
    );
  const key = whole ? 'NULL::int' : CHILD_KEY[level];
  return q.query<TallyRow & { schools: number | string }>(
    `SELECT per.key, max(per.schools) AS schools, ${TALLY_OVER_PERIODS}
       FROM (SELECT ${key} AS key, r.period_id, count(DISTINCT r.school_id) AS schools, ${TALLY_OF_RESULTS}
               FROM stat_results r
               JOIN periods p ON p.id = r.period_id AND p.school_year = $1 AND p.quarter = ANY($2::int[])
               JOIN schools s ON s.id = r.school_id
               LEFT JOIN localities l ON l.id = s.locality_id
               LEFT JOIN departments d ON d.id = l.department_id
              WHERE ($3::int IS NULL OR d.region_id = $3) AND ($4::int IS NULL OR d.id = $4)
                AND ($5::int IS NULL OR s.id = $5) AND ($6::int IS NULL OR r.group_id = $6)
              GROUP BY 1, 2) per
      GROUP BY per.key`,
    params,
  );
}

/** The children of a node, every one of them (with or without figures), in reading order. */
export async function listChildren(
  q: Queryable,
  level: DrillLevel,
  node: NodeRow,
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  switch (level) {
    case 'country':
      return q.query(`SELECT id, ${name} AS name FROM regions ORDER BY ${name}`);
    case 'region':
      return q.query(
        `SELECT id, ${name} AS name FROM departments WHERE region_id = $1 ORDER BY ${name}`,
        [node.region_id],
      );
    case 'department':
      return q.query(
        `SELECT s.id, s.${name} AS name FROM schools s JOIN localities l ON l.id = s.locality_id
          WHERE l.department_id = $1 AND s.kind = 'school' ORDER BY s.${name}`,
        [node.department_id],
      );
    case 'school':
      return q.query(
        `SELECT id, parallel || letter AS name FROM groups
          WHERE school_id = $1 AND NOT archived AND parallel > 0 ORDER BY parallel, letter`,
        [node.school_id],
      );
    case 'group':
      return q.query(
        `SELECT DISTINCT s.id, s.${name} AS name FROM stat_results r JOIN subjects s ON s.id = r.subject_id
          WHERE r.group_id = $1 ORDER BY name`,
        [node.group_id],
      );
  }
}
