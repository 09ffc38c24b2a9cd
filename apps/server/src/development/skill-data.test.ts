import { describe, expect, it } from 'vitest';
import { EDUCATIONAL_AREAS, PRESCHOOL_AGE_GROUPS } from '@sabaq/platform';
import { SKILLS } from './skill-data';

/** Letters of Kazakh that Russian does not have: a Russian title with one is a swapped pair. */
const KAZAKH_ONLY = /[әғқңөұүһіӘҒҚҢӨҰҮҺІ]/;

describe('skills of the preschool standard', () => {
  it.each(PRESCHOOL_AGE_GROUPS)('the %s group has 4–5 skills in each of the five areas', (age) => {
    const areas = SKILLS[age];
    expect(Object.keys(areas).sort()).toEqual([...EDUCATIONAL_AREAS].sort());
    for (const area of EDUCATIONAL_AREAS) {
      const skills = areas[area];
      expect(skills.length, `${age}/${area}`).toBeGreaterThanOrEqual(4);
      expect(skills.length, `${age}/${area}`).toBeLessThanOrEqual(5);
      for (const [kz, ru] of skills) {
        expect(kz.trim()).toBe(kz);
        expect(ru.trim()).toBe(ru);
        expect(kz).not.toBe(ru);
        expect(ru, ru).not.toMatch(KAZAKH_ONLY);
        expect(ru).toMatch(/^[А-ЯЁ]/);
        expect(kz).toMatch(/^[А-ЯЁӘҒҚҢӨҰҮҺІ«]/);
      }
    }
    const titles = Object.values(areas).flat();
    expect(new Set(titles.map(([kz]) => kz)).size).toBe(titles.length);
    expect(new Set(titles.map(([, ru]) => ru)).size).toBe(titles.length);
  });
});
