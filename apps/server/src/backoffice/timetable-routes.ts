import {
  TimetableCopyResponseSchema,
  TimetableCopySchema,
  TimetableGroupParamsSchema,
  TimetableGroupResponseSchema,
  TimetableListResponseSchema,
  TimetableQuerySchema,
  TimetableSlotCreateSchema,
  TimetableSlotDeletedResponseSchema,
  TimetableSlotInputSchema,
  TimetableSlotParamsSchema,
  TimetableSlotResponseSchema,
} from '@sabaq/platform';
import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { groupName } from '../teaching/lessons';
import { schoolPeriods } from '../teaching/periods';
import { shiftOf } from '../teaching/timetable';
import { schoolOf } from '../teaching/tenancy';
import { findGroup, loadCaller } from './group-queries';
import {
  assertPeriodFound,
  assertSlotManageable,
  assertTimetableManageable,
  assertTimetableReadable,
  isManagement,
} from './timetable-access';
import { copyTimetable, placeSlot, removeSlot } from './timetable-commands';
import { TimetableError } from './timetable-errors';
import {
  pickPeriod,
  presentDaysOff,
  presentGroupState,
  presentPeriod,
  presentSlot,
} from './timetable-present';
import {
  findSlot,
  listGroupStates,
  listPeriodSlots,
  listSchoolHolidays,
  listSchoolWorkdays,
  listSubjects,
  listTeachers,
  loadBells,
} from './timetable-queries';

/** A quarter of the school by id (404 for another school's), or its current one. */
async function schoolPeriod(q: Queryable, schoolId: number, locale: Locale, periodId?: number) {
  const periods = await schoolPeriods(q, schoolId, locale);
  const period = pickPeriod(periods, periodId);
  assertPeriodFound(period);
  return { periods, period };
}

/** The saved slot as the editor shows it. */
async function answerSlot(q: Queryable, schoolId: number, slotId: number, locale: Locale) {
  const [slot, bells] = await Promise.all([
    findSlot(q, schoolId, slotId, locale),
    loadBells(q, schoolId),
  ]);
  if (!slot) throw new TimetableError(404, 'slot_not_found');
  return { data: presentSlot(slot, bells) };
}

/** Backoffice timetables (issue 13; policies/timetables.ts, rules in timetable-access.ts). */
export function registerTimetableRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'timetables.list', {
    querystring: TimetableQuerySchema,
    response: { 200: TimetableListResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const schoolId = schoolOf(caller.auth);
      const manage = isManagement(caller);
      const periods = await schoolPeriods(db, schoolId, req.locale);
      const period = pickPeriod(periods, req.query.periodId);
      if (req.query.periodId !== undefined) assertPeriodFound(period);
      const groups = period
        ? await listGroupStates(db, schoolId, period.id, manage ? null : caller.ledGroups)
        : [];
      return {
        data: {
          periods: periods.map(presentPeriod),
          periodId: period?.id ?? null,
          canManage: manage,
          groups: groups.map(presentGroupState),
        },
      };
    },
  });

  defineRoute(app, ctx, 'timetables.group', {
    params: TimetableGroupParamsSchema,
    querystring: TimetableQuerySchema,
    response: { 200: TimetableGroupResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const group = await findGroup(db, req.params.groupId, req.locale);
      assertTimetableReadable(caller, group);
      const { periods, period } = await schoolPeriod(
        db,
        group.school_id,
        req.locale,
        req.query.periodId,
      );
      const [slots, bells, subjects, teachers, holidays, worked] = await Promise.all([
        listPeriodSlots(db, group.school_id, period.id, req.locale, group.id),
        loadBells(db, group.school_id),
        listSubjects(db, group, req.locale),
        isManagement(caller) ? listTeachers(db, group.school_id) : [],
        listSchoolHolidays(db, group.school_id, period.start_date, period.end_date),
        listSchoolWorkdays(db, group.school_id, period.start_date, period.end_date),
      ]);
      return {
        data: {
          group: {
            id: group.id,
            name: groupName(group.parallel, group.letter),
            parallel: group.parallel,
          },
          periods: periods.map(presentPeriod),
          periodId: period.id,
          canManage: isManagement(caller),
          shift: slots[0]?.shift ?? shiftOf(group.parallel),
          bells,
          slots: slots.map((row) => presentSlot(row, bells)),
          subjects,
          teachers: teachers.map((t) => ({
            id: t.id,
            fullname: t.fullname,
            subjectIds: t.subject_ids,
          })),
          daysOff: presentDaysOff(period.start_date, period.end_date, holidays, req.locale, worked),
        },
      };
    },
  });

  defineRoute(app, ctx, 'timetables.slotCreate', {
    params: TimetableGroupParamsSchema,
    body: TimetableSlotCreateSchema,
    response: { 201: TimetableSlotResponseSchema },
    handler: async (req, reply) => {
      const caller = await loadCaller(db, requireAuth(req));
      const schoolId = schoolOf(caller.auth);
      const answer = await db.transaction(async (tx) => {
        const group = await findGroup(tx, req.params.groupId, req.locale, true);
        assertTimetableManageable(caller, group);
        await schoolPeriod(tx, schoolId, req.locale, req.body.periodId);
        const at = { schoolId, groupId: group.id, periodId: req.body.periodId, locale: req.locale };
        const id = await placeSlot(tx, { ...at, slot: null }, req.body);
        return answerSlot(tx, schoolId, id, req.locale);
      });
      return reply.code(201).send(answer);
    },
  });

  defineRoute(app, ctx, 'timetables.slotUpdate', {
    params: TimetableSlotParamsSchema,
    body: TimetableSlotInputSchema,
    response: { 200: TimetableSlotResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const schoolId = schoolOf(caller.auth);
      return db.transaction(async (tx) => {
        const slot = await findSlot(tx, schoolId, req.params.slotId, req.locale, true);
        assertSlotManageable(caller, slot);
        const at = {
          schoolId,
          groupId: slot.group_id,
          periodId: slot.period_id,
          locale: req.locale,
        };
        await placeSlot(tx, { ...at, slot }, req.body);
        return answerSlot(tx, schoolId, slot.id, req.locale);
      });
    },
  });

  defineRoute(app, ctx, 'timetables.slotDelete', {
    params: TimetableSlotParamsSchema,
    response: { 200: TimetableSlotDeletedResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      await db.transaction(async (tx) => {
        const slot = await findSlot(tx, schoolOf(caller.auth), req.params.slotId, req.locale, true);
        assertSlotManageable(caller, slot);
        await removeSlot(tx, slot.id);
      });
      return { data: { id: req.params.slotId } };
    },
  });

  defineRoute(app, ctx, 'timetables.copy', {
    body: TimetableCopySchema,
    response: { 200: TimetableCopyResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const schoolId = schoolOf(caller.auth);
      const body = req.body;
      const data = await db.transaction(async (tx) => {
        if (body.groupId !== null)
          assertTimetableManageable(caller, await findGroup(tx, body.groupId, req.locale, true));
        else if (!isManagement(caller)) throw new TimetableError(403, 'forbidden');
        await schoolPeriod(tx, schoolId, req.locale, body.fromPeriodId);
        await schoolPeriod(tx, schoolId, req.locale, body.toPeriodId);
        if (body.fromPeriodId === body.toPeriodId)
          throw new TimetableError(422, 'same_period', 'toPeriodId');
        return copyTimetable(tx, schoolId, body, req.locale);
      });
      return { data };
    },
  });
}
