import {
  CourseAuthoringResponseSchema,
  CourseDraftResponseSchema,
  CourseFinalTestInputSchema,
  CourseInputSchema,
  CourseModuleInputSchema,
  CourseModuleOrderSchema,
  CourseModuleParamsSchema,
  CourseParamsSchema,
  CoursePublicationInputSchema,
  MessageResponseSchema,
} from '@sabaq/platform';
import type { CourseInput, Locale } from '@sabaq/platform';
import { DraftSchema } from '@sabaq/engine';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import {
  assertCanEditCourse,
  assertModuleItem,
  assertRemovable,
  assertTestItem,
  assertTestRemovable,
  authoredBy,
  publishProblems,
  scoredTasks,
} from './course-authoring-access';
import { addModule, removeModule, reorderModules } from './course-authoring-commands';
import { presentAuthored, presentDraft } from './course-authoring-present';
import {
  deleteCourse,
  insertCourse,
  listAuthored,
  listDraftModules,
  listSubjects,
  loadAuthored,
  loadItem,
  loadItemDoc,
  saveFinalTest,
  setPublished,
  subjectExists,
  updateCourse,
} from './course-authoring-queries';
import { CourseError, CoursePublishError } from './course-texts';

/**
 * Writing professional-development courses (issue 17): the methodist's (and the administrator's)
 * editor behind control/courses/list. Rules in course-authoring-access.ts, README beside.
 */
export function registerCourseAuthoringRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  /** The course if the caller may change it (404 someone else's draft, 403 their published one). */
  async function editable(auth: AuthContext, courseId: number) {
    const row = await loadAuthored(db, courseId);
    if (!row) throw new CourseError(404, 'not_found');
    assertCanEditCourse({ authorId: row.author_id, published: row.published }, auth);
    return row;
  }

  async function draftOf(courseId: number, locale: Locale) {
    const [row, modules] = await Promise.all([
      loadAuthored(db, courseId),
      listDraftModules(db, courseId),
    ]);
    return { data: presentDraft(row!, modules, locale) };
  }

  async function assertSubject(input: CourseInput) {
    if (input.subject !== null && !(await subjectExists(db, input.subject)))
      throw new CourseError(422, 'subject_unknown', 'subject');
  }

  defineRoute(app, ctx, 'courses.authoring', {
    response: { 200: CourseAuthoringResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const [rows, subjects] = await Promise.all([
        listAuthored(db, authoredBy(auth), req.locale),
        listSubjects(db, req.locale),
      ]);
      return { data: { items: rows.map(presentAuthored), subjects } };
    },
  });

  defineRoute(app, ctx, 'courses.create', {
    body: CourseInputSchema,
    response: { 201: CourseDraftResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await assertSubject(req.body);
      const id = await insertCourse(db, auth.userId, req.body);
      return reply.code(201).send(await draftOf(id, req.locale));
    },
  });

  defineRoute(app, ctx, 'courses.draft', {
    params: CourseParamsSchema,
    response: { 200: CourseDraftResponseSchema },
    handler: async (req) => {
      await editable(requireAuth(req), req.params.courseId);
      return draftOf(req.params.courseId, req.locale);
    },
  });

  defineRoute(app, ctx, 'courses.update', {
    params: CourseParamsSchema,
    body: CourseInputSchema,
    response: { 200: CourseDraftResponseSchema },
    handler: async (req) => {
      const course = await editable(requireAuth(req), req.params.courseId);
      await assertSubject(req.body);
      await updateCourse(db, course.id, req.body);
      return draftOf(course.id, req.locale);
    },
  });

  defineRoute(app, ctx, 'courses.remove', {
    params: CourseParamsSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const course = await editable(requireAuth(req), req.params.courseId);
      assertRemovable(course.learners);
      await deleteCourse(db, course.id);
      return { message: removed[req.locale] };
    },
  });

  defineRoute(app, ctx, 'courses.moduleAdd', {
    params: CourseParamsSchema,
    body: CourseModuleInputSchema,
    response: { 200: CourseDraftResponseSchema },
    handler: async (req) => {
      const course = await editable(requireAuth(req), req.params.courseId);
      const [item, modules] = await Promise.all([
        loadItem(db, req.body.draftId),
        listDraftModules(db, course.id),
      ]);
      const twice = modules.some((m) => m.draft_id === req.body.draftId);
      assertModuleItem(item?.type ?? null, twice, modules.length);
      const title = req.body.title ?? { kz: item!.title, ru: item!.title };
      await addModule(db, { courseId: course.id, title, draftId: req.body.draftId });
      return draftOf(course.id, req.locale);
    },
  });

  defineRoute(app, ctx, 'courses.moduleOrder', {
    params: CourseParamsSchema,
    body: CourseModuleOrderSchema,
    response: { 200: CourseDraftResponseSchema },
    handler: async (req) => {
      const course = await editable(requireAuth(req), req.params.courseId);
      await reorderModules(db, course.id, req.body.moduleIds);
      return draftOf(course.id, req.locale);
    },
  });

  defineRoute(app, ctx, 'courses.moduleRemove', {
    params: CourseModuleParamsSchema,
    response: { 200: CourseDraftResponseSchema },
    handler: async (req) => {
      const course = await editable(requireAuth(req), req.params.courseId);
      const modules = await listDraftModules(db, course.id);
      if (!modules.some((m) => m.id === req.params.moduleId))
        throw new CourseError(404, 'module_not_found');
      await removeModule(db, course, req.params.moduleId);
      return draftOf(course.id, req.locale);
    },
  });

  defineRoute(app, ctx, 'courses.finalTest', {
    params: CourseParamsSchema,
    body: CourseFinalTestInputSchema,
    response: { 200: CourseDraftResponseSchema },
    handler: async (req) => {
      const course = await editable(requireAuth(req), req.params.courseId);
      const { draftId } = req.body;
      if (draftId === null) {
        assertTestRemovable(course.published);
        await saveFinalTest(db, course.id, null);
        return draftOf(course.id, req.locale);
      }
      const item = await loadItem(db, draftId);
      assertTestItem(item?.type ?? null);
      // The snapshot as published; a malformed one is refused like a test that cannot be scored.
      const doc = DraftSchema.safeParse(await loadItemDoc(db, draftId));
      if (!doc.success) throw new CourseError(422, 'test_not_scored', 'draftId');
      const size = scoredTasks(doc.data);
      await saveFinalTest(db, course.id, {
        draftId,
        version: item!.version,
        title: item!.title,
        size,
        doc: doc.data,
      });
      return draftOf(course.id, req.locale);
    },
  });

  defineRoute(app, ctx, 'courses.publish', {
    params: CourseParamsSchema,
    body: CoursePublicationInputSchema,
    response: { 200: CourseDraftResponseSchema },
    handler: async (req) => {
      const course = await editable(requireAuth(req), req.params.courseId);
      if (req.body.published) {
        const modules = await listDraftModules(db, course.id);
        const problems = publishProblems({
          modules: modules.length,
          hasTest: course.has_doc || course.question_count > 0,
        });
        if (Object.keys(problems).length > 0) throw new CoursePublishError(problems);
      }
      await setPublished(db, course.id, req.body.published);
      return draftOf(course.id, req.locale);
    },
  });
}

const removed = { kz: 'Курс жойылды', ru: 'Курс удалён' };
