import type { SittingState } from '@sabaq/platform';
import type { LessonWindow } from './exam-access';

/**
 * The clock of a timed SOR/SOCh sitting (issue 20), pure so that it is tested without a database.
 *
 * - The time limit is the draft's duration (the builder's «Ұзақтығы», default 40 minutes).
 * - The deadline is fixed when the sitting starts: start + limit, but never past the lesson's
 *   window (a pupil who starts five minutes before the end has five minutes).
 * - Answers and hand-ins that arrive after the deadline still count within the grace the teacher
 *   set on the lesson (issue 31: `graceMinutes`, default 5, 0–30: a device whose link dropped
 *   sends what it kept when the link returns), judged by the server's arrival time, and never
 *   less than `NETWORK_GRACE_MS` (the last autosave in flight on a slow link, even with a grace
 *   of 0). Later ones are refused and the last saved answers are handed in.
 * - A pupil is online while their page saves or beats (every 15 s); a minute of silence is offline.
 */
export const DEFAULT_LIMIT_MINUTES = 40;
/** The least grace after a deadline, whatever the teacher set: a save in flight. */
export const NETWORK_GRACE_MS = 15_000;
export const DEFAULT_GRACE_MINUTES = 5;
export const MAX_GRACE_MINUTES = 30;
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

/** The grace after a deadline in milliseconds: the teacher's minutes, at least a save in flight. */
export function graceMs(graceMinutes: number): number {
  return Math.max(graceMinutes * 60_000, NETWORK_GRACE_MS);
}

/** The last instant answers or a hand-in arriving still count for a sitting ending at `deadline`. */
export function acceptedUntil(deadline: Date, graceMinutes: number): Date {
  return new Date(deadline.getTime() + graceMs(graceMinutes));
}

/** Whether answers arriving at `now` still count for a sitting ending at `deadline`. */
export function isInTime(deadline: Date, now: Date, graceMinutes: number): boolean {
  return now.getTime() <= acceptedUntil(deadline, graceMinutes).getTime();
}

/** Whether the teacher's grace is allowed: whole minutes, 0–30. */
export function isValidGrace(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_GRACE_MINUTES;
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
