import type { Locale, YearNewClass, YearPreview, YearTransitionResult } from '@sabaq/platform';
import { revokeUserSessions } from '../auth/sessions';
import type { Queryable } from '../db/db';
import type { JobContext } from '../jobs/job-runner';
import { defaultNewClasses, nextSchoolYear, planQuarters, planYear } from './year-plan';
import type { YearPlan } from './year-plan';
import {
  graduate,
  loadActiveClasses,
  loadLangs,
  loadQuarters,
  loadTransitionSummary,
  loadYearState,
  lockSchool,
  moveUp,
  openFirstClasses,
  openYear,
  recordTransition,
  withSessions,
} from './year-queries';
import type { YearState } from './year-queries';
import { conflictText, YearConflictError, YearError } from './year-texts';
import { defaultSchoolYear } from './school-settings-queries';

/** What the school's transition is now: its years, state, plan and the new year's quarters. */
export interface YearSituation {
  fromYear: string;
  toYear: string;
  state: YearPreview['state'];
  doneAt: string | null;
  opensOn: string | null;
  plan: YearPlan;
  quarters: { quarter: number; start: string; end: string; exists: boolean }[];
}

function stateOf(
  year: YearState,
  today: string,
): Pick<YearSituation, 'state' | 'doneAt' | 'opensOn'> {
  if (year.doneFrom) return { state: 'done', doneAt: year.doneFrom, opensOn: null };
  if (year.begins && year.begins > today)
    return {
      state: year.doneInto ? 'done' : 'waiting',
      doneAt: year.doneInto,
      opensOn: year.begins,
    };
  return { state: 'ready', doneAt: null, opensOn: null };
}

/**
 * Works the transition out for the school as it is now: from its current school year (the
 * current quarter's) to the next. The preview shows it; the job does it inside its transaction.
 */
export async function loadSituation(
  q: Queryable,
  schoolId: number,
  newClasses: readonly YearNewClass[] | undefined,
  now: Date,
): Promise<YearSituation> {
  const year = await loadYearState(q, schoolId);
  const fromYear = year.current ?? defaultSchoolYear(now);
  const toYear = nextSchoolYear(fromYear);
  const [classes, langs, current, existing] = await Promise.all([
    loadActiveClasses(q, schoolId),
    loadLangs(q, 'kz'),
    loadQuarters(q, schoolId, fromYear),
    loadQuarters(q, schoolId, toYear),
  ]);
  const asked = newClasses ?? defaultNewClasses(classes);
  const plan = planYear(classes, asked, new Set(langs.map((l) => l.id)));
  return {
    fromYear,
    toYear,
    ...stateOf(year, now.toISOString().slice(0, 10)),
    plan,
    quarters: planQuarters(toYear, current, existing),
  };
}

export async function presentPreview(
  q: Queryable,
  situation: YearSituation,
  locale: Locale,
): Promise<YearPreview> {
  const langs = await loadLangs(q, locale);
  const langName = new Map(langs.map((l) => [l.id, l.name]));
  const { plan } = situation;
  return {
    fromYear: situation.fromYear,
    toYear: situation.toYear,
    state: situation.state,
    doneAt: situation.doneAt,
    opensOn: situation.opensOn,
    moves: plan.moves.map(({ groupId, from, to, pupils }) => ({ groupId, from, to, pupils })),
    graduates: plan.graduates,
    opens: plan.opens.map((o) => ({
      name: o.name,
      letter: o.letter,
      eduLang: { id: o.eduLangId, name: langName.get(o.eduLangId) ?? '' },
    })),
    periods: situation.quarters,
    conflicts: plan.conflicts.map((c) => ({
      ...c,
      message: conflictText(c.code, c.name, locale),
    })),
    langs,
  };
}

/** Refuses a start the preview would not allow: a stale year, one not begun, conflicts. */
export function assertStartable(situation: YearSituation, fromYear: string): void {
  if (situation.fromYear !== fromYear)
    throw new YearError(409, 'year_stale', 'fromYear', { year: situation.fromYear });
  if (situation.state !== 'ready')
    throw new YearError(409, 'year_waiting', undefined, {
      year: situation.fromYear,
      date: situation.opensOn ?? '',
    });
  const unknown = situation.plan.conflicts.findIndex((c) => c.code === 'lang_unknown');
  if (unknown >= 0) {
    const index = situation.plan.opens.findIndex(
      (o) => o.name === situation.plan.conflicts[unknown]?.name,
    );
    throw new YearError(422, 'lang_unknown', `newClasses.${Math.max(index, 0)}.eduLang`);
  }
  if (situation.plan.conflicts.length > 0) throw new YearConflictError(situation.plan.conflicts);
}

export interface YearJobPayload {
  fromYear: string;
  newClasses: YearNewClass[];
}

/**
 * The transition as one transaction (job kind `year.transition`): the school's row is locked, the
 * plan worked out again from the classes as they are now and checked as the start checked it,
 * then the 11th classes graduate, the others move up, the first classes open, the new year's
 * quarters exist and the first is current, the year is recorded as done and the job as done —
 * all committed together or nothing. A year already done answers its first result, writing
 * nothing (the job ran twice, or a second job of the same year).
 */
export async function runYearTransition(ctx: JobContext, now: () => Date): Promise<void> {
  const payload = ctx.job.payload as YearJobPayload;
  const schoolId = ctx.job.school_id as number;
  await ctx.progress('transition', 0, 1);
  await ctx.db.transaction(async (tx) => {
    await lockSchool(tx, schoolId);
    const before = await loadTransitionSummary(tx, schoolId, payload.fromYear);
    if (before) {
      await ctx.complete(tx, before);
      return;
    }
    const situation = await loadSituation(tx, schoolId, payload.newClasses, now());
    assertStartable(situation, payload.fromYear);
    const { plan, fromYear, toYear } = situation;
    const leavers = await graduate(
      tx,
      schoolId,
      plan.graduates.map((g) => g.groupId),
      fromYear,
    );
    for (const userId of await withSessions(tx, leavers)) await revokeUserSessions(tx, userId);
    await moveUp(tx, schoolId, plan);
    const opened = await openFirstClasses(tx, schoolId, plan.opens);
    const periodsCreated = await openYear(tx, schoolId, toYear, situation.quarters);
    const result: YearTransitionResult = {
      fromYear,
      toYear,
      moved: plan.moves.map(({ groupId, from, to, pupils }) => ({ groupId, from, to, pupils })),
      graduated: plan.graduates,
      leavers: leavers.length,
      opened,
      periodsCreated,
    };
    await recordTransition(tx, { schoolId, fromYear, toYear, jobId: ctx.job.id, summary: result });
    await ctx.complete(tx, result);
  });
}
