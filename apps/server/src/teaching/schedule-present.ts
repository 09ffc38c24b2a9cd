import { ASSESSMENT_TYPES } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import type { ExamWindow } from '@sabaq/platform';
import { lessonWindow, presentWindow } from './exam-access';
import { byGroupOrder, groupName, presentLesson } from './lessons';
import type { LessonRow } from './lessons';
import type { PeriodRow } from './periods';
import type { GroupRow, LessonHomeworkRow } from './schedule-queries';
import { addDays } from './seed';

/** Schedule rows → the camelCase contract of `@sabaq/platform` (contracts/teaching). */

/** The window of the lesson's SOR/SOCh for the lesson page; null when no exam is on it. */
export function presentExamWindow(lesson: LessonRow): ExamWindow | null {
  if (!lesson.content_type || !ASSESSMENT_TYPES.has(lesson.content_type as Draft['type']))
    return null;
  return presentWindow(lessonWindow(lesson), new Date());
}

export function presentGroups(groups: GroupRow[]) {
  return [...groups]
    .sort(byGroupOrder)
    .map((group) => ({ id: group.id, name: groupName(group.parallel, group.letter) }));
}

/** Monday to Friday, and Saturday only when someone studies then. */
function presentDays(monday: string, lessons: LessonRow[]) {
  const days = [];
  for (let index = 0; index < 6; index++) {
    const date = addDays(monday, index);
    const ofDay = lessons.filter((lesson) => lesson.lesson_date === date).map(presentLesson);
    if (index === 5 && ofDay.length === 0) continue;
    days.push({ date, weekday: index + 1, lessons: ofDay });
  }
  return days;
}

export function presentWeek(week: {
  monday: string;
  selected: string;
  lessons: LessonRow[];
  period: PeriodRow | null;
  quarter: number | null;
  groups: { id: number; name: string }[];
  groupId: number | null;
}) {
  const { monday, period } = week;
  return {
    quarter: period?.quarter ?? week.quarter ?? 1,
    period: period
      ? { id: period.id, name: period.name, startDate: period.start_date, endDate: period.end_date }
      : null,
    selectedDate: week.selected,
    days: presentDays(monday, week.lessons),
    weeks: {
      prev: { start: addDays(monday, -7), end: addDays(monday, -2) },
      current: { start: monday, end: addDays(monday, 5) },
      next: { start: addDays(monday, 7), end: addDays(monday, 12) },
    },
    groups: week.groups,
    groupId: week.groupId,
  };
}

export function presentLessonPage(
  lesson: LessonRow,
  canManage: boolean,
  homework: LessonHomeworkRow[],
) {
  return {
    lesson: presentLesson(lesson),
    canManage,
    examWindow: presentExamWindow(lesson),
    homework: homework.map((item) => ({
      id: item.id,
      text: item.text,
      deadline: item.deadline,
      answerId: item.answer_id,
    })),
  };
}

/** The lesson's pupils with their attendance (journal) and whether they are online now. */
export function presentAttendance(
  students: { id: number; fullname: string }[],
  absent: ReadonlySet<number>,
  online: ReadonlySet<number>,
) {
  return students.map((student) => ({
    student,
    status: absent.has(student.id) ? ('absent' as const) : ('present' as const),
    online: online.has(student.id),
  }));
}
