import type { ExamSitting } from '@sabaq/platform';
import type { Sitting } from './sitting-queries';

/** A sitting as the contract shows it, with the server's clock for the pupil's countdown. */
export function presentSitting(sitting: Sitting, now: Date): ExamSitting {
  return {
    startedAt: sitting.startedAt.toISOString(),
    deadlineAt: sitting.deadlineAt.toISOString(),
    savedAt: sitting.savedAt?.toISOString() ?? null,
    answers: sitting.answers,
    limitMinutes: sitting.limitMinutes,
    serverNow: now.toISOString(),
  };
}

/**
 * A timed exam before its start: its title, duration and descriptors of the whole stay, its
 * pages go (a pupil who could read the questions before starting would have no time limit).
 */
export function withoutQuestions(draft: Record<string, unknown>): Record<string, unknown> {
  return { ...draft, pages: [] };
}
