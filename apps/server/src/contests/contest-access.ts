import type { ContestLessonType, ContestStage, ContestScoreInput } from '@sabaq/platform';
import { ContestError } from './contest-texts';

/** The rules of contests, without a database. */

export interface ContestDates {
  starts_on: string;
  submit_until: string;
  results_published_at: Date | null;
}

/** Where a contest stands on a school day (YYYY-MM-DD). */
export function stageOf(contest: ContestDates, today: string): ContestStage {
  if (contest.results_published_at) return 'finished';
  if (today < contest.starts_on) return 'upcoming';
  if (today <= contest.submit_until) return 'open';
  return 'judging';
}

export interface ContestRules {
  lesson_type: ContestLessonType;
  language: 'kz' | 'ru' | null;
  subject: string | null;
  parallel_from: number | null;
  parallel_to: number | null;
}

export interface PublishedItem {
  type: string;
  lang: string | null;
  subject: string | null;
  parallel: number | null;
}

/** Whether a published item fits the contest's type, language, subject and parallels. */
export function fitsContest(contest: ContestRules, item: PublishedItem): boolean {
  if (item.type !== contest.lesson_type) return false;
  if (contest.language && item.lang !== contest.language) return false;
  if (contest.subject && item.subject !== contest.subject) return false;
  if (contest.parallel_from !== null && contest.parallel_to !== null) {
    if (item.parallel === null) return false;
    if (item.parallel < contest.parallel_from || item.parallel > contest.parallel_to) return false;
  }
  return true;
}

export function assertOpen(stage: ContestStage): void {
  if (stage !== 'open') throw new ContestError(409, 'not_open');
}

export function assertJudging(stage: ContestStage): void {
  if (stage === 'finished') throw new ContestError(409, 'already_published');
  if (stage !== 'judging') throw new ContestError(409, 'not_judging');
}

/**
 * A score by every criterion of the contest, each within its maximum: the points and their
 * total, or a 422 naming the criterion.
 */
export function checkScore(
  criteria: readonly { id: string; max: number }[],
  input: ContestScoreInput,
): { points: Record<string, number>; total: number } {
  const given = new Map(input.criteria.map((c) => [c.id, c.points]));
  const points: Record<string, number> = {};
  for (const criterion of criteria) {
    const value = given.get(criterion.id);
    if (value === undefined)
      throw new ContestError(422, 'criterion_missing', `criteria.${criterion.id}`);
    if (value > criterion.max)
      throw new ContestError(422, 'criterion_over', `criteria.${criterion.id}`, {
        max: criterion.max,
      });
    points[criterion.id] = value;
  }
  for (const id of given.keys())
    if (!criteria.some((c) => c.id === id))
      throw new ContestError(422, 'criterion_unknown', `criteria.${id}`);
  return { points, total: Object.values(points).reduce((sum, p) => sum + p, 0) };
}

/** Places by mean score, highest first; equal means share a place (1, 2, 2, 4). */
export function placesOf(
  entries: readonly { id: number; mean: number | null }[],
): Map<number, number> {
  const ranked = entries
    .filter((e): e is { id: number; mean: number } => e.mean !== null)
    .sort((a, b) => b.mean - a.mean);
  const places = new Map<number, number>();
  ranked.forEach((entry, i) => {
    const previous = ranked[i - 1];
    places.set(
      entry.id,
      previous && previous.mean === entry.mean ? places.get(previous.id)! : i + 1,
    );
  });
  return places;
}
