import {
  CompletionGroupRequestSchema,
  CompletionGroupResponseSchema,
  CompletionResponseSchema,
  DepartmentsRequestSchema,
  GroupStatisticParamsSchema,
  GroupStatisticQuerySchema,
  GroupStatisticRequestSchema,
  GroupStatisticResponseSchema,
  GroupTypesQuerySchema,
  GroupTypesResponseSchema,
  GroupsStatisticResponseSchema,
  LocalitiesQuerySchema,
  LocalitiesResponseSchema,
  MonitoringScopeSchema,
  OrganizationGroupParamsSchema,
  OverallStatisticResponseSchema,
  RegionsResponseSchema,
} from '@sabaq/platform';
import type { Locale, QuestionnaireGroupType } from '@sabaq/platform';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { schoolDate } from '../teaching/journal-access';
import { groupStatistic, groupsStatistic } from './monitoring-figures';
import { presentFigures, presentPeriod, scoreOf, statusOf } from './monitoring-present';
import {
  listChildNodes,
  listLocalities,
  listRegions,
  listRespondents,
  loadFollowerPlace,
  nameChain,
  nodeExists,
  tallyBands,
  tallyCompletion,
  tallyGroupTypes,
} from './monitoring-queries';
import {
  resolveNode,
  topLevelOf,
  trailLevels,
  type MonitoringNode,
  type NodeAsked,
} from './monitoring-scope';
import { MonitoringError } from './monitoring-texts';
import { loadGroup, loadPeriod, loadQuestionnaire } from './questionnaire-queries';

const COUNTRY: Record<Locale, string> = { kz: 'Қазақстан', ru: 'Казахстан' };
const GROUP_TYPE_NAMES: Record<QuestionnaireGroupType, Record<Locale, string>> = {
  teacher: { kz: 'Мектеп мұғалімдері', ru: 'Учителя школ' },
  garden: { kz: 'Тәрбиешілер', ru: 'Воспитатели' },
  director: { kz: 'Ұйым басшылары', ru: 'Руководители организаций' },
};

/**
 * Following monitoring down the tree (issue 16, spec §7): completion and results of a node and
 * of each node below it, one organization's respondents, and the answers to a group of
 * questions. Every call resolves the caller's node first (monitoring-scope.ts): a worker never
 * reads above or beside their level, management only its organization.
 */
