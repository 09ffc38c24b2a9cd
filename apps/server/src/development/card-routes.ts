import {
  DevelopmentAssessInputSchema,
  DevelopmentCardResponseSchema,
  DevelopmentChildParamsSchema,
  DevelopmentGroupParamsSchema,
  DevelopmentGroupResponseSchema,
  DevelopmentGroupsResponseSchema,
  DevelopmentStageQuerySchema,
  GardenCompletionInputSchema,
  GardenCompletionResponseSchema,
} from '@sabaq/platform';
import type { AssessmentStage, Locale } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import type { AuthContext } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { loadSubscriptions } from '../commerce/subscription-queries';
import type { Queryable } from '../db/db';
import {
  assertKindergarden,
  canSeeGroup,
  canWriteGroup,
  hasKindergarden,
  notFound,
  visibleGroups,
} from './card-access';
import type { GroupRow } from './card-queries';
import {
  isFlagOn,
  listAssessments,
  listChildren,
  listSkills,
  loadChild,
  loadGroup,
  loadSkill,
  saveAssessment,
  schoolYearOf,
} from './card-queries';
import { presentCard, presentGroup } from './card-present';
import { gardenCompletion } from './garden-completion';

/**
 * Individual developmental cards (flag `individual-card`), the development map (kindergarden
 * subscription) and kindergarten monitoring (issue 15). See README.md.
 */
export function registerDevelopmentRoutes(
  app: App,
  ctx: AppContext,
  now: () => Date = () => new Date(),
): void {
  const { db } = ctx;

  const assertFlag = async () => {
    if (!(await isFlagOn(db, 'individual-card'))) notFound();
  };

  async function groupsView(
    q: Queryable,
    groups: GroupRow[],
    stage: AssessmentStage,
    locale: Locale,
  ) {
    const children = await listChildren(
      q,
      groups.map((g) => g.id),
    );
    const skills = await listSkills(
      q,
      [...new Set(groups.map((g) => g.ageGroup).filter((a) => a !== null))],
      locale,
    );
    const year = schoolYearOf(now());
    const bySchool = new Map<number, number[]>();
    for (const c of children) bySchool.set(c.schoolId, [...(bySchool.get(c.schoolId) ?? []), c.id]);
    const assessments = (
      await Promise.all(
        [...bySchool].map(([schoolId, ids]) => listAssessments(q, schoolId, ids, year)),
      )
    ).flat();
    return groups.map((g) => presentGroup(g, children, skills, assessments, stage, locale));
  }

  async function visibleChild(auth: AuthContext, userId: number) {
    const child = await loadChild(db, userId);
    if (!child) notFound();
    const group = await loadGroup(db, child.groupId);
    if (!group || group.schoolId !== child.schoolId || !(await canSeeGroup(db, auth, group)))
      notFound();
    return { child, group };
  }

  async function card(auth: AuthContext, userId: number, locale: Locale) {
    const { child, group } = await visibleChild(auth, userId);
    const skills = await listSkills(db, group.ageGroup ? [group.ageGroup] : [], locale);
    const assessments = await listAssessments(db, child.schoolId, [child.id], schoolYearOf(now()));
    return presentCard(
      child,
      group,
      skills,
      assessments,
      locale,
      await canWriteGroup(db, auth, group),
    );
  }

  defineRoute(app, ctx, 'development.groups', {
    querystring: DevelopmentStageQuerySchema,
    response: { 200: DevelopmentGroupsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await assertFlag();
      const groups = await visibleGroups(db, auth);
      const stage = req.query.stage;
      return { data: { stage, groups: await groupsView(db, groups, stage, req.locale) } };
    },
  });

  defineRoute(app, ctx, 'development.group', {
    params: DevelopmentGroupParamsSchema,
    querystring: DevelopmentStageQuerySchema,
    response: { 200: DevelopmentGroupResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await assertFlag();
      const group = await loadGroup(db, req.params.groupId);
      if (!group || !(await canSeeGroup(db, auth, group))) notFound();
      const stage = req.query.stage;
      const [view] = await groupsView(db, [group], stage, req.locale);
      return { data: { stage, group: view! } };
    },
  });

  defineRoute(app, ctx, 'development.map', {
    querystring: DevelopmentStageQuerySchema,
    response: { 200: DevelopmentGroupsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      assertKindergarden(
        hasKindergarden(await loadSubscriptions(db, auth.userId), now()),
        req.locale,
      );
      const groups = await visibleGroups(db, auth);
      const stage = req.query.stage;
      return { data: { stage, groups: await groupsView(db, groups, stage, req.locale) } };
    },
  });

  defineRoute(app, ctx, 'development.card', {
    params: DevelopmentChildParamsSchema,
    response: { 200: DevelopmentCardResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await assertFlag();
      return { data: await card(auth, req.params.userId, req.locale) };
    },
  });

  defineRoute(app, ctx, 'development.assess', {
    params: DevelopmentChildParamsSchema,
    body: DevelopmentAssessInputSchema,
    response: { 200: DevelopmentCardResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await assertFlag();
      const { child, group } = await visibleChild(auth, req.params.userId);
      if (!(await canWriteGroup(db, auth, group))) notFound();
      const skill = await loadSkill(db, req.body.skillId);
      if (!skill || skill.ageGroup !== group.ageGroup)
        throw new HttpError(422, 'validation_failed', { errors: { skillId: ['not_found'] } });
      await saveAssessment(db, {
        schoolId: child.schoolId,
        childId: child.id,
        skillId: skill.id,
        year: schoolYearOf(now()),
        stage: req.body.stage,
        level: req.body.level,
        by: auth.userId,
      });
      return { data: await card(auth, child.id, req.locale) };
    },
  });

  defineRoute(app, ctx, 'questionnaire.completionGarden', {
    body: GardenCompletionInputSchema,
    response: { 200: GardenCompletionResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { groupId, schoolId } = req.body;
      const stage = req.body.stage ?? 'start';
      if (schoolId !== undefined && schoolId !== auth.schoolId) notFound();
      let groups = await visibleGroups(db, auth);
      if (groupId !== undefined) {
        groups = groups.filter((g) => g.id === groupId);
        if (groups.length === 0) notFound();
      }
      const views = await groupsView(db, groups, stage, req.locale);
      return { data: { stage, groups: views.map(gardenCompletion) } };
    },
  });
}
