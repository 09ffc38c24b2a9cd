import { randomUUID } from 'node:crypto';
import { DraftSchema, createDraft } from '@sabaq/engine';
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
import type {
  Answers,
  Attempt,
  CalendarPlanAnswerRow,
  CalendarPlanLessonData,
  Locale,
} from '@sabaq/platform';
import { jsonColumn, type Queryable } from '../db/db';
import {
  currentSchoolYear,
  plannableSubjects,
  registerCalendarPlanEditRoutes,
} from './calendar-plan-edit';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import {
  CalendarPlanError,
  datedLessons,
  loadPlan,
  loadPlanLesson,
  planLessonOfDated,
  planAccess,
  planLessons,
  planSelect,
  presentPlan,
  visibleGroups,
} from './calendar-plans';
import type { PlanRow } from './calendar-plans';
import { TeachingError } from './errors';
import { forStudent, gradeAnswers, percent } from './grading';
import { route } from './http';
import {
  byGroupOrder,
  groupName,
  groupStudents,
  presentLesson,
  viewerOf,
  visibleLesson,
} from './lessons';
import type { Viewer } from './lessons';
import { contentVersion, freezePublished } from './schedule-routes';

interface AttemptRow {
  id: number;
  lesson_id: number;
  user_id: number;
  draft_id: string;
  version: number;
  answers: unknown;
  results: unknown;
  score: string | number;
  max_score: string | number;
  finished_at: string | null;
}

const ATTEMPT_COLS = `a.id, a.lesson_id, a.user_id, a.draft_id, a.version, a.answers, a.results, a.score, a.max_score,
  to_char(a.finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS finished_at`;

function presentAttempt(r: AttemptRow): Attempt {
  const results = jsonColumn<Attempt['results']>(r.results);
  const score = Number(r.score);
  const max = Number(r.max_score);
  return {
    id: r.id,
    userId: r.user_id,
    draftId: r.draft_id,
    version: r.version,
    answers: jsonColumn<Answers>(r.answers),
    results,
    score,
    maxScore: max,
    percent: percent(score, max),
    pending: results.some((x) => x.status === 'pending'),
    finishedAt: r.finished_at,
  };
}

interface DraftDocRow {
  id: string;
  type: string;
  status: string;
  owner_id: number;
  school_id: number | null;
  doc: unknown;
}

/** The plan lesson, its plan and the user's access; students only their group's. */
async function planLessonFor(q: Queryable, v: Viewer, uuid: string, locale: Locale) {
  const row = await loadPlanLesson(q, uuid);
  const { plan, access } = await loadPlan(q, v, row.plan_id, locale).catch((err: unknown) => {
    // The plan exists (the lesson points at it): for the user it is the lesson that is missing.
    if (err instanceof CalendarPlanError) throw new CalendarPlanError(404, 'plan_lesson_not_found');
    throw err;
  });
  return { row, plan, access };
}

/**
 * The dated lessons `ids` drop `draftId` (unlinked or replaced in the plan), except those where a
 * pupil already answered it.
 */
async function dropUnanswered(tx: Queryable, ids: number[], draftId: string): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `UPDATE lessons l SET content_draft_id = NULL, content_version = NULL
      WHERE l.id = ANY($1::int[]) AND l.content_draft_id = $2
        AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.lesson_id = l.id AND a.draft_id = $2)`,
    [ids, draftId],
  );
}

function requireManage(access: 'manage' | 'read'): void {
  if (access !== 'manage') throw new CalendarPlanError(403, 'not_your_plan');
}

