import {
  CalendarPlanCreateRequestSchema,
  CalendarPlanDeletedResponseSchema,
  CalendarPlanIdParamsSchema,
  CalendarPlanImportSchema,
  CalendarPlanLessonCreateSchema,
  CalendarPlanLessonMoveSchema,
  CalendarPlanLessonParamsSchema,
  CalendarPlanLessonUpdateSchema,
  CalendarPlanResponseSchema,
} from '@sabaq/platform';
import type { CalendarPlanData, Locale } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { planWorkbook, rowsOf } from './calendar-plan-import';
import { openOwnFile } from '../files/file-commands';
import {
  CalendarPlanError,
  loadPlan,
  loadPlanLesson,
  planLessons,
  presentPlan,
  visibleGroups,
} from './calendar-plans';
import { TeachingError } from './errors';
import { groupName, viewerOf } from './lessons';
import type { Viewer } from './lessons';
import { currentSchoolYear, yearRange } from './periods';
import { assertDateInYear, canCreatePlan, canPlanWholeGroup } from './calendar-plan-edit-access';
import {
  addPlanLesson,
  deletePlanLesson,
  editPlanLesson,
  importPlanLessons,
  movePlanLesson,
  removePlan,
} from './calendar-plan-edit-commands';
import {
  insertPlan,
  listExportRows,
  listPlannableSubjects,
  listSubjectTeachers,
} from './calendar-plan-edit-queries';
import { loadGroupSchool } from './calendar-plan-queries';

/**
 * Editing calendar plans (KTP): create and delete plans, add / edit / delete / move plan lessons,
 * bulk replace from a pasted list or an .xlsx, export as .xlsx. Rights as for linking: the
 * subject's teacher, the class teacher and the school's director/zavuch (`planAccess` 'manage');
 * another teacher of the group gets 403, anyone else 404. The transactions and the delete rule:
 * calendar-plan-edit-commands.ts.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The group's subjects of the school year without a plan that the user may plan: management and
 * the class teacher every subject of the group, a teacher the subjects they teach there.
 */
export async function plannableSubjects(
  q: Queryable,
  viewer: Viewer,
  group: { id: number; school_id: number },
  schoolYear: string,
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  const teacher = { all: canPlanWholeGroup(viewer, group), userId: viewer.auth.userId };
  return listPlannableSubjects(q, group, schoolYear, teacher, locale);
}

/** A plan the user manages (another teacher of the group: 403, anyone else 404). */
async function loadManagedPlan(db: Db, viewer: Viewer, planId: number, locale: Locale) {
  const { plan, access } = await loadPlan(db, viewer, planId, locale);
  if (access !== 'manage') throw new CalendarPlanError(403, 'not_your_plan');
  return plan;
}

/** The plan lesson's plan, managed by the user (a plan lesson they cannot see: 404). */
async function loadManagedLesson(db: Db, viewer: Viewer, uuid: string, locale: Locale) {
  const row = await loadPlanLesson(db, uuid);
  const plan = await loadManagedPlan(db, viewer, row.plan_id, locale).catch((err: unknown) => {
    if (err instanceof CalendarPlanError && err.status === 404)
      throw new CalendarPlanError(404, 'plan_lesson_not_found');
    throw err;
  });
  return { row, plan };
}

/** The whole plan as every editing route answers it, so the screen redraws from it. */
async function loadPlanData(
  db: Db,
  viewer: Viewer,
  planId: number,
  locale: Locale,
): Promise<{ data: CalendarPlanData }> {
  const { plan, access } = await loadPlan(db, viewer, planId, locale);
  return { data: { plan: presentPlan(plan, access), lessons: await planLessons(db, plan) } };
}

