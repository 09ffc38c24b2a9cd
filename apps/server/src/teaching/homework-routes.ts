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
import type {
  Answer,
  Answers,
  Homework,
  HomeworkItem,
  HomeworkRow,
  Locale,
  ModuleResult,
} from '@sabaq/platform';
import { jsonColumn, type Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { TeachingError } from './errors';
import { assertOwnFiles, fileRefs } from './files';
import { forStudent, gradeAnswers, validateAnswers } from './grading';
import { route } from './http';
import { canManageLesson, groupName, isManagement, loadLesson, viewerOf } from './lessons';
import type { Viewer } from './lessons';
import { contentVersion, freezePublished } from './schedule-routes';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

/** Kazakhstan keeps one time zone (UTC+5) since 2024: deadline days are counted in it. */
const KZ_OFFSET_MS = 5 * 3600_000;

const WEEKDAYS = {
  kz: ['жексенбі', 'дүйсенбі', 'сейсенбі', 'сәрсенбі', 'бейсенбі', 'жұма', 'сенбі'],
  ru: ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'],
} as const;

/** `18.11.2026, сәрсенбі` — the label of a lesson date in the list. */
export function dateLabel(iso: string, locale: Locale): string {
  const [y, m, d] = iso.split('-');
  const dow = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return `${d}.${m}.${y}, ${WEEKDAYS[locale][dow]}`;
}

/** End of the deadline's day in Kazakhstan time, as unix seconds (the row's `dateExpired`). */
export function dayEndUnix(deadlineIso: string): number {
  const local = new Date(Date.parse(deadlineIso) + KZ_OFFSET_MS);
  const end =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 23, 59, 59) -
    KZ_OFFSET_MS;
  return Math.floor(end / 1000);
}

interface HomeworkDbRow {
  id: number;
  lesson_id: number;
  teacher_id: number;
  teacher_name: string;
  text: string;
  files: number[];
  draft_id: string | null;
  draft_version: number | null;
  draft_type: string | null;
  draft_title: string | null;
  deadline: string;
  created_at: string;
  subject_id: number;
  subject_name: string;
  group_id: number;
  parallel: number;
  letter: string;
  school_id: number;
  lesson_date: string;
  theme: string;
  slot_teacher_id: number | null;
}

function homeworkSelect(locale: Locale): string {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return `SELECT h.id, h.lesson_id, h.teacher_id, concat_ws(' ', t.surname, t.firstname, t.lastname) AS teacher_name,
      h.text, h.files, h.draft_id, h.draft_version, cv.type AS draft_type, cv.title AS draft_title,
      to_char(h.deadline AT TIME ZONE 'UTC', ${ISO}) AS deadline, to_char(h.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
      s.subject_id, sub.${name} AS subject_name, s.group_id, g.parallel, g.letter, g.school_id,
      to_char(l.lesson_date, 'YYYY-MM-DD') AS lesson_date, l.theme, s.teacher_id AS slot_teacher_id
    FROM homework h
    JOIN users t ON t.id = h.teacher_id
    JOIN lessons l ON l.id = h.lesson_id
    JOIN timetable_slots s ON s.id = l.slot_id
    JOIN groups g ON g.id = s.group_id
    JOIN subjects sub ON sub.id = s.subject_id
    LEFT JOIN content_versions cv ON cv.draft_id = h.draft_id AND cv.version = h.draft_version`;
}

async function presentHomework(q: Queryable, r: HomeworkDbRow): Promise<Homework> {
  return {
    id: r.id,
    scheduleId: r.lesson_id,
    text: r.text,
    files: await fileRefs(q, r.files),
    exercise:
      r.draft_id !== null && r.draft_version !== null
        ? {
            draftId: r.draft_id,
            version: r.draft_version,
            type: (r.draft_type ?? 'homework') as 'homework',
            title: r.draft_title ?? '',
          }
        : null,
    deadline: r.deadline,
    createdAt: r.created_at,
    teacher: { id: r.teacher_id, fullname: r.teacher_name },
    subject: { id: r.subject_id, name: r.subject_name },
    group: { id: r.group_id, name: groupName(r.parallel, r.letter) },
    lessonDate: r.lesson_date,
    theme: r.theme,
  };
}

/** Staff who may manage a homework: its author, the lesson's teacher, the class lead, management. */
function canManageHomework(v: Viewer, h: HomeworkDbRow): boolean {
  if (v.auth.role === 'student') return false;
  if (h.teacher_id === v.auth.userId || h.slot_teacher_id === v.auth.userId) return true;
  return (
    v.auth.schoolId === h.school_id && (isManagement(v.auth) || v.ledGroups.includes(h.group_id))
  );
}

