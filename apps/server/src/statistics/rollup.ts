import { QUARTER_GRADE_CONFIG, quarterGrade, type QuarterGradeConfig } from '@sabaq/platform';
import type { Db } from '../db/db';
import { ensureLessons } from '../teaching/lessons';
import { addDays } from '../teaching/seed';
import {
  clearRollups,
  diffRollups,
  loadRollupSources,
  loadState,
  lockStates,
  markLessonsDated,
  writeRollups,
  type BatchRollupRow,
  type PeriodRow,
  type RollupRow,
  type RollupSourceRow,
} from './rollup-queries';

const numbers = (list: readonly (string | number)[] | null): number[] =>
  (list ?? []).map((value) => Number(value));

const zipPoints = (points: RollupSourceRow['sor_points'], max: RollupSourceRow['sor_max']) => {
  const maxima = numbers(max);
  return numbers(points).map((value, i) => ({ points: value, max: maxima[i] ?? 0 }));
};

/** A source row → its roll-up row, graded by the journal's own rule with the school's weights. */
export function gradeRow(source: RollupSourceRow, config: QuarterGradeConfig): RollupRow {
  const sor = zipPoints(source.sor_points, source.sor_max);
  const soch = zipPoints(source.soch_points, source.soch_max);
  const result = quarterGrade({ formative: source.marks ?? [], sor, soch }, config);
  const sum = (rows: { points: number; max: number }[], key: 'points' | 'max') =>
    rows.reduce((total, row) => total + row[key], 0);
  return {
    groupId: source.group_id,
    subjectId: source.subject_id,
    studentId: source.student_id,
    teacherId: source.teacher_id,
    total: result.total,
    grade: result.grade,
    sorPoints: sum(sor, 'points'),
    sorMax: sum(sor, 'max'),
    sochPoints: sum(soch, 'points'),
    sochMax: sum(soch, 'max'),
    lessons: Number(source.lessons ?? 0),
    absences: Number(source.absences ?? 0),
    used: source.used === true,
  };
}

/**
 * The rule a school's rows are graded with, as stored in `stat_state.graded_with`: rows graded
 * with another (new weights, new bands) are all regraded. Bump the version when `quarterGrade`
 * itself changes.
 */
const GRADING_RULE = 1;
const ruleOf = (config: QuarterGradeConfig) => JSON.stringify({ rule: GRADING_RULE, ...config });

/**
 * Rolls up a batch of school-periods in one transaction holding their state rows (see lockStates):
 * dates each period's lessons up to `today` (as the journal does when it is opened). A period
 * never graded, or graded with another rule (new weights), is graded whole: its stored rows are
 * deleted and every pupil × subject is gathered (loadRollupSources, with the fingerprint of its
 * grade inputs), graded and inserted, with no comparison. The others compare every pupil ×
 * subject's facts with its stored row in SQL (diffRollups: attendance, usage and teacher are moved
 * on there, rows no longer taught deleted) and grade in Node, with the school's weights, only the
 * rows whose grade inputs changed. The work is a handful of statements for the whole batch, not
 * per school (issue 27: per school the large tree's morning roll-up managed a few school-periods
 * a second; regrading every row each morning, about 16). Returns how many rows it graded and
 * wrote.
 */
