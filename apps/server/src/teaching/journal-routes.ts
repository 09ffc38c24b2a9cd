import ExcelJS from 'exceljs';
import {
  AssessmentCreateRequestSchema,
  AssessmentIdParamsSchema,
  AssessmentMarkRequestSchema,
  AssessmentResponseSchema,
  GroupIdParamsSchema,
  JournalGridResponseSchema,
  JournalGroupResponseSchema,
  JournalGroupsResponseSchema,
  JournalMarkRequestSchema,
  JournalParamsSchema,
  JournalPeriodsResponseSchema,
  JournalQuerySchema,
  JournalSavedResponseSchema,
  PeriodIdParamsSchema,
  QUARTER_GRADE_CONFIG,
  quarterGrade,
} from '@sabaq/platform';
import type { JournalGrid, Locale, QuarterResult } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { TeachingError } from './errors';
import { route } from './http';
import {
  byGroupOrder,
  ensureLessons,
  groupName,
  groupStudents,
  isManagement,
  viewerOf,
} from './lessons';
import type { Viewer } from './lessons';

interface PeriodRow {
  id: number;
  name: string;
  quarter: number;
  start_date: string;
  end_date: string;
  is_current: boolean;
}

async function periods(q: Queryable, locale: Locale): Promise<PeriodRow[]> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return q.query<PeriodRow>(
    `SELECT id, ${name} AS name, quarter, to_char(start_date, 'YYYY-MM-DD') AS start_date,
            to_char(end_date, 'YYYY-MM-DD') AS end_date, is_current FROM periods ORDER BY start_date`,
  );
}

/** The period asked for, else the X-Quarter one, else the current one, else the first. */
async function pickPeriod(
  q: Queryable,
  locale: Locale,
  periodId: number | undefined,
  quarter: number | null,
) {
  const all = await periods(q, locale);
  if (periodId !== undefined) {
    const p = all.find((x) => x.id === periodId);
    if (!p) throw new TeachingError(404, 'period_not_found');
    return p;
  }
  const p =
    (quarter !== null ? all.find((x) => x.quarter === quarter) : undefined) ??
    all.find((x) => x.is_current) ??
    all[0];
  if (!p) throw new TeachingError(404, 'period_not_found');
  return p;
}

interface GroupRow {
  id: number;
  parallel: number;
  letter: string;
  school_id: number;
}

async function loadGroup(q: Queryable, id: number): Promise<GroupRow> {
  const rows = await q.query<GroupRow>(
    'SELECT id, parallel, letter, school_id FROM groups WHERE id = $1',
    [id],
  );
  if (!rows[0]) throw new TeachingError(404, 'group_not_found');
  return rows[0];
}

/**
 * Who keeps which journal: management every group of their school, a class lead their group,
 * a teacher the subjects they teach in the group. Returns the subject ids the user may keep in
 * the group ('all' for management and the lead).
 */
async function journalRights(q: Queryable, v: Viewer, g: GroupRow): Promise<'all' | Set<number>> {
  if (v.auth.schoolId !== g.school_id) return new Set();
  if (isManagement(v.auth) || v.ledGroups.includes(g.id)) return 'all';
  const rows = await q.query<{ subject_id: number }>(
    'SELECT DISTINCT subject_id FROM timetable_slots WHERE group_id = $1 AND teacher_id = $2',
    [g.id, v.auth.userId],
  );
  return new Set(rows.map((r) => r.subject_id));
}

async function assertJournal(
  q: Queryable,
  v: Viewer,
  g: GroupRow,
  subjectId: number,
): Promise<void> {
  const rights = await journalRights(q, v, g);
  if (rights === 'all' || rights.has(subjectId)) return;
  // A group the user has nothing to do with is reported missing; their own group, forbidden.
  if (rights.size === 0) throw new TeachingError(404, 'group_not_found');
  throw new TeachingError(403, 'journal_forbidden');
}

interface SubgroupRow {
  id: number;
  name: string;
  students: number;
}

