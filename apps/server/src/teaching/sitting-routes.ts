import {
  ExamMonitorParamsSchema,
  ExamMonitorResponseSchema,
  ExamRetakeRequestSchema,
  ExamRetakeResponseSchema,
  SittingParamsSchema,
  SittingResponseSchema,
  SittingSaveRequestSchema,
  SittingSaveResponseSchema,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { loadContentVersion, listLessonAttempts } from './content-queries';
import { TeachingError } from './errors';
import { lessonWindow } from './exam-access';
import { validateAnswers } from './grading';
import { lessonStudents, viewerOf, visibleLesson } from './lessons';
import { assertContentOnLesson, assertStudentOf } from './schedule-access';
import { handInOverdue, isTimed, saveSitting, startSitting } from './sitting-commands';
import { SittingError } from './sitting-errors';
import { presentSitting } from './sitting-present';
import { listLessonSittings, listRetakes, moveAttemptToRetakes } from './sitting-queries';
import { acceptedUntil, isOnline, limitMinutes, sittingState } from './sitting-rules';

/**
 * SOR/SOCh under exam conditions (issue 20): the pupil's start and autosave, the teacher's live
 * view of the class and a retake for one pupil. Handing in stays `schedule.examSubmit`
 * (content-routes.ts), which reads the sitting's clock.
 */
export function registerSittingRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  /** The pupil's own lesson with a timed exam on it, and that exam's frozen version. */
  async function pupilExam(
    auth: ReturnType<typeof requireAuth>,
    params: { scheduleId: number; lessonType: string; lessonId: string },
    locale: Parameters<typeof visibleLesson>[3],
  ) {
    const viewer = await viewerOf(db, auth);
    const lesson = await visibleLesson(db, viewer, params.scheduleId, locale);
    const content = assertContentOnLesson(lesson, params.lessonType, params.lessonId);
    const draft = await loadContentVersion(db, content.draftId, content.version);
    if (!isTimed(draft)) throw new TeachingError(404, 'exam_not_on_lesson');
    const key = { lessonId: lesson.id, userId: auth.userId, draftId: content.draftId };
    return { lesson, content, draft, key };
  }

  defineRoute(app, ctx, 'schedule.examStart', {
    params: SittingParamsSchema,
    response: { 200: SittingResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { lesson, content, draft, key } = await pupilExam(auth, req.params, req.locale);
      const now = new Date();
      const window = lessonWindow(lesson);
      const sitting = await startSitting(
        db,
        { ...key, version: content.version },
        draft,
        window,
        now,
      );
      return { data: presentSitting(sitting, now, window.graceMinutes) };
    },
  });

  defineRoute(app, ctx, 'schedule.examSave', {
    params: SittingParamsSchema,
    body: SittingSaveRequestSchema,
    response: { 200: SittingSaveResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { lesson, draft, key } = await pupilExam(auth, req.params, req.locale);
      validateAnswers(draft, req.body.answers);
      const now = new Date();
      const window = lessonWindow(lesson);
      const saved = await saveSitting(db, key, req.body.answers, draft, window, now);
      return {
        data: {
          savedAt: now.toISOString(),
          deadlineAt: saved.deadlineAt.toISOString(),
          serverNow: now.toISOString(),
          acceptedUntil: acceptedUntil(saved.deadlineAt, window.graceMinutes).toISOString(),
        },
      };
    },
  });

  defineRoute(app, ctx, 'schedule.examMonitor', {
    params: ExamMonitorParamsSchema,
    response: { 200: ExamMonitorResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale, true);
      const draft = await timedContentOf(lesson);
      const now = new Date();
      await handInOverdue(db, now, lesson.id);
      const draftId = lesson.content_draft_id!;
      const [students, sittings, attempts, retakes] = await Promise.all([
        lessonStudents(db, lesson),
        listLessonSittings(db, lesson.id, draftId),
        listLessonAttempts(db, lesson.id, draftId),
        listRetakes(db, lesson.id, draftId),
      ]);
      const rows = students.map((student) => {
        const sitting = sittings.get(student.id) ?? null;
        const attempt = attempts.get(student.id) ?? null;
        const state = sittingState(sitting, attempt !== null);
        return {
          student,
          state,
          startedAt: sitting?.startedAt.toISOString() ?? null,
          deadlineAt: sitting?.deadlineAt.toISOString() ?? null,
          finishedAt: attempt?.finishedAt ?? null,
          online: state === 'inProgress' && sitting !== null && isOnline(sitting.lastSeenAt, now),
          retakes: (retakes.get(student.id) ?? []).map(({ reason, grantedAt }) => ({
            reason,
            grantedAt,
          })),
        };
      });
      return {
        data: { limitMinutes: limitMinutes(draft.duration), serverNow: now.toISOString(), rows },
      };
    },
  });

  defineRoute(app, ctx, 'schedule.examRetake', {
    params: ExamMonitorParamsSchema,
    body: ExamRetakeRequestSchema,
    response: { 200: ExamRetakeResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale, true);
      await timedContentOf(lesson);
      const student = assertStudentOf(await lessonStudents(db, lesson), req.body.userId);
      const key = { lessonId: lesson.id, userId: student.id, draftId: lesson.content_draft_id! };
      const retake = await db.transaction((tx) =>
        moveAttemptToRetakes(tx, key, req.body.reason, auth.userId),
      );
      if (!retake) throw new SittingError(409, 'retake_nothing_handed_in');
      return { data: retake };
    },
  });

  /** The lesson's SOR/SOCh (422 when the lesson has none: nothing to watch or retake). */
  async function timedContentOf(
    lesson: Parameters<typeof lessonWindow>[0] & {
      content_draft_id: string | null;
      content_version: number | null;
    },
  ) {
    if (!lesson.content_draft_id || lesson.content_version === null)
      throw new SittingError(422, 'retake_not_exam');
    const draft = await loadContentVersion(db, lesson.content_draft_id, lesson.content_version);
    if (!isTimed(draft)) throw new SittingError(422, 'retake_not_exam');
    return draft;
  }
}
