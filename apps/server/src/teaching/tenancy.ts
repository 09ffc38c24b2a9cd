import type { AuthContext } from '../http/context';

/**
 * Tenancy (issue 12): rows of a school — groups and everything hanging on them (timetable,
 * lessons, journal, homework, calendar plans), periods, drafts — are reached only from that
 * school. Row checks (`canSeeLesson`, the journal's keepers, plan access, content reads) ask
 * `inSchool`; SQL filters bind `schoolOf(auth)`. Users without a school (guests, workers,
 * individuals) are in no school: `inSchool` is false and `schoolOf` matches no row.
 */
type Caller = Pick<AuthContext, 'schoolId'>;

/** The caller's school for a scoped query; -1 matches no row (users without a school). */
export function schoolOf(auth: Caller): number {
  return auth.schoolId ?? -1;
}

/** Whether a row of `schoolId` belongs to the caller's school. */
export function inSchool(auth: Caller, schoolId: number | null): boolean {
  return auth.schoolId !== null && schoolId !== null && auth.schoolId === schoolId;
}

/** Builder content (a draft) the caller may use: their own, or their school's. */
export function isOwnOrSchoolContent(
  auth: Caller & Pick<AuthContext, 'userId'>,
  draft: { owner_id: number; school_id: number | null },
): boolean {
  return draft.owner_id === auth.userId || inSchool(auth, draft.school_id);
}
