import { GRADUATING_PARALLEL } from '@sabaq/platform';
import type { YearConflictCode, YearNewClass } from '@sabaq/platform';
import { groupName } from './group-present';

/**
 * The year transition worked out from the school's classes, without the database: the preview
 * shows this plan and the transition's transaction carries out the same plan, so what the
 * director confirmed is what happens (year.test.ts compares them; year-plan.test.ts checks the
 * plan's rules on random schools).
 */

export interface ActiveClass {
  id: number;
  parallel: number;
  letter: string;
  edu_lang_id: number;
  pupils: number;
}

export interface PlannedMove {
  groupId: number;
  parallel: number;
  from: string;
  to: string;
  pupils: number;
}

export interface PlannedOpening {
  letter: string;
  name: string;
  eduLangId: number;
}

export interface YearPlan {
  /** Top parallel first: the order the moves are written in, so no name is held twice. */
  moves: PlannedMove[];
  graduates: { groupId: number; name: string; pupils: number }[];
  opens: PlannedOpening[];
  conflicts: { code: YearConflictCode; name: string }[];
}

const key = (parallel: number, letter: string) => `${parallel}|${letter.toLocaleUpperCase('ru')}`;

/** The first classes a school opens by default: this year's first classes again (letter, language). */
export function defaultNewClasses(classes: readonly ActiveClass[]): YearNewClass[] {
  return classes
    .filter((c) => c.parallel === 1)
    .sort((a, b) => a.letter.localeCompare(b.letter, 'kk'))
    .map((c) => ({ letter: c.letter, eduLang: c.edu_lang_id }));
}

/**
 * Every active class below the graduating parallel moves up one (same letter, same pupils); the
 * graduating parallel (and any above it) leaves for the archive; the asked first classes open.
 * Conflicts: a first class asked twice, one whose name a class moving up from parallel 0 takes,
 * a language the platform does not have.
 */
export function planYear(
  classes: readonly ActiveClass[],
  newClasses: readonly YearNewClass[],
  langIds: ReadonlySet<number>,
): YearPlan {
  const ordered = [...classes].sort(
    (a, b) => b.parallel - a.parallel || a.letter.localeCompare(b.letter, 'kk'),
  );
  const graduates = ordered
    .filter((c) => c.parallel >= GRADUATING_PARALLEL)
    .map((c) => ({ groupId: c.id, name: groupName(c.parallel, c.letter), pupils: c.pupils }));
  const moves = ordered
    .filter((c) => c.parallel < GRADUATING_PARALLEL)
    .map((c) => ({
      groupId: c.id,
      parallel: c.parallel,
      from: groupName(c.parallel, c.letter),
      to: groupName(c.parallel + 1, c.letter),
      pupils: c.pupils,
    }));
  const taken = new Set(
    ordered
      .filter((c) => c.parallel < GRADUATING_PARALLEL)
      .map((c) => key(c.parallel + 1, c.letter)),
  );
  const asked = new Set<string>();
  const conflicts: YearPlan['conflicts'] = [];
  const opens: PlannedOpening[] = [];
  for (const wanted of newClasses) {
    const letter = wanted.letter.trim().toLocaleUpperCase('ru');
    const name = groupName(1, letter);
    const k = key(1, letter);
    if (asked.has(k)) conflicts.push({ code: 'new_class_repeated', name });
    else if (taken.has(k)) conflicts.push({ code: 'new_class_taken', name });
    else if (!langIds.has(wanted.eduLang)) conflicts.push({ code: 'lang_unknown', name });
    asked.add(k);
    opens.push({ letter, name, eduLangId: wanted.eduLang });
  }
  return { moves, graduates, opens, conflicts };
}

/** '2026-2027' → '2027-2028'. */
export function nextSchoolYear(year: string): string {
  const first = Number(year.slice(0, 4)) + 1;
  return `${first}-${first + 1}`;
}

/** A YYYY-MM-DD date a year later (29 February becomes 28 February). */
export function nextYearDate(date: string): string {
  const y = Number(date.slice(0, 4)) + 1;
  const md = date.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${y}-${md === '02-29' && !leap ? '02-28' : md}`;
}

/** Kazakhstan's usual quarters of a school year, for a school that has no calendar yet. */
export function standardQuarters(year: string): { quarter: number; start: string; end: string }[] {
  const first = Number(year.slice(0, 4));
  const next = first + 1;
  return [
    { quarter: 1, start: `${first}-09-01`, end: `${first}-10-26` },
    { quarter: 2, start: `${first}-11-03`, end: `${first}-12-28` },
    { quarter: 3, start: `${next}-01-08`, end: `${next}-03-18` },
    { quarter: 4, start: `${next}-03-30`, end: `${next}-05-25` },
  ];
}

/**
 * The new year's quarters: those the school already made (school settings) as they are, the
 * others a year after this year's (or the usual dates when this year has none).
 */
export function planQuarters(
  toYear: string,
  current: readonly { quarter: number; start: string; end: string }[],
  existing: readonly { quarter: number; start: string; end: string }[],
): { quarter: number; start: string; end: string; exists: boolean }[] {
  const base =
    current.length > 0
      ? current.map((p) => ({
          quarter: p.quarter,
          start: nextYearDate(p.start),
          end: nextYearDate(p.end),
        }))
      : standardQuarters(toYear);
  const made = new Map(existing.map((p) => [p.quarter, p]));
  const quarters = new Set([...base.map((p) => p.quarter), ...made.keys()]);
  return [...quarters]
    .sort((a, b) => a - b)
    .map((quarter) => {
      const own = made.get(quarter);
      if (own) return { ...own, exists: true };
      const planned = base.find((p) => p.quarter === quarter) as (typeof base)[number];
      return { ...planned, exists: false };
    });
}
