import { describe, expect, it } from 'vitest';
import { checkScore, fitsContest, placesOf, stageOf } from './contest-access';
import type { ContestError } from './contest-texts';

const dates = { starts_on: '2026-11-01', submit_until: '2026-11-30', results_published_at: null };

describe('contest rules', () => {
  it('moves from upcoming to open to judging by the school day, and to finished when published', () => {
    expect(stageOf(dates, '2026-10-31')).toBe('upcoming');
    expect(stageOf(dates, '2026-11-01')).toBe('open');
    expect(stageOf(dates, '2026-11-30')).toBe('open');
    expect(stageOf(dates, '2026-12-01')).toBe('judging');
    expect(stageOf({ ...dates, results_published_at: new Date() }, '2026-11-15')).toBe('finished');
  });

  it('takes only content of its type, language, subject and parallels', () => {
    const contest = {
      lesson_type: 'lesson' as const,
      language: 'kz' as const,
      subject: 'algebra',
      parallel_from: 7,
      parallel_to: 9,
    };
    const item = { type: 'lesson', lang: 'kz', subject: 'algebra', parallel: 8 };
    expect(fitsContest(contest, item)).toBe(true);
    expect(fitsContest(contest, { ...item, type: 'sor' })).toBe(false);
    expect(fitsContest(contest, { ...item, lang: 'ru' })).toBe(false);
    expect(fitsContest(contest, { ...item, subject: 'physics' })).toBe(false);
    expect(fitsContest(contest, { ...item, parallel: 10 })).toBe(false);
    expect(fitsContest(contest, { ...item, parallel: null })).toBe(false);
    const open = {
      ...contest,
      language: null,
      subject: null,
      parallel_from: null,
      parallel_to: null,
    };
    expect(fitsContest(open, { type: 'lesson', lang: null, subject: null, parallel: null })).toBe(
      true,
    );
  });

  it('scores every criterion within its maximum, naming the one that is wrong', () => {
    const criteria = [
      { id: 'content', max: 10 },
      { id: 'method', max: 5 },
    ];
    expect(
      checkScore(criteria, {
        criteria: [
          { id: 'content', points: 7 },
          { id: 'method', points: 5 },
        ],
        comment: '',
      }),
    ).toEqual({ points: { content: 7, method: 5 }, total: 12 });
    const fieldOf = (input: { id: string; points: number }[]) => {
      try {
        checkScore(criteria, { criteria: input, comment: '' });
      } catch (err) {
        return (err as ContestError).field;
      }
      return null;
    };
    expect(fieldOf([{ id: 'content', points: 7 }])).toBe('criteria.method');
    expect(
      fieldOf([
        { id: 'content', points: 11 },
        { id: 'method', points: 1 },
      ]),
    ).toBe('criteria.content');
    expect(
      fieldOf([
        { id: 'content', points: 1 },
        { id: 'method', points: 1 },
        { id: 'style', points: 1 },
      ]),
    ).toBe('criteria.style');
  });

  it('gives equal means the same place and skips the next', () => {
    const places = placesOf([
      { id: 1, mean: 20 },
      { id: 2, mean: 31 },
      { id: 3, mean: 20 },
      { id: 4, mean: 12 },
      { id: 5, mean: null },
    ]);
    expect([...places.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [1, 2],
      [2, 1],
      [3, 2],
      [4, 4],
    ]);
  });
});
