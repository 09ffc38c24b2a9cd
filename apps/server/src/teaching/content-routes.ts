import {
  AttemptResponseSchema,
  ContentParamsSchema,
  ContentResponseSchema,
  ExamParamsSchema,
  ExamResponseSchema,
  ExamSettingsRequestSchema,
  ExamSettingsResponseSchema,
  ExamSubmitParamsSchema,
  ExamSubmitRequestSchema,
  GradeModuleRequestSchema,
  PublishedContentResponseSchema,
  ScheduleIdParamsSchema,
  StudentProgressParamsSchema,
} from '@sabaq/platform';
import type { Db } from '../db/db';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { TeachingError } from './errors';
import {
  lessonWindow,
  presentAttemptAs,
  presentContent,
  presentWindow,
  pupilResultsShownIn,
  windowState,
  pupilSeesKeys,
} from './exam-access';
import { gradeAnswers, validateAnswers } from './grading';
import { groupStudents, presentLesson, viewerOf, visibleLesson } from './lessons';
import type { Viewer } from './lessons';
import { isOwnOrSchoolContent, schoolOf } from './tenancy';
import {
  loadContentVersion,
  freezePublished,
  insertAttempt,
  listPublishedContent,
  loadAttempt,
  loadDraftOwnership,
  loadGroupContentVersion,
  loadLatestVersion,
} from './content-queries';
import {
  assertContentOnLesson,
  assertExamReader,
  assertExamWindow,
  assertStudentOf,
} from './schedule-access';
import { gradeOpenAnswer, saveExamSettings } from './schedule-commands';
import { handInOverdue, handInSitting, isTimed } from './sitting-commands';
import { presentSitting, withoutQuestions } from './sitting-present';
import { SittingError } from './sitting-errors';
import { loadSitting } from './sitting-queries';
import { MAX_GRACE_MINUTES, isValidGrace } from './sitting-rules';

/**
 * The version of a draft the user reads outside a lesson: a student only through a lesson or
 * homework of their own group; staff content of their own school (or their own drafts) only —
 * another school's SOR is not found, whatever the role. Null when none is frozen.
 */
async function loadReadableVersion(
  db: Db,
  auth: AuthContext,
  viewer: Viewer,
  draftId: string,
): Promise<number | null> {
  if (auth.role === 'student') return loadGroupContentVersion(db, draftId, viewer.groupId ?? -1);
  const draft = await loadDraftOwnership(db, draftId);
  if (!draft || !isOwnOrSchoolContent(auth, draft))
    throw new TeachingError(404, 'content_not_found');
  const version = await loadLatestVersion(db, draftId);
  if (version !== null) return version;
  const frozen = await freezePublished(db, viewer, draftId, 'lessonId').catch(() => null);
  return frozen?.version ?? null;
}