async function loadHomework(q: Queryable, id: number, locale: Locale): Promise<HomeworkDbRow> {
  const rows = await q.query<HomeworkDbRow>(`${homeworkSelect(locale)} WHERE h.id = $1`, [id]);
  if (!rows[0]) throw new TeachingError(404, 'homework_not_found');
  return rows[0];
}

interface AnswerDbRow {
  id: number;
  homework_id: number;
  student_id: number;
  student_name: string;
  status: Answer['status'];
  text: string;
  files: number[];
  exercise_answers: unknown;
  exercise_results: unknown;
  exercise_score: string | null;
  exercise_max: string | null;
  grade: number | null;
  comment: string;
  sent_at: string | null;
  checked_at: string | null;
}

const ANSWER_SELECT = `SELECT a.id, a.homework_id, a.student_id, concat_ws(' ', u.surname, u.firstname) AS student_name,
    a.status, a.text, a.files, a.exercise_answers, a.exercise_results, a.exercise_score, a.exercise_max, a.grade, a.comment,
    to_char(a.sent_at AT TIME ZONE 'UTC', ${ISO}) AS sent_at, to_char(a.checked_at AT TIME ZONE 'UTC', ${ISO}) AS checked_at
  FROM homework_answers a JOIN users u ON u.id = a.student_id`;

async function presentAnswer(q: Queryable, r: AnswerDbRow): Promise<Answer> {
  return {
    id: r.id,
    homeworkId: r.homework_id,
    student: { id: r.student_id, fullname: r.student_name },
    status: r.status,
    text: r.text,
    files: await fileRefs(q, r.files),
    exerciseAnswers: r.exercise_answers === null ? null : jsonColumn<Answers>(r.exercise_answers),
    exerciseResults:
      r.exercise_results === null ? null : jsonColumn<ModuleResult[]>(r.exercise_results),
    exerciseScore: r.exercise_score === null ? null : Number(r.exercise_score),
    exerciseMax: r.exercise_max === null ? null : Number(r.exercise_max),
    grade: r.grade,
    comment: r.comment,
    sentAt: r.sent_at,
    checkedAt: r.checked_at,
  };
}

async function loadAnswer(q: Queryable, id: number): Promise<AnswerDbRow> {
  const rows = await q.query<AnswerDbRow>(`${ANSWER_SELECT} WHERE a.id = $1`, [id]);
  if (!rows[0]) throw new TeachingError(404, 'answer_not_found');
  return rows[0];
}

/** Groups list items into spec §3 rows by deadline day, soonest first. */
function toRows(items: (HomeworkItem & { deadline: string })[]): HomeworkRow[] {
  const byDay = new Map<number, HomeworkItem[]>();
  for (const it of items) {
    const day = dayEndUnix(it.deadline);
    const list = byDay.get(day) ?? [];
    list.push(it);
    byDay.set(day, list);
  }
  return [...byDay.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([dateExpired, list]) => ({ dateExpired, items: list }));
}

