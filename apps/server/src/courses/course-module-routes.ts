import {
  CourseModuleCheckInputSchema,
  CourseModuleCheckResponseSchema,
  CourseModuleDetailResponseSchema,
  CourseModuleParamsSchema,
} from '@sabaq/platform';
import type { Locale } from '@sabaq/platform';
import { DraftSchema } from '@sabaq/engine';
import type { FastifyRequest } from 'fastify';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { presentContent } from '../teaching/exam-access';
import { assertCanStudy, moduleChecks, scoreChecks } from './course-access';
import type { CourseRow } from './course-queries';
import { loadModuleWork, recordCheck, recordOpening, saveProgress } from './course-queries';
import { CourseError } from './course-texts';

/**
 * Studying a module (issue 28): a certificate vouches for the work, so a teacher course's module
 * is done when the server saw it — its content opened here (`courses.module`, the first opening
 * recorded: the course's minimum study time counts from it) and, when the content has tasks
 * scored automatically, those checks passed at the course's pass mark (`courses.moduleCheck`).
 * A module without checks is done once opened. Correction courses keep their marks by hand
 * (`courses.progress`); opening their modules here records nothing.
 */
export function registerCourseModuleRoutes(
  app: App,
  ctx: AppContext,
  courseFor: (auth: AuthContext, courseId: number, locale: Locale) => Promise<CourseRow>,
): void {
  const { db } = ctx;

  /** The caller, the course as they may see it, the module with their work, its checks. */
  async function moduleOf(req: FastifyRequest<{ Params: { courseId: number; moduleId: number } }>) {
    const auth = requireAuth(req);
    const course = await courseFor(auth, req.params.courseId, req.locale);
    const module = await loadModuleWork(
      db,
      course.id,
      req.params.moduleId,
      auth.userId,
      req.locale,
    );
    if (!module) throw new CourseError(404, 'module_not_found');
    const draft = DraftSchema.parse(
      typeof module.doc === 'string' ? JSON.parse(module.doc) : module.doc,
    );
    return { auth, course, module, draft, checks: moduleChecks(draft) };
  }

  defineRoute(app, ctx, 'courses.module', {
    params: CourseModuleParamsSchema,
    response: { 200: CourseModuleDetailResponseSchema },
    handler: async (req) => {
      const { auth, course, module, draft, checks } = await moduleOf(req);
      let done = module.done;
      if (course.kind === 'teacher') {
        assertCanStudy(course, auth.role);
        await db.transaction(async (tx) => {
          await recordOpening(tx, module.id, auth.userId);
          // Nothing to check: reading it is the work.
          if (checks === 0 && !done) await saveProgress(tx, module.id, auth.userId, true);
        });
        done ||= checks === 0;
      }
      return {
        data: {
          id: module.id,
          position: module.position,
          title: module.title,
          item: { draftId: module.draft_id, type: module.item_type, title: module.item_title },
          // The learner answers the checks: no right answers travel with the content.
          content: presentContent(draft, false),
          checks,
          passMark: course.pass_percent,
          done,
          percent: module.percent,
        },
      };
    },
  });

  defineRoute(app, ctx, 'courses.moduleCheck', {
    params: CourseModuleParamsSchema,
    body: CourseModuleCheckInputSchema,
    response: { 200: CourseModuleCheckResponseSchema },
    handler: async (req) => {
      const { auth, course, module, draft, checks } = await moduleOf(req);
      if (course.kind !== 'teacher') throw new CourseError(409, 'not_teacher_course');
      assertCanStudy(course, auth.role);
      if (checks === 0) throw new CourseError(409, 'module_no_checks');
      // The content is read before its checks are answered.
      if (module.opened_at === null) throw new CourseError(409, 'module_not_opened');
      const { percent, results } = scoreChecks(draft, req.body.answers);
      const passed = percent >= course.pass_percent;
      const done = await db.transaction(async (tx) => {
        await recordCheck(tx, module.id, auth.userId, percent, passed);
        if (passed) await saveProgress(tx, module.id, auth.userId, true);
        return passed || module.done;
      });
      // Right or wrong per task; the keys are not told (they would make the next try a copy).
      return { data: { percent, passMark: course.pass_percent, passed, results, done } };
    },
  });
}
