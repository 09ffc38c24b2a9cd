import { describe, expect, it } from 'vitest';
import type { Role } from '@sabaq/platform';
import type { AuthContext } from '../http/context';
import type { TeachingError } from './errors';
import type { Viewer } from './lessons';
import {
  assertCheckable,
  assertManagesHomework,
  assertOwnAnswer,
  assertSubmissionContent,
  assertSubmittable,
  canManageHomework,
  canSeeHomework,
  resolvePupilHomeworkKeys,
} from './homework-access';

function viewer(role: Role, userId: number, ledGroups: number[] = [], schoolId = 1): Viewer {
  const auth: AuthContext = { userId, role, schoolId, sessionId: 's', token: 't' };
  return { auth, groupId: role === 'student' ? 10 : null, ledGroups, subgroups: [] };
}

const homework = { teacher_id: 20, slot_teacher_id: 21, school_id: 1, group_id: 10 };

function refusal(run: () => unknown): { status: number; key: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    const { status, teachingKey } = err as TeachingError;
    return { status, key: teachingKey };
  }
}

describe('homework row rules (no database)', () => {
  it('its author, the lesson’s teacher, the class lead and management manage a homework', () => {
    expect(canManageHomework(viewer('teacher', 20), homework)).toBe(true);
    expect(canManageHomework(viewer('teacher', 21), homework)).toBe(true);
    expect(canManageHomework(viewer('teacher', 22, [10]), homework)).toBe(true);
    expect(canManageHomework(viewer('director', 23), homework)).toBe(true);
    expect(canManageHomework(viewer('director', 23, [], 2), homework)).toBe(false);
    expect(canManageHomework(viewer('teacher', 22), homework)).toBe(false);
    expect(canManageHomework(viewer('student', 20), homework)).toBe(false);
  });

  it('someone else’s homework or answer is 404; pupils see their group’s homework', () => {
    expect(
      refusal(() => assertManagesHomework(viewer('teacher', 22), homework, 'answer_not_found')),
    ).toEqual({ status: 404, key: 'answer_not_found' });
    expect(canSeeHomework(viewer('student', 30), homework)).toBe(true);
    expect(canSeeHomework(viewer('student', 30), { ...homework, group_id: 11 })).toBe(false);
    expect(refusal(() => assertOwnAnswer(30, { student_id: 31 }))).toEqual({
      status: 404,
      key: 'answer_not_found',
    });
  });

  it('checking needs a sent answer (a checked one may be re-graded); returning a sent one', () => {
    expect(refusal(() => assertCheckable('sent', 'check'))).toBeNull();
    expect(refusal(() => assertCheckable('checked', 'check'))).toBeNull();
    expect(refusal(() => assertCheckable('assigned', 'check'))?.key).toBe('answer_not_sent');
    expect(refusal(() => assertCheckable('checked', 'return'))?.key).toBe('answer_not_sent');
    expect(refusal(() => assertCheckable('sent', 'return'))).toBeNull();
  });

  it('a first answer before the deadline, rework any time, nothing once checked; never empty', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    const past = '2026-11-19T10:00:00Z';
    const future = '2026-11-21T10:00:00Z';
    expect(refusal(() => assertSubmittable('assigned', future, now))).toBeNull();
    expect(refusal(() => assertSubmittable('assigned', past, now))?.key).toBe('deadline_passed');
    expect(refusal(() => assertSubmittable('returned', past, now))).toBeNull();
    expect(refusal(() => assertSubmittable('checked', future, now))?.key).toBe(
      'answer_already_checked',
    );
    const empty = { text: '', fileCount: 0, exerciseAnswerCount: 0, hasExercise: true };
    expect(refusal(() => assertSubmissionContent(empty))?.key).toBe('answer_empty');
    expect(refusal(() => assertSubmissionContent({ ...empty, text: 'ok' }))).toBeNull();
    expect(
      refusal(() =>
        assertSubmissionContent({ ...empty, exerciseAnswerCount: 1, hasExercise: false }),
      )?.key,
    ).toBe('answer_unknown_module');
  });

  it('keys only once the work is checked and the deadline is over', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(resolvePupilHomeworkKeys('checked', '2026-11-19T10:00:00Z', now)).toEqual({
      over: true,
      keys: true,
    });
    expect(resolvePupilHomeworkKeys('sent', '2026-11-19T10:00:00Z', now)).toEqual({
      over: true,
      keys: false,
    });
    expect(resolvePupilHomeworkKeys('checked', '2026-11-21T10:00:00Z', now)).toEqual({
      over: false,
      keys: false,
    });
  });
});
