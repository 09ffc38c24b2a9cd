import type {
  Locale,
  TimetableDayOff,
  TimetableGroupState,
  TimetablePeriod,
  TimetableSlot,
} from '@sabaq/platform';
import { publicDaysOffBetween } from '../teaching/days-off';
import { groupName } from '../teaching/lessons';
import { bell } from '../teaching/timetable';
import type { PeriodRow } from '../teaching/periods';
import type { SlotRow, loadBells } from './timetable-queries';

/** Rows of the timetables → the camelCase platform contracts. */
type Bells = Awaited<ReturnType<typeof loadBells>>;

export function presentPeriod(row: PeriodRow): TimetablePeriod {
  return {
    id: row.id,
    name: row.name,
    quarter: row.quarter,
    schoolYear: row.school_year,
    start: row.start_date,
    end: row.end_date,
    isCurrent: row.is_current,
  };
}

/** The quarter asked for, else the school's current one, else its latest. */
export function pickPeriod(
  periods: readonly PeriodRow[],
  periodId?: number,
): PeriodRow | undefined {
  if (periodId !== undefined) return periods.find((p) => p.id === periodId);
  return periods.find((p) => p.is_current) ?? periods.at(-1);
}

export function presentSlot(row: SlotRow, bells: Bells): TimetableSlot {
  const shift = row.shift === 2 ? 2 : 1;
  const ring = bells[shift].find((b) => b.lessonNo === row.lesson_no) ?? bell(shift, row.lesson_no);
  return {
    id: row.id,
    weekday: row.weekday,
    lessonNo: row.lesson_no,
    shift: row.shift,
    startsAt: ring.startsAt,
    endsAt: ring.endsAt,
    subject: { id: row.subject_id, name: row.subject_name },
    subgroup:
      row.subgroup_id !== null ? { id: row.subgroup_id, name: row.subgroup_name ?? '' } : null,
    teacher:
      row.teacher_id !== null ? { id: row.teacher_id, fullname: row.teacher_name ?? '' } : null,
    room: row.room,
  };
}

export function presentGroupState(row: {
  id: number;
  parallel: number;
  letter: string;
  shift: number | null;
  lessons: number;
  without_teacher: number;
}): TimetableGroupState {
  return {
    id: row.id,
    name: groupName(row.parallel, row.letter),
    parallel: row.parallel,
    shift: row.shift,
    lessons: row.lessons,
    withoutTeacher: row.without_teacher,
    state: row.lessons > 0 ? 'filled' : 'empty',
  };
}

function addDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The days of a quarter without lessons (Sundays aside): the public days off and each day of the
 * school's holidays, in date order, one name a day (the school's own name wins); a public day the
 * school works on (`worked`, school settings) is not listed.
 */
export function presentDaysOff(
  from: string,
  to: string,
  school: readonly { start: string; end: string; name_kz: string; name_ru: string }[],
  locale: Locale,
  worked: ReadonlySet<string> = new Set(),
): TimetableDayOff[] {
  const days = new Map<string, string>();
  for (const day of publicDaysOffBetween(from, to))
    if (!worked.has(day.date)) days.set(day.date, day[locale]);
  for (const h of school)
    for (
      let date = h.start < from ? from : h.start;
      date <= h.end && date <= to;
      date = addDay(date)
    )
      days.set(date, locale === 'ru' ? h.name_ru : h.name_kz);
  return [...days.entries()]
    .filter(([date]) => new Date(`${date}T00:00:00Z`).getUTCDay() !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, name]) => ({ date, name }));
}