/** Builder content on lessons: reading it, a pupil's exam, handing in, the window, grading. */
export function registerContentRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'schedule.publishedContent', {
    response: { 200: PublishedContentResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const drafts = await listPublishedContent(db, auth.userId, schoolOf(auth));
      return { data: drafts.map((draft) => ({ ...draft, type: draft.type as 'sor' })) };
    },
  });

  defineRoute(app, ctx, 'schedule.content', {
    params: ContentParamsSchema,
    response: { 200: ContentResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const { lessonId, lessonType } = req.params;
      const version = await loadReadableVersion(db, auth, viewer, lessonId);
      if (version === null) throw new TeachingError(404, 'content_not_found');
      const draft = await loadContentVersion(db, lessonId, version);
      if (draft.type !== lessonType) throw new TeachingError(404, 'content_not_found');
      const maxScore = gradeAnswers(draft, {}).maxScore;
      // A pupil's copy never carries keys here: it is not tied to one lesson's window.
      return { data: { draft: presentContent(draft, auth.role !== 'student'), version, maxScore } };
    },
  });

  defineRoute(app, ctx, 'schedule.exam', {
    params: ExamParamsSchema,
    response: { 200: ExamResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale);
      assertExamReader(viewer, lesson, req.params.userId);
      const student = assertStudentOf(await groupStudents(db, lesson.group_id), req.params.userId);
      const content = assertContentOnLesson(lesson, req.params.lessonType, req.params.lessonId);
      const draft = await loadContentVersion(db, content.draftId, content.version);
      const now = new Date();
      // A sitting whose time ran out while nobody was looking is handed in before it is read.
      await handInOverdue(db, now, lesson.id);
      const key = { lessonId: lesson.id, userId: student.id, draftId: content.draftId };
      const attempt = await loadAttempt(db, lesson.id, student.id, content.draftId);
      const sitting = isTimed(draft) && !attempt ? await loadSitting(db, key) : null;
      // Handing in (even an empty sheet) shows nothing: keys reach pupils only after the
      // whole class's window is over, and only when the teacher shows them.
      const window = lessonWindow(lesson);
      const isStudent = auth.role === 'student';
      // The pupil's own result, no more than the window allows (per task only with keys).
      const shown = isStudent ? pupilResultsShownIn(draft.type, window, now) : 'full';
      // A timed exam's questions come with its start (its clock starts when they are seen),
      // until the window is over for the class.
      const sealed =
        isStudent &&
        isTimed(draft) &&
        !attempt &&
        !sitting &&
        windowState(window, now) !== 'closed';
      const presented = presentContent(draft, !isStudent || pupilSeesKeys(window, now));
      return {
        data: {
          lesson: presentLesson(lesson),
          student,
          draft: sealed ? withoutQuestions(presented) : presented,
          version: content.version,
          maxScore: gradeAnswers(draft, {}).maxScore,
          attempt: attempt && presentAttemptAs(attempt, shown),
          window: presentWindow(window, now),
          sitting: sitting && presentSitting(sitting, now, window.graceMinutes),
        },
      };
    },
  });

  defineRoute(app, ctx, 'schedule.examSubmit', {
    params: ExamSubmitParamsSchema,
    body: ExamSubmitRequestSchema,
    response: { 200: AttemptResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale);
      const content = assertContentOnLesson(lesson, req.params.lessonType, req.params.lessonId);
      const draft = await loadContentVersion(db, content.draftId, content.version);
      const window = lessonWindow(lesson);
      const now = new Date();
      const { answers } = req.body;
      validateAnswers(draft, answers);
      const key = { ...content, lessonId: lesson.id, userId: auth.userId };
      // A SOR/SOCh is handed in against its sitting's clock; other work any time.
      const attempt = isTimed(draft)
        ? await handInSitting(db, key, answers, draft, window, now)
        : await insertAttempt(db, { ...key, answers, ...gradeAnswers(draft, answers) });
      if (!attempt) throw new TeachingError(409, 'exam_already_finished');
      // Handed in inside the window: a SOR/SOCh answers only that it was handed in.
      const shown = pupilResultsShownIn(draft.type, window, now);
      return { data: presentAttemptAs(attempt, shown) };
    },
  });

  defineRoute(app, ctx, 'schedule.examSettings', {
    params: ScheduleIdParamsSchema,
    body: ExamSettingsRequestSchema,
    response: { 200: ExamSettingsResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale, true);
      const { opensAt, closesAt, showKeys, graceMinutes } = req.body;
      if (graceMinutes !== undefined && !isValidGrace(graceMinutes))
        throw new SittingError(422, 'exam_grace_range', { max: MAX_GRACE_MINUTES }, 'graceMinutes');
      // Both ends together, or both null (back to the bell times).
      const window =
        opensAt !== undefined || closesAt !== undefined
          ? { opensAt: opensAt ?? null, closesAt: closesAt ?? null }
          : undefined;
      if (window) assertExamWindow(window.opensAt, window.closesAt);
      await saveExamSettings(db, lesson.id, { window, showKeys, graceMinutes });
      const updated = await visibleLesson(db, viewer, lesson.id, req.locale, true);
      return { data: presentWindow(lessonWindow(updated), new Date()) };
    },
  });

  defineRoute(app, ctx, 'schedule.studentProgress', {
    params: StudentProgressParamsSchema,
    response: { 200: ExamResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale, true);
      const student = assertStudentOf(await groupStudents(db, lesson.group_id), req.params.userId);
      const content = assertContentOnLesson(lesson, req.params.lessonType, req.params.lessonId);
      const draft = await loadContentVersion(db, content.draftId, content.version);
      const now = new Date();
      await handInOverdue(db, now, lesson.id);
      const attempt = await loadAttempt(db, lesson.id, student.id, content.draftId);
      const key = { lessonId: lesson.id, userId: student.id, draftId: content.draftId };
      const sitting = isTimed(draft) && !attempt ? await loadSitting(db, key) : null;
      const window = lessonWindow(lesson);
      return {
        data: {
          lesson: presentLesson(lesson),
          student,
          draft: presentContent(draft, true),
          version: content.version,
          maxScore: gradeAnswers(draft, {}).maxScore,
          attempt: attempt && presentAttemptAs(attempt, 'full'),
          window: presentWindow(window, now),
          sitting: sitting && presentSitting(sitting, now, window.graceMinutes),
        },
      };
    },
  });

  defineRoute(app, ctx, 'schedule.gradeModule', {
    params: StudentProgressParamsSchema,
    body: GradeModuleRequestSchema,
    response: { 200: AttemptResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale, true);
      const student = assertStudentOf(await groupStudents(db, lesson.group_id), req.params.userId);
      const content = assertContentOnLesson(lesson, req.params.lessonType, req.params.lessonId);
      const attemptOf = { lessonId: lesson.id, studentId: student.id, draftId: content.draftId };
      const attempt = await gradeOpenAnswer(db, attemptOf, req.body);
      return { data: presentAttemptAs(attempt, 'full') };
    },
  });
}
