/**
 * The statistics figures of issue 16 from quarter grades (2–5, the journal's `quarterGrade`) and
 * attendance. A tally is additive, so a class's tallies sum to the school's, the schools' to the
 * department's and so on up to the country: every level of the drill-down is one `mergeTallies`
 * of the level below, never an average of percentages.
 */

export interface GradeTally {
  /** Pupil-subjects with a grade in the period. */
  readonly graded: number;
  readonly grade5: number;
  readonly grade4: number;
  readonly grade3: number;
  readonly grade2: number;
  /** Sum of the grades, for the average mark. */
  readonly gradeSum: number;
}

export const EMPTY_TALLY: GradeTally = {
  graded: 0,
  grade5: 0,
  grade4: 0,
  grade3: 0,
  grade2: 0,
  gradeSum: 0,
};

/** Tallies quarter grades; anything but 2–5 is a programming error, not data. */
export function tallyGrades(grades: readonly number[]): GradeTally {
  const tally = { ...EMPTY_TALLY };
  for (const grade of grades) {
    if (grade === 5) tally.grade5++;
    else if (grade === 4) tally.grade4++;
    else if (grade === 3) tally.grade3++;
    else if (grade === 2) tally.grade2++;
    else throw new RangeError(`a quarter grade is 2–5, got ${grade}`);
    tally.graded++;
    tally.gradeSum += grade;
  }
  return tally;
}

export function mergeTallies(tallies: readonly GradeTally[]): GradeTally {
  const sum = { ...EMPTY_TALLY };
  for (const tally of tallies) {
    sum.graded += tally.graded;
    sum.grade5 += tally.grade5;
    sum.grade4 += tally.grade4;
    sum.grade3 += tally.grade3;
    sum.grade2 += tally.grade2;
    sum.gradeSum += tally.gradeSum;
  }
  return sum;
}

export interface Figures {
  /** Quality of knowledge: share of 4s and 5s, in % with one decimal; null when nothing is graded. */
  readonly quality: number | null;
  /** Success rate: share of 3s, 4s and 5s, in %. */
  readonly success: number | null;
  /** Average mark, two decimals. */
  readonly average: number | null;
}

const round = (value: number, digits: number) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

/** A share in % with one decimal, or null when the whole is 0. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? round((part / whole) * 100, 1) : null;
}

export function figuresOf(tally: GradeTally): Figures {
  return {
    quality: percent(tally.grade5 + tally.grade4, tally.graded),
    success: percent(tally.grade5 + tally.grade4 + tally.grade3, tally.graded),
    average: tally.graded > 0 ? round(tally.gradeSum / tally.graded, 2) : null,
  };
}

/** Attendance: lessons attended of the lessons with a journal row, in %. */
export function attendanceOf(lessons: number, absences: number): number | null {
  return percent(lessons - absences, lessons);
}
