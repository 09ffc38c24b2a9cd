import type { DrillLevel, Role } from '@sabaq/platform';
import { StatisticsError } from './statistics-texts';

/**
 * Rules of the drill-down, without a database: each worker starts at their own level (the
 * country, their region, their department) and never sees above it or beside it. Ids above the
 * caller's level may be left out (they are the caller's own); given, they must be theirs — a
 * node of another region or department is a 404, saying nothing about it.
 */

export interface DrillIds {
  regionId?: number;
  departmentId?: number;
  schoolId?: number;
  groupId?: number;
}

export function topLevelOf(role: Role): DrillLevel {
  if (role === 'country_worker') return 'country';
  if (role === 'region_worker') return 'region';
  return 'department';
}

export function scopeIds(
  role: Role,
  worker: { region_id: number | null; department_id: number | null },
  asked: DrillIds,
): DrillIds {
  const top = topLevelOf(role);
  if (top === 'country') return asked;
  const own = (mine: number | null, given: number | undefined): number => {
    if (mine === null) throw new StatisticsError(403, 'statistics_no_scope');
    if (given !== undefined && given !== mine)
      throw new StatisticsError(404, 'statistics_node_not_found');
    return mine;
  };
  const regionId = own(worker.region_id, asked.regionId);
  if (top === 'region') return { ...asked, regionId };
  return { ...asked, regionId, departmentId: own(worker.department_id, asked.departmentId) };
}

export function levelOfIds(ids: DrillIds): DrillLevel {
  if (ids.groupId !== undefined) return 'group';
  if (ids.schoolId !== undefined) return 'school';
  if (ids.departmentId !== undefined) return 'department';
  if (ids.regionId !== undefined) return 'region';
  return 'country';
}

export const CHILD_LEVEL = {
  country: 'region',
  region: 'department',
  department: 'school',
  school: 'group',
  group: 'subject',
} as const satisfies Record<DrillLevel, string>;

/** The levels from the caller's top down to `level`, in order. */
export function trailLevels(top: DrillLevel, level: DrillLevel): DrillLevel[] {
  const order: DrillLevel[] = ['country', 'region', 'department', 'school', 'group'];
  return order.slice(order.indexOf(top), order.indexOf(level) + 1);
}
