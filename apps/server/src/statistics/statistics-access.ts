import type { Role } from '@sabaq/platform';
import type { SchoolPeriodRow, StatGroupRow } from './statistics-queries';
import { StatisticsError } from './statistics-texts';

/**
 * Rules of the school and class statistics, without a database. A director or deputy reads their
 * own school; a class is read by them and by its own group lead; anything else is a 404, so that
 * a class id of another school says nothing about it.
 */

export function assertSchool(schoolId: number | null): number {
  if (schoolId === null) throw new StatisticsError(403, 'statistics_no_school');
  return schoolId;
}

export function canReadGroup(
  who: { role: Role; schoolId: number | null },
  group: StatGroupRow,
  leads: boolean,
): boolean {
  if (who.schoolId === null || group.school_id !== who.schoolId) return false;
  if (who.role === 'director' || who.role === 'zavuch') return true;
  return who.role === 'group-lead' && leads;
}

export function assertGroup(
  who: { role: Role; schoolId: number | null },
  group: StatGroupRow | undefined,
  leads: boolean,
): asserts group is StatGroupRow {
  if (!group || !canReadGroup(who, group, leads))
    throw new StatisticsError(404, 'statistics_group_not_found');
}

/**
 * The period asked for (it must be the school's: 404 otherwise), else the X-Quarter header's
 * quarter of the current school year, else the current period (the last one started if none is
 * marked current).
 */
export function choosePeriod(
  periods: readonly SchoolPeriodRow[],
  periodId: number | undefined,
  quarter: number | null,
  today: string,
): SchoolPeriodRow {
  if (periodId !== undefined) {
    const asked = periods.find((period) => period.id === periodId);
    if (!asked) throw new StatisticsError(404, 'statistics_period_not_found');
    return asked;
  }
  const current =
    periods.find((period) => period.is_current) ??
    periods.findLast((period) => period.start <= today) ??
    periods[0];
  if (!current) throw new StatisticsError(404, 'statistics_period_not_found');
  if (quarter === null) return current;
  return (
    periods.find(
      (period) => period.school_year === current.school_year && period.quarter === quarter,
    ) ?? current
  );
}

/** The chosen period's school year up to and including it, oldest first (the trend). */
export function trendPeriods(
  periods: readonly SchoolPeriodRow[],
  chosen: SchoolPeriodRow,
): SchoolPeriodRow[] {
  return periods.filter(
    (period) => period.school_year === chosen.school_year && period.start <= chosen.start,
  );
}
