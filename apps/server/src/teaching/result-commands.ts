import type { Attempt } from '@sabaq/platform';
import type { Db } from '../db/db';
import { loadAttempt } from './content-queries';
import { assertOverride } from './result-access';
import { ResultError } from './result-errors';
import { saveOverride, syncJournalPoints } from './result-queries';

/**
 * The teacher's override of a pupil's points, in one transaction that locks the attempt: the
 * override is checked against the attempt's maximum, stored beside the computed score, and the
 * journal's SOR/SOCh cell follows (unless the teacher changed it there).
 */
export async function overrideResult(
  db: Db,
  attemptOf: { lessonId: number; studentId: number; draftId: string },
  body: { points: number | null; comment: string },
  by: number,
): Promise<Attempt> {
  return db.transaction(async (tx) => {
    const { lessonId, studentId, draftId } = attemptOf;
    const attempt = await loadAttempt(tx, lessonId, studentId, draftId, { forUpdate: true });
    if (!attempt) throw new ResultError(404, 'override_nothing_handed_in');
    const override = assertOverride(body, attempt.maxScore);
    const saved = await saveOverride(tx, attempt.id, { ...override, by });
    await syncJournalPoints(tx, lessonId, studentId);
    return saved;
  });
}
