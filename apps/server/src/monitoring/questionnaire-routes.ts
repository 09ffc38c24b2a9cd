import {
  AnswersStoreResponseSchema,
  AnswersStoreSchema,
  QuestionnairePeriodsResponseSchema,
  QuestionnaireRequestSchema,
  QuestionnaireResponseSchema,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { schoolDate } from '../teaching/journal-access';
import { assertRespondentReadable } from './questionnaire-access';
import { storeAnswers } from './questionnaire-commands';
import { loadFollowerPlace } from './monitoring-queries';
import { groupTypeOf } from './monitoring-scope';
import { MonitoringError } from './monitoring-texts';
import {
  presentAnswers,
  presentListItem,
  presentPeriod,
  scoreOf,
  statusOf,
} from './monitoring-present';
import {
  listGroups,
  listPeriods,
  listQuestions,
  loadPeriod,
  loadQuestionnaire,
  loadRespondent,
  loadResponse,
} from './questionnaire-queries';

/**
 * Filling in monitoring questionnaires (issue 16, spec §7): the periods, one respondent's
 * questionnaire with their answers, and saving answers as they go with one submission.
 */
export function registerQuestionnaireRoutes(
  app: App,
  ctx: AppContext,
  now: () => number = () => Date.now(),
): void {
  const { db } = ctx;

  defineRoute(app, ctx, 'questionnaire.periods', {
    response: { 200: QuestionnairePeriodsResponseSchema },
    handler: async (req) => {
      requireAuth(req);
      const rows = await listPeriods(db, schoolDate(now()), req.locale);
      return { data: rows.map(presentPeriod) };
    },
  });

  defineRoute(app, ctx, 'questionnaire.show', {
    body: QuestionnaireRequestSchema,
    response: { 200: QuestionnaireResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { locale } = req;
      const userId = req.body.userId ?? auth.userId;
      const [period, respondent] = await Promise.all([
        loadPeriod(db, req.body.periodId, schoolDate(now()), locale),
        loadRespondent(db, userId, locale),
      ]);
      if (!period) throw new MonitoringError(404, 'period_not_found');
      const self = userId === auth.userId;
      if (!self)
        assertRespondentReadable(auth, await loadFollowerPlace(db, auth.userId), respondent);
      const groupType = respondent ? groupTypeOf(respondent.role, respondent.school_kind) : null;
      const own = groupType ? await loadQuestionnaire(db, { groupType }, locale) : undefined;
      const ownQuestions = own ? await listQuestions(db, own.id, locale) : [];
      const ownResponse = own
        ? await loadResponse(db, { questionnaireId: own.id, periodId: period.id, userId })
        : undefined;
      const list = own ? [presentListItem(own, ownQuestions, ownResponse)] : [];
      const base = {
        period: presentPeriod(period),
        respondent: {
          id: userId,
          name: respondent?.name ?? '',
          school: respondent?.school ?? '',
        },
        list,
      };
      if (req.body.questionnaireId === undefined)
        return {
          data: {
            ...base,
            questionnaire: null,
            answers: [],
            status: null,
            submittedAt: null,
            score: null,
            canEdit: false,
          },
        };
      if (!own || own.id !== req.body.questionnaireId)
        throw new MonitoringError(404, 'questionnaire_not_found');
      const groups = await listGroups(db, own.id, locale);
      const submitted = Boolean(ownResponse?.submitted_at);
      return {
        data: {
          ...base,
          questionnaire: {
            id: own.id,
            name: own.title,
            groupType: own.group_type,
            intro: own.intro,
            groups: groups.map((group) => ({
              id: group.id,
              name: group.title,
              questions: ownQuestions
                .filter((q) => q.groupId === group.id)
                .map((q) => ({
                  id: q.id,
                  kind: q.kind,
                  text: q.text,
                  required: q.required,
                  options: q.labels,
                  max: q.max,
                })),
            })),
          },
          // Others read what was sent, never a draft in progress.
          answers: self || submitted ? presentAnswers(ownQuestions, ownResponse) : [],
          status: statusOf(ownResponse),
          submittedAt: ownResponse?.submitted_at?.toISOString() ?? null,
          score: submitted ? scoreOf(ownResponse!.points, ownResponse!.max_points) : null,
          canEdit: self && !submitted && period.is_current,
        },
      };
    },
  });

  defineRoute(app, ctx, 'questionnaire.answersStore', {
    body: AnswersStoreSchema,
    response: { 200: AnswersStoreResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const data = await storeAnswers(db, auth.userId, req.body, schoolDate(now()));
      return { data };
    },
  });
}