export async function refreshSchoolPeriods(
  db: Db,
  periods: readonly PeriodRow[],
  today: string,
): Promise<number> {
  if (periods.length === 0) return 0;
  const batch = periods.map((period) => ({
    ...period,
    until: today < period.end ? today : period.end,
  }));
  return db.transaction(async (tx) => {
    // The batch's facts are sorted once to be gathered (loadRollupSources): in memory, not on
    // disk (the default 4 MB spilled at ten schools).
    await tx.query("SET LOCAL work_mem = '64MB'");
    const states = await lockStates(tx, batch);
    // Lessons are dated per span, from the day after an earlier roll-up dated them (the batch's
    // schools mostly share their quarters' dates, so this is one statement or two).
    const spans = new Map<string, number[]>();
    for (const period of batch) {
      const after = states.get(period.id)?.dated;
      const from = after && after >= period.start ? addDays(after, 1) : period.start;
      if (period.until < from) continue;
      const key = `${from}|${period.until}`;
      spans.set(key, [...(spans.get(key) ?? []), period.school_id]);
    }
    for (const [key, schools] of spans) {
      const [from, to] = key.split('|') as [string, string];
      const groups = await tx.query<{ id: number }>(
        'SELECT id FROM groups WHERE school_id = ANY($1::int[]) AND NOT archived',
        [schools],
      );
      await ensureLessons(tx, { groupIds: groups.map((group) => group.id), from, to });
    }
    await markLessonsDated(tx, batch);
    const weights = await tx.query<{
      school_id: number;
      weight_formative: number;
      weight_sor: number;
      weight_soch: number;
    }>(
      'SELECT school_id, weight_formative, weight_sor, weight_soch FROM school_settings WHERE school_id = ANY($1::int[])',
      [[...new Set(batch.map((period) => period.school_id))]],
    );
    const configOf = new Map<number, QuarterGradeConfig>(
      weights.map((w) => [
        w.school_id,
        {
          ...QUARTER_GRADE_CONFIG,
          weights: { formative: w.weight_formative, sor: w.weight_sor, soch: w.weight_soch },
        },
      ]),
    );
    const rules = batch.map((period) =>
      ruleOf(configOf.get(period.school_id) ?? QUARTER_GRADE_CONFIG),
    );
    const regrade = batch.map((period, i) => states.get(period.id)?.gradedWith !== rules[i]);
    const schoolOf = new Map(batch.map((period) => [period.id, period.school_id]));
    const graded: BatchRollupRow[] = [];
    const grade = (row: RollupSourceRow & { period_id: number }, inputs: string) => {
      const schoolId = schoolOf.get(row.period_id)!;
      const config = configOf.get(schoolId) ?? QUARTER_GRADE_CONFIG;
      graded.push({ ...gradeRow(row, config), periodId: row.period_id, schoolId, inputs });
    };
    // Periods whose every row is graded anew (the first roll-up: nothing stored; or a new rule):
    // no comparison with stored rows, their rows are replaced by the gathered ones, fingerprinted
    // as they are gathered.
    const whole = batch.filter((_, i) => regrade[i]);
    const touched = new Set(whole.map((period) => period.id));
    if (whole.length > 0) {
      await clearRollups(tx, whole);
      for (const row of await loadRollupSources(tx, whole)) grade(row, row.inputs);
    }
    // The others: only the rows whose grade inputs changed are graded again (diffRollups).
    const daily = batch.filter((_, i) => !regrade[i]);
    if (daily.length > 0) {
      const diff = await diffRollups(
        tx,
        daily,
        daily.map(() => false),
      );
      for (const id of diff.touched) touched.add(id);
      if (diff.changed.length > 0) {
        const inputsOf = new Map(
          diff.changed.map((row) => [
            `${row.period_id}:${row.group_id}:${row.subject_id}:${row.student_id}`,
            row.inputs,
          ]),
        );
        // Narrowed to the classes with a changed row when they are few (a morning after a day of
        // journal writes); all of them when most rows changed.
        const classes = [...new Set(diff.changed.map((row) => row.group_id))];
        const narrow = diff.changed.length * 4 < diff.rows;
        for (const row of await loadRollupSources(tx, daily, narrow ? classes : undefined)) {
          const inputs = inputsOf.get(
            `${row.period_id}:${row.group_id}:${row.subject_id}:${row.student_id}`,
          );
          if (inputs !== undefined) grade(row, inputs);
        }
      }
    }
    await writeRollups(tx, batch, graded, touched, rules);
    return graded.length;
  });
}

/** Rolls up one school's period (refreshSchoolPeriods for a batch of one). */
export function refreshSchoolPeriod(db: Db, period: PeriodRow, today: string): Promise<number> {
  return refreshSchoolPeriods(db, [period], today);
}

/**
 * Refreshes a school's period when a journal change marked it stale, when it was never rolled up,
 * or when it was rolled up on an earlier school day of the period (lessons held, and so
 * attendance, move on each day; a period rolled up after its end stays as it is).
 */
export async function ensureFresh(db: Db, period: PeriodRow, today: string) {
  const state = await loadState(db, period.school_id, period.id);
  const settled =
    state?.refreshed_day != null &&
    (state.refreshed_day === today || state.refreshed_day > period.end);
  if (state && !state.stale && settled) return;
  await refreshSchoolPeriod(db, period, today);
}
