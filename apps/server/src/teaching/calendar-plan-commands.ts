import type { Draft } from '@sabaq/engine';
import type { Attempt } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import type { Viewer } from './lessons';
import { datedLessons } from './calendar-plans';
import type { PlanRow } from './calendar-plans';
import { assertGrades, assertLinkableDraft } from './calendar-plan-access';
import {
  dropUnanswered,
  insertDraft,
  linkContent,
  loadLinkedDraft,
  lockAttempt,
  putOnDatedLessons,
  saveAttemptComment,
  unlinkContent,
} from './calendar-plan-queries';
import { freezePublished, updateAttemptResults } from './content-queries';
import { gradeAnswers } from './grading';

/**
 * Links a draft of a kind to a plan lesson, or unlinks it (null), in one transaction. Dated
 * lessons that carried the old draft drop it unless a pupil already answered it; a published
 * draft goes onto the plan lesson's dated lessons that carry nothing yet (or an older version of
 * it nobody answered), so pupils take it in class.
 */
export async function linkPlanContent(
  db: Db,
  viewer: Viewer,
  plan: PlanRow,
  lessonUuid: string,
  link: { kind: string; draftId: string | null },
): Promise<void> {
  const { kind, draftId } = link;
  await db.transaction(async (tx) => {
    const ids = (await datedLessons(tx, plan, { uuid: lessonUuid })).map((dated) => dated.id);
    const old = await unlinkContent(tx, lessonUuid, kind);
    if (old && old !== draftId) await dropUnanswered(tx, ids, old);
    if (draftId === null) return;
    const draft = await loadLinkedDraft(tx, draftId);
    assertLinkableDraft(viewer.auth, draft, kind);
    await linkContent(tx, lessonUuid, kind, draftId, viewer.auth.userId);
    if (draft?.status === 'published' && ids.length > 0) {
      const frozen = await freezePublished(tx, viewer, draftId, 'draftId');
      await putOnDatedLessons(tx, ids, draftId, frozen.version);
    }
  });
}

/**
 * A new lecture of the user linked to a plan lesson, in one transaction. Replacing: the old
 * lecture leaves the dated lessons nobody answered it in (it is kept for its owner, as on
 * unlinking).
 */
export async function createPlanLecture(
  db: Db,
  owner: { userId: number; schoolId: number | null },
  lecture: Draft,
  lessonUuid: string,
  replaced: { draftId: string; scheduleIds: number[] } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (replaced) await dropUnanswered(tx, replaced.scheduleIds, replaced.draftId);
    await insertDraft(tx, lecture, owner);
    await linkContent(tx, lessonUuid, 'lecture', lecture.id, owner.userId);
  });
}

/**
 * The teacher's grades of open answers and comment on an attempt, in one transaction that locks
 * it; graded against the version the pupil took (pinned). A bad grade writes nothing, not even
 * the comment. `loadAnswer` reads the attempt inside the transaction (rights included).
 */
export async function gradePlanAnswer(
  db: Db,
  loadAnswer: (tx: Queryable) => Promise<{ attempt: Attempt; draft: Draft }>,
  change: { grades: { moduleId: string; points: number }[]; comment?: string },
  updatedBy: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { attempt, draft } = await loadAnswer(tx);
    await lockAttempt(tx, attempt.id);
    if (change.grades.length > 0) {
      assertGrades(attempt, change.grades);
      const manual: Record<string, number> = {};
      for (const result of attempt.results)
        if (result.kind === 'open' && result.points !== null)
          manual[result.moduleId] = result.points;
      for (const grade of change.grades) manual[grade.moduleId] = grade.points;
      const graded = gradeAnswers(draft, attempt.answers, manual);
      await updateAttemptResults(tx, attempt.id, graded.results, graded.score);
    }
    if (change.comment !== undefined)
      await saveAttemptComment(tx, attempt.id, change.comment, updatedBy);
  });
}