export function registerCalendarPlanRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;
  registerCalendarPlanEditRoutes(app, ctx);

  /** The plan lesson a request names (`calendarPlanLessonUUID`), as `planLessonFor`. */
  const lessonFor = (
    v: Viewer,
    req: { params: { calendarPlanLessonUUID: string }; locale: Locale },
  ) => planLessonFor(db, v, req.params.calendarPlanLessonUUID, req.locale);

  /** Everything the lesson screens show: plan, lesson, drafts, (staff) answers to the lecture. */
  async function lessonData(
    q: Queryable,
    v: Viewer,
    plan: PlanRow,
    access: 'manage' | 'read',
    uuid: string,
  ): Promise<CalendarPlanLessonData> {
    const student = v.auth.role === 'student';
    const lesson = (await planLessons(q, plan, { uuid, student }))[0];
    if (!lesson) throw new CalendarPlanError(404, 'plan_lesson_not_found');
    const shown = student ? lesson.content.filter((c) => c.kind === 'lecture') : lesson.content;
    const docs =
      shown.length === 0
        ? []
        : await q.query<{ id: string; doc: unknown }>(
            'SELECT id, doc FROM drafts WHERE id = ANY($1::text[]) AND deleted_at IS NULL',
            [shown.map((c) => c.draftId)],
          );
    const documents = shown.flatMap((c) => {
      const row = docs.find((d) => d.id === c.draftId);
      if (!row) return [];
      const draft = DraftSchema.parse(jsonColumn(row.doc));
      return [
        {
          kind: c.kind,
          draft: (student ? forStudent(draft) : draft) as unknown as Record<string, unknown>,
        },
      ];
    });
    let answers: CalendarPlanAnswerRow[] = [];
    const lecture = lesson.content.find((c) => c.kind === 'lecture');
    if (!student && access === 'manage' && lecture && lesson.lessons.length > 0) {
      const rows = await q.query<AttemptRow & { fullname: string; lesson_date: string }>(
        `SELECT ${ATTEMPT_COLS}, concat_ws(' ', u.surname, u.firstname) AS fullname,
                to_char(l.lesson_date, 'YYYY-MM-DD') AS lesson_date
           FROM attempts a JOIN users u ON u.id = a.user_id JOIN lessons l ON l.id = a.lesson_id
          WHERE a.lesson_id = ANY($1::int[]) AND a.draft_id = $2
          ORDER BY l.lesson_date, u.surname, u.firstname, a.id`,
        [lesson.lessons.map((l) => l.scheduleId), lecture.draftId],
      );
      answers = rows.map((r) => {
        const a = presentAttempt(r);
        return {
          answerId: a.id,
          scheduleId: r.lesson_id,
          date: r.lesson_date,
          student: { id: r.user_id, fullname: r.fullname },
          score: a.score,
          maxScore: a.maxScore,
          percent: a.percent,
          pending: a.pending,
          finishedAt: a.finishedAt,
        };
      });
    }
    return { plan: presentPlan(plan, access), lesson, documents, answers };
  }

  {
    const r = route(ctx, 'calendarPlans.groups');
    app.route({
      ...r.base,
      schema: { ...r.meta, response: { 200: CalendarPlanGroupsResponseSchema, ...r.errors } },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const groups = (await visibleGroups(db, v)).sort(byGroupOrder);
        return {
          data: groups.map((g) => ({
            id: g.id,
            name: groupName(g.parallel, g.letter),
            plans: g.plans,
          })),
        };
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.list');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        querystring: CalendarPlansQuerySchema,
        response: { 200: CalendarPlansResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const group = (await visibleGroups(db, v)).find((g) => g.id === req.query.groupId);
        if (!group) throw new TeachingError(404, 'group_not_found');
        const rows = await db.query<PlanRow>(
          `${planSelect(req.locale)} WHERE cp.group_id = $2 ORDER BY sub.${req.locale === 'ru' ? 'name_ru' : 'name_kz'}, cp.school_year DESC`,
          [v.auth.userId, group.id],
        );
        const schoolYear = await currentSchoolYear(db);
        const schoolId = (
          await db.query<{ school_id: number }>('SELECT school_id FROM groups WHERE id = $1', [
            group.id,
          ])
        )[0]!.school_id;
        return {
          data: {
            group: { id: group.id, name: groupName(group.parallel, group.letter) },
            plans: rows.flatMap((p) => {
              // Everyone listing a visible group reads its plans; managing is per plan.
              const access = planAccess(v, p) ?? 'read';
              return [presentPlan(p, access)];
            }),
            schoolYear,
            available: schoolYear
              ? await plannableSubjects(
                  db,
                  v,
                  { id: group.id, school_id: schoolId },
                  schoolYear,
                  req.locale,
                )
              : [],
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.plan');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanIdParamsSchema,
        response: { 200: CalendarPlanResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const { plan, access } = await loadPlan(db, v, req.params.calendarPlanId, req.locale);
        return {
          data: { plan: presentPlan(plan, access), lessons: await planLessons(db, plan) },
        };
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.lesson');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanLessonParamsSchema,
        response: { 200: CalendarPlanLessonResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const { row, plan, access } = await lessonFor(v, req);
        return { data: await lessonData(db, v, plan, access, row.uuid) };
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.lessonContent');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanLessonParamsSchema,
        body: CalendarPlanContentRequestSchema,
        response: { 200: CalendarPlanLessonResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const { row, plan, access } = await lessonFor(v, req);
        requireManage(access);
        const { kind, draftId } = req.body;
        await db.transaction(async (tx) => {
          const dated = await datedLessons(tx, plan, { uuid: row.uuid });
          const ids = dated.map((d) => d.id);
          const prev = await tx.query<{ draft_id: string }>(
            'DELETE FROM calendar_plan_content WHERE lesson_uuid = $1::uuid AND kind = $2 RETURNING draft_id',
            [row.uuid, kind],
          );
          const old = prev[0]?.draft_id;
          // Dated lessons that carried the old draft drop it, unless a student already answered.
          if (old && old !== draftId) await dropUnanswered(tx, ids, old);
          if (draftId === null) return;
          const d = (
            await tx.query<DraftDocRow>(
              'SELECT id, type, status, owner_id, school_id, doc FROM drafts WHERE id = $1 AND deleted_at IS NULL',
              [draftId],
            )
          )[0];
          const mine = d?.owner_id === auth.userId;
          const school =
            d?.status === 'published' && d.school_id !== null && d.school_id === auth.schoolId;
          if (!d || (!mine && !school))
            throw new CalendarPlanError(422, 'draft_not_available', 'draftId');
          if (d.type !== kind) throw new CalendarPlanError(422, 'draft_wrong_kind', 'draftId');
          await tx.query(
            // Upsert: a concurrent link of the same kind wins last instead of failing.
            `INSERT INTO calendar_plan_content (lesson_uuid, kind, draft_id, linked_by) VALUES ($1::uuid, $2, $3, $4)
             ON CONFLICT (lesson_uuid, kind) DO UPDATE SET draft_id = $3, linked_by = $4, linked_at = now()`,
            [row.uuid, kind, draftId, auth.userId],
          );
          // A published draft goes onto the plan lesson's dated lessons that carry nothing yet
          // (or an older version of it nobody answered), so students take it in class.
          if (d.status === 'published' && ids.length > 0) {
            const frozen = await freezePublished(tx, v, draftId, 'draftId');
            await tx.query(
              `UPDATE lessons l SET content_draft_id = $2, content_version = $3
                WHERE l.id = ANY($1::int[]) AND (l.content_draft_id IS NULL OR (l.content_draft_id = $2
                  AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.lesson_id = l.id AND a.draft_id = $2)))`,
              [ids, draftId, frozen.version],
            );
          }
        });
        const fresh = await loadPlan(db, v, plan.id, req.locale);
        return { data: await lessonData(db, v, fresh.plan, fresh.access, row.uuid) };
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.lessonLecture');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanLessonParamsSchema,
        body: CalendarPlanLectureRequestSchema,
        response: { 200: CalendarPlanLectureResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const { row, plan, access } = await lessonFor(v, req);
        requireManage(access);
        const current = (await planLessons(db, plan, { uuid: row.uuid }))[0];
        const linked = current?.content.find((c) => c.kind === 'lecture');
        if (linked && !req.body.replace && current)
          return { data: { lectureId: linked.draftId, created: false, lesson: current } };
        const topic = row.topic.trim();
        if (!topic) throw new CalendarPlanError(422, 'lecture_title_empty', 'topic');
        const locked = await db.query<{ locked: boolean }>(
          `SELECT locked FROM subscriptions WHERE user_id = $1 AND starts_at <= now()
             AND (ends_at IS NULL OR ends_at > now())`,
          [auth.userId],
        );
        if (locked.length > 0 && locked.every((x) => x.locked))
          throw new CalendarPlanError(423, 'subscription_locked');
        const lang = (
          await db.query<{ code: string }>(
            'SELECT e.code FROM groups g JOIN edu_langs e ON e.id = g.edu_lang_id WHERE g.id = $1',
            [plan.group_id],
          )
        )[0]?.code;
        const draft: Draft = createDraft({
          id: randomUUID(),
          type: 'lecture',
          title: topic.slice(0, 2000),
          lang: lang === 'ru' || lang === 'kz' ? lang : req.locale,
          class: plan.parallel,
          summary: `${plan.subject_name}, ${groupName(plan.parallel, plan.letter)}: №${row.number}`,
        });
        await db.transaction(async (tx) => {
          // Replacing: the old lecture leaves the dated lessons nobody answered it in (it is kept
          // for its owner, as on unlinking).
          const ids = current?.lessons.map((x) => x.scheduleId) ?? [];
          if (linked) await dropUnanswered(tx, ids, linked.draftId);
          await tx.query(
            `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, doc, initial)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
            [
              draft.id,
              auth.userId,
              auth.schoolId,
              draft.type,
              draft.title,
              draft.lang,
              draft.version,
              JSON.stringify(draft),
            ],
          );
          await tx.query(
            `INSERT INTO calendar_plan_content (lesson_uuid, kind, draft_id, linked_by) VALUES ($1::uuid, 'lecture', $2, $3)
             ON CONFLICT (lesson_uuid, kind) DO UPDATE SET draft_id = $2, linked_by = $3, linked_at = now()`,
            [row.uuid, draft.id, auth.userId],
          );
        });
        const lesson = (await planLessons(db, plan, { uuid: row.uuid }))[0];
        if (!lesson) throw new CalendarPlanError(404, 'plan_lesson_not_found');
        return { data: { lectureId: draft.id, created: true, lesson } };
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.ofLesson');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ScheduleIdParamsSchema,
        response: { 200: LessonCalendarPlanResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale);
        const found = await planLessonOfDated(db, v, lesson, req.locale);
        if (!found) return { data: null };
        return {
          data: {
            plan: presentPlan(found.plan, planAccess(v, found.plan)),
            lesson: found.lesson,
          },
        };
      },
    });
  }

  /** The attempt `answerId` in lesson `scheduleId`, for a user who runs the lesson. */
  async function answerData(
    q: Queryable,
    v: Viewer,
    scheduleId: number,
    answerId: number,
    locale: Locale,
  ) {
    const lesson = await visibleLesson(q, v, scheduleId, locale, true);
    const rows = await q.query<AttemptRow & { comment: string | null }>(
      `SELECT ${ATTEMPT_COLS}, c.comment FROM attempts a
         LEFT JOIN attempt_comments c ON c.attempt_id = a.id
        WHERE a.id = $1 AND a.lesson_id = $2`,
      [answerId, lesson.id],
    );
    const row = rows[0];
    if (!row) throw new TeachingError(404, 'answer_not_found');
    const student = (await groupStudents(q, lesson.group_id)).find((s) => s.id === row.user_id) ?? {
      id: row.user_id,
      fullname: '',
    };
    const draft = await contentVersion(q, row.draft_id, row.version);
    const found = await planLessonOfDated(q, v, lesson, locale);
    return {
      lesson,
      row,
      draft,
      data: {
        lesson: presentLesson(lesson),
        plan: found ? presentPlan(found.plan, planAccess(v, found.plan)) : null,
        ktpLesson: found?.lesson ?? null,
        student,
        draft: draft as unknown as Record<string, unknown>,
        attempt: presentAttempt(row),
        comment: row.comment ?? '',
      },
    };
  }

  {
    const r = route(ctx, 'calendarPlans.answer');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanAnswerParamsSchema,
        response: { 200: CalendarPlanAnswerResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const { data } = await answerData(
          db,
          v,
          req.params.scheduleId,
          req.params.answerId,
          req.locale,
        );
        return { data };
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.answerUpdate');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanAnswerParamsSchema,
        body: CalendarPlanAnswerUpdateSchema,
        response: { 200: CalendarPlanAnswerResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        await db.transaction(async (tx) => {
          const { row, draft } = await answerData(
            tx,
            v,
            req.params.scheduleId,
            req.params.answerId,
            req.locale,
          );
          await tx.query('SELECT id FROM attempts WHERE id = $1 FOR UPDATE', [row.id]);
          if (req.body.grades.length > 0) {
            const prev = presentAttempt(row);
            const manual: Record<string, number> = {};
            for (const x of prev.results)
              if (x.kind === 'open' && x.points !== null) manual[x.moduleId] = x.points;
            for (const [i, g] of req.body.grades.entries()) {
              const target = prev.results.find((x) => x.moduleId === g.moduleId);
              if (!target)
                throw new TeachingError(422, 'answer_unknown_module', `grades.${i}.moduleId`);
              if (target.kind !== 'open')
                throw new TeachingError(422, 'module_not_gradable', `grades.${i}.moduleId`);
              if (g.points > target.max)
                throw new TeachingError(422, 'points_over_max', `grades.${i}.points`);
              manual[g.moduleId] = g.points;
            }
            // Pinned: graded against the version the student took.
            const grade = gradeAnswers(draft, prev.answers, manual);
            await tx.query('UPDATE attempts SET results = $2, score = $3 WHERE id = $1', [
              row.id,
              JSON.stringify(grade.results),
              grade.score,
            ]);
          }
          if (req.body.comment !== undefined)
            await tx.query(
              `INSERT INTO attempt_comments (attempt_id, comment, updated_by) VALUES ($1, $2, $3)
               ON CONFLICT (attempt_id) DO UPDATE SET comment = $2, updated_by = $3, updated_at = now()`,
              [row.id, req.body.comment, auth.userId],
            );
        });
        const { data } = await answerData(
          db,
          v,
          req.params.scheduleId,
          req.params.answerId,
          req.locale,
        );
        return { data };
      },
    });
  }
}
