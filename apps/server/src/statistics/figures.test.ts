import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attendanceOf, figuresOf, mergeTallies, tallyGrades } from './figures';

const grades = fc.array(fc.integer({ min: 2, max: 5 }), { maxLength: 60 });

describe('statistics figures', () => {
  it('reads a class of eight pupils as a person would', () => {
    // 5, 5, 4, 4, 4, 3, 3, 2: quality 5/8, success 7/8, average 30/8.
    expect(figuresOf(tallyGrades([5, 5, 4, 4, 4, 3, 3, 2]))).toEqual({
      quality: 62.5,
      success: 87.5,
      average: 3.75,
    });
  });

  it('says nothing (null) where nothing is graded, never 0 %', () => {
    expect(figuresOf(tallyGrades([]))).toEqual({ quality: null, success: null, average: null });
    expect(attendanceOf(0, 0)).toBeNull();
    expect(attendanceOf(40, 3)).toBe(92.5);
  });

  it('refuses a grade outside 2–5 instead of counting it', () => {
    expect(() => tallyGrades([5, 7])).toThrow(RangeError);
  });

  it('a level is the merge of the level below: tallies of parts sum to the tally of the whole', () => {
    fc.assert(
      fc.property(fc.array(grades, { maxLength: 8 }), (classes) => {
        const whole = tallyGrades(classes.flat());
        expect(mergeTallies(classes.map(tallyGrades))).toEqual(whole);
      }),
    );
  });

  it('quality never exceeds success, and the average stays within 2–5', () => {
    fc.assert(
      fc.property(grades, (list) => {
        const { quality, success, average } = figuresOf(tallyGrades(list));
        if (list.length === 0) return;
        expect(quality!).toBeLessThanOrEqual(success!);
        expect(average!).toBeGreaterThanOrEqual(2);
        expect(average!).toBeLessThanOrEqual(5);
      }),
    );
  });
});
