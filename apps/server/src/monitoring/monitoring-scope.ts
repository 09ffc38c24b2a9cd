import type { MonitoringLevel, QuestionnaireGroupType, Role } from '@sabaq/platform';
import { MonitoringError } from './monitoring-texts';

/**
 * Which part of the tree a follower may see, without a database. Workers start at their own
 * level (the country, their region, their department) and never see above or beside it; a
 * school's management sees its own organization only. Ids above the caller's level may be left
 * out (they are the caller's own); given, they must be theirs: another region's or department's
 * node is a 404 that says nothing about it. Whether the ids chain in the tree is the queries'
 * check (`assertNodeExists`).
 */
export interface Follower {
  role: Role;
  /** Management: their organization; workers: null. */
  schoolId: number | null;
  regionId: number | null;
  departmentId: number | null;
}

export interface NodeAsked {
  regionId?: number | undefined;
  departmentId?: number | undefined;
  organizationIds?: readonly number[] | undefined;
}

export interface MonitoringNode {
  level: MonitoringLevel;
  regionId: number | null;
  departmentId: number | null;
  organizationIds: readonly number[] | null;
}

export function topLevelOf(role: Role): MonitoringLevel {
  if (role === 'country_worker') return 'country';
  if (role === 'region_worker') return 'region';
  if (role === 'department_worker') return 'department';
  return 'organization';
}

export function resolveNode(follower: Follower, asked: NodeAsked): MonitoringNode {
  const top = topLevelOf(follower.role);
  const own = (mine: number | null, given: number | undefined): number => {
    if (mine === null) throw new MonitoringError(403, 'no_scope');
    if (given !== undefined && given !== mine) throw new MonitoringError(404, 'node_not_found');
    return mine;
  };
  let regionId = asked.regionId ?? null;
  let departmentId = asked.departmentId ?? null;
  let organizationIds = asked.organizationIds ? [...new Set(asked.organizationIds)] : null;
  if (top !== 'country') regionId = own(follower.regionId, asked.regionId);
  if (top === 'department' || top === 'organization')
    departmentId = own(follower.departmentId, asked.departmentId);
  if (top === 'organization') {
    const school = own(follower.schoolId, undefined);
    if (organizationIds && organizationIds.some((id) => id !== school))
      throw new MonitoringError(404, 'node_not_found');
    organizationIds = [school];
  }
  // A department without its region (a country worker's deep link) is placed by the query.
  const level: MonitoringLevel = organizationIds
    ? 'organization'
    : departmentId !== null
      ? 'department'
      : regionId !== null
        ? 'region'
        : 'country';
  return { level, regionId, departmentId, organizationIds };
}

/** The levels from the caller's top down to `level`, in order (the breadcrumbs). */
export function trailLevels(top: MonitoringLevel, level: MonitoringLevel): MonitoringLevel[] {
  const order: MonitoringLevel[] = ['country', 'region', 'department', 'organization'];
  return order.slice(order.indexOf(top), order.indexOf(level) + 1);
}

/** The respondent type of a person: directors answer for their organization, teachers for themselves. */
export function groupTypeOf(
  role: string,
  schoolKind: 'school' | 'kindergarten' | null,
): QuestionnaireGroupType | null {
  if (schoolKind === null) return null;
  if (role === 'director') return 'director';
  if (role === 'teacher' || role === 'group-lead')
    return schoolKind === 'kindergarten' ? 'garden' : 'teacher';
  return null;
}

/** Organization kinds a respondent type works in (null: both). */
export function kindsOf(groupType: QuestionnaireGroupType | null): readonly string[] {
  if (groupType === 'teacher') return ['school'];
  if (groupType === 'garden') return ['kindergarten'];
  return ['school', 'kindergarten'];
}
