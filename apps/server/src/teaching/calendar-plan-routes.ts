import { randomUUID } from 'node:crypto';
import { createDraft } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import {
  CalendarPlanAnswerParamsSchema,
  CalendarPlanAnswerResponseSchema,
  CalendarPlanAnswerUpdateSchema,
  CalendarPlanContentRequestSchema,
  CalendarPlanGroupsResponseSchema,
  CalendarPlanIdParamsSchema,
  CalendarPlanLectureRequestSchema,
  CalendarPlanLectureResponseSchema,
  CalendarPlanLessonParamsSchema,
  CalendarPlanLessonResponseSchema,
  CalendarPlanResponseSchema,
  CalendarPlansQuerySchema,
  CalendarPlansResponseSchema,
  LessonCalendarPlanResponseSchema,
  ScheduleIdParamsSchema,
} from '@sabaq/platform';
import type { CalendarPlanLessonData, Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { plannableSubjects, registerCalendarPlanEditRoutes } from './calendar-plan-edit-routes';
import {
  CalendarPlanError,
  loadPlan,
  loadPlanLesson,
  planAccess,
  planLessonOfDated,
  planLessons,
  presentPlan,
  visibleGroups,
} from './calendar-plans';
import type { PlanAccess, PlanRow } from './calendar-plans';
import { TeachingError } from './errors';
import { groupName, groupStudents, viewerOf, visibleLesson } from './lessons';
import type { Viewer } from './lessons';
import { currentSchoolYear } from './periods';
import { loadContentVersion } from './content-queries';
import { assertCanManagePlan, isSubscriptionLocked } from './calendar-plan-access';
import { createPlanLecture, gradePlanAnswer, linkPlanContent } from './calendar-plan-commands';
import {
  presentAnswer,
  presentDocuments,
  presentLectureAnswers,
  presentPlanGroups,
} from './calendar-plan-present';
import {
  listDraftDocuments,
  listGroupPlans,
  listLectureAnswers,
  listSubscriptionLocks,
  loadAnswer,
  loadGroupLanguage,
  loadGroupSchool,
} from './calendar-plan-queries';

/** The plan lesson, its plan and the user's access; students only their group's. */
async function loadPlanLessonFor(q: Queryable, viewer: Viewer, uuid: string, locale: Locale) {
  const row = await loadPlanLesson(q, uuid);
  const { plan, access } = await loadPlan(q, viewer, row.plan_id, locale).catch((err: unknown) => {
    // The plan exists (the lesson points at it): for the user it is the lesson that is missing.
    if (err instanceof CalendarPlanError) throw new CalendarPlanError(404, 'plan_lesson_not_found');
    throw err;
  });
  return { row, plan, access };
}

/** Everything the lesson screens show: plan, lesson, drafts, (staff) answers to the lecture. */
async function loadLessonScreen(
  q: Queryable,
  viewer: Viewer,
  plan: PlanRow,
  access: PlanAccess,
  uuid: string,
): Promise<CalendarPlanLessonData> {
  const student = viewer.auth.role === 'student';
  const lesson = (await planLessons(q, plan, { uuid, student }))[0];
  if (!lesson) throw new CalendarPlanError(404, 'plan_lesson_not_found');
  const shown = student ? lesson.content.filter((c) => c.kind === 'lecture') : lesson.content;
  const documents = await listDraftDocuments(
    q,
    shown.map((c) => c.draftId),
  );
  const lecture = lesson.content.find((c) => c.kind === 'lecture');
  const answers =
    !student && access === 'manage' && lecture && lesson.lessons.length > 0
      ? await listLectureAnswers(
          q,
          lesson.lessons.map((dated) => dated.scheduleId),
          lecture.draftId,
        )
      : [];
  return {
    plan: presentPlan(plan, access),
    lesson,
    documents: presentDocuments(shown, documents, !student),
    answers: presentLectureAnswers(answers),
  };
}

/** The attempt `answerId` in lesson `scheduleId`, for a user who runs the lesson. */
async function loadAnswerRecord(
  q: Queryable,
  viewer: Viewer,
  ids: { scheduleId: number; answerId: number },
  locale: Locale,
) {
  const lesson = await visibleLesson(q, viewer, ids.scheduleId, locale, true);
  const answer = await loadAnswer(q, ids.answerId, lesson.id);
  if (!answer) throw new TeachingError(404, 'answer_not_found');
  const { attempt, comment } = answer;
  const students = await groupStudents(q, lesson.group_id);
  const student = students.find((s) => s.id === attempt.userId) ?? {
    id: attempt.userId,
    fullname: '',
  };
  const draft = await loadContentVersion(q, attempt.draftId, attempt.version);
  const hit = await planLessonOfDated(q, viewer, lesson, locale);
  const found = hit ? { ...hit, access: planAccess(viewer, hit.plan) } : null;
  return { lesson, found, student, draft, attempt, comment };
}

export function registerCalendarPlanRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;
  registerCalendarPlanEditRoutes(app, ctx);

  defineRoute(app, ctx, 'calendarPlans.groups', {
    response: { 200: CalendarPlanGroupsResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      return { data: presentPlanGroups(await visibleGroups(db, viewer)) };
    },
  });

  defineRoute(app, ctx, 'calendarPlans.list', {
    querystring: CalendarPlansQuerySchema,
    response: { 200: CalendarPlansResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const group = (await visibleGroups(db, viewer)).find((g) => g.id === req.query.groupId);
      if (!group) throw new TeachingError(404, 'group_not_found');
      const plans = await listGroupPlans(db, viewer.auth.userId, group.id, req.locale);
      const schoolId = await loadGroupSchool(db, group.id);
      const schoolYear = await currentSchoolYear(db, schoolId);
      const schoolGroup = { id: group.id, school_id: schoolId };
      const available = schoolYear
        ? await plannableSubjects(db, viewer, schoolGroup, schoolYear, req.locale)
        : [];
      return {
        data: {
          group: { id: group.id, name: groupName(group.parallel, group.letter) },
          // Everyone listing a visible group reads its plans; managing is per plan.
          plans: plans.map((plan) => presentPlan(plan, planAccess(viewer, plan) ?? 'read')),
          schoolYear,
          available,
        },
      };
    },
  });

  defineRoute(app, ctx, 'calendarPlans.plan', {
    params: CalendarPlanIdParamsSchema,
    response: { 200: CalendarPlanResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const { plan, access } = await loadPlan(db, viewer, req.params.calendarPlanId, req.locale);
      return {
        data: { plan: presentPlan(plan, access), lessons: await planLessons(db, plan) },
      };
    },
  });

  defineRoute(app, ctx, 'calendarPlans.lesson', {
    params: CalendarPlanLessonParamsSchema,
    response: { 200: CalendarPlanLessonResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const uuid = req.params.calendarPlanLessonUUID;
      const { row, plan, access } = await loadPlanLessonFor(db, viewer, uuid, req.locale);
      return { data: await loadLessonScreen(db, viewer, plan, access, row.uuid) };
    },
  });

  defineRoute(app, ctx, 'calendarPlans.lessonContent', {
    params: CalendarPlanLessonParamsSchema,
    body: CalendarPlanContentRequestSchema,
    response: { 200: CalendarPlanLessonResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const uuid = req.params.calendarPlanLessonUUID;
      const { row, plan, access } = await loadPlanLessonFor(db, viewer, uuid, req.locale);
      assertCanManagePlan(access);
      await linkPlanContent(db, viewer, plan, row.uuid, req.body);
      const fresh = await loadPlan(db, viewer, plan.id, req.locale);
      return { data: await loadLessonScreen(db, viewer, fresh.plan, fresh.access, row.uuid) };
    },
  });

  defineRoute(app, ctx, 'calendarPlans.lessonLecture', {
    params: CalendarPlanLessonParamsSchema,
    body: CalendarPlanLectureRequestSchema,
    response: { 200: CalendarPlanLectureResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const uuid = req.params.calendarPlanLessonUUID;
      const { row, plan, access } = await loadPlanLessonFor(db, viewer, uuid, req.locale);
      assertCanManagePlan(access);
      const current = (await planLessons(db, plan, { uuid: row.uuid }))[0];
      const linked = current?.content.find((c) => c.kind === 'lecture');
      if (linked && !req.body.replace && current)
        return { data: { lectureId: linked.draftId, created: false, lesson: current } };
      const topic = row.topic.trim();
      if (!topic) throw new CalendarPlanError(422, 'lecture_title_empty', 'topic');
      if (isSubscriptionLocked(await listSubscriptionLocks(db, auth.userId)))
        throw new CalendarPlanError(423, 'subscription_locked');
      const lang = await loadGroupLanguage(db, plan.group_id);
      const lecture: Draft = createDraft({
        id: randomUUID(),
        type: 'lecture',
        title: topic.slice(0, 2000),
        lang: lang === 'ru' || lang === 'kz' ? lang : req.locale,
        class: plan.parallel,
        summary: `${plan.subject_name}, ${groupName(plan.parallel, plan.letter)}: №${row.number}`,
      });
      const scheduleIds = current?.lessons.map((dated) => dated.scheduleId) ?? [];
      const replaced = linked ? { draftId: linked.draftId, scheduleIds } : null;
      await createPlanLecture(db, auth, lecture, row.uuid, replaced);
      const lesson = (await planLessons(db, plan, { uuid: row.uuid }))[0];
      if (!lesson) throw new CalendarPlanError(404, 'plan_lesson_not_found');
      return { data: { lectureId: lecture.id, created: true, lesson } };
    },
  });

  defineRoute(app, ctx, 'calendarPlans.ofLesson', {
    params: ScheduleIdParamsSchema,
    response: { 200: LessonCalendarPlanResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale);
      const found = await planLessonOfDated(db, viewer, lesson, req.locale);
      if (!found) return { data: null };
      const plan = presentPlan(found.plan, planAccess(viewer, found.plan));
      return { data: { plan, lesson: found.lesson } };
    },
  });

  defineRoute(app, ctx, 'calendarPlans.answer', {
    params: CalendarPlanAnswerParamsSchema,
    response: { 200: CalendarPlanAnswerResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      return { data: presentAnswer(await loadAnswerRecord(db, viewer, req.params, req.locale)) };
    },
  });

  defineRoute(app, ctx, 'calendarPlans.answerUpdate', {
    params: CalendarPlanAnswerParamsSchema,
    body: CalendarPlanAnswerUpdateSchema,
    response: { 200: CalendarPlanAnswerResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const load = (tx: Queryable) => loadAnswerRecord(tx, viewer, req.params, req.locale);
      await gradePlanAnswer(db, load, req.body, auth.userId);
      return { data: presentAnswer(await load(db)) };
    },
  });
}
