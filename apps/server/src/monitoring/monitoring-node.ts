import type {
  CompletionGroupView,
  CompletionView,
  Locale,
  QuestionnaireGroupType,
} from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { AuthContext } from '../http/context';
import { presentFigures, presentPeriod, scoreOf, statusOf } from './monitoring-present';
import {
  listChildNodes,
  listRespondents,
  loadFollowerPlace,
  nameChain,
  nodeExists,
  tallyCompletion,
} from './monitoring-queries';
import {
  resolveNode,
  topLevelOf,
  trailLevels,
  type MonitoringNode,
  type NodeAsked,
} from './monitoring-scope';
import { MonitoringError } from './monitoring-texts';
import { loadPeriod } from './questionnaire-queries';

/**
 * The node a follower asks for and what it shows (completion down the tree, one organization's
 * respondents), shared by the monitoring routes and the exports: a file holds the numbers the
 * screen shows because both are built here, from the same queries.
 */

/** Who asks: the routes pass the session, an export job the starter it re-checks. */
export type Follower = Pick<AuthContext, 'userId' | 'role'>;

const COUNTRY: Record<Locale, string> = { kz: 'Қазақстан', ru: 'Казахстан' };

/**
 * The caller's node for `asked` (their own level by default; 404 for one beside or above it),
 * and the respondent type results are shown for when none is asked.
 */
export async function resolveFollowerNode(q: Queryable, auth: Follower, asked: NodeAsked) {
  const place = await loadFollowerPlace(q, auth.userId);
  const management = auth.role === 'director' || auth.role === 'zavuch';
  const node = resolveNode(
    {
      role: auth.role,
      schoolId: management ? place.school_id : null,
      regionId: place.region_id,
      departmentId: place.department_id,
    },
    asked,
  );
  if (!(await nodeExists(q, node))) throw new MonitoringError(404, 'node_not_found');
  // A questionnaire type is needed for results: a kindergarten's own is the garden's.
  const defaultType: QuestionnaireGroupType =
    management && place.school_kind === 'kindergarten' ? 'garden' : 'teacher';
  return { node, defaultType };
}

/** The node an organization's page asks for (`schoolId`, a director's own by default). */
export async function resolveOrganizationNode(
  q: Queryable,
  auth: Follower,
  schoolId: number | undefined,
) {
  const asked = schoolId === undefined ? {} : { organizationIds: [schoolId] };
  const resolved = await resolveFollowerNode(q, auth, asked);
  if (resolved.node.level !== 'organization') throw new MonitoringError(404, 'node_not_found');
  return resolved;
}

/** A monitoring period (404 when there is none); `today` is the school date. */
export async function requirePeriod(q: Queryable, periodId: number, today: string, locale: Locale) {
  const period = await loadPeriod(q, periodId, today, locale);
  if (!period) throw new MonitoringError(404, 'period_not_found');
  return period;
}

/** The breadcrumbs from the caller's top level down to the node. */
export async function listTrail(
  q: Queryable,
  auth: Follower,
  node: MonitoringNode,
  locale: Locale,
): Promise<CompletionView['trail']> {
  const names = await nameChain(q, node, locale);
  const entry = {
    country: { id: null, name: COUNTRY[locale] },
    region: { id: names.region_id, name: names.region ?? '' },
    department: { id: node.departmentId, name: names.department ?? '' },
    organization: { id: node.organizationIds?.[0] ?? null, name: names.organization ?? '' },
  };
  return trailLevels(topLevelOf(auth.role), node.level).map((level) => ({
    level,
    ...entry[level],
  }));
}

/** Completion and score of a node and of each node below it (`questionnaire.completion`). */
export async function buildCompletion(
  q: Queryable,
  auth: Follower,
  node: MonitoringNode,
  asked: { periodId: number; groupType?: QuestionnaireGroupType | undefined },
  today: string,
  locale: Locale,
): Promise<CompletionView> {
  const groupType = asked.groupType ?? null;
  const [period, tally, children, trail] = await Promise.all([
    requirePeriod(q, asked.periodId, today, locale),
    tallyCompletion(q, node, groupType, asked.periodId),
    listChildNodes(q, node, groupType, locale),
    listTrail(q, auth, node, locale),
  ]);
  const byKey = new Map(tally.map((row) => [row.key, row]));
  return {
    level: node.level,
    trail,
    period: presentPeriod(period),
    figures: presentFigures(byKey.get(null)),
    rows: children.map((child) => ({
      id: child.id,
      name: child.name,
      kind: child.kind,
      organizations: child.organizations,
      figures: presentFigures(byKey.get(child.id)),
    })),
  };
}

/** One organization's respondents with their status and score (`questionnaire.completionGroup`). */
export async function buildOrganizationCompletion(
  q: Queryable,
  node: MonitoringNode,
  asked: { periodId: number; groupType?: QuestionnaireGroupType | undefined },
  today: string,
  locale: Locale,
): Promise<CompletionGroupView> {
  const { periodId } = asked;
  const groupType = asked.groupType ?? null;
  const organizationId = node.organizationIds![0]!;
  const [period, tally, respondents, names] = await Promise.all([
    requirePeriod(q, periodId, today, locale),
    tallyCompletion(q, node, groupType, periodId),
    listRespondents(q, organizationId, groupType, periodId, locale),
    nameChain(q, node, locale),
  ]);
  return {
    organization: { id: organizationId, name: names.organization ?? '' },
    period: presentPeriod(period),
    figures: presentFigures(tally.find((row) => row.key === null)),
    respondents: respondents.map((row) => ({
      id: row.id,
      name: row.name,
      position: row.position ?? '',
      groupType: row.group_type,
      questionnaireId: row.questionnaire_id,
      status: statusOf(row.response_id === null ? null : row),
      submittedAt: row.submitted_at?.toISOString() ?? null,
      score: row.submitted_at ? scoreOf(row.points, row.max_points) : null,
    })),
  };
}
