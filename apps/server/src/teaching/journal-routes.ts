import {
  AssessmentCreateRequestSchema,
  AssessmentIdParamsSchema,
  AssessmentMarkRequestSchema,
  AssessmentResponseSchema,
  GroupIdParamsSchema,
  JournalGridResponseSchema,
  JournalGroupResponseSchema,
  JournalGroupsResponseSchema,
  JournalColumnRequestSchema,
  JournalColumnSavedResponseSchema,
  JournalMarkRequestSchema,
  JournalParamsSchema,
  JournalPeriodsResponseSchema,
  JournalQuerySchema,
  JournalSavedResponseSchema,
  PeriodIdParamsSchema,
} from '@sabaq/platform';
import type { Locale } from '@sabaq/platform';
import type { Db } from '../db/db';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { TeachingError } from './errors';
import { groupStudents, isManagement, viewerOf } from './lessons';
import { periodAt, schoolPeriods, setCurrentPeriod } from './periods';
import type { PeriodRow } from './periods';
import { schoolOf } from './tenancy';
import {
  assertJournal,
  assertJournalWritable,
  assertLessonCell,
  assertNoConflict,
  assertNotFuture,
  assertStudentOnPage,
  canSeeJournalGroup,
  resolveJournalRights,
  choosePageSubgroup,
} from './journal-access';
import type { JournalRights } from './journal-access';
import { saveJournalColumn } from './journal-column';
import { cellWeights, loadMarkCell, saveJournalMark } from './journal-commands';
import { nameJournalFile, buildJournalWorkbook } from './journal-export';
import {
  presentAssessment,
  presentGrid,
  presentJournalGroup,
  presentJournalGroups,
  presentPeriod,
  presentQuarterResult,
} from './journal-present';
import {
  insertAssessment,
  isSubgroupMember,
  isSubgroupOf,
  isSubjectTaught,
  listGroupSubjects,
  listJournalGroups,
  listSubgroups,
  loadAssessment,
  loadGridRows,
  loadGroup,
  loadJournalPeriod,
  loadStudentResults,
  loadTaughtSubjects,
  saveAssessmentPoints,
} from './journal-queries';
import type { GroupRow, JournalPage } from './journal-queries';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the user keeps in the group's journal (journal-access.ts). */
async function loadRights(db: Db, auth: AuthContext, group: GroupRow): Promise<JournalRights> {
  const viewer = await viewerOf(db, auth);
  return resolveJournalRights(viewer, group, await loadTaughtSubjects(db, group.id, auth.userId));
}

/** The journal page asked for, once the user is known to keep it. */
async function loadPage(
  db: Db,
  auth: AuthContext,
  asked: { groupId: number; subjectId: number; subgroupId?: number; periodId?: number },
  quarter: number | null,
  locale: Locale,
): Promise<JournalPage> {
  const group = await loadGroup(db, asked.groupId);
  assertJournal(await loadRights(db, auth, group), asked.subjectId);
  const period = await loadJournalPeriod(db, group.school_id, locale, asked.periodId, quarter);
  return { group, subjectId: asked.subjectId, subgroupId: asked.subgroupId ?? null, period };
}

/**
 * The subgroup of the page a cell is entered on (journal-access.ts `choosePageSubgroup`), once the
 * pupil is known to be on that page (422 otherwise).
 */
async function loadCellSubgroup(
  db: Db,
  cell: { group: GroupRow; subjectId: number; ownSubgroup: number | null },
  asked: { subgroupId?: number; studentId: number },
  field: 'lessonId' | 'assessmentId',
): Promise<number | null> {
  const { group, subjectId } = cell;
  const askedExists =
    asked.subgroupId !== undefined &&
    (await isSubgroupOf(db, asked.subgroupId, group.id, subjectId));
  const subgroupId = choosePageSubgroup(cell.ownSubgroup, asked.subgroupId, askedExists, field);
  const inClass = (await groupStudents(db, group.id)).some((s) => s.id === asked.studentId);
  const inSubgroup =
    inClass && subgroupId !== null ? await isSubgroupMember(db, subgroupId, asked.studentId) : null;
  assertStudentOnPage(inClass, inSubgroup);
  return subgroupId;
}

