import type { Locale, TimetableSlotValues } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { UNTOUCHED_LESSON } from '../teaching/lessons';
import { bell, lessonsPerDay } from '../teaching/timetable';

/**
 * All SQL of the backoffice timetables. Every read names the school (a period, a class or a
 * slot of another school is simply not found); snake_case rows stay here and in -present.
 */
const FULLNAME = "trim(u.surname || ' ' || u.firstname || coalesce(' ' || u.lastname, ''))";

export interface SlotRow {
  id: number;
  group_id: number;
  parallel: number;
  letter: string;
  period_id: number;
  weekday: number;
  lesson_no: number;
  shift: number;
  subject_id: number;
  subject_name: string;
  subgroup_id: number | null;
  subgroup_name: string | null;
  teacher_id: number | null;
  teacher_name: string | null;
  room: string;
}

const SLOT_SELECT = (locale: Locale) =>
  `SELECT s.id, s.group_id, g.parallel, g.letter, s.period_id, s.weekday, s.lesson_no, s.shift,
          s.subject_id, sub.${locale === 'ru' ? 'name_ru' : 'name_kz'} AS subject_name,
          s.subgroup_id, sg.name AS subgroup_name, s.teacher_id,
          CASE WHEN u.id IS NULL THEN NULL ELSE ${FULLNAME} END AS teacher_name, s.room
     FROM timetable_slots s
     JOIN groups g ON g.id = s.group_id
     JOIN subjects sub ON sub.id = s.subject_id
     LEFT JOIN subgroups sg ON sg.id = s.subgroup_id
     LEFT JOIN users u ON u.id = s.teacher_id`;

/** The lessons of the school's active classes in a quarter (the clash checks read them all), or of one class. */
export async function listPeriodSlots(
  q: Queryable,
  schoolId: number,
  periodId: number,
  locale: Locale,
  groupId: number | null = null,
): Promise<SlotRow[]> {
  return q.query<SlotRow>(
    `${SLOT_SELECT(locale)}
      WHERE g.school_id = $1 AND NOT g.archived AND s.period_id = $2
        AND ($3::int IS NULL OR s.group_id = $3::int)
      ORDER BY s.weekday, s.lesson_no, sg.name NULLS FIRST, s.id`,
    [schoolId, periodId, groupId],
  );
}

/** One slot of the school with its names (lock: held for the change), or undefined. */
export async function findSlot(
  q: Queryable,
  schoolId: number,
  slotId: number,
  locale: Locale,
  lock = false,
): Promise<(SlotRow & { archived: boolean }) | undefined> {
  const rows = await q.query<SlotRow & { archived: boolean }>(
    `${SLOT_SELECT(locale).replace('s.room', 's.room, g.archived')}
      WHERE s.id = $1 AND g.school_id = $2${lock ? ' FOR UPDATE OF s' : ''}`,
    [slotId, schoolId],
  );
  return rows[0];
}

export interface BellRow {
  shift: number;
  lesson_no: number;
  starts_at: string;
  ends_at: string;
}

/** The school's bells per shift; a shift the school set none for rings the platform's default. */
export async function loadBells(
  q: Queryable,
  schoolId: number,
): Promise<Record<1 | 2, { lessonNo: number; startsAt: string; endsAt: string }[]>> {
  const rows = await q.query<BellRow>(
    `SELECT shift, lesson_no, to_char(starts_at, 'HH24:MI') AS starts_at, to_char(ends_at, 'HH24:MI') AS ends_at
       FROM school_bells WHERE school_id = $1 ORDER BY shift, lesson_no`,
    [schoolId],
  );
  const of = (shift: 1 | 2) => {
    const own = rows.filter((row) => row.shift === shift);
    if (own.length > 0)
      return own.map((row) => ({
        lessonNo: row.lesson_no,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
      }));
    // The same default as the school settings screen shows (seven bells a shift).
    return Array.from({ length: lessonsPerDay(11) }, (_, i) => ({
      lessonNo: i + 1,
      ...bell(shift, i + 1),
    }));
  };
  return { 1: of(1), 2: of(2) };
}

/** Lessons a week of each active class of the school in a quarter (null ids: every class). */
export async function listGroupStates(
  q: Queryable,
  schoolId: number,
  periodId: number,
  onlyIds: readonly number[] | null,
): Promise<
  {
    id: number;
    parallel: number;
    letter: string;
    shift: number | null;
    lessons: number;
    without_teacher: number;
  }[]
