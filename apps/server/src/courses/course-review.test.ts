import { describe, expect, it } from 'vitest';
import type { ModuleResult } from '@sabaq/platform';
import { demoCourseTest, DEMO_COURSES } from './course-seed';
import { reviewQuestions, withKeysWhereWrong } from './course-review';

describe('the review of an answered final test', () => {
  it('names the right option of the questions answered wrong only', () => {
    const questions = DEMO_COURSES[0]!.questions;
    const review = reviewQuestions(questions, { q1: 'b', q2: 'c' }, 'kz');
    expect(review[0]).toMatchObject({ id: 'q1', right: true, answer: null });
    expect(review[1]).toMatchObject({
      id: 'q2',
      right: false,
      chosen: { id: 'c', text: 'Оқушыларды рейтинг бойынша бөлу' },
      answer: { id: 'a', text: 'Оқуды жақсарту үшін кері байланыс беру' },
    });
    // Unanswered: nothing chosen, the right option shown.
    expect(review[2]).toMatchObject({ right: false, chosen: null, answer: { id: 'c' } });
  });

  it('keeps the keys and the explanation of the tasks not answered right, and only theirs', () => {
    const draft = demoCourseTest();
    const result = (moduleId: string, status: ModuleResult['status']): ModuleResult => ({
      moduleId,
      number: 1,
      title: '',
      kind: 'choice',
      points: 0,
      max: 1,
      status,
    });
    const shown = withKeysWhereWrong(draft, [
      result('f1', 'right'),
      result('f2', 'wrong'),
      result('f3', 'partial'),
    ]);
    const [f1, f2, f3] = shown.pages[0]!.modules;
    expect(f1!.hints.solution).toBeNull();
    expect(f1!.options).toMatchObject({ kind: 'choice' });
    expect(f1!.options?.kind === 'choice' && f1!.options.items.some((item) => item.right)).toBe(
      false,
    );
    expect(f2).toEqual(draft.pages[0]!.modules[1]);
    expect(f3).toEqual(draft.pages[0]!.modules[2]);
    // The original is not changed.
    expect(draft.pages[0]!.modules[0]!.hints.solution).not.toBeNull();
  });
});
