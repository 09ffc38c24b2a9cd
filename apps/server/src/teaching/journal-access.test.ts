import { describe, expect, it } from 'vitest';
import type { Role } from '@sabaq/platform';
import type { AuthContext } from '../http/context';
import type { TeachingError } from './errors';
import {
  assertJournal,
  assertStudentOnPage,
  canKeepJournal,
  canSeeJournalGroup,
  resolveJournalRights,
  choosePageSubgroup,
} from './journal-access';

function viewer(role: Role, ledGroups: number[] = [], schoolId: number | null = 1) {
  const auth: AuthContext = { userId: 7, role, schoolId, sessionId: 's', token: 't' };
  return { auth, ledGroups };
}

const group = { id: 10, school_id: 1 };

function refusal(run: () => void): { status: number; key: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    const { status, teachingKey } = err as TeachingError;
    return { status, key: teachingKey };
  }
}

describe('journal rights (no database)', () => {
  it('management keeps every journal of their school, nothing of another', () => {
    expect(resolveJournalRights(viewer('director'), group, [])).toBe('all');
    expect(resolveJournalRights(viewer('zavuch'), group, [])).toBe('all');
    const stranger = resolveJournalRights(viewer('director', [], 2), group, [3]);
    expect(canSeeJournalGroup(stranger)).toBe(false);
  });

  it('a class teacher keeps their group; a teacher the subjects they teach there', () => {
    expect(resolveJournalRights(viewer('teacher', [10]), group, [])).toBe('all');
    const taught = resolveJournalRights(viewer('teacher'), group, [3, 4]);
    expect(canKeepJournal(taught, 3)).toBe(true);
    expect(canKeepJournal(taught, 5)).toBe(false);
    expect(canSeeJournalGroup(taught)).toBe(true);
    expect(canSeeJournalGroup(resolveJournalRights(viewer('teacher'), group, []))).toBe(false);
  });

  it('someone else’s group is 404, a subject of your own group you do not keep is 403', () => {
    expect(refusal(() => assertJournal(new Set(), 3))).toEqual({
      status: 404,
      key: 'group_not_found',
    });
    expect(refusal(() => assertJournal(new Set([4]), 3))).toEqual({
      status: 403,
      key: 'journal_forbidden',
    });
    expect(refusal(() => assertJournal(new Set([3]), 3))).toBeNull();
    expect(refusal(() => assertJournal('all', 99))).toBeNull();
  });
});

describe('the page a cell is entered on', () => {
  it('whole-class work takes the asked page; a subgroup’s work is its own page only', () => {
    expect(choosePageSubgroup(null, undefined, false, 'lessonId')).toBeNull();
    expect(choosePageSubgroup(null, 5, true, 'lessonId')).toBe(5);
    expect(choosePageSubgroup(5, undefined, false, 'assessmentId')).toBe(5);
    expect(choosePageSubgroup(5, 5, true, 'assessmentId')).toBe(5);
    expect(refusal(() => choosePageSubgroup(5, 6, true, 'lessonId'))).toEqual({
      status: 422,
      key: 'lesson_not_in_journal',
    });
    expect(refusal(() => choosePageSubgroup(5, 6, true, 'assessmentId'))).toEqual({
      status: 422,
      key: 'assessment_not_in_journal',
    });
    expect(refusal(() => choosePageSubgroup(null, 6, false, 'lessonId'))).toEqual({
      status: 422,
      key: 'subgroup_not_found',
    });
  });

  it('the pupil must be in the class and, on a subgroup page, in the subgroup', () => {
    expect(refusal(() => assertStudentOnPage(true, null))).toBeNull();
    expect(refusal(() => assertStudentOnPage(true, true))).toBeNull();
    expect(refusal(() => assertStudentOnPage(false, null))).toEqual({
      status: 422,
      key: 'student_not_in_group',
    });
    expect(refusal(() => assertStudentOnPage(true, false))).toEqual({
      status: 422,
      key: 'student_not_in_subgroup',
    });
  });
});
