import {
  AttemptResponseSchema,
  ResultOverrideRequestSchema,
  StudentProgressParamsSchema,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { presentAttemptAs } from './exam-access';
import { groupStudents, viewerOf, visibleLesson } from './lessons';
import { assertOverrideResult } from './result-access';
import { overrideResult } from './result-commands';
import { assertContentOnLesson, assertStudentOf } from './schedule-access';

/** Exam results (issue 20): the teacher's override of a pupil's points with a comment. */
export function registerResultRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'schedule.resultOverride', {
    params: StudentProgressParamsSchema,
    body: ResultOverrideRequestSchema,
    response: { 200: AttemptResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale);
      assertOverrideResult(viewer, lesson);
      const student = assertStudentOf(await groupStudents(db, lesson.group_id), req.params.userId);
      const content = assertContentOnLesson(lesson, req.params.lessonType, req.params.lessonId);
      const attemptOf = { lessonId: lesson.id, studentId: student.id, draftId: content.draftId };
      const attempt = await overrideResult(db, attemptOf, req.body, auth.userId);
      return { data: presentAttemptAs(attempt, 'full') };
    },
  });
}