export function registerJournalRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'journal.groups', {
    response: { 200: JournalGroupsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const groups = await listJournalGroups(db, {
        schoolId: schoolOf(auth),
        userId: auth.userId,
        isManagement: isManagement(auth),
        ledGroups: viewer.ledGroups,
      });
      return { data: presentJournalGroups(groups) };
    },
  });

  defineRoute(app, ctx, 'journal.group', {
    params: GroupIdParamsSchema,
    response: { 200: JournalGroupResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const group = await loadGroup(db, req.params.groupId);
      const rights = await loadRights(db, auth, group);
      if (!canSeeJournalGroup(rights)) throw new TeachingError(404, 'group_not_found');
      const subjects = await listGroupSubjects(db, group.id, req.locale);
      const subgroups = await listSubgroups(db, group.id, null);
      return { data: presentJournalGroup(group, subjects, subgroups, rights) };
    },
  });

  defineRoute(app, ctx, 'journal.grid', {
    params: JournalParamsSchema,
    querystring: JournalQuerySchema,
    response: { 200: JournalGridResponseSchema },
    handler: async (req) => {
      const asked = { ...req.params, ...req.query };
      const page = await loadPage(db, requireAuth(req), asked, req.quarter, req.locale);
      return { data: presentGrid(page, await loadGridRows(db, page, req.locale)) };
    },
  });

  defineRoute(app, ctx, 'journal.export', {
    params: JournalParamsSchema,
    querystring: JournalQuerySchema,
    handler: async (req, reply) => {
      const asked = { ...req.params, ...req.query };
      const page = await loadPage(db, requireAuth(req), asked, req.quarter, req.locale);
      const grid = presentGrid(page, await loadGridRows(db, page, req.locale));
      return reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(nameJournalFile(grid))}`,
        )
        .send(await buildJournalWorkbook(grid, req.locale));
    },
  });

  defineRoute(app, ctx, 'journal.mark', {
    body: JournalMarkRequestSchema,
    response: { 200: JournalSavedResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const entry = req.body;
      if (entry.mark === undefined && entry.absent === undefined)
        throw new TeachingError(422, 'mark_empty', 'mark');
      // Two statements a mark (issue 27): every check's facts in one read, then the write with
      // the pupil's quarter inputs in one more. The checks run in the order they always did.
      const cell = await loadMarkCell(db, {
        lessonId: entry.lessonId,
        studentId: entry.studentId,
        subgroupId: entry.subgroupId ?? null,
        userId: auth.userId,
      });
      if (!cell) throw new TeachingError(404, 'lesson_not_found');
      const subgroupId = assertLessonCell(auth, cell, entry.subgroupId);
      assertStudentOnPage(cell.in_class, subgroupId !== null ? cell.in_subgroup : null);
      assertNotFuture(cell.lesson_date, entry, Date.now());
      assertNoConflict(cell, entry, auth.userId);
      const period =
        cell.period_id === null
          ? null
          : { id: cell.period_id, start: cell.start_date ?? '', end: cell.end_date ?? '' };
      const saved = await saveJournalMark(db, entry, auth.userId, {
        groupId: cell.group_id,
        subjectId: cell.subject_id,
        subgroupId,
        period,
      });
      const result = presentQuarterResult({
        marks: saved.marks,
        points: saved.points,
        weights: cellWeights(cell),
      });
      const { studentId, lessonId } = entry;
      const { mark, absent } = saved;
      return {
        data: { studentId, lessonId, assessmentId: null, mark, absent, points: null, result },
      };
    },
  });

  defineRoute(app, ctx, 'journal.column', {
    body: JournalColumnRequestSchema,
    response: { 200: JournalColumnSavedResponseSchema },
    handler: async (req) => ({
      data: { cells: await saveJournalColumn(db, requireAuth(req), req.body) },
    }),
  });

  defineRoute(app, ctx, 'journal.assessmentCreate', {
    params: JournalParamsSchema,
    body: AssessmentCreateRequestSchema,
    response: { 201: AssessmentResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const { subjectId } = req.params;
      const asked = req.body;
      const group = await loadGroup(db, req.params.groupId);
      assertJournal(await loadRights(db, auth, group), subjectId);
      assertJournalWritable(group);
      if (!(await isSubjectTaught(db, group.id, subjectId)))
        throw new TeachingError(404, 'subject_not_taught');
      if (
        asked.subgroupId !== null &&
        !(await isSubgroupOf(db, asked.subgroupId, group.id, subjectId))
      )
        throw new TeachingError(422, 'subgroup_not_found', 'subgroupId');
      const period = await periodAt(db, group.school_id, asked.date);
      if (!period) throw new TeachingError(422, 'assessment_date_outside', 'date');
      const assessment = await insertAssessment(db, {
        ...asked,
        groupId: group.id,
        subjectId,
        periodId: period.id,
        createdBy: auth.userId,
      });
      return reply.code(201).send({ data: presentAssessment(assessment) });
    },
  });

  defineRoute(app, ctx, 'journal.assessmentMark', {
    params: AssessmentIdParamsSchema,
    body: AssessmentMarkRequestSchema,
    response: { 200: JournalSavedResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { studentId, points } = req.body;
      const assessment = await loadAssessment(db, req.params.assessmentId);
      const group = await loadGroup(db, assessment.group_id);
      assertJournal(await loadRights(db, auth, group), assessment.subject_id);
      assertJournalWritable(group);
      const subjectId = assessment.subject_id;
      const cell = { group, subjectId, ownSubgroup: assessment.subgroup_id };
      // A subgroup's SOR/SOCh is written by its members only.
      const subgroupId = await loadCellSubgroup(db, cell, req.body, 'assessmentId');
      if (points !== null && points > assessment.max_points)
        throw new TeachingError(422, 'points_over_max', 'points');
      await saveAssessmentPoints(db, assessment.id, studentId, points);
      const period = (await schoolPeriods(db, group.school_id, req.locale)).find(
        (p) => p.id === assessment.period_id,
      ) as PeriodRow;
      const page = { group, subjectId, subgroupId, period };
      const result = presentQuarterResult(await loadStudentResults(db, page, studentId));
      const data = { studentId, lessonId: null, assessmentId: assessment.id, mark: null };
      return { data: { ...data, absent: false, points, result } };
    },
  });

  defineRoute(app, ctx, 'journal.periods', {
    response: { 200: JournalPeriodsResponseSchema },
    handler: async (req) => ({
      data: (await schoolPeriods(db, schoolOf(requireAuth(req)), req.locale)).map(presentPeriod),
    }),
  });

  defineRoute(app, ctx, 'journal.periodCurrent', {
    params: PeriodIdParamsSchema,
    response: { 200: JournalPeriodsResponseSchema },
    handler: async (req) => {
      // Exactly one current period of the caller's school, switched in one statement; another
      // school's period is not found and nothing is written.
      const school = schoolOf(requireAuth(req));
      if (!(await setCurrentPeriod(db, school, req.params.periodId)))
        throw new TeachingError(404, 'period_not_found');
      return { data: (await schoolPeriods(db, school, req.locale)).map(presentPeriod) };
    },
  });
}
