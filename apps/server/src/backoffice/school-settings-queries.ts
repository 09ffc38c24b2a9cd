import { QUARTER_GRADE_CONFIG } from '@sabaq/platform';
import type { SchoolSettings } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { publicDaysOffBetween } from '../teaching/days-off';
import { bell, lessonsPerDay } from '../teaching/timetable';

/**
 * All SQL of the school settings, each statement bound to the school. Quarters are the
 * school's `periods` rows of one school year (migration 900), kept by (year, quarter) so the
 * timetable and assessments that point at them stay attached when dates move.
 */
interface SchoolRow {
  name_kz: string;
  name_ru: string;
  address_kz: string;
  address_ru: string;
  bin: string;
}

const ROMAN = ['I', 'II', 'III', 'IV'];

/** The settings as stored; bells and weights fall back to the platform's defaults. */
export async function loadSettings(q: Queryable, schoolId: number): Promise<SchoolSettings | null> {
  const school = (
    await q.query<SchoolRow>(
      'SELECT name_kz, name_ru, address_kz, address_ru, bin FROM schools WHERE id = $1',
      [schoolId],
    )
  )[0];
  if (!school) return null;
  const [year, bells, holidays, weights] = await Promise.all([
    q.query<{ school_year: string }>(
      `SELECT school_year FROM periods WHERE school_id = $1 GROUP BY school_year
        ORDER BY bool_or(is_current) DESC, max(end_date) DESC LIMIT 1`,
      [schoolId],
    ),
    q.query<{ shift: 1 | 2; starts_at: string; ends_at: string }>(
      `SELECT shift, to_char(starts_at, 'HH24:MI') AS starts_at, to_char(ends_at, 'HH24:MI') AS ends_at
         FROM school_bells WHERE school_id = $1 ORDER BY shift, lesson_no`,
      [schoolId],
    ),
    q.query<{ start: string; end: string; name_kz: string; name_ru: string }>(
      `SELECT to_char(starts_on, 'YYYY-MM-DD') AS start, to_char(ends_on, 'YYYY-MM-DD') AS end,
              name_kz, name_ru FROM school_holidays WHERE school_id = $1 ORDER BY starts_on, id`,
      [schoolId],
    ),
    q.query<{ weight_formative: number; weight_sor: number; weight_soch: number }>(
      'SELECT weight_formative, weight_sor, weight_soch FROM school_settings WHERE school_id = $1',
      [schoolId],
    ),
  ]);
  const schoolYear = year[0]?.school_year ?? defaultSchoolYear(new Date());
  const quarters = await q.query<{
    quarter: number;
    start: string;
    end: string;
    is_current: boolean;
  }>(
    `SELECT quarter, to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end,
            is_current FROM periods WHERE school_id = $1 AND school_year = $2 ORDER BY quarter`,
    [schoolId, schoolYear],
  );
  const w = weights[0];
  const bounds = yearRange(schoolYear);
  const worked = new Set(
    (
      await q.query<{ day: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM school_workdays
          WHERE school_id = $1 AND day BETWEEN $2::date AND $3::date`,
        [schoolId, bounds.start, bounds.end],
      )
    ).map((r) => r.day),
  );
  return {
    nameKz: school.name_kz,
    nameRu: school.name_ru,
    addressKz: school.address_kz,
    addressRu: school.address_ru,
    bin: school.bin,
    shifts: ([1, 2] as const).map((shift) => {
      const own = bells.filter((b) => b.shift === shift);
      return {
        shift,
        bells:
          own.length > 0
            ? own.map((b) => ({ startsAt: b.starts_at, endsAt: b.ends_at }))
            : Array.from({ length: lessonsPerDay(11) }, (_, i) => {
                const b = bell(shift, i + 1);
                return { startsAt: b.startsAt, endsAt: b.endsAt };
              }),
      };
    }),
    schoolYear,
    quarters: quarters.map((p) => ({
      quarter: p.quarter,
      start: p.start,
      end: p.end,
      isCurrent: p.is_current,
    })),
    holidays: holidays.map((h) => ({
      start: h.start,
      end: h.end,
      nameKz: h.name_kz,
      nameRu: h.name_ru,
    })),
    // The same list the timetable and the dated lessons use (teaching/days-off.ts), issue 30.
    publicHolidays: publicDaysOffBetween(bounds.start, bounds.end)
      .filter((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() !== 0)
      .map((d) => ({ date: d.date, nameKz: d.kz, nameRu: d.ru, worked: worked.has(d.date) })),
    weights: w
      ? { formative: w.weight_formative, sor: w.weight_sor, soch: w.weight_soch }
      : { ...QUARTER_GRADE_CONFIG.weights },
  };
}

/** 1 September of the first year to 31 August of the second. */
function yearRange(schoolYear: string): { start: string; end: string } {
  const first = Number(schoolYear.slice(0, 4));
  return { start: `${first}-09-01`, end: `${first + 1}-08-31` };
}

/** The school year a date falls in: from September it is `YYYY-(YYYY+1)`. */
export function defaultSchoolYear(now: Date): string {
  const y = now.getUTCFullYear();
  const first = now.getUTCMonth() >= 8 ? y : y - 1;
  return `${first}-${first + 1}`;
}

/** Writes every part; the caller runs it in one transaction after the checks. */
export async function saveSettings(
  q: Queryable,
  schoolId: number,
  s: SchoolSettings,
): Promise<void> {
  await q.query(
    `UPDATE schools SET name_kz = $2, name_ru = $3, address_kz = $4, address_ru = $5, bin = $6
      WHERE id = $1`,
    [schoolId, s.nameKz, s.nameRu, s.addressKz, s.addressRu, s.bin],
  );
  await q.query('DELETE FROM school_bells WHERE school_id = $1', [schoolId]);
  for (const shift of s.shifts)
    for (const [i, b] of shift.bells.entries())
      await q.query(
        `INSERT INTO school_bells (school_id, shift, lesson_no, starts_at, ends_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [schoolId, shift.shift, i + 1, b.startsAt, b.endsAt],
      );
  for (const p of s.quarters) {
    const name = `${ROMAN[p.quarter - 1] ?? p.quarter}`;
    const updated = await q.query(
      `UPDATE periods SET start_date = $4, end_date = $5
        WHERE school_id = $1 AND school_year = $2 AND quarter = $3 RETURNING id`,
      [schoolId, s.schoolYear, p.quarter, p.start, p.end],
    );
    if (updated.length === 0)
      await q.query(
        `INSERT INTO periods (school_id, school_year, quarter, name_kz, name_ru, start_date, end_date)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [schoolId, s.schoolYear, p.quarter, `${name} тоқсан`, `${name} четверть`, p.start, p.end],
      );
  }
  const current = s.quarters.find((p) => p.isCurrent);
  if (current)
    await q.query(
      `UPDATE periods SET is_current = (school_year = $2 AND quarter = $3) WHERE school_id = $1`,
      [schoolId, s.schoolYear, current.quarter],
    );
  await q.query('DELETE FROM school_holidays WHERE school_id = $1', [schoolId]);
  for (const h of s.holidays)
    await q.query(
      `INSERT INTO school_holidays (school_id, starts_on, ends_on, name_kz, name_ru)
       VALUES ($1, $2, $3, $4, $5)`,
      [schoolId, h.start, h.end, h.nameKz, h.nameRu],
    );
  if (s.publicHolidays) {
    // Only days that are public days off of that year can be marked as worked.
    const bounds = yearRange(s.schoolYear);
    const legal = new Set(publicDaysOffBetween(bounds.start, bounds.end).map((d) => d.date));
    await q.query(
      'DELETE FROM school_workdays WHERE school_id = $1 AND day BETWEEN $2::date AND $3::date',
      [schoolId, bounds.start, bounds.end],
    );
    for (const day of s.publicHolidays)
      if (day.worked && legal.has(day.date))
        await q.query(
          'INSERT INTO school_workdays (school_id, day) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [schoolId, day.date],
        );
  }
  await q.query(
    `INSERT INTO school_settings (school_id, weight_formative, weight_sor, weight_soch)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (school_id) DO UPDATE SET weight_formative = $2, weight_sor = $3, weight_soch = $4`,
    [schoolId, s.weights.formative, s.weights.sor, s.weights.soch],
  );
}

/** Whether another school already has this BIN. */
export async function isBinTaken(q: Queryable, schoolId: number, bin: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM schools WHERE bin = $1 AND id <> $2', [bin, schoolId]);
  return rows.length > 0;
}

/**
 * Quarters the school already has in that year which the save leaves out: a quarter carries the
 * timetable and the assessments of its weeks, so it is moved, never dropped by a save.
 */
export async function quartersLeftOut(
  q: Queryable,
  schoolId: number,
  schoolYear: string,
  kept: number[],
): Promise<number[]> {
  const rows = await q.query<{ quarter: number }>(
    `SELECT p.quarter FROM periods p
      WHERE p.school_id = $1 AND p.school_year = $2 AND NOT (p.quarter = ANY($3::int[]))
      ORDER BY p.quarter`,
    [schoolId, schoolYear, kept],
  );
  return rows.map((r) => r.quarter);
}

/** The school's journal weights (formative, SOR, SOCh), or the platform's defaults. */
export async function gradeWeights(
  q: Queryable,
  schoolId: number,
): Promise<{ formative: number; sor: number; soch: number }> {
  const rows = await q.query<{ weight_formative: number; weight_sor: number; weight_soch: number }>(
    'SELECT weight_formative, weight_sor, weight_soch FROM school_settings WHERE school_id = $1',
    [schoolId],
  );
  const w = rows[0];
  return w
    ? { formative: w.weight_formative, sor: w.weight_sor, soch: w.weight_soch }
    : { ...QUARTER_GRADE_CONFIG.weights };
}
