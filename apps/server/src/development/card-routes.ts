import {
  DevelopmentAssessInputSchema,
  DevelopmentCardResponseSchema,
  DevelopmentChildParamsSchema,
  DevelopmentGroupParamsSchema,
  DevelopmentGroupResponseSchema,
  DevelopmentGroupsResponseSchema,
  DevelopmentNoteInputSchema,
  DevelopmentStageQuerySchema,
  GardenCompletionInputSchema,
  GardenCompletionResponseSchema,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { loadSubscriptions } from '../commerce/subscription-queries';
import {
  assertKindergarden,
  canWriteGroup,
  hasKindergarden,
  notFound,
  visibleGroups,
} from './card-access';
import { loadSkill, saveAssessment, schoolYearOf } from './card-queries';
import { createCardLoaders } from './card-loaders';
import { registerExportRoutes } from './export-routes';
import { gardenCompletion } from './garden-completion';
import { saveNote } from './note-queries';

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
  const loaders = createCardLoaders(db, now);
  const { assertFlag, card, groupsView, visibleChild, visibleGroup } = loaders;

  defineRoute(app, ctx, 'development.groups', {
    querystring: DevelopmentStageQuerySchema,
    response: { 200: DevelopmentGroupsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await assertFlag();
      const groups = await visibleGroups(db, auth);
      const stage = req.query.stage;
      return { data: { stage, groups: await groupsView(groups, stage, req.locale) } };
    },
  });

  defineRoute(app, ctx, 'development.group', {
    params: DevelopmentGroupParamsSchema,
    querystring: DevelopmentStageQuerySchema,
    response: { 200: DevelopmentGroupResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await assertFlag();
      const group = await visibleGroup(auth, req.params.groupId);
      const stage = req.query.stage;
      const [view] = await groupsView([group], stage, req.locale);
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
      return { data: { stage, groups: await groupsView(groups, stage, req.locale) } };
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

  defineRoute(app, ctx, 'development.note', {
    params: DevelopmentChildParamsSchema,
    body: DevelopmentNoteInputSchema,
    response: { 200: DevelopmentCardResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await assertFlag();
      const { child, group } = await visibleChild(auth, req.params.userId);
      if (!(await canWriteGroup(db, auth, group))) notFound();
      await saveNote(db, {
        ...req.body,
        schoolId: child.schoolId,
        childId: child.id,
        year: schoolYearOf(now()),
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
      const views = await groupsView(groups, stage, req.locale);
      return { data: { stage, groups: views.map(gardenCompletion) } };
    },
  });

  registerExportRoutes(app, ctx, loaders, now);
}
