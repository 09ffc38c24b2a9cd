import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';

/**
 * Periods (quarters) belong to a school (migration 900): every read and write here names the
 * school, so one school's calendar never answers for another's. Callers pass `schoolOf(auth)`
 * (tenancy.ts) or a row's school.
 */
export interface PeriodRow {
  id: number;
  name: string;
  quarter: number;
  start_date: string;
  end_date: string;
  is_current: boolean;
  school_year: string;
}

function columns(locale: Locale): string {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return `id, ${name} AS name, quarter, to_char(start_date, 'YYYY-MM-DD') AS start_date,
          to_char(end_date, 'YYYY-MM-DD') AS end_date, is_current, school_year`;
}

/** The school year now running for a school, as SQL over `$1` (the school's id). */
const CURRENT_YEAR = `(SELECT school_year FROM periods WHERE school_id = $1 GROUP BY school_year
   ORDER BY bool_or(is_current) DESC, max(end_date) DESC LIMIT 1)`;

/**
 * The school's periods of one school year in calendar order: the year now running unless one is
 * named (a school keeps past years' quarters for its archived classes' journals, and the year
 * transition makes the next year's).
 */
export async function schoolPeriods(
  q: Queryable,
  schoolId: number,
  locale: Locale,
  schoolYear: string | null = null,
): Promise<PeriodRow[]> {
  return q.query<PeriodRow>(
    `SELECT ${columns(locale)} FROM periods
      WHERE school_id = $1 AND school_year = coalesce($2::text, ${CURRENT_YEAR}) ORDER BY start_date`,
    [schoolId, schoolYear],
  );
}

/** The school's period a date falls in, or null. */
export async function periodAt(
  q: Queryable,
  schoolId: number,
  date: string,
  locale: Locale = 'kz',
): Promise<PeriodRow | null> {
  const rows = await q.query<PeriodRow>(
    `SELECT ${columns(locale)} FROM periods
      WHERE school_id = $1 AND $2::date BETWEEN start_date AND end_date ORDER BY start_date LIMIT 1`,
    [schoolId, date],
  );
  return rows[0] ?? null;
}

/**
 * Makes one period of the school current (and no other of that school). Returns false, writing
 * nothing, when the period is not the school's: another school's id is simply not found.
 */
export async function setCurrentPeriod(
  q: Queryable,
  schoolId: number,
  periodId: number,
): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `UPDATE periods SET is_current = (id = $2)
      WHERE school_id = $1 AND EXISTS (SELECT 1 FROM periods WHERE id = $2 AND school_id = $1)
      RETURNING id`,
    [schoolId, periodId],
  );
  return rows.length > 0;
}

/** First and last day of a school year's periods of the school, or null when it has none. */
export async function yearRange(
  q: Queryable,
  schoolId: number,
  schoolYear: string,
): Promise<{ start: string; end: string } | null> {
  const rows = await q.query<{ start: string | null; end: string | null }>(
    `SELECT to_char(min(start_date), 'YYYY-MM-DD') AS start, to_char(max(end_date), 'YYYY-MM-DD') AS end
       FROM periods WHERE school_id = $1 AND school_year = $2`,
    [schoolId, schoolYear],
  );
  const r = rows[0];
  return r?.start && r.end ? { start: r.start, end: r.end } : null;
}

/** The school year new plans are made for: the school's current period's, else its latest. */
export async function currentSchoolYear(q: Queryable, schoolId: number): Promise<string | null> {
  const rows = await q.query<{ school_year: string }>(`SELECT ${CURRENT_YEAR} AS school_year`, [
    schoolId,
  ]);
  return rows[0]?.school_year ?? null;
}