/** The subject's subgroups in a group with their member counts, by name. */
async function subjectSubgroups(
  q: Queryable,
  groupId: number,
  subjectId: number | null,
): Promise<(SubgroupRow & { subject_id: number })[]> {
  return q.query<SubgroupRow & { subject_id: number }>(
    `SELECT sg.id, sg.name, sg.subject_id,
            (SELECT count(*)::int FROM subgroup_members m JOIN users u ON u.id = m.user_id
              WHERE m.subgroup_id = sg.id AND u.role = 'student' AND u.group_id = sg.group_id) AS students
       FROM subgroups sg WHERE sg.group_id = $1 AND ($2::int IS NULL OR sg.subject_id = $2)
      ORDER BY sg.name, sg.id`,
    [groupId, subjectId],
  );
}

/**
 * The rows of a journal page: the whole class, or only the subgroup's members (pupils who have
 * since left the class are not listed even if their membership row remains).
 */
async function journalStudents(
  q: Queryable,
  groupId: number,
  subgroupId: number | null,
): Promise<{ id: number; fullname: string }[]> {
  if (subgroupId === null) return groupStudents(q, groupId);
  return q.query<{ id: number; fullname: string }>(
    `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname
       FROM subgroup_members m JOIN users u ON u.id = m.user_id
      WHERE m.subgroup_id = $1 AND u.role = 'student' AND u.group_id = $2
      ORDER BY u.surname, u.firstname, u.id`,
    [subgroupId, groupId],
  );
}

/**
 * The subgroup of the page a cell is entered on. Work set for one subgroup (a lesson timetabled
 * for it, its SOR/SOCh) belongs to that subgroup's page alone; whole-class work shows on every
 * page, so the page named in the request decides which members and result apply.
 */
async function pageSubgroup(
  q: Queryable,
  groupId: number,
  subjectId: number,
  own: number | null,
  asked: number | undefined,
  field: 'lessonId' | 'assessmentId',
): Promise<number | null> {
  if (asked !== undefined) {
    const sg = await q.query(
      'SELECT 1 FROM subgroups WHERE id = $1 AND group_id = $2 AND subject_id = $3',
      [asked, groupId, subjectId],
    );
    if (sg.length === 0) throw new TeachingError(422, 'subgroup_not_found', 'subgroupId');
    if (own !== null && own !== asked)
      throw new TeachingError(
        422,
        field === 'lessonId' ? 'lesson_not_in_journal' : 'assessment_not_in_journal',
        field,
      );
  }
  return own ?? asked ?? null;
}

/** 422 unless the student is in the class and, on a subgroup page, in that subgroup. */
async function assertStudent(
  q: Queryable,
  groupId: number,
  subgroupId: number | null,
  studentId: number,
): Promise<void> {
  const students = await groupStudents(q, groupId);
  if (!students.some((s) => s.id === studentId))
    throw new TeachingError(422, 'student_not_in_group', 'studentId');
  if (subgroupId === null) return;
  const member = await q.query(
    'SELECT 1 FROM subgroup_members WHERE subgroup_id = $1 AND user_id = $2',
    [subgroupId, studentId],
  );
  if (member.length === 0) throw new TeachingError(422, 'student_not_in_subgroup', 'studentId');
}

/**
 * A journal page. A subgroup page counts the whole-class lessons and SOR/SOCh as well as the
 * subgroup's own (they were done by its members too); the whole-class page counts whole-class
 * work only, because a subgroup's SOR is not the rest of the class's.
 */
interface Scope {
  group: GroupRow;
  subjectId: number;
  subgroupId: number | null;
  period: PeriodRow;
}

