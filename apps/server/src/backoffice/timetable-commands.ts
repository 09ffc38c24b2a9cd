import type { Locale, TimetableCopy, TimetableSlotValues } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { groupName } from '../teaching/lessons';
import { bell } from '../teaching/timetable';
import { findAllClashes, findClashes, minutesOf } from './timetable-conflicts';
import type { PlacedLesson } from './timetable-conflicts';
import { TimetableClashError, TimetableError } from './timetable-errors';
import type { ClashedLesson } from './timetable-errors';
import {
  checkReferences,
  copySlots,
  countLessonsWithWork,
  deleteSlotLessons,
  deleteSlots,
  insertSlot,
  listPeriodSlots,
  listSharedSubgroupPairs,
  listSubgroupsSharingPupils,
  loadBells,
  updateSlot,
} from './timetable-queries';
import type { SlotRow } from './timetable-queries';

/**
 * Writes of the timetables, each run inside the caller's transaction after the access checks:
 * a lesson is placed only when its references are the school's, its bell rings, and it clashes
 * with nothing; a lesson whose dated lessons hold work is never dropped or moved (409).
 */
type Bells = Awaited<ReturnType<typeof loadBells>>;
type Placed = PlacedLesson & ClashedLesson;

function timesOf(bells: Bells, shift: number, lessonNo: number): { start: number; end: number } {
  const ring =
    bells[shift === 2 ? 2 : 1].find((b) => b.lessonNo === lessonNo) ??
    bell(shift === 2 ? 2 : 1, lessonNo);
  return { start: minutesOf(ring.startsAt), end: minutesOf(ring.endsAt) };
}

function placed(row: SlotRow, bells: Bells): Placed {
  const t = timesOf(bells, row.shift, row.lesson_no);
  return {
    id: row.id,
    groupId: row.group_id,
    weekday: row.weekday,
    startsAt: t.start,
    endsAt: t.end,
    subjectId: row.subject_id,
    subgroupId: row.subgroup_id,
    teacherId: row.teacher_id,
    room: row.room,
    groupName: groupName(row.parallel, row.letter),
    lessonNo: row.lesson_no,
    subjectName: row.subject_name,
    subgroupName: row.subgroup_name,
    teacherName: row.teacher_name,
  };
}

/**
 * One writer at a time per quarter of a school: the clash checks read the quarter, so two
 * directors placing the same teacher at once must not both pass them.
 */
async function lockPeriod(q: Queryable, periodId: number): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(2000, $1::int)', [periodId]);
}

/** 422 for a body naming what is not the school's or the class's, or a bell the school lacks. */
async function checkSlotBody(
  q: Queryable,
  schoolId: number,
  groupId: number,
  body: TimetableSlotValues,
  bells: Bells,
): Promise<void> {
  const refs = await checkReferences(q, schoolId, groupId, body);
  if (!refs.subject) throw new TimetableError(422, 'subject_unknown', 'subjectId');
  if (!refs.subgroup) throw new TimetableError(422, 'subgroup_wrong', 'subgroupId');
  if (!refs.teacher) throw new TimetableError(422, 'teacher_wrong', 'teacherId');
  const count = bells[body.shift].length;
  if (!bells[body.shift].some((b) => b.lessonNo === body.lessonNo))
    throw new TimetableError(422, 'bell_missing', 'lessonNo', {
      shift: body.shift,
      count,
      n: body.lessonNo,
    });
}

export interface PlaceSlot {
  schoolId: number;
  groupId: number;
  periodId: number;
  locale: Locale;
  /** The slot being changed, or null for a new one. */
  slot: SlotRow | null;
}

function isMoved(slot: SlotRow, body: TimetableSlotValues): boolean {
  return (
    slot.weekday !== body.weekday ||
    slot.lesson_no !== body.lessonNo ||
    slot.shift !== body.shift ||
    slot.subject_id !== body.subjectId ||
    slot.subgroup_id !== body.subgroupId
  );
}

