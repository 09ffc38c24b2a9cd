import { describe, expect, it } from 'vitest';
import { QUARTER_GRADE_CONFIG, quarterGrade } from './journal';

/**
 * Worked examples of the quarter result (formative 25 %, SOR 25 %, SOCh 50 %; 85/65/40 → 5/4/3,
 * below → 2), computed by hand as a teacher would.
 */
describe('quarter grade', () => {
  it('example 1: formative 8, 9, 10; SOR 18/20 and 9/10; SOCh 27/30 → 90.0 % → 5', () => {
    // formative: mean 9 → 90 %; SOR: 27/30 → 90 %; SOCh: 27/30 → 90 %.
    expect(
      quarterGrade({
        formative: [8, 9, 10],
        sor: [
          { points: 18, max: 20 },
          { points: 9, max: 10 },
        ],
        soch: [{ points: 27, max: 30 }],
      }),
    ).toEqual({
      formative: 90,
      sor: 90,
      soch: 90,
      total: 90,
      grade: 5,
    });
  });

  it('example 2: formative 7, 6; SOR 12/20; SOCh 20/25 → 71.25 → 71.3 % → 4', () => {
    // 0.25·65 + 0.25·60 + 0.5·80 = 16.25 + 15 + 40 = 71.25
    const r = quarterGrade({
      formative: [7, 6],
      sor: [{ points: 12, max: 20 }],
      soch: [{ points: 20, max: 25 }],
    });
    expect(r).toMatchObject({ formative: 65, sor: 60, soch: 80, total: 71.3, grade: 4 });
  });

  it('example 3: the band edges 85, 65 and 40 belong to the higher grade', () => {
    const at = (p: number) =>
      quarterGrade({ formative: [], sor: [], soch: [{ points: p, max: 100 }] }).grade;
    expect([at(100), at(85), at(84.9), at(65), at(64.9), at(40), at(39.9), at(0)]).toEqual([
      5, 5, 4, 4, 3, 3, 2, 2,
    ]);
  });

  it('example 4: 84.96 % rounds to 85.0 and earns a 5, as teachers compute by hand', () => {
    // SOCh 84.96 % alone.
    expect(
      quarterGrade({ formative: [], sor: [], soch: [{ points: 84.96, max: 100 }] }),
    ).toMatchObject({ total: 85, grade: 5 });
  });

  it('example 5: no SOCh this quarter → formative and SOR count half each', () => {
    // formative mean 5 → 50 %; SOR 16/20 → 80 %; (25·50 + 25·80) / 50 = 65 → 4
    expect(
      quarterGrade({ formative: [4, 6], sor: [{ points: 16, max: 20 }], soch: [] }),
    ).toMatchObject({ soch: null, total: 65, grade: 4 });
  });

  it('example 6: low results → 2; nothing marked → no grade', () => {
    // 0.25·30 + 0.25·25 + 0.5·36 = 7.5 + 6.25 + 18 = 31.75 → 31.8 → 2
    expect(
      quarterGrade({
        formative: [3],
        sor: [{ points: 5, max: 20 }],
        soch: [{ points: 9, max: 25 }],
      }),
    ).toMatchObject({ total: 31.8, grade: 2 });
    expect(quarterGrade({ formative: [], sor: [], soch: [] })).toEqual({
      formative: null,
      sor: null,
      soch: null,
      total: null,
      grade: null,
    });
  });

  it('takes weights and bands from configuration', () => {
    const config = {
      ...QUARTER_GRADE_CONFIG,
      weights: { formative: 50, sor: 50, soch: 0 },
      bands: [{ min: 50, grade: 5 }],
    };
    expect(
      quarterGrade(
        { formative: [6], sor: [{ points: 4, max: 10 }], soch: [{ points: 0, max: 10 }] },
        config,
      ),
    ).toMatchObject({ total: 50, grade: 5 });
  });
});
