import type { AuthContext } from '../http/context';
import { JournalConflictError, TeachingError } from './errors';
import type { MarkCellRow } from './journal-commands';
import { isManagement } from './lessons';
import { inSchool } from './tenancy';

/** Who asks: the signed-in user and the groups they lead (group_personnel). */
export interface JournalViewer {
  auth: AuthContext;
  ledGroups: readonly number[];
}

/** The subjects a user keeps in a group's journal: every one, or those listed (none: a stranger). */
export type JournalRights = 'all' | ReadonlySet<number>;

/**
 * Who keeps which journal: management every group of their school, a class lead their group,
 * a teacher the subjects they teach in the group (`taughtSubjects`, from the timetable).
 * Another school's group: nothing.
 */
export function resolveJournalRights(
  viewer: JournalViewer,
  group: { id: number; school_id: number },
  taughtSubjects: readonly number[],
): JournalRights {
  if (!inSchool(viewer.auth, group.school_id)) return new Set();
  if (isManagement(viewer.auth) || viewer.ledGroups.includes(group.id)) return 'all';
  return new Set(taughtSubjects);
}

/** Whether the user sees the group's journal at all (some subject of it). */
export function canSeeJournalGroup(rights: JournalRights): boolean {
  return rights === 'all' || rights.size > 0;
}

/** Whether the user keeps (reads and marks) the subject's journal in the group. */
export function canKeepJournal(rights: JournalRights, subjectId: number): boolean {
  return rights === 'all' || rights.has(subjectId);
}

/**
 * The subject's journal, or an error: a group the user has nothing to do with is reported
 * missing (404, ids reveal nothing); their own group's subject they do not keep, forbidden (403).
 */
export function assertJournal(rights: JournalRights, subjectId: number): void {
  if (canKeepJournal(rights, subjectId)) return;
  if (!canSeeJournalGroup(rights)) throw new TeachingError(404, 'group_not_found');
  throw new TeachingError(403, 'journal_forbidden');
}

/** A mark, an absence or a SOR/SOCh goes into an active class's journal only (409 in the archive). */
export function assertJournalWritable(group: { archived: boolean }): void {
  if (group.archived) throw new TeachingError(409, 'journal_archived');
}

/** Attendance and homework are written for an active class only (409 in the archive). */
export function assertClassWritable(
  group: { archived: boolean },
  what: 'attendance_archived' | 'homework_archived',
): void {
  if (group.archived) throw new TeachingError(409, what);
}

/**
 * The subgroup of the page a cell is entered on. Work set for one subgroup (a lesson timetabled
 * for it, its SOR/SOCh) belongs to that subgroup's page alone; whole-class work shows on every
 * page, so the page named in the request decides which members and result apply. `askedExists`:
 * the asked subgroup is one of the subject's in the group.
 */
export function choosePageSubgroup(
  own: number | null,
  asked: number | undefined,
  askedExists: boolean,
  field: 'lessonId' | 'assessmentId',
): number | null {
  if (asked !== undefined) {
    if (!askedExists) throw new TeachingError(422, 'subgroup_not_found', 'subgroupId');
    if (own !== null && own !== asked)
      throw new TeachingError(
        422,
        field === 'lessonId' ? 'lesson_not_in_journal' : 'assessment_not_in_journal',
        field,
      );
  }
  return own ?? asked ?? null;
}

/** 422 unless the pupil is in the class and, on a subgroup page, in that subgroup. */
export function assertStudentOnPage(inClass: boolean, inSubgroup: boolean | null): void {
  if (!inClass) throw new TeachingError(422, 'student_not_in_group', 'studentId');
  if (inSubgroup === false) throw new TeachingError(422, 'student_not_in_subgroup', 'studentId');
}

/** Kazakhstan keeps one time zone (UTC+5) since 2024 (`SCHOOL_OFFSET` in exam-access.ts). */
const SCHOOL_OFFSET_MS = 5 * 3_600_000;

/** The school's date (`YYYY-MM-DD`) at an instant: UTC+5, whatever the server's zone. */
export function schoolDate(now: number): string {
  return new Date(now + SCHOOL_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A mark or an absence is for a lesson that has happened (issue 20: 25.12 was saved on 23.11):
 * a lesson after today's school date answers 422 at `lessonId`. Clearing a cell (mark null,
 * absent false) is allowed on any date, so a wrong entry can always be taken back.
 */
export function assertNotFuture(
  lessonDate: string,
  entry: { mark?: number | null; absent?: boolean },
  now: number,
): void {
  const writes = (entry.mark !== undefined && entry.mark !== null) || entry.absent === true;
  if (writes && lessonDate > schoolDate(now))
    throw new TeachingError(422, 'mark_future', 'lessonId', { date: displayIsoDate(lessonDate) });
}

/**
 * A write made offline carries the cell as its writer saw it (`expected`, issue 31). When someone
 * else has changed the cell since (and not to the same value), it is refused with 409 and the
 * cell as it is now: the teacher sees both and chooses. A write without `expected` (online, the
 * grid is live) overwrites as before.
 */
export function assertNoConflict(
  cell: Pick<MarkCellRow, 'cur_mark' | 'cur_absent' | 'cur_by_id' | 'cur_by'>,
  entry: {
    mark?: number | null;
    absent?: boolean;
    expected?: { mark: number | null; absent: boolean };
  },
  userId: number,
): void {
  if (!entry.expected || cell.cur_by_id === null || cell.cur_by_id === userId) return;
  const now = { mark: cell.cur_mark, absent: cell.cur_absent ?? false };
  const same = (a: { mark: number | null; absent: boolean }) =>
    a.mark === now.mark && a.absent === now.absent;
  const wanted = {
    mark: entry.mark === undefined ? now.mark : entry.mark,
    absent: entry.absent ?? now.absent,
  };
  if (same(entry.expected) || same(wanted)) return;
  throw new JournalConflictError({ ...now, by: cell.cur_by ?? '' });
}

function displayIsoDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

/**
 * The rights on one lesson's cell, from its facts read in one statement (loadMarkCell): who may
 * keep this subject's journal, the class not archived, the page's subgroup. Answers that subgroup.
 */
export function assertLessonCell(
  auth: AuthContext,
  cell: MarkCellRow,
  askedSubgroup: number | undefined,
): number | null {
  const group = { id: cell.group_id, school_id: cell.school_id, archived: cell.archived };
  const viewer = { auth, ledGroups: cell.leads ? [group.id] : [] };
  assertJournal(resolveJournalRights(viewer, group, cell.taught), cell.subject_id);
  assertJournalWritable(group);
  return choosePageSubgroup(cell.subgroup_id, askedSubgroup, cell.asked_exists, 'lessonId');
}
