import { DraftSchema } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import type { Attempt, RegradeRow } from '@sabaq/platform';
import { jsonColumn } from '../db/db';
import type { Db, Queryable } from '../db/db';
import type { AuthContext } from '../http/context';
import { invitationOf } from '../routes/drafts-access';
import { gradeAnswers } from './grading';
import type { Grade } from './grading';
import { assertRegradeDraft } from './regrade-access';
import {
  freezeVersion,
  insertRegradeHistory,
  listOutdatedAttempts,
  loadRegradeDraft,
  moveAttempt,
  moveLessons,
} from './regrade-queries';
import type { OutdatedAttempt, RegradeDraftRow } from './regrade-queries';
import { ResultError } from './result-errors';
import { syncJournalPoints } from './result-queries';
import { schoolOf } from './tenancy';

/**
 * Re-grading the handed-in attempts of a republished draft (issue 20). The preview grades every
 * attempt of an older version against the published one without writing; the confirmation does
 * the same in one transaction that locks the draft and the attempts, keeps each old result in
 * `attempt_regrades`, points the attempts and their lessons at the new version and lets the
 * journal follow (an override stays the final points). Declining is doing nothing: the attempts
 * stay on their version. A second confirmation finds nothing older and changes nothing.
 */

/**
 * The attempt's answers graded against another version: the teacher's points for open answers
 * are kept where the task is still an open one (capped at its new maximum).
 */
export function regradeAttempt(attempt: Attempt, draft: Draft): Grade {
  const manual: Record<string, number> = {};
  for (const result of attempt.results)
    if (result.kind === 'open' && result.points !== null) manual[result.moduleId] = result.points;
  return gradeAnswers(draft, attempt.answers, manual);
}

function presentRow(row: OutdatedAttempt, graded: Grade): RegradeRow {
  const { attempt } = row;
  const oldScore = attempt.override ? (attempt.override.computedScore ?? 0) : attempt.score;
  return {
    attemptId: attempt.id,
    scheduleId: row.lessonId,
    lessonDate: row.lessonDate,
    groupName: row.groupName,
    student: { id: attempt.userId, fullname: row.fullname },
    oldVersion: attempt.version,
    oldScore,
    oldMaxScore: attempt.maxScore,
    newScore: graded.score,
    newMaxScore: graded.maxScore,
    override: attempt.override ? attempt.override.points : null,
    pending: graded.pending,
    changed:
      oldScore !== graded.score ||
      attempt.maxScore !== graded.maxScore ||
      JSON.stringify(attempt.results) !== JSON.stringify(graded.results),
  };
}

/** The draft the user may edit, published: 404/403 per the builder's rules, 422 unpublished. */
async function loadPublished(
  q: Queryable,
  auth: AuthContext,
  draftId: string,
  lock: boolean,
): Promise<{ row: RegradeDraftRow; draft: Draft }> {
  const row = await loadRegradeDraft(q, draftId, { lock });
  const inv =
    row && row.owner_id !== auth.userId ? await invitationOf(q, row.id, auth.userId) : null;
  assertRegradeDraft(auth, row, inv);
  if (row.status !== 'published') throw new ResultError(422, 'regrade_not_published');
  return { row, draft: DraftSchema.parse(jsonColumn(row.doc)) };
}

export async function previewRegrade(db: Db, auth: AuthContext, draftId: string) {
  const { row, draft } = await loadPublished(db, auth, draftId, false);
  const outdated = await listOutdatedAttempts(db, draftId, row.version, schoolOf(auth));
  return {
    draftId,
    title: row.title,
    version: row.version,
    rows: outdated.map((entry) => presentRow(entry, regradeAttempt(entry.attempt, draft))),
  };
}

export async function confirmRegrade(db: Db, auth: AuthContext, draftId: string, version: number) {
  return db.transaction(async (tx) => {
    const { row, draft } = await loadPublished(tx, auth, draftId, true);
    if (row.version !== version)
      throw new ResultError(409, 'regrade_version_stale', { version }, 'version');
    await freezeVersion(tx, row);
    const outdated = await listOutdatedAttempts(tx, draftId, version, schoolOf(auth), {
      forUpdate: true,
    });
    const rows: RegradeRow[] = [];
    let regraded = 0;
    for (const entry of outdated) {
      const graded = regradeAttempt(entry.attempt, draft);
      rows.push(presentRow(entry, graded));
      const { attempt } = entry;
      const computedScore = attempt.override?.computedScore ?? attempt.score;
      const kept = await insertRegradeHistory(tx, {
        attempt,
        computedScore,
        newVersion: version,
        newScore: graded.score,
        newMaxScore: graded.maxScore,
        by: auth.userId,
      });
      if (!kept) continue;
      await moveAttempt(tx, attempt.id, { version, ...graded });
      await syncJournalPoints(tx, entry.lessonId, attempt.userId);
      regraded++;
    }
    await moveLessons(tx, [...new Set(outdated.map((entry) => entry.lessonId))], draftId, version);
    return { version, regraded, rows };
  });
}
