/**
 * Statistics of a draft (spec §3 `statistics {rows, result}`), derived, never stored.
 *
 * Rules (also in README.md):
 * - A row per module, in order, with its number (null when not numbered: simple modules of a
 *   custom lesson).
 * - countTask: the number of task modules that are counted (every task module; in custom
 *   lessons simple modules never count).
 * - countTime: the lesson time in minutes, i.e. the draft's `duration`.
 * - countGrade: the sum of the descriptor marks of counted task modules (what the descriptors
 *   award). Non-numeric or negative marks count as 0 (validateDraft reports them).
 * - countGradeCommon: the maximum score of the whole work: for each counted task module its
 *   `additionalCriterions.maxNumbers` when set (> 0), otherwise its descriptor marks.
 */
import type { Draft, Module, OptionKind } from './model.js';
import { moduleNumbers } from './numbering.js';

export interface StatisticsRow {
  moduleId: string;
  pageId: string;
  /** 1-based number, or null for modules that are not numbered. */
  number: number | null;
  title: string;
  moduleType: Module['type'];
  optionsKind: OptionKind | null;
  /** Sum of this module's descriptor marks (0 for simple modules). */
  grade: number;
  /** The module's maximum score (maxNumbers, else grade; 0 for simple modules). */
  gradeCommon: number;
  purposes: number;
}

export interface Statistics {
  rows: StatisticsRow[];
  result: { countTask: number; countTime: number; countGrade: number; countGradeCommon: number };
}

function markSum(m: Module): number {
  let s = 0;
  for (const r of m.descriptor.descriptorList)
    if (Number.isFinite(r.mark) && r.mark > 0) s += r.mark;
  return s;
}

export function computeStatistics(draft: Draft): Statistics {
  const numbers = moduleNumbers(draft);
  const rows: StatisticsRow[] = [];
  let countTask = 0;
  let countGrade = 0;
  let countGradeCommon = 0;
  for (const p of draft.pages) {
    for (const m of p.modules) {
      const number = numbers.get(m.id) ?? null;
      const counted = m.type === 'task' && number !== null;
      const grade = counted ? markSum(m) : 0;
      const max = m.additionalCriterions.maxNumbers;
      const gradeCommon = counted
        ? max !== null && Number.isFinite(max) && max > 0
          ? max
          : grade
        : 0;
      if (counted) {
        countTask++;
        countGrade += grade;
        countGradeCommon += gradeCommon;
      }
      rows.push({
        moduleId: m.id,
        pageId: p.id,
        number,
        title: m.title,
        moduleType: m.type,
        optionsKind: m.options?.kind ?? null,
        grade,
        gradeCommon,
        purposes: m.additionalCriterions.purposes.length,
      });
    }
  }
  return { rows, result: { countTask, countTime: draft.duration, countGrade, countGradeCommon } };
}
