import { describe, expect, it } from 'vitest';
import { demoSor } from './demo-content';
import {
  assertSubmissionOpen,
  lessonWindow,
  presentAttemptAs,
  presentContent,
  pupilResultsShown,
  pupilResultsShownIn,
  pupilSeesKeys,
  windowState,
  withoutKeys,
} from './exam-access';
import { TeachingError } from './errors';

/** A 7th-grade lesson: first shift, lesson 3 (09:40–10:20 Kazakhstan time). */
const lesson = {
  lesson_date: '2026-11-18',
  shift: 1,
  lesson_no: 3,
  exam_opens_at: null,
  exam_closes_at: null,
  exam_keys_shown: false,
};

describe('exam window and keys (issue 12)', () => {
  it("defaults to the lesson's bell times in Kazakhstan time (UTC+5)", () => {
    const w = lessonWindow(lesson);
    expect(w.opensAt.toISOString()).toBe('2026-11-18T04:40:00.000Z');
    expect(w.closesAt.toISOString()).toBe('2026-11-18T05:20:00.000Z');
    expect(w.custom).toBe(false);
    expect(windowState(w, new Date('2026-11-15T10:00:00Z'))).toBe('before');
    expect(windowState(w, new Date('2026-11-18T05:00:00Z'))).toBe('open');
    expect(windowState(w, new Date('2026-11-18T05:20:00Z'))).toBe('closed');
  });

  it("takes the teacher's window when set", () => {
    const w = lessonWindow({
      ...lesson,
      exam_opens_at: '2026-11-16T00:00:00Z',
      exam_closes_at: '2026-11-20T00:00:00Z',
    });
    expect(w.custom).toBe(true);
    expect(windowState(w, new Date('2026-11-19T12:00:00Z'))).toBe('open');
  });

  it('refuses SOR/SOCh answers before and after the window with the time in the message', () => {
    const w = lessonWindow(lesson);
    const early = () => assertSubmissionOpen('sor', w, new Date('2026-11-15T10:00:00Z'));
    expect(early).toThrow(TeachingError);
    try {
      early();
    } catch (e) {
      expect((e as TeachingError).status).toBe(422);
      expect((e as TeachingError).toBody('ru').message).toBe(
        'Работа ещё не открыта: ответы принимаются с 18.11.2026 09:40',
      );
      expect((e as TeachingError).toBody('kz').message).toContain('18.11.2026 09:40');
    }
    expect(() => assertSubmissionOpen('soch', w, new Date('2026-11-18T06:00:00Z'))).toThrow(
      /exam_closed|validation_failed/,
    );
    expect(() => assertSubmissionOpen('sor', w, new Date('2026-11-18T05:00:00Z'))).not.toThrow();
    // Lessons and lectures are answered any time.
    expect(() =>
      assertSubmissionOpen('lecture', w, new Date('2026-11-25T00:00:00Z')),
    ).not.toThrow();
  });

  it('shows pupils the keys only after the window and only when the teacher chose to', () => {
    const hidden = lessonWindow(lesson);
    const shown = lessonWindow({ ...lesson, exam_keys_shown: true });
    const during = new Date('2026-11-18T05:00:00Z');
    const after = new Date('2026-11-18T06:00:00Z');
    expect(pupilSeesKeys(hidden, after)).toBe(false);
    expect(pupilSeesKeys(shown, during)).toBe(false);
    expect(pupilSeesKeys(shown, after)).toBe(true);
  });

  it('removes right answers, descriptor rows and solutions', () => {
    const draft = demoSor();
    const text = JSON.stringify(withoutKeys(draft));
    expect(text).not.toContain('"right":true');
    expect(text).not.toContain('"rightId":"');
    expect(text).not.toContain('"mark":');
    expect(text).not.toContain('x = 9 (см)');
    const ms = withoutKeys(draft).pages[0]!.modules;
    expect(
      ms.every(
        (m) =>
          m.options === null || m.options.kind !== 'connection' || m.options.links.length === 0,
      ),
    ).toBe(true);
    expect(
      ms.every((m) => m.hints.solution === null && m.descriptor.descriptorList.length === 0),
    ).toBe(true);
    // The demo SOR really has every kind of key, so the checks above mean something.
    expect(JSON.stringify(draft)).toContain('x = 9 (см)');
    expect(JSON.stringify(draft)).toContain('"mark":');
    expect(presentContent(draft, true)).toBe(draft);
  });

  it("a pupil's exam result: handed in during the window, total after, per task with the keys", () => {
    const during = new Date('2026-11-18T05:00:00Z');
    const after = new Date('2026-11-18T06:00:00Z');
    const shown = lessonWindow({ ...lesson, exam_keys_shown: true });
    expect(pupilResultsShownIn('sor', shown, during)).toBe('handedIn');
    expect(pupilResultsShownIn('soch', lessonWindow(lesson), after)).toBe('total');
    expect(pupilResultsShownIn('sor', shown, after)).toBe('full');
    // Lessons and lectures are practice: their results show on hand-in.
    expect(pupilResultsShown('lecture', false, false)).toBe('full');
    expect(pupilResultsShown('lesson', false, false)).toBe('full');
    const attempt = {
      id: 1,
      userId: 2,
      draftId: 'd',
      version: 3,
      answers: { m1: { kind: 'select' as const, optionId: 'a' } },
      results: [
        {
          moduleId: 'm1',
          number: 1,
          title: 'T',
          kind: 'select' as const,
          points: 1,
          max: 1,
          status: 'right' as const,
        },
      ],
      score: 1,
      maxScore: 1,
      percent: 100,
      pending: false,
      finishedAt: '2026-11-18T04:50:00Z',
    };
    expect(presentAttemptAs(attempt, 'handedIn')).toEqual({
      ...attempt,
      results: null,
      score: null,
      percent: null,
      pending: null,
      shown: 'handedIn',
    });
    expect(presentAttemptAs(attempt, 'total')).toMatchObject({ results: null, score: 1 });
    expect(presentAttemptAs(attempt, 'full').results).toEqual(attempt.results);
  });
});