export function registerMonitoringRoutes(
  app: App,
  ctx: AppContext,
  now: () => number = () => Date.now(),
): void {
  const { db } = ctx;

  async function nodeFor(auth: AuthContext, asked: NodeAsked) {
    const place = await loadFollowerPlace(db, auth.userId);
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
    if (!(await nodeExists(db, node))) throw new MonitoringError(404, 'node_not_found');
    // A questionnaire type is needed for results: a kindergarten's own is the garden's.
    const defaultType: QuestionnaireGroupType =
      management && place.school_kind === 'kindergarten' ? 'garden' : 'teacher';
    return { node, defaultType };
  }

  async function periodFor(periodId: number, locale: Locale) {
    const period = await loadPeriod(db, periodId, schoolDate(now()), locale);
    if (!period) throw new MonitoringError(404, 'period_not_found');
    return period;
  }

  async function trailOf(auth: AuthContext, node: MonitoringNode, locale: Locale) {
    const names = await nameChain(db, node, locale);
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

  async function completion(
    auth: AuthContext,
    node: MonitoringNode,
    body: {
      periodId: number;
      groupType?: QuestionnaireGroupType | undefined;
    },
    locale: Locale,
  ) {
    const groupType = body.groupType ?? null;
    const [period, tally, children, trail] = await Promise.all([
      periodFor(body.periodId, locale),
      tallyCompletion(db, node, groupType, body.periodId),
      listChildNodes(db, node, groupType, locale),
      trailOf(auth, node, locale),
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

  defineRoute(app, ctx, 'questionnaire.completion', {
    body: MonitoringScopeSchema,
    response: { 200: CompletionResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { node } = await nodeFor(auth, req.body);
      return { data: await completion(auth, node, req.body, req.locale) };
    },
  });

  defineRoute(app, ctx, 'monitoring.departments', {
    body: DepartmentsRequestSchema,
    response: { 200: CompletionResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { node } = await nodeFor(auth, { regionId: req.body.regionId });
      // A department worker sees their own department's line only.
      return { data: await completion(auth, { ...node, level: 'region' }, req.body, req.locale) };
    },
  });

  defineRoute(app, ctx, 'questionnaire.completionGroup', {
    body: CompletionGroupRequestSchema,
    response: { 200: CompletionGroupResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { schoolId, periodId } = req.body;
      const groupType = req.body.groupType ?? null;
      const asked = schoolId === undefined ? {} : { organizationIds: [schoolId] };
      const { node } = await nodeFor(auth, asked);
      if (node.level !== 'organization') throw new MonitoringError(404, 'node_not_found');
      const organizationId = node.organizationIds![0]!;
      const [period, tally, respondents, names] = await Promise.all([
        periodFor(periodId, req.locale),
        tallyCompletion(db, node, groupType, periodId),
        listRespondents(db, organizationId, groupType, periodId, req.locale),
        nameChain(db, node, req.locale),
      ]);
      return {
        data: {
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
        },
      };
    },
  });

  defineRoute(app, ctx, 'dictionaries.regions', {
    response: { 200: RegionsResponseSchema },
    handler: async (req) => {
      requireAuth(req);
      return { data: await listRegions(db, req.locale) };
    },
  });

  defineRoute(app, ctx, 'monitoring.localities', {
    querystring: LocalitiesQuerySchema,
    response: { 200: LocalitiesResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { node } = await nodeFor(auth, { departmentId: req.query.departmentId });
      return { data: await listLocalities(db, node.departmentId!, req.locale) };
    },
  });

  defineRoute(app, ctx, 'monitoring.groupTypes', {
    querystring: GroupTypesQuerySchema,
    response: { 200: GroupTypesResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const ids = req.query.schoolsIds?.split(',').map(Number);
      const { node } = await nodeFor(auth, ids ? { organizationIds: ids } : {});
      const rows = await tallyGroupTypes(db, node);
      return {
        data: rows.map((row) => ({
          groupType: row.group_type,
          name: GROUP_TYPE_NAMES[row.group_type][req.locale],
          respondents: row.respondents,
        })),
      };
    },
  });

  defineRoute(app, ctx, 'monitoring.groupsStatistic', {
    body: MonitoringScopeSchema,
    response: { 200: GroupsStatisticResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { node, defaultType } = await nodeFor(auth, req.body);
      const groupType = req.body.groupType ?? defaultType;
      await periodFor(req.body.periodId, req.locale);
      const questionnaire = await loadQuestionnaire(db, { groupType }, req.locale);
      const data = await groupsStatistic(
        db,
        node,
        groupType,
        questionnaire,
        req.body.periodId,
        req.locale,
      );
      return { data };
    },
  });

  async function groupAnswers(
    auth: AuthContext,
    asked: NodeAsked,
    groupId: number,
    periodId: number,
    locale: Locale,
  ) {
    const { node } = await nodeFor(auth, asked);
    await periodFor(periodId, locale);
    const group = await loadGroup(db, groupId, locale);
    if (!group) throw new MonitoringError(404, 'group_not_found');
    return groupStatistic(db, node, group, periodId, locale);
  }

  defineRoute(app, ctx, 'monitoring.groupStatistic', {
    body: GroupStatisticRequestSchema,
    response: { 200: GroupStatisticResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { groupId, periodId } = req.body;
      return { data: await groupAnswers(auth, req.body, groupId, periodId, req.locale) };
    },
  });

  defineRoute(app, ctx, 'monitoring.groupStatisticById', {
    params: GroupStatisticParamsSchema,
    querystring: GroupStatisticQuerySchema,
    response: { 200: GroupStatisticResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const data = await groupAnswers(auth, {}, req.params.id, req.query.periodId, req.locale);
      return { data };
    },
  });

  defineRoute(app, ctx, 'monitoring.organizationGroup', {
    params: OrganizationGroupParamsSchema,
    querystring: GroupStatisticQuerySchema,
    response: { 200: GroupStatisticResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { organizationId, groupId } = req.params;
      const asked = { organizationIds: [organizationId] };
      const data = await groupAnswers(auth, asked, groupId, req.query.periodId, req.locale);
      return { data };
    },
  });

  defineRoute(app, ctx, 'monitoring.overallStatistic', {
    body: MonitoringScopeSchema,
    response: { 200: OverallStatisticResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { node, defaultType } = await nodeFor(auth, req.body);
      const groupType = req.body.groupType ?? defaultType;
      const { periodId } = req.body;
      await periodFor(periodId, req.locale);
      const questionnaire = await loadQuestionnaire(db, { groupType }, req.locale);
      const [tally, bands] = await Promise.all([
        tallyCompletion(db, node, groupType, periodId),
        questionnaire
          ? tallyBands(db, node, groupType, questionnaire.id, periodId)
          : { low: 0, middle: 0, high: 0 },
      ]);
      return {
        data: {
          level: node.level,
          groupType,
          figures: presentFigures(tally.find((row) => row.key === null)),
          bands,
        },
      };
    },
  });
}
