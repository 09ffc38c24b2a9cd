import { computeStatistics } from '@sabaq/engine';
import type { Draft, Module } from '@sabaq/engine';
import type { Answers, ModuleAnswer, ModuleResult } from '@sabaq/platform';
import { TeachingError } from './errors';

/**
 * Automatic grading of builder content from the draft's right answers and descriptor marks.
 *
 * Each counted task module is worth its maximum (the engine's gradeCommon: maxNumbers when set,
 * else the sum of its descriptor marks):
 * - select and single choice: all or nothing;
 * - multiple choice: (right ticked − wrong ticked) ÷ right options, at least 0, times the maximum —
 *   so ticking everything earns nothing;
 * - connection: the share of the right links made, minus wrong links, at least 0, times the maximum;
 * - a task without options (an open answer) is `pending` until a teacher grades it.
 * Partial points are rounded down to halves: descriptors award whole or half marks.
 */
export interface Grade {
  results: ModuleResult[];
  score: number;
  maxScore: number;
  pending: boolean;
}

function floorHalf(x: number): number {
  return Math.floor(x * 2 + 1e-9) / 2;
}

function gradeModule(
  m: Module,
  max: number,
  a: ModuleAnswer | undefined,
): Omit<ModuleResult, 'moduleId' | 'number' | 'title'> {
  const o = m.options;
  if (!o) {
    return {
      kind: 'open',
      points: null,
      max,
      status: a && a.kind === 'open' && a.text.trim() ? 'pending' : 'unanswered',
    };
  }
  if (!a) return { kind: o.kind, points: 0, max, status: 'unanswered' };
  let fraction: number;
  if (o.kind === 'select') {
    if (a.kind !== 'select') return { kind: o.kind, points: 0, max, status: 'wrong' };
    fraction = o.rightId !== null && a.optionId === o.rightId ? 1 : 0;
  } else if (o.kind === 'choice') {
    if (a.kind !== 'choice') return { kind: o.kind, points: 0, max, status: 'wrong' };
    const picked = new Set(a.optionIds);
    const right = o.items.filter((i) => i.right);
    if (right.length === 0) fraction = 0;
    else if (!o.multiple)
      fraction = picked.size === 1 && right.some((r) => picked.has(r.id)) ? 1 : 0;
    else {
      const good = right.filter((r) => picked.has(r.id)).length;
      const bad = o.items.filter((i) => !i.right && picked.has(i.id)).length;
      fraction = Math.max(0, good - bad) / right.length;
    }
  } else {
    if (a.kind !== 'connection') return { kind: o.kind, points: 0, max, status: 'wrong' };
    const key = (l: { left: string; right: string }) => `${l.left}\u0000${l.right}`;
    const right = new Set(o.links.map(key));
    const made = new Set(a.links.map(key));
    if (right.size === 0) fraction = 0;
    else {
      let good = 0;
      let bad = 0;
      for (const k of made)
        if (right.has(k)) good++;
        else bad++;
      fraction = Math.max(0, good - bad) / right.size;
    }
  }
  const points = fraction >= 1 ? max : floorHalf(fraction * max);
  return {
    kind: o.kind,
    points,
    max,
    status: fraction >= 1 ? 'right' : points > 0 || fraction > 0 ? 'partial' : 'wrong',
  };
}

/** Checks that every answer names a module of the draft with the matching kind (422 otherwise). */
export function validateAnswers(draft: Draft, answers: Answers): void {
  const modules = new Map<string, Module>();
  for (const p of draft.pages) for (const m of p.modules) modules.set(m.id, m);
  for (const [id, a] of Object.entries(answers)) {
    const m = modules.get(id);
    if (!m || m.type !== 'task')
      throw new TeachingError(422, 'answer_unknown_module', `answers.${id}`);
    const kind = m.options?.kind ?? 'open';
    if (kind !== a.kind) throw new TeachingError(422, 'answer_wrong_kind', `answers.${id}`);
  }
}

/**
 * Grades answers; `manual` holds points a teacher gave to open answers (moduleId → points).
 */
export function gradeAnswers(
  draft: Draft,
  answers: Answers,
  manual: Record<string, number> = {},
): Grade {
  const stats = computeStatistics(draft);
  const byId = new Map<string, Module>();
  for (const p of draft.pages) for (const m of p.modules) byId.set(m.id, m);
  const results: ModuleResult[] = [];
  let score = 0;
  let pending = false;
  for (const row of stats.rows) {
    const m = byId.get(row.moduleId);
    if (!m || m.type !== 'task' || row.number === null) continue;
    const r = gradeModule(m, row.gradeCommon, answers[m.id]);
    if (r.kind === 'open' && manual[m.id] !== undefined) {
      r.points = Math.min(manual[m.id] as number, row.gradeCommon);
      r.status = r.points >= row.gradeCommon ? 'right' : r.points > 0 ? 'partial' : 'wrong';
    }
    if (r.status === 'pending') pending = true;
    score += r.points ?? 0;
    results.push({ moduleId: m.id, number: row.number, title: m.title, ...r });
  }
  return { results, score, maxScore: stats.result.countGradeCommon, pending };
}

export function percent(score: number, max: number): number {
  return max > 0 ? Math.round((score / max) * 1000) / 10 : 0;
}
