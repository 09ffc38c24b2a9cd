import type { Figures } from '@sabaq/platform';
import { attendanceOf, figuresOf, percent } from './figures';
import type { AtRiskRow, SchoolPeriodRow, TallyRow } from './statistics-queries';

const n = (value: number | string | null | undefined) => Number(value ?? 0);

/** A tally row → the figures of the contract. */
export function presentFigures(row: TallyRow | undefined): Figures {
  const grades = { five: n(row?.five), four: n(row?.four), three: n(row?.three), two: n(row?.two) };
  const graded = n(row?.graded);
  const main = figuresOf({
    graded,
    grade5: grades.five,
    grade4: grades.four,
    grade3: grades.three,
    grade2: grades.two,
    gradeSum: n(row?.grade_sum),
  });
  return {
    ...main,
    attendance: attendanceOf(n(row?.lessons), n(row?.absences)),
    sor: percent(n(row?.sor_points), n(row?.sor_max)),
    soch: percent(n(row?.soch_points), n(row?.soch_max)),
    usage: percent(n(row?.active), n(row?.pupil_periods)),
    pupils: n(row?.pupils),
    graded,
    grades,
  };
}

export function presentPeriod(period: SchoolPeriodRow) {
  return { id: period.id, name: period.name, current: period.is_current };
}

export function groupLabel(parallel: number, letter: string): string {
  return `${parallel}${letter}`;
}

/** Rows of one pupil-subject each → pupils with their subjects below 40 %, lowest first. */
export function presentAtRisk(rows: readonly AtRiskRow[]) {
  const pupils = new Map<
    number,
    {
      id: number;
      name: string;
      groupId: number;
      groupName: string;
      subjects: { id: number; name: string; total: number }[];
    }
  >();
  for (const row of rows) {
    let pupil = pupils.get(row.student_id);
    if (!pupil) {
      pupil = {
        id: row.student_id,
        name: `${row.surname} ${row.firstname}`,
        groupId: row.group_id,
        groupName: groupLabel(row.parallel, row.letter),
        subjects: [],
      };
      pupils.set(row.student_id, pupil);
    }
    pupil.subjects.push({ id: row.subject_id, name: row.subject, total: Number(row.total) });
  }
  for (const pupil of pupils.values()) pupil.subjects.sort((a, b) => a.total - b.total);
  return [...pupils.values()];
}

/** Named rows with their figures, in the order of `names`; keys without a name are dropped. */
export function withFigures(
  names: readonly { id: number; name: string }[],
  tallies: readonly TallyRow[],
) {
  const byKey = new Map(tallies.map((row) => [row.key, row]));
  return names.map((entry) => ({ ...entry, figures: presentFigures(byKey.get(entry.id)) }));
}
