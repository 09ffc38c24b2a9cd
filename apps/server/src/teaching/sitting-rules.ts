import type { SittingState } from '@sabaq/platform';
import type { LessonWindow } from './exam-access';

/**
 * The clock of a timed SOR/SOCh sitting (issue 20), pure so that it is tested without a database.
 *
 * - The time limit is the draft's duration (the builder's «Ұзақтығы», default 40 minutes).
 * - The deadline is fixed when the sitting starts: start + limit, but never past the lesson's
 *   window (a pupil who starts five minutes before the end has five minutes).
 * - Answers that arrive a little after the deadline (`GRACE_MS`: the last autosave in flight, a
 *   slow network) still count; later ones are refused and the last saved answers are handed in.
 * - A pupil is online while their page saves or beats (every 15 s); a minute of silence is offline.
 */
export const DEFAULT_LIMIT_MINUTES = 40;
export const GRACE_MS = 15_000;
export const ONLINE_MS = 60_000;

export function limitMinutes(duration: number | null | undefined): number {
  return Number.isInteger(duration) && (duration as number) > 0
    ? (duration as number)
    : DEFAULT_LIMIT_MINUTES;
}

export function sittingDeadline(startedAt: Date, limit: number, window: LessonWindow): Date {
  const byLimit = startedAt.getTime() + limit * 60_000;
  return new Date(Math.min(byLimit, window.closesAt.getTime()));
}

/** Whether answers sent at `now` still count for a sitting ending at `deadline`. */
export function isInTime(deadline: Date, now: Date): boolean {
  return now.getTime() <= deadline.getTime() + GRACE_MS;
}

export function isOnline(lastSeen: Date, now: Date): boolean {
  return now.getTime() - lastSeen.getTime() < ONLINE_MS;
}

export function sittingState(
  sitting: { deadlineAt: Date } | null,
  handedIn: boolean,
): SittingState {
  if (handedIn) return 'submitted';
  return sitting ? 'inProgress' : 'notStarted';
}
