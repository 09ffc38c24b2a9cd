import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUESTIONNAIRES } from './questionnaire-data';
import {
  answerProblem,
  missingRequired,
  percentOf,
  scoreQuestion,
  scoreResponse,
  type ScoredQuestion,
} from './questionnaire-scoring';

/** The demo questionnaires as the scoring sees them (ids by position). */
function scoredOf(index: number): ScoredQuestion[] {
  let id = 0;
  return QUESTIONNAIRES[index]!.groups.flatMap((group, g) =>
    group.questions.map((q) => ({
      id: ++id,
      groupId: g + 1,
      kind: q.kind,
      required: q.required ?? true,
      options: q.options ?? [],
      max: q.max ?? null,
    })),
  );
}

const single: ScoredQuestion = {
  id: 1,
  groupId: 1,
  kind: 'single',
  required: true,
  options: [
    { id: 'a', points: 2 },
    { id: 'b', points: 0 },
  ],
  max: null,
};

describe('questionnaire answers', () => {
  it('accept only values of their question', () => {
    expect(answerProblem(single, 'a')).toBeNull();
    expect(answerProblem(single, 'c')).toBe('answer_option');
    expect(answerProblem(single, 3)).toBe('answer_kind');
    const multi = { ...single, kind: 'multi' as const };
    expect(answerProblem(multi, ['a', 'b'])).toBeNull();
    expect(answerProblem(multi, ['a', 'a'])).toBe('answer_option');
    const scale = { ...single, kind: 'scale' as const, options: [], max: 5 };
    expect(answerProblem(scale, 5)).toBeNull();
    expect(answerProblem(scale, 0)).toBe('answer_range');
    const number = { ...scale, kind: 'number' as const, max: 60 };
    expect(answerProblem(number, 61)).toBe('answer_range');
    expect(answerProblem({ ...single, kind: 'text' }, ['x'])).toBe('answer_kind');
  });

  it('name the required questions left empty (blank text and empty choices count as empty)', () => {
    const text = { ...single, id: 2, kind: 'text' as const, options: [] };
    const optional = { ...text, id: 3, required: false };
    expect(missingRequired([single, text, optional], { '2': '  ' })).toEqual([1, 2]);
    expect(missingRequired([single, text, optional], { '1': 'a', '2': 'ok' })).toEqual([]);
  });

  it('score each question within 0…max, and the best answers of every demo questionnaire at 100 %', () => {
    for (const index of QUESTIONNAIRES.keys()) {
      const questions = scoredOf(index);
      const best = Object.fromEntries(
        questions.flatMap((q): [number, string | number | string[]][] => {
          if (q.kind === 'single')
            return [[q.id, [...q.options].sort((a, b) => b.points - a.points)[0]!.id]];
          if (q.kind === 'multi') return [[q.id, q.options.map((o) => o.id)]];
          if (q.kind === 'scale') return [[q.id, q.max ?? 5]];
          return [];
        }),
      );
      const score = scoreResponse(questions, best);
      expect(score.max).toBeGreaterThan(0);
      expect(percentOf(score.points, score.max)).toBe(100);
      // A question that gives no points (a need, not a result) does not weigh on the score.
      expect(score.groups.reduce((n, g) => n + g.max, 0)).toBe(score.max);
    }
  });

  it('never scores above the maximum or below zero, whatever valid answers are given', () => {
    const questions = scoredOf(0);
    const valueOf = (q: ScoredQuestion): fc.Arbitrary<string | number | string[]> => {
      if (q.kind === 'single') return fc.constantFrom(...q.options.map((o) => o.id));
      if (q.kind === 'multi') return fc.subarray(q.options.map((o) => o.id));
      if (q.kind === 'scale') return fc.integer({ min: 1, max: q.max ?? 5 });
      if (q.kind === 'number') return fc.integer({ min: 0, max: q.max ?? 100 });
      return fc.string({ maxLength: 20 });
    };
    fc.assert(
      fc.property(
        fc.tuple(...questions.map((q) => fc.option(valueOf(q), { nil: undefined }))),
        (values) => {
          const answers = Object.fromEntries(
            questions.flatMap((q, i) => (values[i] === undefined ? [] : [[q.id, values[i]!]])),
          );
          for (const q of questions) {
            const value = answers[q.id];
            if (value !== undefined) expect(answerProblem(q, value)).toBeNull();
            const s = scoreQuestion(q, value);
            expect(s.points).toBeGreaterThanOrEqual(0);
            expect(s.points).toBeLessThanOrEqual(s.max);
          }
          const score = scoreResponse(questions, answers);
          expect(score.points).toBe(score.groups.reduce((n, g) => n + g.points, 0));
        },
      ),
      { numRuns: 200 },
    );
  });
});
