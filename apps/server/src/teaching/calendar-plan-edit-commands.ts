import type { CalendarPlanLessonFields } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import type { Viewer } from './lessons';
import { datedLessons } from './calendar-plans';
import type { PlanRow } from './calendar-plans';
import { assertNotAnswered } from './calendar-plan-edit-access';
import {
  clearDatedContent,
  deletePlan,
  deletePlanLessons,
  insertPlanLesson,
  listAnsweredKeys,
  listLessonUuids,
  listPlanContent,
  listPlanDrafts,
  loadAnsweredLessons,
  lockPlan,
  renumberLessons,
  replacePlanLesson,
  shiftNumbers,
  updatePlanLesson,
} from './calendar-plan-edit-queries';
import { freezePublished } from './content-queries';
import { setLessonContent } from './schedule-queries';
import { CalendarPlanError } from './calendar-plans';

/**
 * Editing calendar plans (KTP). Every change runs in one transaction that locks the plan row, so
 * two editors are serialised and numbers stay 1..n without gaps. After a change the dated lessons
 * are brought in line with the new layout of hours (`syncDatedLessons`): a dated lesson that
 * carries a material of the plan it no longer falls under drops it unless a pupil answered it
 * there, and one that carries nothing takes the published material of the plan lesson it now
 * falls under.
 *
 * Deleting (a plan lesson, a plan, or the plan lessons a shorter import leaves out) is refused
 * with 409 when pupils answered a material linked to that plan lesson in a lesson of the group's
 * subject that school year: the answers would lose their plan lesson. Otherwise the links go with
 * it; the drafts stay with their owners.
 */

/** Upper bound of plan lessons (the import's limit too). */
export const PLAN_MAX_LESSONS = 400;

/**
 * Brings the dated lessons in line with the plan after a change. `before`: drafts linked in the
 * plan before the change (a deleted plan lesson's links are gone by now).
 */
async function syncDatedLessons(tx: Queryable, viewer: Viewer, plan: PlanRow, before: string[]) {
  const dated = await datedLessons(tx, plan);
  const content = await listPlanContent(tx, plan.id);
  const ours = new Set([...before, ...content.map((c) => c.draft_id)]);
  const answered = await listAnsweredKeys(
    tx,
    dated.map((lesson) => lesson.id),
  );
  const versions = new Map<string, number | null>();
  const loadVersion = async (draftId: string) => {
    if (!versions.has(draftId)) {
      try {
        versions.set(draftId, (await freezePublished(tx, viewer, draftId, 'draftId')).version);
      } catch {
        versions.set(draftId, null); // not usable by this editor: left for its owner to put on
      }
    }
    return versions.get(draftId) ?? null;
  };
  for (const lesson of dated) {
    const mine = content.filter((c) => c.uuid === lesson.uuid);
    let carried = lesson.content_draft_id;
    if (
      carried &&
      ours.has(carried) &&
      !mine.some((c) => c.draft_id === carried) &&
      !answered.has(`${lesson.id}:${carried}`)
    ) {
      await setLessonContent(tx, lesson.id, null);
      carried = null;
    }
    if (carried) continue;
    for (const c of mine.filter((x) => x.status === 'published')) {
      const version = await loadVersion(c.draft_id);
      if (version === null) continue;
      await setLessonContent(tx, lesson.id, { draftId: c.draft_id, version });
      break;
    }
  }
}

/**
 * One change to the plan's lessons: in a transaction holding the plan's lock, `change` runs,
 * then the dated lessons follow the new layout of hours unless `change` answers false (nothing
 * moved).
 */
async function changePlanLessons(
  db: Db,
  viewer: Viewer,
  plan: PlanRow,
  change: (tx: Queryable) => Promise<boolean | void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPlan(tx, plan.id);
    const before = await listPlanDrafts(tx, plan.id);
    if ((await change(tx)) !== false) await syncDatedLessons(tx, viewer, plan, before);
  });
}

