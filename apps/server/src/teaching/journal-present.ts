import { QUARTER_GRADE_CONFIG, quarterGrade } from '@sabaq/platform';
import type { JournalGrid, QuarterGradeConfig, QuarterResult } from '@sabaq/platform';
import { byGroupOrder, groupName } from './lessons';
import type { PeriodRow } from './periods';
import type {
  AssessmentRow,
  GradeWeights,
  GridRows,
  GroupRow,
  JournalPage,
  StudentRow,
  SubgroupRow,
} from './journal-queries';
import type { JournalRights } from './journal-access';

/** Journal rows → the camelCase contract of `@sabaq/platform` (contracts/teaching). */

export function presentPeriod(period: PeriodRow) {
  return {
    id: period.id,
    name: period.name,
    quarter: period.quarter,
    startDate: period.start_date,
    endDate: period.end_date,
    is_current: period.is_current,
  };
}

export function presentAssessment(assessment: AssessmentRow) {
  return {
    id: assessment.id,
    kind: assessment.kind,
    title: assessment.title,
    maxPoints: assessment.max_points,
    date: assessment.date,
  };
}

function presentSubgroup(subgroup: SubgroupRow) {
  return { id: subgroup.id, name: subgroup.name, students: subgroup.students };
}

export function presentJournalGroups(groups: (GroupRow & { students: number })[]) {
  return [...groups].sort(byGroupOrder).map((group) => ({
    id: group.id,
    name: groupName(group.parallel, group.letter),
    parallel: group.parallel,
    students: group.students,
  }));
}

/** A group's journal: the subjects the user keeps in it, each with its subgroups. */
export function presentJournalGroup(
  group: GroupRow,
  subjects: { id: number; name: string }[],
  subgroups: SubgroupRow[],
  rights: JournalRights,
) {
  return {
    group: { id: group.id, name: groupName(group.parallel, group.letter) },
    subjects: subjects
      .filter((subject) => rights === 'all' || rights.has(subject.id))
      .map((subject) => ({
        ...subject,
        subgroups: subgroups
          .filter((subgroup) => subgroup.subject_id === subject.id)
          .map(presentSubgroup),
      })),
  };
}

/** A pupil's quarter result from their formative marks and SOR/SOCh points. */
export function presentQuarterResult(results: {
  marks: number[];
  points: { kind: 'sor' | 'soch'; points: number; max: number }[];
  weights: GradeWeights;
}): QuarterResult {
  return quarterGrade(
    {
      formative: results.marks,
      sor: results.points
        .filter((p) => p.kind === 'sor')
        .map((p) => ({ points: p.points, max: p.max })),
      soch: results.points
        .filter((p) => p.kind === 'soch')
        .map((p) => ({ points: p.points, max: p.max })),
    },
    gradeConfig(results.weights),
  );
}

/** The quarter-grade rules with the school's weights (backoffice school settings). */
function gradeConfig(weights: GradeWeights): QuarterGradeConfig & {
  bands: { min: number; grade: number }[];
} {
  return {
    weights: { ...weights },
    bands: QUARTER_GRADE_CONFIG.bands.map((band) => ({ ...band })),
    lowestGrade: QUARTER_GRADE_CONFIG.lowestGrade,
    formativeMax: QUARTER_GRADE_CONFIG.formativeMax,
  };
}

function presentRow(
  student: StudentRow,
  rows: GridRows,
  cellOf: Map<string, GridRows['marks'][0]>,
) {
  const cells = rows.lessons.map((lesson) => {
    const mark = cellOf.get(`${student.id}|${lesson.id}`);
    return { lessonId: lesson.id, mark: mark?.mark ?? null, absent: mark?.absent ?? false };
  });
  const points: Record<string, number> = {};
  for (const row of rows.points)
    if (row.student_id === student.id) points[String(row.assessment_id)] = Number(row.points);
  const scored = (kind: 'sor' | 'soch') =>
    rows.assessments
      .filter((a) => a.kind === kind && points[String(a.id)] !== undefined)
      .map((a) => ({ points: points[String(a.id)] as number, max: a.max_points }));
  const result = quarterGrade(
    {
      formative: cells.map((cell) => cell.mark).filter((mark): mark is number => mark !== null),
      sor: scored('sor'),
      soch: scored('soch'),
    },
    gradeConfig(rows.weights),
  );
  return { student, cells, points, result };
}

/** A journal page: lessons, SOR/SOCh, one row per pupil with their quarter result, the formula. */
export function presentGrid(page: JournalPage, rows: GridRows): JournalGrid {
  const cellOf = new Map(rows.marks.map((mark) => [`${mark.student_id}|${mark.lesson_id}`, mark]));
  return {
    group: { id: page.group.id, name: groupName(page.group.parallel, page.group.letter) },
    subject: rows.subject,
    subgroup: rows.subgroup ? { id: rows.subgroup.id, name: rows.subgroup.name } : null,
    subgroups: rows.subgroups.map(presentSubgroup),
    period: presentPeriod(page.period),
    lessons: rows.lessons,
    assessments: rows.assessments.map(presentAssessment),
    rows: rows.students.map((student) => presentRow(student, rows, cellOf)),
    config: gradeConfig(rows.weights),
  };
}
