import type { ContestDetail, ContestSummary, Locale } from '@sabaq/platform';
import type { ContestRow, EntryRow } from './contest-queries';
import { placesOf, stageOf } from './contest-access';

/** Rows → the camelCase contract of contests. */

export function presentSummary(row: ContestRow, today: string): ContestSummary {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    type: row.type,
    lessonType: row.lesson_type,
    language: row.language,
    subject: row.subject ? { code: row.subject, name: row.subject_name ?? row.subject } : null,
    parallels:
      row.parallel_from !== null && row.parallel_to !== null
        ? { from: row.parallel_from, to: row.parallel_to }
        : null,
    startsOn: row.starts_on,
    submitUntil: row.submit_until,
    resultsOn: row.results_on,
    stage: stageOf(row, today),
    entries: row.entries,
  };
}

export function meanOf(entry: EntryRow): number | null {
  return entry.mean === null ? null : Number(entry.mean);
}

/** The entries as the public sees them: scores and places only once results are published. */
export function presentEntries(
  entries: readonly EntryRow[],
  published: boolean,
  callerId: number | null,
): ContestDetail['list'] {
  const places = published
    ? placesOf(entries.map((e) => ({ id: e.id, mean: meanOf(e) })))
    : new Map<number, number>();
  const list = entries.map((entry) => ({
    id: entry.id,
    draftId: entry.draft_id,
    title: entry.title,
    author: entry.author,
    school: entry.school ?? '',
    submittedAt: entry.submitted_at.toISOString(),
    mine: callerId === entry.teacher_id,
    score: published ? meanOf(entry) : null,
    place: places.get(entry.id) ?? null,
  }));
  if (published) list.sort((a, b) => (a.place ?? 999) - (b.place ?? 999));
  return list;
}

export function presentCriteria(row: ContestRow, locale: Locale) {
  return row.criteria.map((c) => ({ id: c.id, name: c[locale], max: c.max }));
}
