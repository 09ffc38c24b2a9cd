import { describe, expect, it } from 'vitest';
import { inSchool, isOwnOrSchoolContent, schoolOf } from './tenancy';

describe('tenancy checks (issue 12)', () => {
  it('a row is in the caller’s school only when both have the same school', () => {
    expect(inSchool({ schoolId: 1 }, 1)).toBe(true);
    expect(inSchool({ schoolId: 1 }, 2)).toBe(false);
    // No school on either side is never a match (null === null would be one).
    expect(inSchool({ schoolId: null }, null)).toBe(false);
    expect(inSchool({ schoolId: null }, 1)).toBe(false);
    expect(schoolOf({ schoolId: null })).toBe(-1);
    expect(schoolOf({ schoolId: 3 })).toBe(3);
  });

  it('content is usable by its owner or its school, never by another school', () => {
    const draft = { owner_id: 7, school_id: 1 };
    expect(isOwnOrSchoolContent({ userId: 7, schoolId: null }, draft)).toBe(true);
    expect(isOwnOrSchoolContent({ userId: 8, schoolId: 1 }, draft)).toBe(true);
    expect(isOwnOrSchoolContent({ userId: 8, schoolId: 2 }, draft)).toBe(false);
    expect(
      isOwnOrSchoolContent({ userId: 8, schoolId: null }, { owner_id: 7, school_id: null }),
    ).toBe(false);
  });
});
