import { DraftSchema } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import {
  AttemptResponseSchema,
  AttendanceResponseSchema,
  AttendanceSetRequestSchema,
  ContentParamsSchema,
  ContentResponseSchema,
  ExamParamsSchema,
  ExamResponseSchema,
  ExamSubmitParamsSchema,
  ExamSubmitRequestSchema,
  GradeModuleRequestSchema,
  LessonResponseSchema,
  LessonUpdateRequestSchema,
  ProgressResponseSchema,
  PublishedContentResponseSchema,
  ReflectionRequestSchema,
  ReflectionsResponseSchema,
  ScheduleIdParamsSchema,
  StudentProgressParamsSchema,
  WeekQuerySchema,
  WeekResponseSchema,
} from '@sabaq/platform';
import type { Answers, Attempt, Locale } from '@sabaq/platform';
import { jsonColumn, type Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { TeachingError } from './errors';
import { forStudent, gradeAnswers, percent, validateAnswers } from './grading';
import { route } from './http';
import {
  byGroupOrder,
  canManageLesson,
  ensureLessons,
  groupName,
  groupStudents,
  isManagement,
  lessonSelect,
  presentLesson,
  viewerOf,
  visibleLesson,
} from './lessons';
import type { LessonRow, Viewer } from './lessons';
import { addDays, mondayOf } from './seed';
import type { TeachingHub } from './hub';

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

interface AttemptRow {
  id: number;
  user_id: number;
  draft_id: string;
  version: number;
  answers: unknown;
  results: unknown;
  score: string | number;
  max_score: string | number;
  finished_at: string;
}

const ATTEMPT_COLS = `id, user_id, draft_id, version, answers, results, score, max_score,
  to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS finished_at`;

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

/** A frozen draft version (content_versions); 404 when missing. */
export async function contentVersion(
  q: Queryable,
  draftId: string,
  version: number,
): Promise<Draft> {
  const rows = await q.query<{ doc: unknown }>(
    'SELECT doc FROM content_versions WHERE draft_id = $1 AND version = $2',
    [draftId, version],
  );
  const row = rows[0];
  if (!row) throw new TeachingError(404, 'content_not_found');
  return DraftSchema.parse(jsonColumn(row.doc));
}

/**
 * Freezes a published draft the user may use (own, or of their school) at its current version
 * and returns the version. Drafts that are not published are refused.
 */
export async function freezePublished(
  q: Queryable,
  v: Viewer,
  draftId: string,
  field: string,
): Promise<{ version: number; type: string; title: string }> {
  const rows = await q.query<{
    version: number;
    type: string;
    title: string;
    doc: unknown;
    status: string;
    owner_id: number;
    school_id: number | null;
  }>(
    'SELECT version, type, title, doc, status, owner_id, school_id FROM drafts WHERE id = $1 AND deleted_at IS NULL',
    [draftId],
  );
  const d = rows[0];
  if (
    !d ||
    (d.owner_id !== v.auth.userId && (d.school_id === null || d.school_id !== v.auth.schoolId))
  )
    throw new TeachingError(422, 'content_not_found', field);
  if (d.status !== 'published') throw new TeachingError(422, 'draft_not_published', field);
  await q.query(
    `INSERT INTO content_versions (draft_id, version, type, title, doc) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (draft_id, version) DO NOTHING`,
    [draftId, d.version, d.type, d.title, JSON.stringify(jsonColumn(d.doc))],
  );
  return { version: d.version, type: d.type, title: d.title };
}

async function periodFor(q: Queryable, date: string, locale: Locale) {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  const rows = await q.query<{
    id: number;
    name: string;
    quarter: number;
    start_date: string;
    end_date: string;
  }>(
    `SELECT id, ${name} AS name, quarter, to_char(start_date, 'YYYY-MM-DD') AS start_date,
            to_char(end_date, 'YYYY-MM-DD') AS end_date
       FROM periods WHERE $1::date BETWEEN start_date AND end_date ORDER BY start_date LIMIT 1`,
    [date],
  );
  return rows[0] ?? null;
}

/** The selected date: the query's, else today — unless X-Quarter names another quarter, then its first day. */
async function selectedDate(
  q: Queryable,
  date: string | undefined,
  quarter: number | null,
): Promise<string> {
  if (date) return date;
  const today = todayIso();
  if (quarter === null) return today;
  const rows = await q.query<{ start: string; end: string }>(
    `SELECT to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end
       FROM periods WHERE quarter = $1 ORDER BY is_current DESC, start_date DESC LIMIT 1`,
    [quarter],
  );
  const p = rows[0];
  if (!p || (today >= p.start && today <= p.end)) return today;
  return p.start;
}

async function studentAttempt(q: Queryable, lessonId: number, userId: number, draftId: string) {
  const rows = await q.query<AttemptRow>(
    `SELECT ${ATTEMPT_COLS} FROM attempts WHERE lesson_id = $1 AND user_id = $2 AND draft_id = $3`,
    [lessonId, userId, draftId],
  );
  return rows[0] ? presentAttempt(rows[0]) : null;
}

async function studentOfLesson(q: Queryable, lesson: LessonRow, userId: number) {
  const students = await groupStudents(q, lesson.group_id);
  const s = students.find((x) => x.id === userId);
  if (!s) throw new TeachingError(404, 'student_not_in_group');
  return s;
}

function lessonContent(
  lesson: LessonRow,
  lessonType: string,
  lessonId: string,
): { draftId: string; version: number } {
  if (
    lesson.content_draft_id !== lessonId ||
    lesson.content_version === null ||
    lesson.content_type !== lessonType
  )
    throw new TeachingError(404, 'exam_not_on_lesson');
  return { draftId: lesson.content_draft_id, version: lesson.content_version };
}

export function registerScheduleRoutes(app: App, ctx: AppContext, hub: TeachingHub): void {
  const db = ctx.db;

  /** Students of a lesson with absences (journal) and who is online now (lesson sync). */
  async function attendance(lesson: LessonRow) {
    const students = await groupStudents(db, lesson.group_id);
    const absent = new Set(
      (
        await db.query<{ student_id: number }>(
          'SELECT student_id FROM journal_marks WHERE lesson_id = $1 AND absent',
          [lesson.id],
        )
      ).map((x) => x.student_id),
    );
    const online = new Set(hub.presence(lesson.id).map((p) => p.id));
    return students.map((s) => ({
      student: s,
      status: absent.has(s.id) ? ('absent' as const) : ('present' as const),
      online: online.has(s.id),
    }));
  }

  {
    const r = route(ctx, 'schedule.week');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        querystring: WeekQuerySchema,
        response: { 200: WeekResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const selected = await selectedDate(db, req.query.date, req.quarter);
        const monday = mondayOf(selected);
        const saturday = addDays(monday, 5);
        const name = req.locale === 'ru' ? 'name_ru' : 'name_kz';
        void name;
        // Whose lessons: a student's group; a teacher's own; a group chosen by management or
        // by the group's lead.
        let groups: { id: number; name: string }[] = [];
        let groupId: number | null = null;
        let filter: { groupIds?: number[]; teacherId?: number };
        if (auth.role === 'student') {
          groupId = v.groupId;
          filter = { groupIds: v.groupId ? [v.groupId] : [] };
        } else {
          const mine = isManagement(auth)
            ? await db.query<{ id: number; parallel: number; letter: string }>(
                'SELECT id, parallel, letter FROM groups WHERE school_id = $1 AND NOT archived ORDER BY parallel, letter',
                [auth.schoolId ?? -1],
              )
            : await db.query<{ id: number; parallel: number; letter: string }>(
                'SELECT id, parallel, letter FROM groups WHERE id = ANY($1::int[]) ORDER BY parallel, letter',
                [v.ledGroups],
              );
          groups = mine
            .sort(byGroupOrder)
            .map((g) => ({ id: g.id, name: groupName(g.parallel, g.letter) }));
          const wanted = req.query.groupId;
          if (wanted !== undefined) {
            if (!groups.some((g) => g.id === wanted))
              throw new TeachingError(404, 'group_not_found');
            groupId = wanted;
            filter = { groupIds: [wanted] };
          } else filter = { teacherId: auth.userId };
        }
        await ensureLessons(db, { ...filter, from: monday, to: saturday });
        const rows = await db.query<LessonRow>(
          `${lessonSelect(req.locale)}
            WHERE l.lesson_date BETWEEN $1::date AND $2::date
              AND (($3::int[] IS NOT NULL AND s.group_id = ANY($3::int[])) OR ($4::int IS NOT NULL AND s.teacher_id = $4::int))
            ORDER BY l.lesson_date, s.shift, s.lesson_no, g.parallel, g.letter`,
          [monday, saturday, filter.groupIds ?? null, filter.teacherId ?? null],
        );
        const days = [];
        for (let i = 0; i < 6; i++) {
          const date = addDays(monday, i);
          const lessons = rows.filter((x) => x.lesson_date === date).map(presentLesson);
          if (i === 5 && lessons.length === 0) continue; // Saturday only when someone studies
          days.push({ date, weekday: i + 1, lessons });
        }
        const period = await periodFor(db, selected, req.locale);
        return {
          data: {
            quarter: period?.quarter ?? req.quarter ?? 1,
            period: period
              ? {
                  id: period.id,
                  name: period.name,
                  startDate: period.start_date,
                  endDate: period.end_date,
                }
              : null,
            selectedDate: selected,
            days,
            weeks: {
              prev: { start: addDays(monday, -7), end: addDays(monday, -2) },
              current: { start: monday, end: addDays(monday, 5) },
              next: { start: addDays(monday, 7), end: addDays(monday, 12) },
            },
            groups,
            groupId,
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.lesson');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ScheduleIdParamsSchema,
        response: { 200: LessonResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale);
        const homework = await db.query<{
          id: number;
          text: string;
          deadline: string;
          answer_id: number | null;
        }>(
          `SELECT h.id, h.text, to_char(h.deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS deadline,
                  (SELECT a.id FROM homework_answers a WHERE a.homework_id = h.id AND a.student_id = $2) AS answer_id
             FROM homework h WHERE h.lesson_id = $1 ORDER BY h.id`,
          [lesson.id, v.auth.userId],
        );
        return {
          data: {
            lesson: presentLesson(lesson),
            canManage: canManageLesson(v, lesson),
            homework: homework.map((h) => ({
              id: h.id,
              text: h.text,
              deadline: h.deadline,
              answerId: h.answer_id,
            })),
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.lessonUpdate');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ScheduleIdParamsSchema,
        body: LessonUpdateRequestSchema,
        response: { 200: LessonResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale, true);
        await db.transaction(async (tx) => {
          if (req.body.theme !== undefined)
            await tx.query('UPDATE lessons SET theme = $2 WHERE id = $1', [
              lesson.id,
              req.body.theme,
            ]);
          if (req.body.draftId === null) {
            await tx.query(
              'UPDATE lessons SET content_draft_id = NULL, content_version = NULL WHERE id = $1',
              [lesson.id],
            );
          } else if (req.body.draftId !== undefined) {
            const frozen = await freezePublished(tx, v, req.body.draftId, 'draftId');
            await tx.query(
              'UPDATE lessons SET content_draft_id = $2, content_version = $3 WHERE id = $1',
              [lesson.id, req.body.draftId, frozen.version],
            );
          }
        });
        const updated = await visibleLesson(db, v, lesson.id, req.locale);
        return { data: { lesson: presentLesson(updated), canManage: true, homework: [] } };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.attendance');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ScheduleIdParamsSchema,
        response: { 200: AttendanceResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale, true);
        return { data: await attendance(lesson) };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.attendanceSet');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ScheduleIdParamsSchema,
        body: AttendanceSetRequestSchema,
        response: { 200: AttendanceResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale, true);
        await studentOfLesson(db, lesson, req.body.userId);
        await db.query(
          `INSERT INTO journal_marks (lesson_id, student_id, absent, updated_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (lesson_id, student_id) DO UPDATE SET absent = $3, updated_by = $4, updated_at = now()`,
          [lesson.id, req.body.userId, req.body.status === 'absent', auth.userId],
        );
        return { data: await attendance(lesson) };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.progress');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ScheduleIdParamsSchema,
        response: { 200: ProgressResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale, true);
        const content = presentLesson(lesson).content;
        const students = await groupStudents(db, lesson.group_id);
        let maxScore = 0;
        const attempts = new Map<number, Attempt>();
        if (content) {
          maxScore = gradeAnswers(
            await contentVersion(db, content.draftId, content.version),
            {},
          ).maxScore;
          const rows = await db.query<AttemptRow>(
            `SELECT ${ATTEMPT_COLS} FROM attempts WHERE lesson_id = $1 AND draft_id = $2`,
            [lesson.id, content.draftId],
          );
          for (const a of rows) attempts.set(a.user_id, presentAttempt(a));
        }
        return {
          data: {
            content,
            maxScore,
            rows: students.map((s) => ({ student: s, attempt: attempts.get(s.id) ?? null })),
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.reflections');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ScheduleIdParamsSchema,
        response: { 200: ReflectionsResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale, true);
        return { data: await hub.reflections(lesson.id) };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.reflect');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ScheduleIdParamsSchema,
        body: ReflectionRequestSchema,
        response: { 200: ReflectionsResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale);
        await db.query(
          `INSERT INTO reflections (lesson_id, user_id, mood, text) VALUES ($1, $2, $3, $4)
           ON CONFLICT (lesson_id, user_id) DO UPDATE SET mood = $3, text = $4, at = now()`,
          [lesson.id, auth.userId, req.body.mood, req.body.text],
        );
        await hub.reflectionsChanged(lesson.id);
        // The student sees only their own reflection back.
        const mine = (await hub.reflections(lesson.id)).filter((x) => x.student.id === auth.userId);
        return { data: mine };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.publishedContent');
    app.route({
      ...r.base,
      schema: { ...r.meta, response: { 200: PublishedContentResponseSchema, ...r.errors } },
      handler: async (req) => {
        const auth = requireAuth(req);
        const rows = await db.query<{
          id: string;
          type: string;
          title: string;
          version: number;
          lang: string | null;
        }>(
          `SELECT id, type, title, version, lang FROM drafts
            WHERE status = 'published' AND deleted_at IS NULL AND (owner_id = $1 OR school_id = $2)
            ORDER BY published_at DESC NULLS LAST, title LIMIT 500`,
          [auth.userId, auth.schoolId ?? -1],
        );
        return { data: rows.map((x) => ({ ...x, type: x.type as 'sor' })) };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.content');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ContentParamsSchema,
        response: { 200: ContentResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const { lessonId, lessonType } = req.params;
        let version: number | null = null;
        if (auth.role === 'student') {
          // A student reaches content only through a lesson or homework of their own group.
          const rows = await db.query<{ version: number }>(
            `SELECT l.content_version AS version FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
              WHERE l.content_draft_id = $1 AND s.group_id = $2
             UNION ALL
             SELECT h.draft_version FROM homework h JOIN lessons l ON l.id = h.lesson_id
               JOIN timetable_slots s ON s.id = l.slot_id
              WHERE h.draft_id = $1 AND s.group_id = $2
             ORDER BY 1 DESC LIMIT 1`,
            [lessonId, v.groupId ?? -1],
          );
          version = rows[0]?.version ?? null;
        } else {
          const rows = await db.query<{ version: number }>(
            'SELECT max(version)::int AS version FROM content_versions WHERE draft_id = $1',
            [lessonId],
          );
          version = rows[0]?.version ?? null;
          if (version === null) {
            const frozen = await freezePublished(db, v, lessonId, 'lessonId').catch(() => null);
            version = frozen?.version ?? null;
          }
        }
        if (version === null) throw new TeachingError(404, 'content_not_found');
        const draft = await contentVersion(db, lessonId, version);
        if (draft.type !== lessonType) throw new TeachingError(404, 'content_not_found');
        const maxScore = gradeAnswers(draft, {}).maxScore;
        return {
          data: {
            draft: (auth.role === 'student' ? forStudent(draft) : draft) as unknown as Record<
              string,
              unknown
            >,
            version,
            maxScore,
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.exam');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ExamParamsSchema,
        response: { 200: ExamResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale);
        if (auth.role === 'student' && req.params.userId !== auth.userId)
          throw new TeachingError(404, 'student_not_in_group');
        if (auth.role !== 'student' && !canManageLesson(v, lesson))
          throw new TeachingError(403, 'not_your_lesson');
        const student = await studentOfLesson(db, lesson, req.params.userId);
        const c = lessonContent(lesson, req.params.lessonType, req.params.lessonId);
        const draft = await contentVersion(db, c.draftId, c.version);
        const attempt = await studentAttempt(db, lesson.id, student.id, c.draftId);
        // Right answers stay hidden from a student until the work is handed in.
        const shown = auth.role === 'student' && !attempt ? forStudent(draft) : draft;
        return {
          data: {
            lesson: presentLesson(lesson),
            student,
            draft: shown as unknown as Record<string, unknown>,
            version: c.version,
            maxScore: gradeAnswers(draft, {}).maxScore,
            attempt,
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.examSubmit');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ExamSubmitParamsSchema,
        body: ExamSubmitRequestSchema,
        response: { 200: AttemptResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale);
        const c = lessonContent(lesson, req.params.lessonType, req.params.lessonId);
        const draft = await contentVersion(db, c.draftId, c.version);
        validateAnswers(draft, req.body.answers);
        const grade = gradeAnswers(draft, req.body.answers);
        const rows = await db.query<AttemptRow>(
          `INSERT INTO attempts (lesson_id, user_id, draft_id, version, answers, results, score, max_score)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (lesson_id, user_id, draft_id) DO NOTHING
           RETURNING ${ATTEMPT_COLS}`,
          [
            lesson.id,
            auth.userId,
            c.draftId,
            c.version,
            JSON.stringify(req.body.answers),
            JSON.stringify(grade.results),
            grade.score,
            grade.maxScore,
          ],
        );
        const row = rows[0];
        if (!row) throw new TeachingError(409, 'exam_already_finished');
        return { data: presentAttempt(row) };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.studentProgress');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: StudentProgressParamsSchema,
        response: { 200: ExamResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale, true);
        const student = await studentOfLesson(db, lesson, req.params.userId);
        const c = lessonContent(lesson, req.params.lessonType, req.params.lessonId);
        const draft = await contentVersion(db, c.draftId, c.version);
        return {
          data: {
            lesson: presentLesson(lesson),
            student,
            draft: draft as unknown as Record<string, unknown>,
            version: c.version,
            maxScore: gradeAnswers(draft, {}).maxScore,
            attempt: await studentAttempt(db, lesson.id, student.id, c.draftId),
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'schedule.gradeModule');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: StudentProgressParamsSchema,
        body: GradeModuleRequestSchema,
        response: { 200: AttemptResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const lesson = await visibleLesson(db, v, req.params.scheduleId, req.locale, true);
        const student = await studentOfLesson(db, lesson, req.params.userId);
        const c = lessonContent(lesson, req.params.lessonType, req.params.lessonId);
        return db.transaction(async (tx) => {
          const rows = await tx.query<AttemptRow>(
            `SELECT ${ATTEMPT_COLS} FROM attempts WHERE lesson_id = $1 AND user_id = $2 AND draft_id = $3 FOR UPDATE`,
            [lesson.id, student.id, c.draftId],
          );
          const row = rows[0];
          if (!row) throw new TeachingError(404, 'answer_not_found');
          // Pinned: grade against the version the student took, not today's draft.
          const draft = await contentVersion(tx, row.draft_id, row.version);
          const prev = presentAttempt(row);
          const target = prev.results.find((x) => x.moduleId === req.body.moduleId);
          if (!target) throw new TeachingError(422, 'answer_unknown_module', 'moduleId');
          if (target.kind !== 'open')
            throw new TeachingError(422, 'module_not_gradable', 'moduleId');
          if (req.body.points > target.max)
            throw new TeachingError(422, 'points_over_max', 'points');
          const manual: Record<string, number> = {};
          for (const x of prev.results)
            if (x.kind === 'open' && x.points !== null) manual[x.moduleId] = x.points;
          manual[req.body.moduleId] = req.body.points;
          const grade = gradeAnswers(draft, prev.answers, manual);
          const updated = await tx.query<AttemptRow>(
            `UPDATE attempts SET results = $2, score = $3 WHERE id = $1 RETURNING ${ATTEMPT_COLS}`,
            [row.id, JSON.stringify(grade.results), grade.score],
          );
          return { data: presentAttempt(updated[0] as AttemptRow) };
        });
      },
    });
  }
}
