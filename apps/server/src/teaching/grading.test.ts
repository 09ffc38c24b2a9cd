import { describe, expect, it } from 'vitest';
import { demoSor } from './demo-content';
import { gradeAnswers, percent } from './grading';

describe('automatic grading', () => {
  const draft = demoSor();

  it('gives full marks for all right answers and leaves open answers pending', () => {
    const g = gradeAnswers(draft, {
      m1: { kind: 'choice', optionIds: ['m1-a'] },
      m2: { kind: 'select', optionId: 'm2-b' },
      m3: { kind: 'choice', optionIds: ['m3-a', 'm3-c'] },
      m4: {
        kind: 'connection',
        links: [
          { left: 'm4-l1', right: 'm4-r1' },
          { left: 'm4-l2', right: 'm4-r2' },
          { left: 'm4-l3', right: 'm4-r3' },
        ],
      },
      m5: { kind: 'open', text: 'x = 9' },
    });
    expect(g.score).toBe(8);
    expect(g.maxScore).toBe(11);
    expect(g.pending).toBe(true);
    expect(g.results.map((r) => r.status)).toEqual(['right', 'right', 'right', 'right', 'pending']);
  });

  it('wrong ticks of a multiple choice cancel right ones', () => {
    const g = gradeAnswers(draft, { m3: { kind: 'choice', optionIds: ['m3-a', 'm3-b', 'm3-c'] } });
    expect(g.results[2]).toMatchObject({ points: 1, status: 'partial' });
    const all = gradeAnswers(draft, { m3: { kind: 'choice', optionIds: ['m3-b'] } });
    expect(all.results[2]).toMatchObject({ points: 0, status: 'wrong' });
  });

  it('a single choice with two ticks is wrong; unanswered modules score 0', () => {
    const g = gradeAnswers(draft, { m1: { kind: 'choice', optionIds: ['m1-a', 'm1-b'] } });
    expect(g.results[0]).toMatchObject({ points: 0, status: 'wrong' });
    expect(g.results[1]).toMatchObject({ points: 0, status: 'unanswered' });
    expect(g.results[4]).toMatchObject({ points: null, status: 'unanswered' });
  });

  it('manual points for an open answer are capped at its maximum', () => {
    const g = gradeAnswers(draft, { m5: { kind: 'open', text: 'x' } }, { m5: 99 });
    expect(g.results[4]).toMatchObject({ points: 3, status: 'right' });
    expect(g.pending).toBe(false);
  });

  it('gives percentages to a tenth, 0 for nothing to score', () => {
    expect(percent(7, 11)).toBe(63.6);
    expect(percent(0, 0)).toBe(0);
  });
});
