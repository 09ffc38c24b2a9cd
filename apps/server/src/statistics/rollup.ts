import { QUARTER_GRADE_CONFIG, quarterGrade, type QuarterGradeConfig } from '@sabaq/platform';
import { gradeWeights } from '../backoffice/school-settings-queries';
import type { Db } from '../db/db';
import { ensureLessons } from '../teaching/lessons';
import {
  loadRollupSource,
  loadState,
  lockState,
  replaceRollup,
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
 * Rolls up one school's period: dates the period's lessons up to `today` (as the journal does when
 * it is opened), grades every pupil × subject and replaces the school's rows, all in one
 * transaction holding the state row (see lockState).
 */
export async function refreshSchoolPeriod(db: Db, period: PeriodRow, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockState(tx, period.school_id, period.id);
    const until = today < period.end ? today : period.end;
    if (until >= period.start) {
      const groups = await tx.query<{ id: number }>(
        'SELECT id FROM groups WHERE school_id = $1 AND NOT archived',
        [period.school_id],
      );
      await ensureLessons(tx, {
        groupIds: groups.map((group) => group.id),
        from: period.start,
        to: until,
      });
    }
    const weights = await gradeWeights(tx, period.school_id);
    const config: QuarterGradeConfig = { ...QUARTER_GRADE_CONFIG, weights };
    const source = await loadRollupSource(tx, period, until);
    await replaceRollup(
      tx,
      period,
      source.map((row) => gradeRow(row, config)),
    );
  });
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