> {
  return q.query(
    `SELECT g.id, g.parallel, g.letter, min(s.shift) AS shift, count(s.id)::int AS lessons,
            count(s.id) FILTER (WHERE s.teacher_id IS NULL)::int AS without_teacher
       FROM groups g LEFT JOIN timetable_slots s ON s.group_id = g.id AND s.period_id = $2
      WHERE g.school_id = $1 AND NOT g.archived AND ($3::int[] IS NULL OR g.id = ANY($3::int[]))
      GROUP BY g.id ORDER BY g.parallel, g.letter`,
    [schoolId, periodId, onlyIds],
  );
}

/**
 * Subjects of the platform with this class's subgroups of each: a kindergarten group's (parallel
 * 0) are the `kg-` ones, a school class's all the others.
 */
export async function listSubjects(
  q: Queryable,
  group: { id: number; parallel: number },
  locale: Locale,
): Promise<{ id: number; name: string; subgroups: { id: number; name: string }[] }[]> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  const rows = await q.query<{
    id: number;
    name: string;
    subgroups: { id: number; name: string }[] | null;
  }>(
    `SELECT sub.id, sub.${name} AS name,
            (SELECT json_agg(json_build_object('id', sg.id, 'name', sg.name) ORDER BY sg.name, sg.id)
               FROM subgroups sg WHERE sg.group_id = $1 AND sg.subject_id = sub.id) AS subgroups
       FROM subjects sub WHERE (sub.code LIKE 'kg-%') = $2 ORDER BY sub.${name}`,
    [group.id, group.parallel === 0],
  );
  return rows.map((row) => ({ ...row, subgroups: row.subgroups ?? [] }));
}

/**
 * Who may teach a lesson: the school's working teachers, zavuchs and director, with subjects —
 * as the personnel screen names them (issue 30: the picker offers a subject's teachers first):
 * the declared ones and those the person teaches in the school year now running.
 */
export async function listTeachers(
  q: Queryable,
  schoolId: number,
): Promise<{ id: number; fullname: string; subject_ids: number[] }[]> {
  return q.query(
    `WITH year AS (
       SELECT school_year FROM periods WHERE school_id = $1 GROUP BY school_year
        ORDER BY bool_or(is_current) DESC, max(end_date) DESC LIMIT 1)
     SELECT u.id, ${FULLNAME} AS fullname,
            coalesce((SELECT array_agg(x.subject_id ORDER BY x.subject_id)
                        FROM (SELECT ps.subject_id FROM personnel_subjects ps WHERE ps.user_id = u.id
                              UNION SELECT t.subject_id FROM timetable_slots t
                                      JOIN periods p ON p.id = t.period_id
                                     WHERE t.teacher_id = u.id AND p.school_id = u.school_id
                                       AND p.school_year = (SELECT school_year FROM year)) x),
                     '{}') AS subject_ids
       FROM users u
      WHERE u.school_id = $1 AND u.role IN ('teacher', 'zavuch', 'director') AND u.dismissed_at IS NULL
      ORDER BY u.surname, u.firstname, u.id`,
    [schoolId],
  );
}

/** What the slot's body refers to, checked against the school and the class. */
export async function checkReferences(
  q: Queryable,
  schoolId: number,
  groupId: number,
  body: Pick<TimetableSlotValues, 'subjectId' | 'subgroupId' | 'teacherId'>,
): Promise<{ subject: boolean; subgroup: boolean; teacher: boolean }> {
  const rows = await q.query<{ subject: boolean; subgroup: boolean; teacher: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM subjects WHERE id = $3) AS subject,
            ($4::int IS NULL OR EXISTS (SELECT 1 FROM subgroups
                WHERE id = $4 AND group_id = $2 AND subject_id = $3)) AS subgroup,
            ($5::int IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = $5 AND school_id = $1
                AND role IN ('teacher', 'zavuch', 'director') AND dismissed_at IS NULL)) AS teacher`,
    [schoolId, groupId, body.subjectId, body.subgroupId, body.teacherId],
  );
  return rows[0] ?? { subject: false, subgroup: false, teacher: false };
}

/** Subgroups of other subjects of the class that share a pupil with `subgroupId`. */
export async function listSubgroupsSharingPupils(
  q: Queryable,
  subgroupId: number,
): Promise<Set<number>> {
  const rows = await q.query<{ subgroup_id: number }>(
    `SELECT DISTINCT other.subgroup_id FROM subgroup_members mine
       JOIN subgroup_members other ON other.user_id = mine.user_id AND other.subgroup_id <> mine.subgroup_id
      WHERE mine.subgroup_id = $1`,
    [subgroupId],
  );
  return new Set(rows.map((row) => row.subgroup_id));
}

/** The school's holidays overlapping a range. */
export async function listSchoolHolidays(
  q: Queryable,
  schoolId: number,
  from: string,
  to: string,
): Promise<{ start: string; end: string; name_kz: string; name_ru: string }[]> {
  return q.query(
    `SELECT to_char(starts_on, 'YYYY-MM-DD') AS start, to_char(ends_on, 'YYYY-MM-DD') AS end, name_kz, name_ru
       FROM school_holidays WHERE school_id = $1 AND ends_on >= $2::date AND starts_on <= $3::date
      ORDER BY starts_on, id`,
    [schoolId, from, to],
  );
}

/** Public days off the school works on (school settings, issue 30) inside a range. */
export async function listSchoolWorkdays(
  q: Queryable,
  schoolId: number,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await q.query<{ day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM school_workdays
      WHERE school_id = $1 AND day BETWEEN $2::date AND $3::date`,
    [schoolId, from, to],
  );
  return new Set(rows.map((r) => r.day));
}

