import { ASSESSMENT_TYPES } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import type { Answers, Attempt } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import { insertAttempt, loadAttempt, loadContentVersion } from './content-queries';
import { TeachingError } from './errors';
import { assertSubmissionOpen, schoolTime, type LessonWindow } from './exam-access';
import { gradeAnswers } from './grading';
import { syncJournalPoints } from './result-queries';
import { SittingError } from './sitting-errors';
import {
  insertSitting,
  listOverdueSittings,
  loadSitting,
  saveSittingAnswers,
  type Sitting,
  type SittingKey,
} from './sitting-queries';
import {
  NETWORK_GRACE_MS,
  acceptedUntil,
  isInTime,
  limitMinutes,
  sittingDeadline,
} from './sitting-rules';

/** Writes of timed SOR/SOCh sittings (issue 20): each runs in one transaction. */

export function isTimed(draft: Pick<Draft, 'type'>): boolean {
  return ASSESSMENT_TYPES.has(draft.type);
}

/** Hands in the answers saved so far (the deadline passed); nothing when already handed in. */
async function handInSaved(q: Queryable, sitting: Sitting, draft: Draft): Promise<Attempt | null> {
  const attempt = await insertAttempt(q, {
    lessonId: sitting.lessonId,
    userId: sitting.userId,
    draftId: sitting.draftId,
    version: sitting.version,
    answers: sitting.answers,
    ...gradeAnswers(draft, sitting.answers),
  });
  // The journal's SOR/SOCh column of the lesson takes the points (result-queries.ts).
  if (attempt) await syncJournalPoints(q, sitting.lessonId, sitting.userId);
  return attempt;
}

/**
 * Starts the pupil's sitting (or returns the one started: a second tab resumes it). Refused when
 * the work was handed in (409), or outside the window (422 with its times).
 */
export async function startSitting(
  db: Db,
  key: SittingKey & { version: number },
  draft: Draft,
  window: LessonWindow,
  now: Date,
): Promise<Sitting> {
  const outcome = await db.transaction(async (tx): Promise<Outcome<Sitting>> => {
    if (await loadAttempt(tx, key.lessonId, key.userId, key.draftId))
      throw new TeachingError(409, 'exam_already_finished');
    const started = withinWindow(await loadSitting(tx, key, { forUpdate: true }), window, now);
    if (started) {
      if (isInTime(started.deadlineAt, now, window.graceMinutes)) return { ok: started };
      await handInSaved(tx, started, draft);
      return { late: started, graceMinutes: window.graceMinutes };
    }
    assertSubmissionOpen(draft.type, window, now);
    const limit = limitMinutes(draft.duration);
    await insertSitting(tx, {
      ...key,
      startedAt: now,
      deadlineAt: sittingDeadline(now, limit, window),
      limitMinutes: limit,
    });
    return { ok: (await loadSitting(tx, key))! };
  });
  return settled(outcome);
}

/**
 * What a write of a sitting came to. A late one hands the saved answers in and must commit that
 * before it answers 409, so it is returned, not thrown, out of the transaction.
 */
type Outcome<T> = { ok: T } | { late: Sitting; graceMinutes: number };

function settled<T>(outcome: Outcome<T>): T {
  if ('late' in outcome) throw timeOver(outcome.late, outcome.graceMinutes);
  return outcome.ok;
}

/**
 * The sitting as the lesson's window stands now: the teacher may move the window after a pupil
 * started. Moved later (not open yet) nothing is taken (422 with the opening time); closed
 * earlier, the sitting ends with it.
 */
function withinWindow(sitting: Sitting | null, window: LessonWindow, now: Date): Sitting | null {
  if (!sitting) return null;
  if (now < window.opensAt) assertSubmissionOpen('sor', window, now);
  return sitting.deadlineAt > window.closesAt
    ? { ...sitting, deadlineAt: window.closesAt }
    : sitting;
}

function timeOver(sitting: Sitting, graceMinutes: number): SittingError {
  return new SittingError(409, 'sitting_time_over', {
    at: schoolTime(sitting.deadlineAt),
    until: schoolTime(acceptedUntil(sitting.deadlineAt, graceMinutes)).slice(11),
  });
}