export function registerHomeworkRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  {
    const r = route(ctx, 'homework.create');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: ScheduleIdParamsSchema,
        body: HomeworkCreateRequestSchema,
        response: { 201: HomeworkResponseSchema, ...r.errors },
      },
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const lesson = await loadLesson(db, req.params.scheduleId, req.locale);
        if (!canManageLesson(v, lesson)) throw new TeachingError(404, 'lesson_not_found');
        if (Date.parse(req.body.deadline) <= Date.now())
          throw new TeachingError(422, 'deadline_past', 'deadline');
        const files = await assertOwnFiles(db, auth.userId, req.body.files, 'files');
        const id = await db.transaction(async (tx) => {
          let version: number | null = null;
          if (req.body.draftId)
            version = (await freezePublished(tx, v, req.body.draftId, 'draftId')).version;
          const rows = await tx.query<{ id: number }>(
            `INSERT INTO homework (lesson_id, teacher_id, text, files, draft_id, draft_version, deadline)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            [
              lesson.id,
              auth.userId,
              req.body.text,
              files,
              req.body.draftId,
              version,
              req.body.deadline,
            ],
          );
          const hid = (rows[0] as { id: number }).id;
          // Every student of the group gets an answer to fill in ('assigned').
          await tx.query(
            `INSERT INTO homework_answers (homework_id, student_id)
             SELECT $1, id FROM users WHERE role = 'student' AND group_id = $2`,
            [hid, lesson.group_id],
          );
          return hid;
        });
        const h = await loadHomework(db, id, req.locale);
        return reply.code(201).send({ data: await presentHomework(db, h) });
      },
    });
  }

  {
    const r = route(ctx, 'homework.controlList');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        querystring: HomeworkListQuerySchema,
        response: { 200: HomeworkListResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const rows = await db.query<
          HomeworkDbRow & { total: number; sent: number; checked: number }
        >(
          `SELECT x.*, c.total, c.sent, c.checked FROM (${homeworkSelect(req.locale)}) x
             CROSS JOIN LATERAL (
               SELECT count(*)::int AS total,
                      count(*) FILTER (WHERE status = 'sent')::int AS sent,
                      count(*) FILTER (WHERE status = 'checked')::int AS checked
                 FROM homework_answers a WHERE a.homework_id = x.id) c
            WHERE x.teacher_id = $1 OR x.slot_teacher_id = $1 OR ($2 AND x.school_id = $3)
            ORDER BY x.deadline DESC, x.id DESC LIMIT 500`,
          [auth.userId, isManagement(auth), auth.schoolId ?? -1],
        );
        const uncheckedSent = rows.reduce((a, x) => a + x.sent, 0);
        const checked =
          req.query.checked === undefined
            ? defaultCheckedFilter(uncheckedSent)
            : req.query.checked === 'true';
        const items = rows
          .filter((x) => (checked ? x.sent === 0 : x.sent > 0))
          .map((x) => ({
            id: x.id,
            date: { label: dateLabel(x.lesson_date, req.locale), value: x.lesson_date },
            theme: { subjectId: x.subject_id, subject: x.subject_name, title: x.theme },
            assigned: { sentAnswers: x.sent, total: x.total, checked: x.checked, answerId: null },
            status: null,
            deadline: x.deadline,
            group: groupName(x.parallel, x.letter),
            text: x.text,
            grade: null,
          }));
        return { data: { rows: toRows(items), checked, uncheckedSent } };
      },
    });
  }

  {
    const r = route(ctx, 'homework.answers');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: HomeworkIdParamsSchema,
        response: { 200: HomeworkAnswersResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const h = await loadHomework(db, req.params.homeworkId, req.locale);
        if (!canManageHomework(v, h)) throw new TeachingError(404, 'homework_not_found');
        const answers = await db.query<AnswerDbRow>(
          `${ANSWER_SELECT} WHERE a.homework_id = $1 ORDER BY u.surname, u.firstname`,
          [h.id],
        );
        return {
          data: {
            homework: await presentHomework(db, h),
            answers: await Promise.all(answers.map((a) => presentAnswer(db, a))),
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'homework.controlAnswer');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: AnswerIdParamsSchema,
        response: { 200: AnswerResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const a = await loadAnswer(db, req.params.answerId);
        const h = await loadHomework(db, a.homework_id, req.locale);
        if (!canManageHomework(v, h)) throw new TeachingError(404, 'answer_not_found');
        const exercise =
          h.draft_id && h.draft_version !== null
            ? await contentVersion(db, h.draft_id, h.draft_version)
            : null;
        return {
          data: {
            homework: await presentHomework(db, h),
            answer: await presentAnswer(db, a),
            exercise: exercise as unknown as Record<string, unknown> | null,
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'homework.check');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: AnswerIdParamsSchema,
        body: HomeworkCheckRequestSchema,
        response: { 200: AnswerResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const a = await loadAnswer(db, req.params.answerId);
        const h = await loadHomework(db, a.homework_id, req.locale);
        if (!canManageHomework(v, h)) throw new TeachingError(404, 'answer_not_found');
        const body = req.body;
        if (body.action === 'check') {
          // A checked answer may be re-graded; one never sent has nothing to grade.
          if (a.status !== 'sent' && a.status !== 'checked')
            throw new TeachingError(422, 'answer_not_sent', 'action');
          await db.query(
            `UPDATE homework_answers SET status = 'checked', grade = $2, comment = $3, checked_at = now() WHERE id = $1`,
            [a.id, body.grade, body.comment],
          );
        } else {
          if (a.status !== 'sent') throw new TeachingError(422, 'answer_not_sent', 'action');
          await db.query(
            `UPDATE homework_answers SET status = 'returned', grade = NULL, comment = $2, checked_at = now() WHERE id = $1`,
            [a.id, body.comment],
          );
        }
        const exercise =
          h.draft_id && h.draft_version !== null
            ? await contentVersion(db, h.draft_id, h.draft_version)
            : null;
        return {
          data: {
            homework: await presentHomework(db, h),
            answer: await presentAnswer(db, await loadAnswer(db, a.id)),
            exercise: exercise as unknown as Record<string, unknown> | null,
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'homework.preview');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: HomeworkIdParamsSchema,
        response: { 200: HomeworkResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const h = await loadHomework(db, req.params.homeworkId, req.locale);
        const ok = v.auth.role === 'student' ? v.groupId === h.group_id : canManageHomework(v, h);
        if (!ok) throw new TeachingError(404, 'homework_not_found');
        return { data: await presentHomework(db, h) };
      },
    });
  }

  {
    const r = route(ctx, 'homework.list');
    app.route({
      ...r.base,
      schema: { ...r.meta, response: { 200: StudentHomeworkListResponseSchema, ...r.errors } },
      handler: async (req) => {
        const auth = requireAuth(req);
        const rows = await db.query<
          HomeworkDbRow & { answer_id: number; status: Answer['status']; grade: number | null }
        >(
          `SELECT x.*, a.id AS answer_id, a.status, a.grade FROM (${homeworkSelect(req.locale)}) x
             JOIN homework_answers a ON a.homework_id = x.id AND a.student_id = $1
            ORDER BY x.deadline, x.id LIMIT 500`,
          [auth.userId],
        );
        const items = rows.map((x) => ({
          id: x.id,
          date: { label: dateLabel(x.lesson_date, req.locale), value: x.lesson_date },
          theme: { subjectId: x.subject_id, subject: x.subject_name, title: x.theme },
          assigned: {
            sentAnswers: x.status === 'sent' || x.status === 'checked' ? 1 : 0,
            total: 1,
            checked: x.status === 'checked' ? 1 : 0,
            answerId: x.answer_id,
          },
          status: x.status,
          deadline: x.deadline,
          group: groupName(x.parallel, x.letter),
          text: x.text,
          grade: x.grade,
        }));
        return { data: { rows: toRows(items) } };
      },
    });
  }

  /** A student's own answer (others' are missing, never forbidden). */
  async function ownAnswer(studentId: number, answerId: number) {
    const a = await loadAnswer(db, answerId);
    if (a.student_id !== studentId) throw new TeachingError(404, 'answer_not_found');
    return a;
  }

  async function studentView(a: AnswerDbRow, locale: Locale) {
    const h = await loadHomework(db, a.homework_id, locale);
    const draft =
      h.draft_id && h.draft_version !== null
        ? await contentVersion(db, h.draft_id, h.draft_version)
        : null;
    // Right answers show once the teacher has checked the work.
    const exercise = draft ? (a.status === 'checked' ? draft : forStudent(draft)) : null;
    return {
      data: {
        homework: await presentHomework(db, h),
        answer: await presentAnswer(db, a),
        exercise: exercise as unknown as Record<string, unknown> | null,
      },
    };
  }

  {
    const r = route(ctx, 'homework.assigned');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: AnswerIdParamsSchema,
        response: { 200: AnswerResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        return studentView(await ownAnswer(auth.userId, req.params.answerId), req.locale);
      },
    });
  }

  {
    const r = route(ctx, 'homework.submit');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: AnswerIdParamsSchema,
        body: HomeworkSubmitRequestSchema,
        response: { 200: AnswerResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const a = await ownAnswer(auth.userId, req.params.answerId);
        const h = await loadHomework(db, a.homework_id, req.locale);
        if (a.status === 'checked') throw new TeachingError(422, 'answer_already_checked', 'text');
        // Rework sent back by the teacher may come after the deadline; a first answer may not.
        if (a.status === 'assigned' && Date.parse(h.deadline) < Date.now())
          throw new TeachingError(422, 'deadline_passed', 'text');
        const files = await assertOwnFiles(db, auth.userId, req.body.files, 'files');
        const exerciseAnswers = req.body.exerciseAnswers;
        if (exerciseAnswers && Object.keys(exerciseAnswers).length > 0 && !h.draft_id)
          throw new TeachingError(422, 'answer_unknown_module', 'exerciseAnswers');
        if (
          !req.body.text &&
          files.length === 0 &&
          (!exerciseAnswers || Object.keys(exerciseAnswers).length === 0)
        )
          throw new TeachingError(422, 'answer_empty', 'text');
        let results: ModuleResult[] | null = null;
        let score: number | null = null;
        let max: number | null = null;
        if (exerciseAnswers && h.draft_id && h.draft_version !== null) {
          const draft = await contentVersion(db, h.draft_id, h.draft_version);
          validateAnswers(draft, exerciseAnswers);
          const g = gradeAnswers(draft, exerciseAnswers);
          results = g.results;
          score = g.score;
          max = g.maxScore;
        }
        await db.query(
          `UPDATE homework_answers SET status = 'sent', text = $2, files = $3, exercise_answers = $4,
                  exercise_results = $5, exercise_score = $6, exercise_max = $7, sent_at = now()
            WHERE id = $1`,
          [
            a.id,
            req.body.text,
            files,
            exerciseAnswers && h.draft_id ? JSON.stringify(exerciseAnswers) : null,
            results ? JSON.stringify(results) : null,
            score,
            max,
          ],
        );
        return studentView(await loadAnswer(db, a.id), req.locale);
      },
    });
  }
}
