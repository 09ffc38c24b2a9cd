import type { Attempt } from '@sabaq/platform';
import type { Db } from '../db/db';
import { TeachingError } from './errors';
import { gradeAnswers } from './grading';
import type { Viewer } from './lessons';
import {
  loadContentVersion,
  freezePublished,
  loadAttempt,
  updateAttemptResults,
} from './content-queries';
import { syncJournalPoints } from './result-queries';
import { assertGradable } from './schedule-access';
import {
  setLessonContent,
  updateExamGrace,
  updateExamKeysShown,
  updateExamWindow,
  updateLessonTheme,
} from './schedule-queries';

/** Changes a lesson's theme and content in one transaction (a draft is frozen at its published version). */
export async function updateLesson(
  db: Db,
  viewer: Viewer,
  lessonId: number,
  change: { theme?: string; draftId?: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (change.theme !== undefined) await updateLessonTheme(tx, lessonId, change.theme);
    if (change.draftId === null) await setLessonContent(tx, lessonId, null);
    else if (change.draftId !== undefined) {
      const frozen = await freezePublished(tx, viewer, change.draftId, 'draftId');
      await setLessonContent(tx, lessonId, { draftId: change.draftId, version: frozen.version });
    }
  });
}

/**
 * The exam window, whether pupils see the keys and the grace after a deadline (minutes, checked
 * by the caller); undefined leaves a setting as it is.
 */
export async function saveExamSettings(
  db: Db,
  lessonId: number,
  settings: {
    window?: { opensAt: string | null; closesAt: string | null };
    showKeys?: boolean;
    graceMinutes?: number;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (settings.window)
      await updateExamWindow(tx, lessonId, settings.window.opensAt, settings.window.closesAt);
    if (settings.showKeys !== undefined) await updateExamKeysShown(tx, lessonId, settings.showKeys);
    if (settings.graceMinutes !== undefined)
      await updateExamGrace(tx, lessonId, settings.graceMinutes);
  });
}

/**
 * The teacher's points for one open answer, in a transaction that locks the attempt: graded
 * against the version the pupil took (pinned), not today's draft; the other open answers keep
 * their points.
 */
export async function gradeOpenAnswer(
  db: Db,
  attemptOf: { lessonId: number; studentId: number; draftId: string },
  grade: { moduleId: string; points: number },
): Promise<Attempt> {
  return db.transaction(async (tx) => {
    const { lessonId, studentId, draftId } = attemptOf;
    const attempt = await loadAttempt(tx, lessonId, studentId, draftId, { forUpdate: true });
    if (!attempt) throw new TeachingError(404, 'answer_not_found');
    const draft = await loadContentVersion(tx, attempt.draftId, attempt.version);
    assertGradable(attempt, grade.moduleId, grade.points);
    const manual: Record<string, number> = {};
    for (const result of attempt.results)
      if (result.kind === 'open' && result.points !== null) manual[result.moduleId] = result.points;
    manual[grade.moduleId] = grade.points;
    const graded = gradeAnswers(draft, attempt.answers, manual);
    const updated = await updateAttemptResults(tx, attempt.id, graded.results, graded.score);
    // Once no open answer waits, the journal's SOR/SOCh column takes the points.
    await syncJournalPoints(tx, lessonId, studentId);
    return updated;
  });
}
