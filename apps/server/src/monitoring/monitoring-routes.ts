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
import { presentFigures } from './monitoring-present';
import {
  buildCompletion,
  buildOrganizationCompletion,
  requirePeriod,
  resolveFollowerNode,
  resolveOrganizationNode,
} from './monitoring-node';
import {
  listLocalities,
  listRegions,
  tallyBands,
  tallyCompletion,
  tallyGroupTypes,
} from './monitoring-queries';
import type { NodeAsked } from './monitoring-scope';
import { MonitoringError } from './monitoring-texts';
import { loadGroup, loadQuestionnaire } from './questionnaire-queries';

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

  const today = () => schoolDate(now());
  const nodeFor = (auth: AuthContext, asked: NodeAsked) => resolveFollowerNode(db, auth, asked);
  const periodFor = (periodId: number, locale: Locale) =>
    requirePeriod(db, periodId, today(), locale);

  defineRoute(app, ctx, 'questionnaire.completion', {
    body: MonitoringScopeSchema,
    response: { 200: CompletionResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { node } = await nodeFor(auth, req.body);
      return { data: await buildCompletion(db, auth, node, req.body, today(), req.locale) };
    },
  });

  defineRoute(app, ctx, 'monitoring.departments', {
    body: DepartmentsRequestSchema,
    response: { 200: CompletionResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { node } = await nodeFor(auth, { regionId: req.body.regionId });
      // A department worker sees their own department's line only.
      const regionNode = { ...node, level: 'region' as const };
      return {
        data: await buildCompletion(db, auth, regionNode, req.body, today(), req.locale),
      };
    },
  });

  defineRoute(app, ctx, 'questionnaire.completionGroup', {
    body: CompletionGroupRequestSchema,
    response: { 200: CompletionGroupResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { node } = await resolveOrganizationNode(db, auth, req.body.schoolId);
      return {
        data: await buildOrganizationCompletion(db, node, req.body, today(), req.locale),
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