async function resultOf(q: Queryable, s: Scope, studentId: number): Promise<QuarterResult> {
  const marks = await q.query<{ mark: number }>(
    `SELECT m.mark FROM journal_marks m JOIN lessons l ON l.id = m.lesson_id JOIN timetable_slots t ON t.id = l.slot_id
      WHERE m.student_id = $1 AND m.mark IS NOT NULL AND t.group_id = $2 AND t.subject_id = $3
        AND ($4::int IS NULL OR t.subgroup_id = $4 OR t.subgroup_id IS NULL) AND l.lesson_date BETWEEN $5::date AND $6::date`,
    [studentId, s.group.id, s.subjectId, s.subgroupId, s.period.start_date, s.period.end_date],
  );
  const points = await q.query<{ kind: 'sor' | 'soch'; points: string; max_points: number }>(
    `SELECT a.kind, m.points, a.max_points FROM assessment_marks m JOIN assessments a ON a.id = m.assessment_id
      WHERE m.student_id = $1 AND a.group_id = $2 AND a.subject_id = $3 AND a.period_id = $4
        AND (a.subgroup_id IS NULL OR a.subgroup_id = $5)`,
    [studentId, s.group.id, s.subjectId, s.period.id, s.subgroupId],
  );
  return quarterGrade({
    formative: marks.map((m) => m.mark),
    sor: points
      .filter((p) => p.kind === 'sor')
      .map((p) => ({ points: Number(p.points), max: p.max_points })),
    soch: points
      .filter((p) => p.kind === 'soch')
      .map((p) => ({ points: Number(p.points), max: p.max_points })),
  });
}

async function buildGrid(q: Queryable, s: Scope, locale: Locale): Promise<JournalGrid> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  const subject = (
    await q.query<{ id: number; name: string }>(
      `SELECT id, ${name} AS name FROM subjects WHERE id = $1`,
      [s.subjectId],
    )
  )[0];
  if (!subject) throw new TeachingError(404, 'subject_not_taught');
  const subgroups = await subjectSubgroups(q, s.group.id, s.subjectId);
  const found = s.subgroupId === null ? null : subgroups.find((x) => x.id === s.subgroupId);
  // A subgroup of another group or subject is not a page of this journal.
  if (found === undefined) throw new TeachingError(404, 'subgroup_not_found');
  const subgroup = found === null ? null : { id: found.id, name: found.name };
  await ensureLessons(q, {
    groupIds: [s.group.id],
    from: s.period.start_date,
    to: s.period.end_date,
  });
  const lessons = await q.query<{ id: number; date: string; theme: string }>(
    `SELECT l.id, to_char(l.lesson_date, 'YYYY-MM-DD') AS date, l.theme FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id
      WHERE t.group_id = $1 AND t.subject_id = $2 AND ($3::int IS NULL OR t.subgroup_id = $3 OR t.subgroup_id IS NULL)
        AND l.lesson_date BETWEEN $4::date AND $5::date ORDER BY l.lesson_date, t.lesson_no`,
    [s.group.id, s.subjectId, s.subgroupId, s.period.start_date, s.period.end_date],
  );
  if (lessons.length === 0) throw new TeachingError(404, 'subject_not_taught');
  const assessments = await q.query<{
    id: number;
    kind: 'sor' | 'soch';
    title: string;
    max_points: number;
    date: string;
  }>(
    `SELECT id, kind, title, max_points, to_char(assessed_on, 'YYYY-MM-DD') AS date FROM assessments
      WHERE group_id = $1 AND subject_id = $2 AND period_id = $3 AND (subgroup_id IS NULL OR subgroup_id = $4)
      ORDER BY assessed_on, kind DESC, id`,
    [s.group.id, s.subjectId, s.period.id, s.subgroupId],
  );
  const students = await journalStudents(q, s.group.id, s.subgroupId);
  const marks = await q.query<{
    lesson_id: number;
    student_id: number;
    mark: number | null;
    absent: boolean;
  }>(
    'SELECT lesson_id, student_id, mark, absent FROM journal_marks WHERE lesson_id = ANY($1::int[])',
    [lessons.map((l) => l.id)],
  );
  const cell = new Map(marks.map((m) => [`${m.student_id}|${m.lesson_id}`, m]));
  const pts = await q.query<{ assessment_id: number; student_id: number; points: string }>(
    'SELECT assessment_id, student_id, points FROM assessment_marks WHERE assessment_id = ANY($1::int[])',
    [assessments.map((a) => a.id)],
  );
  const rows = students.map((st) => {
    const cells = lessons.map((l) => {
      const m = cell.get(`${st.id}|${l.id}`);
      return { lessonId: l.id, mark: m?.mark ?? null, absent: m?.absent ?? false };
    });
    const points: Record<string, number> = {};
    for (const p of pts)
      if (p.student_id === st.id) points[String(p.assessment_id)] = Number(p.points);
    const result = quarterGrade({
      formative: cells.map((c) => c.mark).filter((m): m is number => m !== null),
      sor: assessments
        .filter((a) => a.kind === 'sor' && points[String(a.id)] !== undefined)
        .map((a) => ({ points: points[String(a.id)] as number, max: a.max_points })),
      soch: assessments
        .filter((a) => a.kind === 'soch' && points[String(a.id)] !== undefined)
        .map((a) => ({ points: points[String(a.id)] as number, max: a.max_points })),
    });
    return { student: st, cells, points, result };
  });
  return {
    group: { id: s.group.id, name: groupName(s.group.parallel, s.group.letter) },
    subject,
    subgroup,
    subgroups: subgroups.map((x) => ({ id: x.id, name: x.name, students: x.students })),
    period: {
      id: s.period.id,
      name: s.period.name,
      quarter: s.period.quarter,
      startDate: s.period.start_date,
      endDate: s.period.end_date,
      is_current: s.period.is_current,
    },
    lessons,
    assessments: assessments.map((a) => ({
      id: a.id,
      kind: a.kind,
      title: a.title,
      maxPoints: a.max_points,
      date: a.date,
    })),
    rows,
    config: {
      weights: { ...QUARTER_GRADE_CONFIG.weights },
      bands: QUARTER_GRADE_CONFIG.bands.map((b) => ({ ...b })),
      lowestGrade: QUARTER_GRADE_CONFIG.lowestGrade,
      formativeMax: QUARTER_GRADE_CONFIG.formativeMax,
    },
  };
}

