import { inGroup } from '@sabaq/platform';
import type { Lesson, Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { AuthContext } from '../http/context';
import { TeachingError } from './errors';
import { dayOffSql, publicDaysOffBetween } from './days-off';
import { inSchool } from './tenancy';
import { bell } from './timetable';

/**
 * Lessons: dated instances of timetable slots. A lesson row is made the first time its week
 * (or its period, for the journal) is looked at; ids are stable from then on. No lesson is made
 * on a day off (public holiday or the school's holiday, days-off.ts), and a lesson made there
 * before the holiday was set is taken away while nothing was recorded on it (theme, content,
 * marks, homework, attempts, reflections, its chat); one that holds work stays, so no work is lost.
 */
export async function ensureLessons(
  q: Queryable,
  opts: { groupIds?: readonly number[]; teacherId?: number; from: string; to: string },
): Promise<void> {
  const publicDays = publicDaysOffBetween(opts.from, opts.to).map((day) => day.date);
  const params = [
    opts.from,
    opts.to,
    opts.groupIds ? [...opts.groupIds] : null,
    opts.teacherId ?? null,
    publicDays,
  ];
  const ofSlots = `(($3::int[] IS NOT NULL AND s.group_id = ANY($3::int[])) OR ($4::int IS NOT NULL AND s.teacher_id = $4::int))`;
  await q.query(
    `DELETE FROM lessons l USING timetable_slots s, groups g
      WHERE s.id = l.slot_id AND g.id = s.group_id AND l.lesson_date BETWEEN $1::date AND $2::date
        AND ${ofSlots} AND ${dayOffSql('l.lesson_date', 'g.school_id', '$5')}
        AND ${UNTOUCHED_LESSON}`,
    params,
  );
  await q.query(
    `INSERT INTO lessons (slot_id, lesson_date)
     SELECT s.id, d::date
       FROM timetable_slots s
       JOIN periods p ON p.id = s.period_id
       JOIN groups g ON g.id = s.group_id
       CROSS JOIN generate_series($1::date, $2::date, interval '1 day') AS d
      WHERE d::date BETWEEN p.start_date AND p.end_date
        AND extract(isodow FROM d)::int = s.weekday
        AND ${ofSlots}
        AND NOT ${dayOffSql('d::date', 'g.school_id', '$5')}
     ON CONFLICT (slot_id, lesson_date) DO NOTHING`,
    params,
  );
}

/** SQL condition on a lesson `l`: nothing was recorded on it yet. */
export const UNTOUCHED_LESSON = `l.theme = '' AND l.content_draft_id IS NULL AND l.exam_opens_at IS NULL
        AND l.exam_grace_minutes = 5
        AND NOT EXISTS (SELECT 1 FROM journal_marks x WHERE x.lesson_id = l.id)
        AND NOT EXISTS (SELECT 1 FROM homework x WHERE x.lesson_id = l.id)
        AND NOT EXISTS (SELECT 1 FROM attempts x WHERE x.lesson_id = l.id)
        AND NOT EXISTS (SELECT 1 FROM reflections x WHERE x.lesson_id = l.id)
        AND NOT EXISTS (SELECT 1 FROM lesson_chat_messages x WHERE x.lesson_id = l.id)`;

export interface LessonRow {
  id: number;
  lesson_date: string;
  lesson_no: number;
  shift: number;
  weekday: number;
  period_id: number;
  group_id: number;
  school_id: number;
  parallel: number;
  letter: string;
  subgroup_id: number | null;
  subgroup_name: string | null;
  subject_id: number;
  subject_name: string;
  teacher_id: number | null;
  teacher_name: string | null;
  theme: string;
  content_draft_id: string | null;
  content_version: number | null;
  content_type: string | null;
  content_title: string | null;
  homework_count: number;
  /** The window the teacher set (ISO instants), or null for the lesson's bell times. */
  exam_opens_at: string | null;
  exam_closes_at: string | null;
  exam_keys_shown: boolean;
  /** Minutes after a pupil's deadline a hand-in still counts (issue 31); absent: the default. */
  exam_grace_minutes?: number;
  /** The school's own bell times of this lesson (backoffice school settings), when it set them. */
  bell_starts_at?: string | null;
  bell_ends_at?: string | null;
}

/** Start and end (HH:MM) of a lesson: the school's bells, else the platform's default bells. */
export function lessonBell(
  r: Pick<LessonRow, 'shift' | 'lesson_no' | 'bell_starts_at' | 'bell_ends_at'>,
): { startsAt: string; endsAt: string } {
  if (r.bell_starts_at && r.bell_ends_at)
    return { startsAt: r.bell_starts_at, endsAt: r.bell_ends_at };
  return bell(r.shift === 2 ? 2 : 1, r.lesson_no);
}

export function lessonSelect(locale: Locale): string {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return `SELECT l.id, to_char(l.lesson_date, 'YYYY-MM-DD') AS lesson_date, s.lesson_no, s.shift, s.weekday,
       s.period_id, s.group_id, g.school_id, g.parallel, g.letter, s.subgroup_id, sg.name AS subgroup_name,
       s.subject_id, sub.${name} AS subject_name, s.teacher_id,
       CASE WHEN t.id IS NULL THEN NULL ELSE concat_ws(' ', t.surname, t.firstname, t.lastname) END AS teacher_name,
       l.theme, l.content_draft_id, l.content_version, cv.type AS content_type, cv.title AS content_title,
       (SELECT count(*)::int FROM homework h WHERE h.lesson_id = l.id) AS homework_count,
       to_char(l.exam_opens_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS exam_opens_at,
       to_char(l.exam_closes_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS exam_closes_at,
       l.exam_keys_shown, l.exam_grace_minutes,
       to_char(b.starts_at, 'HH24:MI') AS bell_starts_at, to_char(b.ends_at, 'HH24:MI') AS bell_ends_at
  FROM lessons l
  JOIN timetable_slots s ON s.id = l.slot_id
  JOIN groups g ON g.id = s.group_id
  JOIN subjects sub ON sub.id = s.subject_id
  LEFT JOIN subgroups sg ON sg.id = s.subgroup_id
  LEFT JOIN users t ON t.id = s.teacher_id
  LEFT JOIN content_versions cv ON cv.draft_id = l.content_draft_id AND cv.version = l.content_version
  LEFT JOIN school_bells b ON b.school_id = g.school_id AND b.shift = s.shift AND b.lesson_no = s.lesson_no`;
}

const KZ_ORDER = new Intl.Collator('kk');

/** Groups in school order: by parallel, then letter in the Kazakh alphabet (А, Ә, Б, …). */
export function byGroupOrder<T extends { parallel: number; letter: string }>(a: T, b: T): number {
  return a.parallel - b.parallel || KZ_ORDER.compare(a.letter, b.letter);
}

export function groupName(parallel: number, letter: string): string {
  return parallel === 0 ? letter : `${parallel}${letter}`;
}

export function presentLesson(r: LessonRow): Lesson {
  const b = lessonBell(r);
  return {
    id: r.id,
    date: r.lesson_date,
    number: r.lesson_no,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    shift: r.shift,
    group: { id: r.group_id, name: groupName(r.parallel, r.letter) },
    subgroup: r.subgroup_id !== null ? { id: r.subgroup_id, name: r.subgroup_name ?? '' } : null,
    subject: { id: r.subject_id, name: r.subject_name },
    teacher: r.teacher_id !== null ? { id: r.teacher_id, fullname: r.teacher_name ?? '' } : null,
    theme: r.theme,
    content:
      r.content_draft_id !== null && r.content_version !== null
        ? {
            draftId: r.content_draft_id,
            type: (r.content_type ?? 'lesson') as NonNullable<Lesson['content']>['type'],
            title: r.content_title ?? '',
            version: r.content_version,
          }
        : null,
    homeworkCount: r.homework_count,
  };
}

/** The user's school and group (students), read once per request where needed. */
export interface Viewer {
  auth: AuthContext;
  groupId: number | null;
  /** Groups where the user is a group lead / class teacher (group_personnel). */
  ledGroups: number[];
  /** Subgroups the user (a pupil) belongs to: a subgroup's lesson is theirs only if they are in it. */
  subgroups: readonly number[];
}

export async function viewerOf(q: Queryable, auth: AuthContext): Promise<Viewer> {
  const rows = await q.query<{
    group_id: number | null;
    led: number[] | null;
    subgroups: number[] | null;
  }>(
    `SELECT u.group_id,
            (SELECT array_agg(gp.group_id) FROM group_personnel gp WHERE gp.user_id = u.id) AS led,
            (SELECT array_agg(m.subgroup_id) FROM subgroup_members m WHERE m.user_id = u.id) AS subgroups
       FROM users u WHERE u.id = $1`,
    [auth.userId],
  );
  const row = rows[0];
  return {
    auth,
    groupId: row?.group_id ?? null,
    ledGroups: row?.led ?? [],
    subgroups: row?.subgroups ?? [],
  };
}

export function isManagement(auth: AuthContext): boolean {
  return inGroup(auth.role, 'management');
}

/** Whether the user may open a lesson: its students, its teacher, the class lead, management. */
export function canSeeLesson(v: Viewer, l: LessonRow): boolean {
  if (v.auth.role === 'student')
    return (
      v.groupId === l.group_id && (l.subgroup_id === null || v.subgroups.includes(l.subgroup_id))
    );
  if (l.teacher_id === v.auth.userId) return true;
  if (!inSchool(v.auth, l.school_id)) return false;
  return isManagement(v.auth) || v.ledGroups.includes(l.group_id);
}

/** Whether the user runs the lesson (content, homework, attendance, progress). */
export function canManageLesson(v: Viewer, l: LessonRow): boolean {
  if (v.auth.role === 'student') return false;
  if (l.teacher_id === v.auth.userId) return true;
  return (
    inSchool(v.auth, l.school_id) && (isManagement(v.auth) || v.ledGroups.includes(l.group_id))
  );
}

export async function loadLesson(q: Queryable, id: number, locale: Locale): Promise<LessonRow> {
  const rows = await q.query<LessonRow>(`${lessonSelect(locale)} WHERE l.id = $1`, [id]);
  const row = rows[0];
  if (!row) throw new TeachingError(404, 'lesson_not_found');
  return row;
}

/** Loads a lesson the user may see; someone else's lesson is reported missing (ids reveal nothing). */
export async function visibleLesson(
  q: Queryable,
  v: Viewer,
  id: number,
  locale: Locale,
  manage = false,
): Promise<LessonRow> {
  const row = await loadLesson(q, id, locale);
  if (!canSeeLesson(v, row)) throw new TeachingError(404, 'lesson_not_found');
  if (manage && !canManageLesson(v, row)) throw new TeachingError(403, 'not_your_lesson');
  return row;
}

export interface StudentRow {
  id: number;
  fullname: string;
}

/** Students of a group, alphabetical (journal order). */
export async function groupStudents(q: Queryable, groupId: number): Promise<StudentRow[]> {
  return q.query<StudentRow>(
    `SELECT id, concat_ws(' ', surname, firstname) AS fullname FROM users
      WHERE role = 'student' AND group_id = $1 ORDER BY surname, firstname, id`,
    [groupId],
  );
}

/**
 * Students of a dated lesson: a subgroup's lesson has the subgroup's members who are still in
 * the class; a whole-class lesson has the class (issue 13: attendance listed the whole class).
 */
export async function lessonStudents(
  q: Queryable,
  lesson: Pick<LessonRow, 'group_id' | 'subgroup_id'>,
): Promise<StudentRow[]> {
  if (lesson.subgroup_id === null) return groupStudents(q, lesson.group_id);
  return q.query<StudentRow>(
    `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname
       FROM subgroup_members m JOIN users u ON u.id = m.user_id
      WHERE m.subgroup_id = $1 AND u.role = 'student' AND u.group_id = $2
      ORDER BY u.surname, u.firstname, u.id`,
    [lesson.subgroup_id, lesson.group_id],
  );
}
