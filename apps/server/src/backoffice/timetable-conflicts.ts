/**
 * Clashes of a timetable (pure; tested on its own and by property tests). Two lessons clash when
 * they are on the same weekday and their bell times overlap (shifts may overlap at noon, so times
 * are compared, not lesson numbers), and:
 *
 * - `teacher`: one teacher in two places, in any class of the school;
 * - `room`: one room (case and spaces aside) holding two lessons;
 * - `class`: two whole-class lessons of one class;
 * - `wholeClass` / `subgroupLesson`: a subgroup's lesson against its class's whole-class lesson
 *   (and the other way round);
 * - `sameSubgroup`: one subgroup in two lessons;
 * - `sharedPupils`: subgroups of different subjects of one class that share a pupil.
 *
 * Subgroups of the same subject at the same time are fine: that is what subgroups are for.
 */
export interface PlacedLesson {
  /** The slot's id; null for one not written yet. */
  id: number | null;
  groupId: number;
  weekday: number;
  /** Minutes from midnight. */
  startsAt: number;
  endsAt: number;
  subjectId: number;
  subgroupId: number | null;
  teacherId: number | null;
  room: string;
}

export const CLASH_KINDS = [
  'teacher',
  'room',
  'class',
  'wholeClass',
  'subgroupLesson',
  'sameSubgroup',
  'sharedPupils',
] as const;
export type ClashKind = (typeof CLASH_KINDS)[number];

export interface Clash<T extends PlacedLesson = PlacedLesson> {
  kind: ClashKind;
  other: T;
}

/** Whether subgroups `a` and `b` share a pupil. */
export type SharesPupils = (a: number, b: number) => boolean;

export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function normalRoom(room: string): string {
  return room.trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru');
}

function overlaps(a: PlacedLesson, b: PlacedLesson): boolean {
  return a.weekday === b.weekday && a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

function classClash(
  lesson: PlacedLesson,
  other: PlacedLesson,
  sharesPupils: SharesPupils,
): ClashKind | null {
  if (lesson.groupId !== other.groupId) return null;
  if (lesson.subgroupId === null && other.subgroupId === null) return 'class';
  if (lesson.subgroupId === null) return 'subgroupLesson';
  if (other.subgroupId === null) return 'wholeClass';
  if (lesson.subgroupId === other.subgroupId) return 'sameSubgroup';
  if (lesson.subjectId === other.subjectId) return null;
  return sharesPupils(lesson.subgroupId, other.subgroupId) ? 'sharedPupils' : null;
}

/** The clashes of `lesson` with `others` (a lesson never clashes with itself, by id). */
export function findClashes<T extends PlacedLesson>(
  lesson: PlacedLesson,
  others: readonly T[],
  sharesPupils: SharesPupils,
): Clash<T>[] {
  const out: Clash<T>[] = [];
  const room = normalRoom(lesson.room);
  for (const other of others) {
    if (lesson.id !== null && other.id === lesson.id) continue;
    if (!overlaps(lesson, other)) continue;
    const inClass = classClash(lesson, other, sharesPupils);
    if (inClass) out.push({ kind: inClass, other });
    if (lesson.teacherId !== null && lesson.teacherId === other.teacherId)
      out.push({ kind: 'teacher', other });
    if (room !== '' && room === normalRoom(other.room)) out.push({ kind: 'room', other });
  }
  return out;
}

/**
 * The clashes inside a whole set of lessons, each pair once (the copy of a quarter is checked
 * this way): lessons are grouped by weekday first so a school's week stays cheap to check.
 */
export function findAllClashes<T extends PlacedLesson>(
  lessons: readonly T[],
  sharesPupils: SharesPupils,
): { lesson: T; clash: Clash<T> }[] {
  const byDay = new Map<number, T[]>();
  for (const lesson of lessons)
    byDay.set(lesson.weekday, [...(byDay.get(lesson.weekday) ?? []), lesson]);
  const out: { lesson: T; clash: Clash<T> }[] = [];
  for (const day of byDay.values())
    for (const [i, lesson] of day.entries())
      for (const clash of findClashes(lesson, day.slice(i + 1), sharesPupils))
        out.push({ lesson, clash });
  return out;
}
