import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../http/context';
import { assertMayDelete, assertParticipant, messageText } from './lesson-chat-access';
import { LessonChatError } from './lesson-chat-errors';

const auth = (userId: number, role: AuthContext['role']): AuthContext => ({
  userId,
  role,
  schoolId: 1,
  sessionId: 's',
  token: '',
});
const lesson = { teacher_id: 5, teacher_name: 'Сейітова Айгүл' };
const students = [
  { id: 9, fullname: 'Әлиев Арман' },
  { id: 10, fullname: 'Бекова Дана' },
];

/** Status and field of what `fn` throws. */
function refusal(fn: () => unknown): { status: number; field?: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof LessonChatError) return { status: err.status, field: err.field };
    throw err;
  }
  throw new Error('nothing thrown');
}

describe('lesson chat row rules', () => {
  it("the lesson's teacher and its pupils take part; whoever else reads the lesson does not", () => {
    expect(assertParticipant(auth(5, 'teacher'), lesson, [])).toEqual({
      userId: 5,
      fullname: 'Сейітова Айгүл',
      teacher: true,
    });
    expect(assertParticipant(auth(10, 'student'), lesson, students)).toEqual({
      userId: 10,
      fullname: 'Бекова Дана',
      teacher: false,
    });
    // A pupil of the class outside the lesson's subgroup, a director, another teacher.
    expect(refusal(() => assertParticipant(auth(11, 'student'), lesson, students))).toEqual({
      status: 403,
      field: undefined,
    });
    expect(refusal(() => assertParticipant(auth(1, 'director'), lesson, students)).status).toBe(
      403,
    );
    // A staff member whose id is a pupil's (ids are one sequence, but be strict): not a pupil.
    expect(refusal(() => assertParticipant(auth(9, 'teacher'), lesson, students)).status).toBe(403);
    expect(
      refusal(() => assertParticipant(auth(5, 'teacher'), { ...lesson, teacher_id: null }, []))
        .status,
    ).toBe(403);
  });

  it('texts are trimmed and 1–2000 characters, refused at `text`', () => {
    expect(messageText('  Сәлем\n')).toBe('Сәлем');
    expect(messageText('ә'.repeat(2000))).toHaveLength(2000);
    expect(refusal(() => messageText(' \n\t '))).toEqual({ status: 422, field: 'text' });
    expect(refusal(() => messageText('ә'.repeat(2001)))).toEqual({ status: 422, field: 'text' });
  });

  it('only the teacher deletes', () => {
    expect(() => assertMayDelete({ userId: 5, fullname: '', teacher: true })).not.toThrow();
    expect(refusal(() => assertMayDelete({ userId: 9, fullname: '', teacher: false })).status).toBe(
      403,
    );
  });
});