/** Puts a new lesson in the week or changes one; returns its id. */
export async function placeSlot(
  q: Queryable,
  at: PlaceSlot,
  body: TimetableSlotValues,
): Promise<number> {
  await lockPeriod(q, at.periodId);
  const bells = await loadBells(q, at.schoolId);
  await checkSlotBody(q, at.schoolId, at.groupId, body, bells);
  const rows = await listPeriodSlots(q, at.schoolId, at.periodId, at.locale);
  const others = rows.filter((row) => row.id !== at.slot?.id);
  const classShift = others.find((row) => row.group_id === at.groupId)?.shift;
  if (classShift !== undefined && classShift !== body.shift)
    throw new TimetableError(422, 'shift_mixed', 'shift', { shift: classShift });
  const times = timesOf(bells, body.shift, body.lessonNo);
  const shared =
    body.subgroupId === null
      ? new Set<number>()
      : await listSubgroupsSharingPupils(q, body.subgroupId);
  const clashes = findClashes(
    {
      id: at.slot?.id ?? null,
      groupId: at.groupId,
      weekday: body.weekday,
      startsAt: times.start,
      endsAt: times.end,
      subjectId: body.subjectId,
      subgroupId: body.subgroupId,
      teacherId: body.teacherId,
      room: body.room,
    },
    others.map((row) => placed(row, bells)),
    (_a, b) => shared.has(b),
  );
  if (clashes.length > 0) throw new TimetableClashError(clashes);
  if (at.slot === null) return insertSlot(q, at.groupId, at.periodId, body);
  if (isMoved(at.slot, body)) await dropUntouchedLessons(q, [at.slot.id]);
  await updateSlot(q, at.slot.id, body);
  return at.slot.id;
}

/** Takes the slots' dated lessons away, or refuses (409) when any holds recorded work. */
async function dropUntouchedLessons(q: Queryable, slotIds: readonly number[]): Promise<void> {
  const withWork = await countLessonsWithWork(q, slotIds);
  if (withWork > 0)
    throw new TimetableError(409, 'lessons_have_work', undefined, { count: withWork });
  await deleteSlotLessons(q, slotIds);
}

/** Takes a lesson off the week (its untouched dated lessons go with it). */
export async function removeSlot(q: Queryable, slotId: number): Promise<void> {
  await dropUntouchedLessons(q, [slotId]);
  await deleteSlots(q, [slotId]);
}

/**
 * Copies the week of one class or of every class from one quarter to another. The target's
 * lessons of those classes are replaced only when asked (and only if none holds work); the
 * result is checked for clashes as a whole (with the target's other classes too) before any
 * row is written, so a refused copy writes nothing.
 */
export async function copyTimetable(
  q: Queryable,
  schoolId: number,
  body: Required<TimetableCopy>,
  locale: Locale,
): Promise<{ groups: number; slots: number }> {
  await lockPeriod(q, body.toPeriodId);
  const ofClass = (row: SlotRow) => body.groupId === null || row.group_id === body.groupId;
  const [source, target, bells, shared] = await Promise.all([
    listPeriodSlots(q, schoolId, body.fromPeriodId, locale),
    listPeriodSlots(q, schoolId, body.toPeriodId, locale),
    loadBells(q, schoolId),
    listSharedSubgroupPairs(q, schoolId),
  ]);
  const copied = source.filter(ofClass);
  if (copied.length === 0) throw new TimetableError(422, 'source_empty', 'fromPeriodId');
  const replaced = target.filter(ofClass);
  if (replaced.length > 0 && !body.replace)
    throw new TimetableError(409, 'target_not_empty', 'replace', { count: replaced.length });
  const kept = target.filter((row) => !ofClass(row));
  const clashes = findAllClashes(
    [...copied, ...kept].map((row) => placed(row, bells)),
    (a, b) => shared.has(`${a}|${b}`),
  ).filter(({ lesson, clash }) =>
    copied.some((row) => row.id === lesson.id || row.id === clash.other.id),
  );
  if (clashes.length > 0)
    throw new TimetableClashError(
      clashes.slice(0, 5).map(({ lesson, clash }) => ({
        kind: clash.kind,
        other: clash.other,
        of: `${lesson.groupName}, ${lesson.subjectName}`,
      })),
    );
  const replacedIds = replaced.map((row) => row.id);
  await dropUntouchedLessons(q, replacedIds);
  await deleteSlots(q, replacedIds);
  const slots = await copySlots(
    q,
    copied.map((row) => row.id),
    body.toPeriodId,
  );
  return { groups: new Set(copied.map((row) => row.group_id)).size, slots };
}
