import type { ExamSitting } from '@sabaq/platform';
import type { Sitting } from './sitting-queries';
import { acceptedUntil } from './sitting-rules';

/**
 * A sitting as the contract shows it, with the server's clock for the pupil's countdown and the
 * teacher's grace (the last instant a hand-in counts on arrival, shown while offline).
 */
export function presentSitting(sitting: Sitting, now: Date, graceMinutes: number): ExamSitting {
  return {
    startedAt: sitting.startedAt.toISOString(),
    deadlineAt: sitting.deadlineAt.toISOString(),
    savedAt: sitting.savedAt?.toISOString() ?? null,
    answers: sitting.answers,
    limitMinutes: sitting.limitMinutes,
    serverNow: now.toISOString(),
    graceMinutes,
    acceptedUntil: acceptedUntil(sitting.deadlineAt, graceMinutes).toISOString(),
  };
}

/**
 * A timed exam before its start: its title, duration and descriptors of the whole stay, its
 * pages go (a pupil who could read the questions before starting would have no time limit).
 */
export function withoutQuestions(draft: Record<string, unknown>): Record<string, unknown> {
  return { ...draft, pages: [] };
}