export function registerCalendarPlanEditRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'calendarPlans.create', {
    body: CalendarPlanCreateRequestSchema,
    response: { 201: CalendarPlanResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const { groupId, subjectId } = req.body;
      if (!(await visibleGroups(db, viewer)).some((g) => g.id === groupId))
        throw new TeachingError(404, 'group_not_found');
      const group = { id: groupId, school_id: await loadGroupSchool(db, groupId) };
      const schoolYear = req.body.schoolYear ?? (await currentSchoolYear(db, group.school_id));
      if (!schoolYear || !(await yearRange(db, group.school_id, schoolYear)))
        throw new CalendarPlanError(422, 'school_year_unknown', 'schoolYear');
      const teachers = await listSubjectTeachers(db, groupId, subjectId, schoolYear);
      if (teachers.length === 0)
        throw new CalendarPlanError(422, 'subject_not_in_group', 'subjectId');
      if (!canCreatePlan(viewer, group, teachers))
        throw new CalendarPlanError(403, 'not_your_plan');
      const id = await insertPlan(db, { groupId, subjectId, schoolYear, createdBy: auth.userId });
      if (id === null) throw new CalendarPlanError(422, 'plan_exists', 'subjectId');
      return reply.code(201).send(await loadPlanData(db, viewer, id, req.locale));
    },
  });

  defineRoute(app, ctx, 'calendarPlans.remove', {
    params: CalendarPlanIdParamsSchema,
    response: { 200: CalendarPlanDeletedResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const plan = await loadManagedPlan(db, viewer, req.params.calendarPlanId, req.locale);
      await removePlan(db, plan);
      return { data: { deleted: true as const } };
    },
  });

  defineRoute(app, ctx, 'calendarPlans.export', {
    params: CalendarPlanIdParamsSchema,
    handler: async (req, reply) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const { plan } = await loadPlan(db, viewer, req.params.calendarPlanId, req.locale);
      const rows = await listExportRows(db, plan.id);
      const name = `${groupName(plan.parallel, plan.letter)} ${plan.subject_name} ${plan.school_year}`;
      return reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(`KTP ${name}.xlsx`)}`,
        )
        .send(await planWorkbook(name, rows));
    },
  });

  defineRoute(app, ctx, 'calendarPlans.import', {
    params: CalendarPlanIdParamsSchema,
    body: CalendarPlanImportSchema,
    response: { 200: CalendarPlanResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const plan = await loadManagedPlan(db, viewer, req.params.calendarPlanId, req.locale);
      // Every row is checked before anything is written.
      const rows = await rowsOf(
        req.body,
        await yearRange(db, plan.school_id, plan.school_year),
        (id) => openOwnFile(db, ctx.files.storage, { id, use: 'ktp', ownerId: viewer.auth.userId }),
      );
      await importPlanLessons(db, viewer, plan, rows);
      return loadPlanData(db, viewer, plan.id, req.locale);
    },
  });

  defineRoute(app, ctx, 'calendarPlans.lessonCreate', {
    params: CalendarPlanIdParamsSchema,
    body: CalendarPlanLessonCreateSchema,
    response: { 201: CalendarPlanResponseSchema },
    handler: async (req, reply) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const plan = await loadManagedPlan(db, viewer, req.params.calendarPlanId, req.locale);
      const { position, ...fields } = req.body;
      if (fields.date)
        assertDateInYear(await yearRange(db, plan.school_id, plan.school_year), fields.date);
      await addPlanLesson(db, viewer, plan, fields, position);
      return reply.code(201).send(await loadPlanData(db, viewer, plan.id, req.locale));
    },
  });

  defineRoute(app, ctx, 'calendarPlans.lessonUpdate', {
    params: CalendarPlanLessonParamsSchema,
    body: CalendarPlanLessonUpdateSchema,
    response: { 200: CalendarPlanResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const uuid = req.params.calendarPlanLessonUUID;
      const { row, plan } = await loadManagedLesson(db, viewer, uuid, req.locale);
      if (req.body.date)
        assertDateInYear(await yearRange(db, plan.school_id, plan.school_year), req.body.date);
      await editPlanLesson(db, viewer, plan, row, req.body);
      return loadPlanData(db, viewer, plan.id, req.locale);
    },
  });

  defineRoute(app, ctx, 'calendarPlans.lessonDelete', {
    params: CalendarPlanLessonParamsSchema,
    response: { 200: CalendarPlanResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const uuid = req.params.calendarPlanLessonUUID;
      const { row, plan } = await loadManagedLesson(db, viewer, uuid, req.locale);
      await deletePlanLesson(db, viewer, plan, row.uuid);
      return loadPlanData(db, viewer, plan.id, req.locale);
    },
  });

  defineRoute(app, ctx, 'calendarPlans.lessonMove', {
    params: CalendarPlanLessonParamsSchema,
    body: CalendarPlanLessonMoveSchema,
    response: { 200: CalendarPlanResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const uuid = req.params.calendarPlanLessonUUID;
      const { row, plan } = await loadManagedLesson(db, viewer, uuid, req.locale);
      await movePlanLesson(db, viewer, plan, row.uuid, req.body.position);
      return loadPlanData(db, viewer, plan.id, req.locale);
    },
  });
}