/**
 * Saves the answers so far. After the deadline (and its grace) the saved answers are handed in
 * and the new ones refused (409 naming the time).
 */
export async function saveSitting(
  db: Db,
  key: SittingKey,
  answers: Answers,
  draft: Draft,
  window: LessonWindow,
  now: Date,
): Promise<Sitting> {
  const outcome = await db.transaction(async (tx): Promise<Outcome<Sitting>> => {
    const sitting = withinWindow(await loadSitting(tx, key, { forUpdate: true }), window, now);
    if (!sitting) throw new SittingError(409, 'sitting_not_started');
    if (await loadAttempt(tx, key.lessonId, key.userId, key.draftId))
      throw new TeachingError(409, 'exam_already_finished');
    if (!isInTime(sitting.deadlineAt, now, window.graceMinutes)) {
      await handInSaved(tx, sitting, draft);
      return { late: sitting, graceMinutes: window.graceMinutes };
    }
    await saveSittingAnswers(tx, key, answers, now);
    return { ok: { ...sitting, answers, savedAt: now, lastSeenAt: now } };
  });
  return settled(outcome);
}

/**
 * Hands in a timed exam's answers. In time: these answers (one attempt; a second tab's hand-in
 * gets 409). Late: the saved answers are handed in and these refused. Not started (a client of
 * before sittings): started and handed in at once, inside the window.
 */
export async function handInSitting(
  db: Db,
  key: SittingKey & { version: number },
  answers: Answers,
  draft: Draft,
  window: LessonWindow,
  now: Date,
): Promise<Attempt> {
  const outcome = await db.transaction(async (tx): Promise<Outcome<Attempt>> => {
    const sitting = withinWindow(await loadSitting(tx, key, { forUpdate: true }), window, now);
    if (sitting && !isInTime(sitting.deadlineAt, now, window.graceMinutes)) {
      const saved = await handInSaved(tx, sitting, draft);
      if (!saved) throw new TeachingError(409, 'exam_already_finished');
      return { late: sitting, graceMinutes: window.graceMinutes };
    }
    if (!sitting) assertSubmissionOpen(draft.type, window, now);
    const attempt = await insertAttempt(tx, {
      ...key,
      answers,
      ...gradeAnswers(draft, answers),
    });
    if (!attempt) throw new TeachingError(409, 'exam_already_finished');
    await syncJournalPoints(tx, key.lessonId, key.userId);
    return { ok: attempt };
  });
  return settled(outcome);
}

/**
 * Hands in every sitting whose deadline and its lesson's grace passed without a hand-in (the
 * pupil closed the tab and never came back): their saved answers become their attempt. Run on reads of a lesson's
 * results and by the server's sweep (`startSittingSweep`). Returns how many were handed in.
 */
export async function handInOverdue(db: Db, now: Date, lessonId: number | null = null) {
  const overdue = await listOverdueSittings(db, now, NETWORK_GRACE_MS, lessonId);
  const drafts = new Map<string, Draft>();
  let handedIn = 0;
  for (const sitting of overdue) {
    const versionKey = `${sitting.draftId}@${sitting.version}`;
    let draft = drafts.get(versionKey);
    if (!draft) {
      draft = await loadContentVersion(db, sitting.draftId, sitting.version);
      drafts.set(versionKey, draft);
    }
    const made = await db.transaction(async (tx) => {
      const locked = await loadSitting(tx, sitting, { forUpdate: true });
      return locked ? handInSaved(tx, locked, draft) : null;
    });
    if (made) handedIn++;
  }
  return handedIn;
}

/** Every 30 s, hands in overdue sittings (a closed tab still hands in when its time is up). */
export function startSittingSweep(
  db: Db,
  log: { warn: (obj: object, msg: string) => void },
  everyMs = 30_000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    handInOverdue(db, new Date())
      .catch((err: unknown) => log.warn({ err }, 'exam sittings: overdue hand-in failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
