import {
  AnswerIdParamsSchema,
  AnswerResponseSchema,
  HomeworkAnswersResponseSchema,
  HomeworkCheckRequestSchema,
  HomeworkCreateRequestSchema,
  HomeworkIdParamsSchema,
  HomeworkListQuerySchema,
  HomeworkListResponseSchema,
  HomeworkResponseSchema,
  HomeworkSubmitRequestSchema,
  ScheduleIdParamsSchema,
  StudentHomeworkListResponseSchema,
  defaultCheckedFilter,
} from '@sabaq/platform';
import type { Locale, ModuleResult } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { TeachingError } from './errors';
import { presentContent, pupilResultsShown } from './exam-access';
import { assertOwnFiles, loadFileRefs } from './file-queries';
import { gradeAnswers, validateAnswers } from './grading';
import { canManageLesson, isManagement, loadLesson, viewerOf } from './lessons';
import { schoolOf } from './tenancy';
import { loadContentVersion } from './content-queries';
import {
  assertCheckable,
  assertManagesHomework,
  assertOwnAnswer,
  assertSubmissionContent,
  assertSubmittable,
  canSeeHomework,
  resolvePupilHomeworkKeys,
} from './homework-access';
import { checkHomeworkAnswer, createHomework, scoreHomeworkAnswer } from './homework-commands';
import { assertClassWritable } from './journal-access';
import { loadGroup } from './journal-queries';
import {
  groupByDeadlineDay,
  presentAnswer,
  presentAnswerAs,
  presentControlItem,
  presentHomework,
  presentStudentItem,
} from './homework-present';
import {
  listAnswers,
  listControlHomework,
  listStudentHomework,
  loadAnswer,
  loadHomework,
  saveSubmission,
} from './homework-queries';
import type { AnswerDbRow, HomeworkDbRow } from './homework-queries';

/** The homework as the contract shows it, its files looked up. */
async function loadHomeworkView(db: Db, homework: HomeworkDbRow) {
  return presentHomework(homework, await loadFileRefs(db, homework.files));
}

async function loadAnswerView(db: Db, answer: AnswerDbRow) {
  return presentAnswer(answer, await loadFileRefs(db, answer.files));
}

/** The homework's exercise at its frozen version; null when it has none. */
async function loadExercise(db: Db, homework: HomeworkDbRow) {
  return homework.draft_id && homework.draft_version !== null
    ? loadContentVersion(db, homework.draft_id, homework.draft_version)
    : null;
}

/** An answer as the staff who manage the homework see it: with the keys to check with. */
async function loadStaffView(db: Db, homework: HomeworkDbRow, answer: AnswerDbRow) {
  const exercise = await loadExercise(db, homework);
  return {
    data: {
      homework: await loadHomeworkView(db, homework),
      answer: await loadAnswerView(db, answer),
      exercise: exercise ? presentContent(exercise, true) : null,
    },
  };
}

/** A pupil's own answer: keys and results no earlier than the deadline and the check allow. */
async function loadPupilView(db: Db, answer: AnswerDbRow, locale: Locale) {
  const homework = await loadHomework(db, answer.homework_id, locale);
  const draft = await loadExercise(db, homework);
  const { over, keys } = resolvePupilHomeworkKeys(answer.status, homework.deadline, Date.now());
  const view = await loadAnswerView(db, answer);
  const shown = draft ? pupilResultsShown(draft.type, over, keys) : 'full';
  return {
    data: {
      homework: await loadHomeworkView(db, homework),
      answer: presentAnswerAs(view, shown),
      exercise: draft ? presentContent(draft, keys) : null,
    },
  };
}

