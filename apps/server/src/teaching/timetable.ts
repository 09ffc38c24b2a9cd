/**
 * The bells and the demo timetable builder. Pure functions (tested on their own); the seed
 * writes what they return.
 */

/** Minutes from midnight when lesson 1 of each shift starts. */
export const SHIFT_START = { 1: 8 * 60, 2: 13 * 60 + 30 } as const;
/** Spec §9: a lesson lasts 40 minutes by default; breaks are 10 minutes. */
export const LESSON_MINUTES = 40;
export const BREAK_MINUTES = 10;

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Start and end (HH:MM) of lesson `n` (1-based) of a shift. */
export function bell(shift: 1 | 2, n: number): { startsAt: string; endsAt: string } {
  const start = SHIFT_START[shift] + (n - 1) * (LESSON_MINUTES + BREAK_MINUTES);
  return { startsAt: hhmm(start), endsAt: hhmm(start + LESSON_MINUTES) };
}

/** Juniors and the 6th parallel learn in the second shift (the usual split of a city school). */
export function shiftOf(parallel: number): 1 | 2 {
  return parallel >= 2 && parallel <= 4 ? 2 : parallel === 6 ? 2 : 1;
}

export function lessonsPerDay(parallel: number): number {
  if (parallel === 0) return 3;
  if (parallel === 1) return 4;
  if (parallel <= 4) return 5;
  if (parallel <= 9) return 6;
  return 7;
}

/** Weekly subject lists (subject code × lessons per week) by parallel. */
export function curriculum(parallel: number): string[] {
  const plan: [string, number][] =
    parallel === 0
      ? [
          ['kg-speech', 4],
          ['kg-math', 3],
          ['kg-world', 3],
          ['kg-art', 2],
          ['kg-music', 1],
          ['pe', 2],
        ]
      : parallel <= 4
        ? [
            ['kazakh', 5],
            ['russian', 3],
            ['math', 5],
            ['english', 2],
            ['informatics', 1],
            ['pe', 3],
            ['kazakh-lit', 3],
            ['geography', 2],
          ]
        : parallel <= 6
          ? [
              ['kazakh', 4],
              ['kazakh-lit', 2],
              ['russian', 3],
              ['english', 3],
              ['math', 5],
              ['history-kz', 2],
              ['geography', 2],
              ['biology', 2],
              ['informatics', 2],
              ['pe', 3],
              ['physics', 2],
            ]
          : [
              ['kazakh', 3],
              ['kazakh-lit', 2],
              ['russian', 2],
              ['english', 3],
              ['algebra', 3],
              ['geometry', 2],
              ['physics', 2],
              ['chemistry', 2],
              ['biology', 2],
              ['geography', 2],
              ['history-kz', 2],
              ['informatics', 2],
              ['pe', 3],
            ];
  const list = plan.flatMap(([code, n]) => Array.from({ length: n }, () => code));
  const size = 5 * lessonsPerDay(parallel);
  // Pad by repeating the plan, or cut: every parallel gets exactly a full five-day week.
  const out: string[] = [];
  for (let i = 0; out.length < size; i++) out.push(list[i % list.length] as string);
  return out;
}

export interface PlanGroup {
  key: string;
  parallel: number;
}

export interface PlannedSlot {
  group: string;
  weekday: number;
  lessonNo: number;
  shift: 1 | 2;
  subject: string;
  /** Login of the teacher, or null where the demo has nobody for the subject. */
  teacher: string | null;
}

/**
 * A week for every group: spreads each group's subjects over Monday–Friday so a subject is not
 * twice on one day when avoidable, and never puts a teacher in two rooms at once (a greedy fill
 * in a fixed order, so the result is the same on every run).
 */
export function planWeek(
  groups: readonly PlanGroup[],
  teacherOf: (subject: string, parallel: number) => string | null,
): PlannedSlot[] {
  const busy = new Set<string>();
  const out: PlannedSlot[] = [];
  for (const g of groups) {
    const shift = g.parallel === 0 ? 1 : shiftOf(g.parallel);
    const perDay = lessonsPerDay(g.parallel);
    const remaining = curriculum(g.parallel);
    // Rotate by the group's position so groups of one parallel start differently.
    const rot = groups.indexOf(g) % remaining.length;
    remaining.push(...remaining.splice(0, rot));
    const daySubjects = new Map<number, Set<string>>();
    for (let day = 1; day <= 5; day++) {
      for (let n = 1; n <= perDay; n++) {
        const free = (s: string) => {
          const t = teacherOf(s, g.parallel);
          return t === null || !busy.has(`${t}|${shift}|${day}|${n}`);
        };
        const seen = daySubjects.get(day) ?? new Set<string>();
        let idx = remaining.findIndex((s) => free(s) && !seen.has(s));
        if (idx < 0) idx = remaining.findIndex(free);
        if (idx < 0) {
          // Every remaining subject's teacher is busy now: take one whose teacher is free by
          // giving the lesson to nobody rather than double-booking.
          idx = 0;
        }
        const subject = remaining.splice(idx, 1)[0] as string;
        let teacher = teacherOf(subject, g.parallel);
        if (teacher !== null && busy.has(`${teacher}|${shift}|${day}|${n}`)) teacher = null;
        if (teacher !== null) busy.add(`${teacher}|${shift}|${day}|${n}`);
        seen.add(subject);
        daySubjects.set(day, seen);
        out.push({ group: g.key, weekday: day, lessonNo: n, shift, subject, teacher });
      }
    }
  }
  return out;
}