/** The journal page as an Excel workbook: marks, absences (н), SOR/SOCh points and the result. */
export async function journalWorkbook(grid: JournalGrid, locale: Locale): Promise<Buffer> {
  const t =
    locale === 'ru'
      ? {
          student: 'Ученик',
          formative: 'ФО, %',
          sor: 'СОР, %',
          soch: 'СОЧ, %',
          total: 'Итого, %',
          grade: 'Оценка',
          absent: 'н',
        }
      : {
          student: 'Оқушы',
          formative: 'ҚБ, %',
          sor: 'БЖБ, %',
          soch: 'ТЖБ, %',
          total: 'Барлығы, %',
          grade: 'Баға',
          absent: 'ж',
        };
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sabaq';
  const title = `${grid.group.name} — ${grid.subject.name}${grid.subgroup ? ` (${grid.subgroup.name})` : ''} — ${grid.period.name}`;
  const ws = wb.addWorksheet(title.slice(0, 31).replace(/[\\/*?:[\]]/g, ' '));
  ws.addRow([title]).font = { bold: true, size: 13 };
  const header = [
    '№',
    t.student,
    ...grid.lessons.map((l) => `${l.date.slice(8, 10)}.${l.date.slice(5, 7)}`),
    ...grid.assessments.map(
      (a) =>
        `${a.kind === 'sor' ? (locale === 'ru' ? 'СОР' : 'БЖБ') : locale === 'ru' ? 'СОЧ' : 'ТЖБ'} ${a.title} (${a.maxPoints})`,
    ),
    t.formative,
    t.sor,
    t.soch,
    t.total,
    t.grade,
  ];
  const h = ws.addRow(header);
  h.font = { bold: true };
  grid.rows.forEach((r, i) => {
    ws.addRow([
      i + 1,
      r.student.fullname,
      ...r.cells.map((c) =>
        c.absent ? (c.mark !== null ? `${c.mark} ${t.absent}` : t.absent) : (c.mark ?? ''),
      ),
      ...grid.assessments.map((a) => r.points[String(a.id)] ?? ''),
      r.result.formative ?? '',
      r.result.sor ?? '',
      r.result.soch ?? '',
      r.result.total ?? '',
      r.result.grade ?? '',
    ]);
  });
  ws.getColumn(2).width = 28;
  ws.views = [{ state: 'frozen', xSplit: 2, ySplit: 2 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function registerJournalRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  async function scope(
    auth: AuthContext,
    groupId: number,
    subjectId: number,
    subgroupId: number | undefined,
    periodId: number | undefined,
    quarter: number | null,
    locale: Locale,
  ): Promise<Scope> {
    const v = await viewerOf(db, auth);
    const group = await loadGroup(db, groupId);
    await assertJournal(db, v, group, subjectId);
    const period = await pickPeriod(db, locale, periodId, quarter);
    return { group, subjectId, subgroupId: subgroupId ?? null, period };
  }

  {
    const r = route(ctx, 'journal.groups');
    app.route({
      ...r.base,
      schema: { ...r.meta, response: { 200: JournalGroupsResponseSchema, ...r.errors } },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const rows = await db.query<GroupRow & { students: number }>(
          `SELECT g.id, g.parallel, g.letter, g.school_id,
                  (SELECT count(*)::int FROM users u WHERE u.group_id = g.id AND u.role = 'student') AS students
             FROM groups g
            WHERE NOT g.archived AND g.school_id = $1 AND (
              $2 OR g.id = ANY($3::int[])
              OR EXISTS (SELECT 1 FROM timetable_slots t WHERE t.group_id = g.id AND t.teacher_id = $4))
            ORDER BY g.parallel, g.letter`,
          [auth.schoolId ?? -1, isManagement(auth), v.ledGroups, auth.userId],
        );
        return {
          data: rows.sort(byGroupOrder).map((g) => ({
            id: g.id,
            name: groupName(g.parallel, g.letter),
            parallel: g.parallel,
            students: g.students,
          })),
        };
      },
    });
  }

  {
    const r = route(ctx, 'journal.group');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: GroupIdParamsSchema,
        response: { 200: JournalGroupResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const g = await loadGroup(db, req.params.groupId);
        const rights = await journalRights(db, v, g);
        if (rights !== 'all' && rights.size === 0) throw new TeachingError(404, 'group_not_found');
        const name = req.locale === 'ru' ? 'name_ru' : 'name_kz';
        const subjects = await db.query<{ id: number; name: string }>(
          `SELECT DISTINCT sub.id, sub.${name} AS name FROM timetable_slots t JOIN subjects sub ON sub.id = t.subject_id
            WHERE t.group_id = $1 ORDER BY 2`,
          [g.id],
        );
        const subgroups = await subjectSubgroups(db, g.id, null);
        return {
          data: {
            group: { id: g.id, name: groupName(g.parallel, g.letter) },
            subjects: subjects
              .filter((s) => rights === 'all' || rights.has(s.id))
              .map((s) => ({
                ...s,
                subgroups: subgroups
                  .filter((x) => x.subject_id === s.id)
                  .map((x) => ({ id: x.id, name: x.name, students: x.students })),
              })),
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'journal.grid');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: JournalParamsSchema,
        querystring: JournalQuerySchema,
        response: { 200: JournalGridResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const s = await scope(
          requireAuth(req),
          req.params.groupId,
          req.params.subjectId,
          req.query.subgroupId,
          req.query.periodId,
          req.quarter,
          req.locale,
        );
        return { data: await buildGrid(db, s, req.locale) };
      },
    });
  }

  {
    const r = route(ctx, 'journal.export');
    app.route({
      ...r.base,
      schema: { ...r.meta, params: JournalParamsSchema, querystring: JournalQuerySchema },
      handler: async (req, reply) => {
        const s = await scope(
          requireAuth(req),
          req.params.groupId,
          req.params.subjectId,
          req.query.subgroupId,
          req.query.periodId,
          req.quarter,
          req.locale,
        );
        const grid = await buildGrid(db, s, req.locale);
        const file = `${grid.group.name}-${grid.subject.name}-${grid.period.quarter}.xlsx`;
        return reply
          .header(
            'content-type',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file)}`)
          .send(await journalWorkbook(grid, req.locale));
      },
    });
  }

  {
    const r = route(ctx, 'journal.mark');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        body: JournalMarkRequestSchema,
        response: { 200: JournalSavedResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const b = req.body;
        if (b.mark === undefined && b.absent === undefined)
          throw new TeachingError(422, 'mark_empty', 'mark');
        const lessons = await db.query<{
          group_id: number;
          subject_id: number;
          subgroup_id: number | null;
          lesson_date: string;
        }>(
          `SELECT t.group_id, t.subject_id, t.subgroup_id, to_char(l.lesson_date, 'YYYY-MM-DD') AS lesson_date
             FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id WHERE l.id = $1`,
          [b.lessonId],
        );
        const l = lessons[0];
        if (!l) throw new TeachingError(404, 'lesson_not_found');
        const group = await loadGroup(db, l.group_id);
        await assertJournal(db, v, group, l.subject_id);
        const subgroupId = await pageSubgroup(
          db,
          group.id,
          l.subject_id,
          l.subgroup_id,
          b.subgroupId,
          'lessonId',
        );
        await assertStudent(db, group.id, subgroupId, b.studentId);
        const saved = await db.transaction(async (tx) => {
          const rows = await tx.query<{ mark: number | null; absent: boolean }>(
            `INSERT INTO journal_marks (lesson_id, student_id, mark, absent, updated_by)
             VALUES ($1, $2, $3, coalesce($4, false), $5)
             ON CONFLICT (lesson_id, student_id) DO UPDATE SET
               mark = CASE WHEN $6 THEN $3 ELSE journal_marks.mark END,
               absent = coalesce($4, journal_marks.absent), updated_by = $5, updated_at = now()
             RETURNING mark, absent`,
            [
              b.lessonId,
              b.studentId,
              b.mark ?? null,
              b.absent ?? null,
              auth.userId,
              b.mark !== undefined,
            ],
          );
          const row = rows[0] as { mark: number | null; absent: boolean };
          // An empty cell is no row: keeps the table to what teachers actually entered.
          if (row.mark === null && !row.absent)
            await tx.query('DELETE FROM journal_marks WHERE lesson_id = $1 AND student_id = $2', [
              b.lessonId,
              b.studentId,
            ]);
          return row;
        });
        const period = await db.query<PeriodRow>(
          `SELECT id, name_kz AS name, quarter, to_char(start_date, 'YYYY-MM-DD') AS start_date,
                  to_char(end_date, 'YYYY-MM-DD') AS end_date, is_current
             FROM periods WHERE $1::date BETWEEN start_date AND end_date LIMIT 1`,
          [l.lesson_date],
        );
        const p = period[0] as PeriodRow;
        const result = await resultOf(
          db,
          { group, subjectId: l.subject_id, subgroupId, period: p },
          b.studentId,
        );
        return {
          data: {
            studentId: b.studentId,
            lessonId: b.lessonId,
            assessmentId: null,
            mark: saved.mark,
            absent: saved.absent,
            points: null,
            result,
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'journal.assessmentCreate');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: JournalParamsSchema,
        body: AssessmentCreateRequestSchema,
        response: { 201: AssessmentResponseSchema, ...r.errors },
      },
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const group = await loadGroup(db, req.params.groupId);
        await assertJournal(db, v, group, req.params.subjectId);
        const taught = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM timetable_slots WHERE group_id = $1 AND subject_id = $2',
          [group.id, req.params.subjectId],
        );
        if ((taught[0]?.n ?? 0) === 0) throw new TeachingError(404, 'subject_not_taught');
        if (req.body.subgroupId !== null) {
          const sg = await db.query(
            'SELECT 1 FROM subgroups WHERE id = $1 AND group_id = $2 AND subject_id = $3',
            [req.body.subgroupId, group.id, req.params.subjectId],
          );
          if (sg.length === 0) throw new TeachingError(422, 'subgroup_not_found', 'subgroupId');
        }
        const period = await db.query<{ id: number }>(
          'SELECT id FROM periods WHERE $1::date BETWEEN start_date AND end_date LIMIT 1',
          [req.body.date],
        );
        if (!period[0]) throw new TeachingError(422, 'assessment_date_outside', 'date');
        const rows = await db.query<{
          id: number;
          kind: 'sor' | 'soch';
          title: string;
          max_points: number;
          date: string;
        }>(
          `INSERT INTO assessments (group_id, subject_id, subgroup_id, period_id, kind, title, max_points, assessed_on, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           RETURNING id, kind, title, max_points, to_char(assessed_on, 'YYYY-MM-DD') AS date`,
          [
            group.id,
            req.params.subjectId,
            req.body.subgroupId,
            period[0].id,
            req.body.kind,
            req.body.title,
            req.body.maxPoints,
            req.body.date,
            auth.userId,
          ],
        );
        const a = rows[0] as {
          id: number;
          kind: 'sor' | 'soch';
          title: string;
          max_points: number;
          date: string;
        };
        return reply.code(201).send({
          data: { id: a.id, kind: a.kind, title: a.title, maxPoints: a.max_points, date: a.date },
        });
      },
    });
  }

  {
    const r = route(ctx, 'journal.assessmentMark');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: AssessmentIdParamsSchema,
        body: AssessmentMarkRequestSchema,
        response: { 200: JournalSavedResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const rows = await db.query<{
          id: number;
          group_id: number;
          subject_id: number;
          subgroup_id: number | null;
          period_id: number;
          max_points: number;
        }>(
          'SELECT id, group_id, subject_id, subgroup_id, period_id, max_points FROM assessments WHERE id = $1',
          [req.params.assessmentId],
        );
        const a = rows[0];
        if (!a) throw new TeachingError(404, 'assessment_not_found');
        const group = await loadGroup(db, a.group_id);
        await assertJournal(db, v, group, a.subject_id);
        // A subgroup's SOR/SOCh is written by its members only.
        const subgroupId = await pageSubgroup(
          db,
          group.id,
          a.subject_id,
          a.subgroup_id,
          req.body.subgroupId,
          'assessmentId',
        );
        await assertStudent(db, group.id, subgroupId, req.body.studentId);
        const points = req.body.points;
        if (points !== null && points > a.max_points)
          throw new TeachingError(422, 'points_over_max', 'points');
        if (points === null)
          await db.query(
            'DELETE FROM assessment_marks WHERE assessment_id = $1 AND student_id = $2',
            [a.id, req.body.studentId],
          );
        else
          await db.query(
            `INSERT INTO assessment_marks (assessment_id, student_id, points) VALUES ($1, $2, $3)
             ON CONFLICT (assessment_id, student_id) DO UPDATE SET points = $3, updated_at = now()`,
            [a.id, req.body.studentId, points],
          );
        const period = (await periods(db, req.locale)).find(
          (p) => p.id === a.period_id,
        ) as PeriodRow;
        const result = await resultOf(
          db,
          { group, subjectId: a.subject_id, subgroupId, period },
          req.body.studentId,
        );
        return {
          data: {
            studentId: req.body.studentId,
            lessonId: null,
            assessmentId: a.id,
            mark: null,
            absent: false,
            points,
            result,
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'journal.periods');
    app.route({
      ...r.base,
      schema: { ...r.meta, response: { 200: JournalPeriodsResponseSchema, ...r.errors } },
      handler: async (req) => ({
        data: (await periods(db, req.locale)).map((p) => ({
          id: p.id,
          name: p.name,
          quarter: p.quarter,
          startDate: p.start_date,
          endDate: p.end_date,
          is_current: p.is_current,
        })),
      }),
    });
  }

  {
    const r = route(ctx, 'journal.periodCurrent');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: PeriodIdParamsSchema,
        response: { 200: JournalPeriodsResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const all = await periods(db, req.locale);
        if (!all.some((p) => p.id === req.params.periodId))
          throw new TeachingError(404, 'period_not_found');
        // Exactly one current period, switched in one statement.
        await db.query('UPDATE periods SET is_current = (id = $1)', [req.params.periodId]);
        return {
          data: (await periods(db, req.locale)).map((p) => ({
            id: p.id,
            name: p.name,
            quarter: p.quarter,
            startDate: p.start_date,
            endDate: p.end_date,
            is_current: p.is_current,
          })),
        };
      },
    });
  }
}