/** How many dated lessons of the slots hold recorded work (they keep the slots in place). */
export async function countLessonsWithWork(
  q: Queryable,
  slotIds: readonly number[],
): Promise<number> {
  if (slotIds.length === 0) return 0;
  const rows = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM lessons l WHERE l.slot_id = ANY($1::int[]) AND NOT (${UNTOUCHED_LESSON})`,
    [[...slotIds]],
  );
  return rows[0]?.n ?? 0;
}

/** Takes the slots' dated lessons away (all untouched: checked first); they are made again. */
export async function deleteSlotLessons(q: Queryable, slotIds: readonly number[]): Promise<void> {
  if (slotIds.length === 0) return;
  await q.query('DELETE FROM lessons WHERE slot_id = ANY($1::int[])', [[...slotIds]]);
}

export async function insertSlot(
  q: Queryable,
  groupId: number,
  periodId: number,
  s: TimetableSlotValues,
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO timetable_slots (group_id, period_id, weekday, lesson_no, shift, subject_id, subgroup_id, teacher_id, room)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      groupId,
      periodId,
      s.weekday,
      s.lessonNo,
      s.shift,
      s.subjectId,
      s.subgroupId,
      s.teacherId,
      s.room,
    ],
  );
  return rows[0]!.id;
}

export async function updateSlot(
  q: Queryable,
  slotId: number,
  s: TimetableSlotValues,
): Promise<void> {
  await q.query(
    `UPDATE timetable_slots SET weekday = $2, lesson_no = $3, shift = $4, subject_id = $5,
            subgroup_id = $6, teacher_id = $7, room = $8 WHERE id = $1`,
    [slotId, s.weekday, s.lessonNo, s.shift, s.subjectId, s.subgroupId, s.teacherId, s.room],
  );
}

export async function deleteSlots(q: Queryable, slotIds: readonly number[]): Promise<void> {
  if (slotIds.length === 0) return;
  await q.query('DELETE FROM timetable_slots WHERE id = ANY($1::int[])', [[...slotIds]]);
}

/** Copies slots as they are (subgroups, teachers, rooms) into another quarter. */
export async function copySlots(
  q: Queryable,
  slotIds: readonly number[],
  toPeriodId: number,
): Promise<number> {
  if (slotIds.length === 0) return 0;
  const rows = await q.query<{ id: number }>(
    `INSERT INTO timetable_slots (group_id, period_id, weekday, lesson_no, shift, subject_id, subgroup_id, teacher_id, room)
     SELECT group_id, $2, weekday, lesson_no, shift, subject_id, subgroup_id, teacher_id, room
       FROM timetable_slots WHERE id = ANY($1::int[]) RETURNING id`,
    [[...slotIds], toPeriodId],
  );
  return rows.length;
}

/** Every subgroup pair of the school's classes that shares a pupil (for a whole-quarter copy). */
export async function listSharedSubgroupPairs(
  q: Queryable,
  schoolId: number,
): Promise<Set<string>> {
  const rows = await q.query<{ a: number; b: number }>(
    `SELECT DISTINCT ma.subgroup_id AS a, mb.subgroup_id AS b
       FROM subgroup_members ma
       JOIN subgroup_members mb ON mb.user_id = ma.user_id AND mb.subgroup_id <> ma.subgroup_id
       JOIN subgroups sg ON sg.id = ma.subgroup_id JOIN groups g ON g.id = sg.group_id
      WHERE g.school_id = $1`,
    [schoolId],
  );
  return new Set(rows.map((row) => `${row.a}|${row.b}`));
}