export function registerHomeworkRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'homework.create', {
    params: ScheduleIdParamsSchema,
    body: HomeworkCreateRequestSchema,
    response: { 201: HomeworkResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const lesson = await loadLesson(db, req.params.scheduleId, req.locale);
      if (!canManageLesson(viewer, lesson)) throw new TeachingError(404, 'lesson_not_found');
      assertClassWritable(await loadGroup(db, lesson.group_id), 'homework_archived');
      if (Date.parse(req.body.deadline) <= Date.now())
        throw new TeachingError(422, 'deadline_past', 'deadline');
      const files = await assertOwnFiles(db, auth.userId, req.body.files, 'files');
      const id = await createHomework(db, viewer, lesson, { ...req.body, files });
      const homework = await loadHomework(db, id, req.locale);
      return reply.code(201).send({ data: await loadHomeworkView(db, homework) });
    },
  });

  defineRoute(app, ctx, 'homework.controlList', {
    querystring: HomeworkListQuerySchema,
    response: { 200: HomeworkListResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const user = {
        userId: auth.userId,
        isManagement: isManagement(auth),
        schoolId: schoolOf(auth),
      };
      const rows = await listControlHomework(db, user, req.locale);
      const uncheckedSent = rows.reduce((sum, row) => sum + row.sent, 0);
      const checked =
        req.query.checked === undefined
          ? defaultCheckedFilter(uncheckedSent)
          : req.query.checked === 'true';
      const items = rows
        .filter((row) => (checked ? row.sent === 0 : row.sent > 0))
        .map((row) => presentControlItem(row, req.locale));
      return { data: { rows: groupByDeadlineDay(items), checked, uncheckedSent } };
    },
  });

  defineRoute(app, ctx, 'homework.answers', {
    params: HomeworkIdParamsSchema,
    response: { 200: HomeworkAnswersResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const homework = await loadHomework(db, req.params.homeworkId, req.locale);
      assertManagesHomework(viewer, homework, 'homework_not_found');
      const answers = await listAnswers(db, homework.id);
      return {
        data: {
          homework: await loadHomeworkView(db, homework),
          answers: await Promise.all(answers.map((answer) => loadAnswerView(db, answer))),
        },
      };
    },
  });

  defineRoute(app, ctx, 'homework.controlAnswer', {
    params: AnswerIdParamsSchema,
    response: { 200: AnswerResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const answer = await loadAnswer(db, req.params.answerId);
      const homework = await loadHomework(db, answer.homework_id, req.locale);
      assertManagesHomework(viewer, homework, 'answer_not_found');
      return loadStaffView(db, homework, answer);
    },
  });

  defineRoute(app, ctx, 'homework.check', {
    params: AnswerIdParamsSchema,
    body: HomeworkCheckRequestSchema,
    response: { 200: AnswerResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const answer = await loadAnswer(db, req.params.answerId);
      const homework = await loadHomework(db, answer.homework_id, req.locale);
      assertManagesHomework(viewer, homework, 'answer_not_found');
      assertClassWritable(await loadGroup(db, homework.group_id), 'homework_archived');
      assertCheckable(answer.status, req.body.action);
      const check = req.body;
      if (check.action === 'score') {
        const { draft_id: draftId, draft_version: version } = homework;
        const loadDraft = (tx: Queryable) =>
          draftId && version !== null
            ? loadContentVersion(tx, draftId, version)
            : Promise.resolve(null);
        await scoreHomeworkAnswer(db, answer.id, loadDraft, check.grades);
      } else await checkHomeworkAnswer(db, homework, answer, check, viewer.auth.userId, Date.now());
      return loadStaffView(db, homework, await loadAnswer(db, answer.id));
    },
  });

  defineRoute(app, ctx, 'homework.preview', {
    params: HomeworkIdParamsSchema,
    response: { 200: HomeworkResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const homework = await loadHomework(db, req.params.homeworkId, req.locale);
      if (!canSeeHomework(viewer, homework)) throw new TeachingError(404, 'homework_not_found');
      return { data: await loadHomeworkView(db, homework) };
    },
  });

  defineRoute(app, ctx, 'homework.list', {
    response: { 200: StudentHomeworkListResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const rows = await listStudentHomework(db, auth.userId, req.locale);
      const items = rows.map((row) => presentStudentItem(row, req.locale));
      return { data: { rows: groupByDeadlineDay(items) } };
    },
  });

  defineRoute(app, ctx, 'homework.assigned', {
    params: AnswerIdParamsSchema,
    response: { 200: AnswerResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const answer = await loadAnswer(db, req.params.answerId);
      assertOwnAnswer(auth.userId, answer);
      return loadPupilView(db, answer, req.locale);
    },
  });

  defineRoute(app, ctx, 'homework.submit', {
    params: AnswerIdParamsSchema,
    body: HomeworkSubmitRequestSchema,
    response: { 200: AnswerResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const answer = await loadAnswer(db, req.params.answerId);
      assertOwnAnswer(auth.userId, answer);
      const homework = await loadHomework(db, answer.homework_id, req.locale);
      assertSubmittable(answer.status, homework.deadline, Date.now());
      const files = await assertOwnFiles(db, auth.userId, req.body.files, 'files');
      const { text, exerciseAnswers } = req.body;
      const exerciseAnswerCount = exerciseAnswers ? Object.keys(exerciseAnswers).length : 0;
      const hasExercise = Boolean(homework.draft_id);
      assertSubmissionContent({ text, fileCount: files.length, exerciseAnswerCount, hasExercise });
      let graded: { results: ModuleResult[] | null; score: number | null; max: number | null } = {
        results: null,
        score: null,
        max: null,
      };
      const exercise = exerciseAnswers ? await loadExercise(db, homework) : null;
      if (exerciseAnswers && exercise) {
        validateAnswers(exercise, exerciseAnswers);
        const grade = gradeAnswers(exercise, exerciseAnswers);
        graded = { results: grade.results, score: grade.score, max: grade.maxScore };
      }
      const stored = exerciseAnswers && hasExercise ? exerciseAnswers : null;
      await saveSubmission(db, answer.id, { text, files, exerciseAnswers: stored, ...graded });
      return loadPupilView(db, await loadAnswer(db, answer.id), req.locale);
    },
  });
}
