import { describe, expect, it } from 'vitest';
import { computeStatistics } from './statistics.js';
import { run, withModules } from './test/harness.js';
import { completeSor } from './test/samples.js';

describe('computeStatistics', () => {
  it('counts tasks, time and grades of a SOR with one row per module', () => {
    const s = computeStatistics(completeSor());
    // m1: descriptors 1, no maxNumbers -> 1; m2: descriptors 1+2=3, maxNumbers 4 -> 4.
    expect(s.result).toEqual({ countTask: 2, countTime: 40, countGrade: 4, countGradeCommon: 5 });
    expect(
      s.rows.map((r) => [r.moduleId, r.number, r.optionsKind, r.grade, r.gradeCommon]),
    ).toEqual([
      ['m1', 1, 'select', 1, 1],
      ['m2', 2, 'connection', 3, 4],
      ['m3', 3, null, 0, 0],
    ]);
  });

  it('custom lessons do not count simple modules; bad marks count as zero', () => {
    const d = run(
      withModules('customLesson', 'simple', 'task', 'simple'),
      { type: 'descriptor/addRow', moduleId: 'm2', rowId: 'a', title: '', mark: -3 },
      { type: 'descriptor/addRow', moduleId: 'm2', rowId: 'b', title: '', mark: 2 },
      { type: 'descriptor/addRow', moduleId: 'm1', rowId: 'c', title: '', mark: 5 },
    );
    const s = computeStatistics(d);
    expect(s.result).toEqual({ countTask: 1, countTime: 40, countGrade: 2, countGradeCommon: 2 });
    expect(s.rows.map((r) => r.number)).toEqual([null, 1, null]);
  });
});
