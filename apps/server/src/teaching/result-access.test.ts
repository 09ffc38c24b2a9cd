import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../http/context';
import type { Viewer } from './lessons';
import { assertOverride, canOverrideResult } from './result-access';
import { ResultError } from './result-errors';

const viewer = (role: string, userId: number, schoolId: number | null = 1): Viewer => ({
  auth: { role, userId, schoolId } as unknown as AuthContext,
  groupId: null,
  ledGroups: [7],
  subgroups: [],
});
const lesson = { teacher_id: 10, school_id: 1 };

describe('who overrides a result', () => {
  it("is the lesson's teacher or the school's management", () => {
    expect(canOverrideResult(viewer('teacher', 10), lesson)).toBe(true);
    expect(canOverrideResult(viewer('director', 2), lesson)).toBe(true);
    expect(canOverrideResult(viewer('zavuch', 3), lesson)).toBe(true);
  });
  it('is not a colleague, a class teacher, a pupil or another school', () => {
    expect(canOverrideResult(viewer('teacher', 11), lesson)).toBe(false);
    expect(canOverrideResult(viewer('student', 10), lesson)).toBe(false);
    expect(canOverrideResult(viewer('director', 2, 2), lesson)).toBe(false);
  });
});

describe('an override', () => {
  it('needs a comment and points within the maximum', () => {
    expect(assertOverride({ points: 12, comment: '  late page found ' }, 20)).toEqual({
      points: 12,
      comment: 'late page found',
    });
    expect(() => assertOverride({ points: 12, comment: '   ' }, 20)).toThrow(ResultError);
    expect(() => assertOverride({ points: 21, comment: 'x' }, 20)).toThrow(ResultError);
    expect(assertOverride({ points: null, comment: '' }, 20)).toEqual({
      points: null,
      comment: '',
    });
  });
  it('names the field in kz and ru', () => {
    try {
      assertOverride({ points: 3, comment: '' }, 20);
    } catch (error) {
      const e = error as ResultError;
      expect(e.status).toBe(422);
      expect(e.toBody('kz').errors).toEqual({ comment: [expect.stringContaining('түсініктеме')] });
      expect(e.toBody('ru').errors).toEqual({ comment: [expect.stringContaining('комментарий')] });
    }
    expect.assertions(3);
  });
});
