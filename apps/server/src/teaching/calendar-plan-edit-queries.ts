import { randomUUID } from 'node:crypto';
import type { CalendarPlanLessonFields, Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { PlanRow } from './calendar-plans';

/** All SQL of editing calendar plans (calendar-plan-edit-routes.ts, -commands.ts). */

export async function lockPlan(q: Queryable, planId: number): Promise<void> {
  await q.query('SELECT id FROM calendar_plans WHERE id = $1 FOR UPDATE', [planId]);
}

/** The plan's lessons' uuids by number. */
export async function listLessonUuids(q: Queryable, planId: number): Promise<string[]> {
  const rows = await q.query<{ uuid: string }>(
    'SELECT uuid::text AS uuid FROM calendar_plan_lessons WHERE plan_id = $1 ORDER BY number',
    [planId],
  );
  return rows.map((row) => row.uuid);
}

/** Moves every number of the plan out of the way (numbers are unique per plan). */
export async function shiftNumbers(q: Queryable, planId: number): Promise<void> {
  await q.query('UPDATE calendar_plan_lessons SET number = number + 1000000 WHERE plan_id = $1', [
    planId,
  ]);
}

/** Numbers the plan's lessons 1..n in the given order (two steps: (plan, number) is unique). */
export async function renumberLessons(
  q: Queryable,
  planId: number,
  uuids: string[],
): Promise<void> {
  await shiftNumbers(q, planId);
  if (uuids.length > 0)
    await q.query(
      `UPDATE calendar_plan_lessons c SET number = o.n
         FROM unnest($2::uuid[]) WITH ORDINALITY AS o(uuid, n)
        WHERE c.plan_id = $1 AND c.uuid = o.uuid`,
      [planId, uuids],
    );
}

/** Drafts linked anywhere in the plan. */
export async function listPlanDrafts(q: Queryable, planId: number): Promise<string[]> {
  const rows = await q.query<{ draft_id: string }>(
    `SELECT DISTINCT c.draft_id FROM calendar_plan_content c
       JOIN calendar_plan_lessons x ON x.uuid = c.lesson_uuid WHERE x.plan_id = $1`,
    [planId],
  );
  return rows.map((row) => row.draft_id);
}

/**
 * Plan lessons (uuid → number) whose linked materials pupils answered in a lesson of the plan's
 * group and subject that school year (wherever the layout of hours puts that lesson now).
 */
export async function loadAnsweredLessons(
  q: Queryable,
  plan: PlanRow,
): Promise<Map<string, number>> {
  const rows = await q.query<{ uuid: string; number: number }>(
    `SELECT DISTINCT x.uuid::text AS uuid, x.number FROM calendar_plan_lessons x
       JOIN calendar_plan_content c ON c.lesson_uuid = x.uuid
       JOIN attempts a ON a.draft_id = c.draft_id
       JOIN lessons l ON l.id = a.lesson_id
       JOIN timetable_slots s ON s.id = l.slot_id
       JOIN periods p ON p.id = s.period_id
      WHERE x.plan_id = $1 AND s.group_id = $2 AND s.subject_id = $3 AND p.school_year = $4`,
    [plan.id, plan.group_id, plan.subject_id, plan.school_year],
  );
  return new Map(rows.map((row) => [row.uuid, row.number]));
}

/** The plan's linked drafts that exist, per plan lesson, lecture first. */
export async function listPlanContent(
  q: Queryable,
  planId: number,
): Promise<{ uuid: string; kind: string; draft_id: string; status: string }[]> {
  return q.query<{ uuid: string; kind: string; draft_id: string; status: string }>(
    `SELECT c.lesson_uuid::text AS uuid, c.kind, c.draft_id, d.status
       FROM calendar_plan_content c JOIN calendar_plan_lessons x ON x.uuid = c.lesson_uuid
       JOIN drafts d ON d.id = c.draft_id AND d.deleted_at IS NULL
      WHERE x.plan_id = $1
      ORDER BY array_position(ARRAY['lecture', 'lesson', 'sor', 'soch'], c.kind)`,
    [planId],
  );
}

/** `lessonId:draftId` of every answer in the dated lessons. */
export async function listAnsweredKeys(q: Queryable, lessonIds: number[]): Promise<Set<string>> {
  const rows = await q.query<{ key: string }>(
    `SELECT DISTINCT a.lesson_id || ':' || a.draft_id AS key FROM attempts a
      WHERE a.lesson_id = ANY($1::int[])`,
    [lessonIds],
  );
  return new Set(rows.map((row) => row.key));
}

/** The dated lessons `ids` drop any of the drafts. */
export async function clearDatedContent(
  q: Queryable,
  ids: number[],
  draftIds: string[],
): Promise<void> {
  await q.query(
    `UPDATE lessons SET content_draft_id = NULL, content_version = NULL
        WHERE id = ANY($1::int[]) AND content_draft_id = ANY($2::text[])`,
    [ids, draftIds],
  );
}

export async function insertPlanLesson(
  q: Queryable,
  planId: number,
  number: number,
  fields: CalendarPlanLessonFields,
): Promise<string> {
  const uuid = randomUUID();
  await q.query(
    `INSERT INTO calendar_plan_lessons (uuid, plan_id, number, topic, hours, quarter, planned_date)
     VALUES ($1::uuid, $2, $3, $4, $5, $6, $7::date)`,
    [uuid, planId, number, fields.topic, fields.hours, fields.quarter, fields.date],
  );
  return uuid;
}

/** A plan lesson rewritten whole (import: row n keeps the uuid of the plan lesson numbered n). */
export async function replacePlanLesson(
  q: Queryable,
  uuid: string,
  number: number,
  fields: CalendarPlanLessonFields,
): Promise<void> {
  await q.query(
    `UPDATE calendar_plan_lessons SET number = $2, topic = $3, hours = $4, quarter = $5,
              planned_date = $6::date WHERE uuid = $1::uuid`,
    [uuid, number, fields.topic, fields.hours, fields.quarter, fields.date],
  );
}

/** Changes the fields given; `date: null` clears the planned date, undefined keeps it. */
export async function updatePlanLesson(
  q: Queryable,
  uuid: string,
  fields: { topic?: string; hours?: number; quarter?: number; date?: string | null },
): Promise<void> {
  await q.query(
    `UPDATE calendar_plan_lessons SET topic = coalesce($2, topic), hours = coalesce($3, hours),
              quarter = coalesce($4, quarter),
              planned_date = CASE WHEN $5::boolean THEN $6::date ELSE planned_date END
        WHERE uuid = $1::uuid`,
    [
      uuid,
      fields.topic ?? null,
      fields.hours ?? null,
      fields.quarter ?? null,
      fields.date !== undefined,
      fields.date ?? null,
    ],
  );
}

export async function deletePlanLessons(q: Queryable, uuids: string[]): Promise<void> {
  await q.query('DELETE FROM calendar_plan_lessons WHERE uuid = ANY($1::uuid[])', [uuids]);
}

export async function deletePlan(q: Queryable, planId: number): Promise<void> {
  await q.query('DELETE FROM calendar_plans WHERE id = $1', [planId]);
}

/** The teachers of the group's subject in a school year (one per timetable slot). */
export async function listSubjectTeachers(
  q: Queryable,
  groupId: number,
  subjectId: number,
  schoolYear: string,
): Promise<(number | null)[]> {
  const rows = await q.query<{ teacher_id: number | null }>(
    `SELECT s.teacher_id FROM timetable_slots s JOIN periods p ON p.id = s.period_id
        WHERE s.group_id = $1 AND s.subject_id = $2 AND p.school_year = $3`,
    [groupId, subjectId, schoolYear],
  );
  return rows.map((row) => row.teacher_id);
}

/** A new empty plan; null when the group already has one for the subject that year. */
export async function insertPlan(
  q: Queryable,
  plan: { groupId: number; subjectId: number; schoolYear: string; createdBy: number },
): Promise<number | null> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO calendar_plans (group_id, subject_id, school_year, created_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (group_id, subject_id, school_year) DO NOTHING RETURNING id`,
    [plan.groupId, plan.subjectId, plan.schoolYear, plan.createdBy],
  );
  return rows[0]?.id ?? null;
}

/** The plan's lessons as the .xlsx export lists them. */
export async function listExportRows(
  q: Queryable,
  planId: number,
): Promise<
  { number: number; topic: string; hours: number; quarter: number; planned: string | null }[]
> {
  return q.query(
    `SELECT number, topic, hours, quarter, to_char(planned_date, 'YYYY-MM-DD') AS planned
         FROM calendar_plan_lessons WHERE plan_id = $1 ORDER BY number`,
    [planId],
  );
}

/**
 * The group's subjects of the school year without a plan, of the user's slots unless `all`
 * (management and the class teacher plan every subject of the group).
 */
export async function listPlannableSubjects(
  q: Queryable,
  group: { id: number },
  schoolYear: string,
  teacher: { all: boolean; userId: number },
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return q.query(
    `SELECT sub.id, sub.${name} AS name FROM subjects sub
      WHERE EXISTS (SELECT 1 FROM timetable_slots s JOIN periods p ON p.id = s.period_id
                     WHERE s.group_id = $1 AND s.subject_id = sub.id AND p.school_year = $2
                       AND ($3::boolean OR s.teacher_id = $4::int))
        AND NOT EXISTS (SELECT 1 FROM calendar_plans cp
                         WHERE cp.group_id = $1 AND cp.subject_id = sub.id AND cp.school_year = $2)
      ORDER BY sub.${name}`,
    [group.id, schoolYear, teacher.all, teacher.userId],
  );
}
