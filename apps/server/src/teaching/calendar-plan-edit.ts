import { randomUUID } from 'node:crypto';
import {
  CalendarPlanCreateRequestSchema,
  CalendarPlanDeletedResponseSchema,
  CalendarPlanIdParamsSchema,
  CalendarPlanImportSchema,
  CalendarPlanLessonCreateSchema,
  CalendarPlanLessonMoveSchema,
  CalendarPlanLessonParamsSchema,
  CalendarPlanLessonUpdateSchema,
  CalendarPlanResponseSchema,
} from '@sabaq/platform';
import type { CalendarPlanData, CalendarPlanLessonFields, Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { planWorkbook, rowsOf } from './calendar-plan-import';
import {
  CalendarPlanError,
  datedLessons,
  loadPlan,
  loadPlanLesson,
  planLessons,
  presentPlan,
  visibleGroups,
  yearRange,
} from './calendar-plans';
import type { PlanRow } from './calendar-plans';
import { TeachingError } from './errors';
import { route } from './http';
import { groupName, isManagement, viewerOf } from './lessons';
import type { Viewer } from './lessons';
import { freezePublished } from './schedule-routes';

/**
 * Editing calendar plans (KTP): create and delete plans, add / edit / delete / move plan lessons,
 * bulk replace from a pasted list or an .xlsx, export as .xlsx. Rights as for linking: the
 * subject's teacher, the class teacher and the school's director/zavuch (`planAccess` 'manage');
 * another teacher of the group gets 403, anyone else 404.
 *
 * Every change runs in one transaction that locks the plan row, so two editors are serialised and
 * numbers stay 1..n without gaps. After a change the dated lessons are brought in line with the
 * new layout of hours (`syncDated`): a dated lesson that carries a material of the plan it no
 * longer falls under drops it unless a pupil answered it there, and one that carries nothing
 * takes the published material of the plan lesson it now falls under.
 *
 * Deleting (a plan lesson, a plan, or the plan lessons a shorter import leaves out) is refused with
 * 409 when pupils answered a material linked to that plan lesson in a lesson of the group's subject
 * that school year: the answers would lose their plan lesson. Otherwise the links go with it; the drafts stay with
 * their owners.
 */

/** Upper bound of plan lessons (the import's limit too). */
export const PLAN_MAX_LESSONS = 400;

type Fields = CalendarPlanLessonFields;

async function lockPlan(tx: Queryable, planId: number): Promise<void> {
  await tx.query('SELECT id FROM calendar_plans WHERE id = $1 FOR UPDATE', [planId]);
}

async function orderedUuids(tx: Queryable, planId: number): Promise<string[]> {
  const rows = await tx.query<{ uuid: string }>(
    'SELECT uuid::text AS uuid FROM calendar_plan_lessons WHERE plan_id = $1 ORDER BY number',
    [planId],
  );
  return rows.map((r) => r.uuid);
}

/** Numbers the plan's lessons 1..n in the given order (two steps: (plan, number) is unique). */
async function renumber(tx: Queryable, planId: number, uuids: string[]): Promise<void> {
  await tx.query('UPDATE calendar_plan_lessons SET number = number + 1000000 WHERE plan_id = $1', [
    planId,
  ]);
  if (uuids.length > 0)
    await tx.query(
      `UPDATE calendar_plan_lessons c SET number = o.n
         FROM unnest($2::uuid[]) WITH ORDINALITY AS o(uuid, n)
        WHERE c.plan_id = $1 AND c.uuid = o.uuid`,
      [planId, uuids],
    );
}

/** Drafts linked anywhere in the plan. */
async function planDrafts(tx: Queryable, planId: number): Promise<string[]> {
  const rows = await tx.query<{ draft_id: string }>(
    `SELECT DISTINCT c.draft_id FROM calendar_plan_content c
       JOIN calendar_plan_lessons x ON x.uuid = c.lesson_uuid WHERE x.plan_id = $1`,
    [planId],
  );
  return rows.map((r) => r.draft_id);
}

/**
 * Plan lessons (uuid → number) whose linked materials pupils answered in a lesson of the plan's
 * group and subject that school year (wherever the layout of hours puts that lesson now).
 */
async function answeredLessons(tx: Queryable, plan: PlanRow): Promise<Map<string, number>> {
  const rows = await tx.query<{ uuid: string; number: number }>(
    `SELECT DISTINCT x.uuid::text AS uuid, x.number FROM calendar_plan_lessons x
       JOIN calendar_plan_content c ON c.lesson_uuid = x.uuid
       JOIN attempts a ON a.draft_id = c.draft_id
       JOIN lessons l ON l.id = a.lesson_id
       JOIN timetable_slots s ON s.id = l.slot_id
       JOIN periods p ON p.id = s.period_id
      WHERE x.plan_id = $1 AND s.group_id = $2 AND s.subject_id = $3 AND p.school_year = $4`,
    [plan.id, plan.group_id, plan.subject_id, plan.school_year],
  );
  return new Map(rows.map((r) => [r.uuid, r.number]));
}

function refuseAnswered(answered: Map<string, number>, uuids: string[]): void {
  for (const u of uuids) {
    const n = answered.get(u);
    if (n !== undefined) throw new CalendarPlanError(409, 'lesson_answered', undefined, { n });
  }
}

/**
 * Brings the dated lessons in line with the plan after a change (see the file comment). `before`:
 * drafts linked in the plan before the change (a deleted plan lesson's links are gone by now).
 */
async function syncDated(tx: Queryable, v: Viewer, plan: PlanRow, before: string[]) {
  const dated = await datedLessons(tx, plan);
  const content = await tx.query<{ uuid: string; kind: string; draft_id: string; status: string }>(
    `SELECT c.lesson_uuid::text AS uuid, c.kind, c.draft_id, d.status
       FROM calendar_plan_content c JOIN calendar_plan_lessons x ON x.uuid = c.lesson_uuid
       JOIN drafts d ON d.id = c.draft_id AND d.deleted_at IS NULL
      WHERE x.plan_id = $1
      ORDER BY array_position(ARRAY['lecture', 'lesson', 'sor', 'soch'], c.kind)`,
    [plan.id],
  );
  const ours = new Set([...before, ...content.map((c) => c.draft_id)]);
  const answered = new Set(
    (
      await tx.query<{ key: string }>(
        `SELECT DISTINCT a.lesson_id || ':' || a.draft_id AS key FROM attempts a
          WHERE a.lesson_id = ANY($1::int[])`,
        [dated.map((d) => d.id)],
      )
    ).map((r) => r.key),
  );
  const versions = new Map<string, number | null>();
  const versionOf = async (draftId: string) => {
    if (!versions.has(draftId)) {
      try {
        versions.set(draftId, (await freezePublished(tx, v, draftId, 'draftId')).version);
      } catch {
        versions.set(draftId, null); // not usable by this editor: left for its owner to put on
      }
    }
    return versions.get(draftId) ?? null;
  };
  for (const d of dated) {
    const mine = content.filter((c) => c.uuid === d.uuid);
    let carried = d.content_draft_id;
    if (
      carried &&
      ours.has(carried) &&
      !mine.some((c) => c.draft_id === carried) &&
      !answered.has(`${d.id}:${carried}`)
    ) {
      await tx.query(
        'UPDATE lessons SET content_draft_id = NULL, content_version = NULL WHERE id = $1',
        [d.id],
      );
      carried = null;
    }
    if (carried) continue;
    for (const c of mine.filter((x) => x.status === 'published')) {
      const version = await versionOf(c.draft_id);
      if (version === null) continue;
      await tx.query(
        'UPDATE lessons SET content_draft_id = $2, content_version = $3 WHERE id = $1',
        [d.id, c.draft_id, version],
      );
      break;
    }
  }
}

/** The date must fall within the plan's school year. */
async function checkDate(q: Queryable, plan: PlanRow, date: string | null | undefined) {
  if (!date) return;
  const year = await yearRange(q, plan.school_year);
  if (!year || date < year.start || date > year.end)
    throw new CalendarPlanError(422, 'date_outside_year', 'date', {
      from: year?.start ?? '—',
      to: year?.end ?? '—',
    });
}

async function insertLesson(tx: Queryable, planId: number, number: number, f: Fields) {
  const uuid = randomUUID();
  await tx.query(
    `INSERT INTO calendar_plan_lessons (uuid, plan_id, number, topic, hours, quarter, planned_date)
     VALUES ($1::uuid, $2, $3, $4, $5, $6, $7::date)`,
    [uuid, planId, number, f.topic, f.hours, f.quarter, f.date],
  );
  return uuid;
}

/** The school year new plans are made for: the current period's, else the latest. */
export async function currentSchoolYear(q: Queryable): Promise<string | null> {
  const rows = await q.query<{ school_year: string }>(
    `SELECT school_year FROM periods GROUP BY school_year
      ORDER BY bool_or(is_current) DESC, max(end_date) DESC LIMIT 1`,
  );
  return rows[0]?.school_year ?? null;
}

/**
 * The group's subjects of the school year without a plan that the user may plan: management and
 * the class teacher every subject of the group, a teacher the subjects they teach there.
 */
export async function plannableSubjects(
  q: Queryable,
  v: Viewer,
  group: { id: number; school_id: number },
  schoolYear: string,
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  const all =
    (isManagement(v.auth) && v.auth.schoolId === group.school_id) || v.ledGroups.includes(group.id);
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return q.query(
    `SELECT sub.id, sub.${name} AS name FROM subjects sub
      WHERE EXISTS (SELECT 1 FROM timetable_slots s JOIN periods p ON p.id = s.period_id
                     WHERE s.group_id = $1 AND s.subject_id = sub.id AND p.school_year = $2
                       AND ($3::boolean OR s.teacher_id = $4::int))
        AND NOT EXISTS (SELECT 1 FROM calendar_plans cp
                         WHERE cp.group_id = $1 AND cp.subject_id = sub.id AND cp.school_year = $2)
      ORDER BY sub.${name}`,
    [group.id, schoolYear, all, v.auth.userId],
  );
}

export function registerCalendarPlanEditRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  async function managed(v: Viewer, planId: number, locale: Locale) {
    const { plan, access } = await loadPlan(db, v, planId, locale);
    if (access !== 'manage') throw new CalendarPlanError(403, 'not_your_plan');
    return plan;
  }

  /** The plan lesson's plan, managed by the user (a plan lesson they cannot see: 404). */
  async function managedLesson(v: Viewer, uuid: string, locale: Locale) {
    const row = await loadPlanLesson(db, uuid);
    const plan = await managed(v, row.plan_id, locale).catch((err: unknown) => {
      if (err instanceof CalendarPlanError && err.status === 404)
        throw new CalendarPlanError(404, 'plan_lesson_not_found');
      throw err;
    });
    return { row, plan };
  }

  async function planData(v: Viewer, planId: number, locale: Locale): Promise<CalendarPlanData> {
    const { plan, access } = await loadPlan(db, v, planId, locale);
    return { plan: presentPlan(plan, access), lessons: await planLessons(db, plan) };
  }

  /**
   * One change to the plan's lessons: in a transaction holding the plan's lock, `change` runs,
   * then the dated lessons follow the new layout of hours (`syncDated`) unless `change` answers
   * false (nothing moved). Answers the plan as it is after.
   */
  async function changeLessons(
    v: Viewer,
    plan: PlanRow,
    locale: Locale,
    change: (tx: Queryable) => Promise<boolean | void>,
  ): Promise<{ data: CalendarPlanData }> {
    await db.transaction(async (tx) => {
      await lockPlan(tx, plan.id);
      const before = await planDrafts(tx, plan.id);
      if ((await change(tx)) !== false) await syncDated(tx, v, plan, before);
    });
    return { data: await planData(v, plan.id, locale) };
  }

  {
    const r = route(ctx, 'calendarPlans.create');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        body: CalendarPlanCreateRequestSchema,
        response: { 201: CalendarPlanResponseSchema, ...r.errors },
      },
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        const v = await viewerOf(db, auth);
        const { groupId, subjectId } = req.body;
        const group = (await visibleGroups(db, v)).find((g) => g.id === groupId);
        if (!group) throw new TeachingError(404, 'group_not_found');
        const schoolId = (
          await db.query<{ school_id: number }>('SELECT school_id FROM groups WHERE id = $1', [
            groupId,
          ])
        )[0]!.school_id;
        const schoolYear = req.body.schoolYear ?? (await currentSchoolYear(db));
        if (!schoolYear || !(await yearRange(db, schoolYear)))
          throw new CalendarPlanError(422, 'school_year_unknown', 'schoolYear');
        const slots = await db.query<{ teacher_id: number | null }>(
          `SELECT s.teacher_id FROM timetable_slots s JOIN periods p ON p.id = s.period_id
            WHERE s.group_id = $1 AND s.subject_id = $2 AND p.school_year = $3`,
          [groupId, subjectId, schoolYear],
        );
        if (slots.length === 0)
          throw new CalendarPlanError(422, 'subject_not_in_group', 'subjectId');
        const may =
          slots.some((s) => s.teacher_id === auth.userId) ||
          (auth.schoolId === schoolId && (isManagement(auth) || v.ledGroups.includes(groupId)));
        if (!may) throw new CalendarPlanError(403, 'not_your_plan');
        const created = await db.query<{ id: number }>(
          `INSERT INTO calendar_plans (group_id, subject_id, school_year, created_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (group_id, subject_id, school_year) DO NOTHING RETURNING id`,
          [groupId, subjectId, schoolYear, auth.userId],
        );
        const id = created[0]?.id;
        if (id === undefined) throw new CalendarPlanError(422, 'plan_exists', 'subjectId');
        return reply.code(201).send({ data: await planData(v, id, req.locale) });
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.remove');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanIdParamsSchema,
        response: { 200: CalendarPlanDeletedResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const plan = await managed(v, req.params.calendarPlanId, req.locale);
        await db.transaction(async (tx) => {
          await lockPlan(tx, plan.id);
          if ((await answeredLessons(tx, plan)).size > 0)
            throw new CalendarPlanError(409, 'plan_answered');
          const drafts = await planDrafts(tx, plan.id);
          const ids = (await datedLessons(tx, plan)).map((d) => d.id);
          if (drafts.length > 0 && ids.length > 0)
            await tx.query(
              `UPDATE lessons SET content_draft_id = NULL, content_version = NULL
                WHERE id = ANY($1::int[]) AND content_draft_id = ANY($2::text[])`,
              [ids, drafts],
            );
          await tx.query('DELETE FROM calendar_plans WHERE id = $1', [plan.id]);
        });
        return { data: { deleted: true as const } };
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.export');
    app.route({
      ...r.base,
      schema: { ...r.meta, params: CalendarPlanIdParamsSchema },
      handler: async (req, reply) => {
        const v = await viewerOf(db, requireAuth(req));
        const { plan } = await loadPlan(db, v, req.params.calendarPlanId, req.locale);
        const rows = await db.query<{
          number: number;
          topic: string;
          hours: number;
          quarter: number;
          planned: string | null;
        }>(
          `SELECT number, topic, hours, quarter, to_char(planned_date, 'YYYY-MM-DD') AS planned
             FROM calendar_plan_lessons WHERE plan_id = $1 ORDER BY number`,
          [plan.id],
        );
        const name = `${groupName(plan.parallel, plan.letter)} ${plan.subject_name} ${plan.school_year}`;
        return reply
          .header(
            'content-type',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .header(
            'content-disposition',
            `attachment; filename*=UTF-8''${encodeURIComponent(`KTP ${name}.xlsx`)}`,
          )
          .send(await planWorkbook(name, rows));
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.import');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanIdParamsSchema,
        body: CalendarPlanImportSchema,
        response: { 200: CalendarPlanResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const plan = await managed(v, req.params.calendarPlanId, req.locale);
        // Every row is checked before anything is written.
        const rows = await rowsOf(req.body, await yearRange(db, plan.school_year));
        return changeLessons(v, plan, req.locale, async (tx) => {
          const existing = await orderedUuids(tx, plan.id);
          const dropped = existing.slice(rows.length);
          refuseAnswered(await answeredLessons(tx, plan), dropped);
          if (dropped.length > 0)
            await tx.query('DELETE FROM calendar_plan_lessons WHERE uuid = ANY($1::uuid[])', [
              dropped,
            ]);
          await tx.query(
            'UPDATE calendar_plan_lessons SET number = number + 1000000 WHERE plan_id = $1',
            [plan.id],
          );
          // Row n keeps the uuid (and the linked materials) of the plan lesson numbered n.
          for (const [i, f] of rows.entries()) {
            const uuid = existing[i];
            if (uuid)
              await tx.query(
                `UPDATE calendar_plan_lessons SET number = $2, topic = $3, hours = $4, quarter = $5,
                        planned_date = $6::date WHERE uuid = $1::uuid`,
                [uuid, i + 1, f.topic, f.hours, f.quarter, f.date],
              );
            else await insertLesson(tx, plan.id, i + 1, f);
          }
        });
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.lessonCreate');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanIdParamsSchema,
        body: CalendarPlanLessonCreateSchema,
        response: { 201: CalendarPlanResponseSchema, ...r.errors },
      },
      handler: async (req, reply) => {
        const v = await viewerOf(db, requireAuth(req));
        const plan = await managed(v, req.params.calendarPlanId, req.locale);
        const { position, ...fields } = req.body;
        await checkDate(db, plan, fields.date);
        const answer = await changeLessons(v, plan, req.locale, async (tx) => {
          const order = await orderedUuids(tx, plan.id);
          if (order.length >= PLAN_MAX_LESSONS)
            throw new CalendarPlanError(422, 'plan_too_long', 'position', { n: PLAN_MAX_LESSONS });
          const uuid = await insertLesson(tx, plan.id, 1_000_000 + order.length + 1, fields);
          const at = Math.min(position ?? order.length + 1, order.length + 1) - 1;
          order.splice(at, 0, uuid);
          await renumber(tx, plan.id, order);
        });
        return reply.code(201).send(answer);
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.lessonUpdate');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanLessonParamsSchema,
        body: CalendarPlanLessonUpdateSchema,
        response: { 200: CalendarPlanResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const { row, plan } = await managedLesson(v, req.params.calendarPlanLessonUUID, req.locale);
        const b = req.body;
        await checkDate(db, plan, b.date);
        return changeLessons(v, plan, req.locale, async (tx) => {
          await tx.query(
            `UPDATE calendar_plan_lessons SET topic = coalesce($2, topic), hours = coalesce($3, hours),
                    quarter = coalesce($4, quarter),
                    planned_date = CASE WHEN $5::boolean THEN $6::date ELSE planned_date END
              WHERE uuid = $1::uuid`,
            [
              row.uuid,
              b.topic ?? null,
              b.hours ?? null,
              b.quarter ?? null,
              b.date !== undefined,
              b.date ?? null,
            ],
          );
          // Only the hours move dated lessons.
          return b.hours !== undefined && b.hours !== row.hours;
        });
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.lessonDelete');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanLessonParamsSchema,
        response: { 200: CalendarPlanResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const { row, plan } = await managedLesson(v, req.params.calendarPlanLessonUUID, req.locale);
        return changeLessons(v, plan, req.locale, async (tx) => {
          refuseAnswered(await answeredLessons(tx, plan), [row.uuid]);
          await tx.query('DELETE FROM calendar_plan_lessons WHERE uuid = $1::uuid', [row.uuid]);
          await renumber(tx, plan.id, await orderedUuids(tx, plan.id));
        });
      },
    });
  }

  {
    const r = route(ctx, 'calendarPlans.lessonMove');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: CalendarPlanLessonParamsSchema,
        body: CalendarPlanLessonMoveSchema,
        response: { 200: CalendarPlanResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const v = await viewerOf(db, requireAuth(req));
        const { row, plan } = await managedLesson(v, req.params.calendarPlanLessonUUID, req.locale);
        return changeLessons(v, plan, req.locale, async (tx) => {
          const order = (await orderedUuids(tx, plan.id)).filter((u) => u !== row.uuid);
          const at = Math.min(req.body.position, order.length + 1) - 1;
          order.splice(at, 0, row.uuid);
          await renumber(tx, plan.id, order);
        });
      },
    });
  }
}
