import type { DiarySubject, QuarterResult } from '@sabaq/platform';
import type { PeriodRow } from './periods';
import type {
  DiaryAssessmentRow,
  DiaryHomeworkRow,
  DiaryMarkRow,
  DiarySubgroupRow,
} from './diary-queries';

/** Diary rows → the camelCase contract of `@sabaq/platform` (contracts/teaching/diary.ts). */

export function presentDiaryPeriod(period: PeriodRow) {
  return {
    id: period.id,
    name: period.name,
    quarter: period.quarter,
    startDate: period.start_date,
    endDate: period.end_date,
    isCurrent: period.is_current,
  };
}

/** One subject of the diary; `result` is the journal's (journal-present.ts `presentQuarterResult`). */
export function presentDiarySubject(
  subject: { id: number; name: string },
  subgroup: DiarySubgroupRow | null,
  rows: { marks: DiaryMarkRow[]; assessments: DiaryAssessmentRow[]; homework: DiaryHomeworkRow[] },
  result: QuarterResult,
): DiarySubject {
  const mine = <T extends { subject_id: number }>(list: T[]) =>
    list.filter((row) => row.subject_id === subject.id);
  return {
    subject,
    subgroup: subgroup ? { id: subgroup.id, name: subgroup.name } : null,
    marks: mine(rows.marks).map((m) => ({
      lessonId: m.lesson_id,
      date: m.date,
      mark: m.mark,
      absent: m.absent,
      homework: m.homework,
    })),
    assessments: mine(rows.assessments).map((a) => ({
      id: a.id,
      kind: a.kind,
      title: a.title,
      date: a.date,
      maxPoints: a.max_points,
      points: a.points === null ? null : Number(a.points),
    })),
    homework: mine(rows.homework).map((h) => ({
      answerId: h.answer_id,
      lessonDate: h.lesson_date,
      text: h.text.slice(0, 200),
      grade: h.grade,
      exerciseScore: h.exercise_score === null ? null : Number(h.exercise_score),
      exerciseMax: h.exercise_max === null ? null : Number(h.exercise_max),
    })),
    result,
  };
}