/** Deletes a plan unless pupils answered its materials; its dated lessons drop them. */
export async function removePlan(db: Db, plan: PlanRow): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPlan(tx, plan.id);
    if ((await loadAnsweredLessons(tx, plan)).size > 0)
      throw new CalendarPlanError(409, 'plan_answered');
    const drafts = await listPlanDrafts(tx, plan.id);
    const ids = (await datedLessons(tx, plan)).map((lesson) => lesson.id);
    if (drafts.length > 0 && ids.length > 0) await clearDatedContent(tx, ids, drafts);
    await deletePlan(tx, plan.id);
  });
}

/**
 * Replaces the plan's lessons with the rows (checked before): row n keeps the uuid (and the
 * linked materials) of the plan lesson numbered n; those past the new end are deleted under the
 * delete rule.
 */
export async function importPlanLessons(
  db: Db,
  viewer: Viewer,
  plan: PlanRow,
  rows: CalendarPlanLessonFields[],
): Promise<void> {
  await changePlanLessons(db, viewer, plan, async (tx) => {
    const existing = await listLessonUuids(tx, plan.id);
    const dropped = existing.slice(rows.length);
    assertNotAnswered(await loadAnsweredLessons(tx, plan), dropped);
    if (dropped.length > 0) await deletePlanLessons(tx, dropped);
    await shiftNumbers(tx, plan.id);
    for (const [index, fields] of rows.entries()) {
      const uuid = existing[index];
      if (uuid) await replacePlanLesson(tx, uuid, index + 1, fields);
      else await insertPlanLesson(tx, plan.id, index + 1, fields);
    }
  });
}

/** A new plan lesson at `position` (1-based; past the end or none: last). */
export async function addPlanLesson(
  db: Db,
  viewer: Viewer,
  plan: PlanRow,
  fields: CalendarPlanLessonFields,
  position: number | undefined,
): Promise<void> {
  await changePlanLessons(db, viewer, plan, async (tx) => {
    const order = await listLessonUuids(tx, plan.id);
    if (order.length >= PLAN_MAX_LESSONS)
      throw new CalendarPlanError(422, 'plan_too_long', 'position', { n: PLAN_MAX_LESSONS });
    const uuid = await insertPlanLesson(tx, plan.id, 1_000_000 + order.length + 1, fields);
    const at = Math.min(position ?? order.length + 1, order.length + 1) - 1;
    order.splice(at, 0, uuid);
    await renumberLessons(tx, plan.id, order);
  });
}

/** Changes a plan lesson's fields; only a change of hours moves dated lessons. */
export async function editPlanLesson(
  db: Db,
  viewer: Viewer,
  plan: PlanRow,
  lesson: { uuid: string; hours: number },
  fields: { topic?: string; hours?: number; quarter?: number; date?: string | null },
): Promise<void> {
  await changePlanLessons(db, viewer, plan, async (tx) => {
    await updatePlanLesson(tx, lesson.uuid, fields);
    return fields.hours !== undefined && fields.hours !== lesson.hours;
  });
}

/** Deletes a plan lesson under the delete rule and closes the gap in the numbers. */
export async function deletePlanLesson(
  db: Db,
  viewer: Viewer,
  plan: PlanRow,
  uuid: string,
): Promise<void> {
  await changePlanLessons(db, viewer, plan, async (tx) => {
    assertNotAnswered(await loadAnsweredLessons(tx, plan), [uuid]);
    await deletePlanLessons(tx, [uuid]);
    await renumberLessons(tx, plan.id, await listLessonUuids(tx, plan.id));
  });
}

/** Moves a plan lesson to `position` (1-based; past the end: last). */
export async function movePlanLesson(
  db: Db,
  viewer: Viewer,
  plan: PlanRow,
  uuid: string,
  position: number,
): Promise<void> {
  await changePlanLessons(db, viewer, plan, async (tx) => {
    const order = (await listLessonUuids(tx, plan.id)).filter((other) => other !== uuid);
    const at = Math.min(position, order.length + 1) - 1;
    order.splice(at, 0, uuid);
    await renumberLessons(tx, plan.id, order);
  });
}
