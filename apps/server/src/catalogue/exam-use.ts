import { inGroup } from '@sabaq/platform';
import type { Role } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { CatalogueError } from '../http/errors';
import { schoolTime } from '../teaching/exam-access';

/**
 * Who outside its school may read a SOR/SOCh's keys, and when (issue 28).
 *
 * A shared exam is a library item, but its keys are its school's answer sheet: while any lesson
 * window of it is open or still to come, nobody outside its school reads them, copies it or puts
 * it on a lesson. "It" is the whole family of copies — the draft the exam started from (through
 * `origin_draft_id`, up to its first ancestor) and every draft copied from that, at any depth —
 * since a copy carries the same keys: a school that attached the exam to its own lesson keeps it
 * in use too. A window closes at the teacher's own closing time, else at the end of the lesson's
 * bell (the school's bell table; without one, the end of that day), in Kazakhstan time, plus
 * the teacher's grace after it (issue 31: a pupil whose link dropped may still hand in); a
 * homework carrying it, at its deadline.
 */
const IN_USE_UNTIL = `
WITH RECURSIVE up AS (
  SELECT id, origin_draft_id, 0 AS depth FROM drafts WHERE id = $1
  UNION ALL
  SELECT d.id, d.origin_draft_id, up.depth + 1 FROM drafts d JOIN up ON d.id = up.origin_draft_id
   WHERE up.depth < 20
), root AS (
  SELECT id FROM up ORDER BY depth DESC LIMIT 1
), family AS (
  SELECT id, 0 AS depth FROM root
  UNION ALL
  SELECT d.id, family.depth + 1 FROM drafts d JOIN family ON d.origin_draft_id = family.id
   WHERE family.depth < 20
)
SELECT to_char(max(w.closes) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS until FROM (
  SELECT coalesce(
           l.exam_closes_at,
           ((l.lesson_date + coalesce(b.ends_at, time '23:59')) AT TIME ZONE 'UTC') - interval '5 hours'
         ) + make_interval(mins => l.exam_grace_minutes) AS closes
    FROM lessons l
    JOIN timetable_slots s ON s.id = l.slot_id
    JOIN groups g ON g.id = s.group_id
    LEFT JOIN school_bells b ON b.school_id = g.school_id AND b.shift = s.shift AND b.lesson_no = s.lesson_no
   WHERE l.content_draft_id IN (SELECT id FROM family)
  UNION ALL
  SELECT h.deadline FROM homework h WHERE h.draft_id IN (SELECT id FROM family)
) w WHERE w.closes > now()`;

const EXAM_TYPES: ReadonlySet<string> = new Set(['sor', 'soch']);

export function isExamType(type: string): boolean {
  return EXAM_TYPES.has(type);
}

/** When the last open or coming window of the exam (or of a copy of it) closes, or null. */
export async function examInUseUntil(q: Queryable, draftId: string): Promise<string | null> {
  const rows = await q.query<{ until: string | null }>(IN_USE_UNTIL, [draftId]);
  return rows[0]?.until ?? null;
}

/** The exam's own people: its school's staff, or its author (an exam written without a school). */
export function isOwnExam(
  who: { userId: number; schoolId: number | null },
  exam: { owner_id: number; school_id: number | null },
): boolean {
  return (
    exam.owner_id === who.userId || (exam.school_id !== null && exam.school_id === who.schoolId)
  );
}

/**
 * What a reader outside an exam's school may have of it: `inUseUntil` while it is in use (no keys,
 * no copy); null when it is free or the reader is its own school's. Lessons and lectures: null.
 */
export async function examUseFor(
  q: Queryable,
  who: { userId: number; schoolId: number | null },
  item: { draft_id: string; type: string; owner_id: number; school_id: number | null },
): Promise<string | null> {
  if (!isExamType(item.type) || isOwnExam(who, item)) return null;
  return examInUseUntil(q, item.draft_id);
}

/** 409: the exam is in use by classes; its keys and copies wait until the last window closes. */
export class ExamInUseError extends CatalogueError {
  constructor(until: string) {
    super(
      409,
      'forbidden',
      {
        kz: 'Бұл жұмысты сыныптар әлі жазып жатыр немесе жазады: оның жауаптары мен көшірмесі басқа мектептерге {until} кейін ашылады',
        ru: 'Эту работу классы ещё пишут или будут писать: её ответы и копирование откроются другим школам после {until}',
      },
      undefined,
      { until: schoolTime(new Date(until)) },
    );
  }
}

/**
 * Whether a course's learner may see the keys of its final test in the review (issue 28): never
 * while the exam is in use; else its own school's people, and staff who could read it in the
 * shared catalogue. Individuals (and pupils) never get another school's keys.
 */
export async function learnerSeesExamKeys(
  q: Queryable,
  who: { userId: number; schoolId: number | null; role: Role },
  testDraftId: string,
): Promise<{ keys: boolean; why: 'inUse' | 'otherSchool' | null }> {
  const rows = await q.query<{ owner_id: number; school_id: number | null; shared: boolean }>(
    'SELECT owner_id, school_id, shared_at IS NOT NULL AS shared FROM drafts WHERE id = $1',
    [testDraftId],
  );
  const exam = rows[0];
  if (!exam) return { keys: false, why: 'otherSchool' };
  if (await examInUseUntil(q, testDraftId)) return { keys: false, why: 'inUse' };
  if (isOwnExam(who, exam)) return { keys: true, why: null };
  const staff = inGroup(who.role, 'employees') || who.role === 'methodist';
  return exam.shared && staff ? { keys: true, why: null } : { keys: false, why: 'otherSchool' };
}
