import { describe, expect, it } from 'vitest';
import type { Attempt, Role } from '@sabaq/platform';
import type { AuthContext } from '../http/context';
import type { TeachingError } from './errors';
import type { LessonRow, Viewer } from './lessons';
import {
  assertContentOnLesson,
  assertExamReader,
  assertExamWindow,
  assertGradable,
  assertStudentOf,
} from './schedule-access';

function viewer(role: Role, userId: number, ledGroups: number[] = []): Viewer {
  const auth: AuthContext = { userId, role, schoolId: 1, sessionId: 's', token: 't' };
  return { auth, groupId: role === 'student' ? 10 : null, ledGroups, subgroups: [] };
}

const lesson = {
  id: 5,
  group_id: 10,
  school_id: 1,
  teacher_id: 20,
  content_draft_id: 'sor-1',
  content_version: 3,
  content_type: 'sor',
} as LessonRow;

function refusal(run: () => unknown): { status: number; key: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    const { status, teachingKey } = err as TeachingError;
    return { status, key: teachingKey };
  }
}

describe('schedule row rules (no database)', () => {
  it('a pupil opens only their own work (404 otherwise); staff only on a lesson they run (403)', () => {
    expect(refusal(() => assertExamReader(viewer('student', 30), lesson, 30))).toBeNull();
    expect(refusal(() => assertExamReader(viewer('student', 30), lesson, 31))).toEqual({
      status: 404,
      key: 'student_not_in_group',
    });
    expect(refusal(() => assertExamReader(viewer('teacher', 20), lesson, 30))).toBeNull();
    expect(refusal(() => assertExamReader(viewer('teacher', 21, [10]), lesson, 30))).toBeNull();
    expect(refusal(() => assertExamReader(viewer('teacher', 21), lesson, 30))).toEqual({
      status: 403,
      key: 'not_your_lesson',
    });
  });

  it('the pupil must be one of the lesson’s group', () => {
    const students = [{ id: 30, fullname: 'A' }];
    expect(assertStudentOf(students, 30)).toBe(students[0]);
    expect(refusal(() => assertStudentOf(students, 31))).toEqual({
      status: 404,
      key: 'student_not_in_group',
    });
  });

  it('the content named must be the lesson’s, of that type, frozen', () => {
    expect(assertContentOnLesson(lesson, 'sor', 'sor-1')).toEqual({ draftId: 'sor-1', version: 3 });
    for (const [type, id] of [
      ['soch', 'sor-1'],
      ['sor', 'sor-2'],
    ] as const)
      expect(refusal(() => assertContentOnLesson(lesson, type, id))).toEqual({
        status: 404,
        key: 'exam_not_on_lesson',
      });
    const unfrozen = { ...lesson, content_version: null };
    expect(refusal(() => assertContentOnLesson(unfrozen, 'sor', 'sor-1'))?.status).toBe(404);
  });

  it('the exam window: both ends or neither, the end after the start', () => {
    expect(refusal(() => assertExamWindow(null, null))).toBeNull();
    const opens = '2026-11-18T04:40:00Z';
    const closes = '2026-11-18T05:20:00Z';
    expect(refusal(() => assertExamWindow(opens, closes))).toBeNull();
    expect(refusal(() => assertExamWindow(opens, null))).toEqual({
      status: 422,
      key: 'exam_window_incomplete',
    });
    expect(refusal(() => assertExamWindow(closes, opens))).toEqual({
      status: 422,
      key: 'exam_window_order',
    });
  });

  it('only an open answer is graded by the teacher, up to its maximum', () => {
    const attempt = {
      results: [
        { moduleId: 'open', kind: 'open', max: 4 },
        { moduleId: 'choice', kind: 'choice', max: 1 },
      ],
    } as unknown as Attempt;
    expect(refusal(() => assertGradable(attempt, 'open', 4))).toBeNull();
    expect(refusal(() => assertGradable(attempt, 'open', 5))).toEqual({
      status: 422,
      key: 'points_over_max',
    });
    expect(refusal(() => assertGradable(attempt, 'choice', 1))).toEqual({
      status: 422,
      key: 'module_not_gradable',
    });
    expect(refusal(() => assertGradable(attempt, 'missing', 1))).toEqual({
      status: 422,
      key: 'answer_unknown_module',
    });
  });
});
