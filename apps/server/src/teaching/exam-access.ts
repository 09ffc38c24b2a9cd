import { ASSESSMENT_TYPES } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import type { Attempt, ExamAttempt, ExamWindow, ResultsShown } from '@sabaq/platform';
import { TeachingError } from './errors';
import type { LessonRow } from './lessons';
import { lessonBell } from './lessons';
import { DEFAULT_GRACE_MINUTES, graceMs } from './sitting-rules';

/**
 * Who may see the keys of builder content, and when work may be handed in (issue 12).
 *
 * - **Keys** are the right answers (select's right option, choice's right flags, connection's
 *   links), the descriptor rows (what each mark is given for) and `hints.solution`. Every route
 *   that sends content to a pupil passes it through `presentContent(draft, keys)`; `keys` is
 *   true for pupils only when `pupilSeesKeys` says so (the class's window is over and the
 *   teacher chose to show them), never because this pupil handed in.
 * - **The window** of a lesson's work is the lesson's bell times on its date in Kazakhstan time
 *   (UTC+5), unless the teacher set another (`lessons.exam_opens_at/exam_closes_at`). SOR/SOCh
 *   answers are accepted only inside it (`assertSubmissionOpen`).
 * - **Results** of a SOR/SOCh tell the keys too (a task marked right is its key), and a score
 *   compared across pupils narrows them down: a pupil sees only that the work was handed in
 *   (and when) until the window is over for the class, then the total, and the points per task
 *   only when the teacher shows the keys (`pupilResultsShown`, `presentAttemptAs`).
 */

/** Kazakhstan time (the whole country is on UTC+5 since 2024). */
export const SCHOOL_OFFSET = '+05:00';

export interface LessonWindow {
  opensAt: Date;
  closesAt: Date;
  custom: boolean;
  showKeys: boolean;
  /** The teacher's grace after a pupil's deadline, minutes (issue 31). */
  graceMinutes: number;
}

type WindowLesson = Pick<
  LessonRow,
  | 'lesson_date'
  | 'shift'
  | 'lesson_no'
  | 'exam_opens_at'
  | 'exam_closes_at'
  | 'exam_keys_shown'
  | 'exam_grace_minutes'
  | 'bell_starts_at'
  | 'bell_ends_at'
>;

/** The lesson's window: the teacher's, else the lesson's bell times on its date. */
export function lessonWindow(lesson: WindowLesson): LessonWindow {
  if (lesson.exam_opens_at && lesson.exam_closes_at)
    return {
      opensAt: new Date(lesson.exam_opens_at),
      closesAt: new Date(lesson.exam_closes_at),
      custom: true,
      showKeys: lesson.exam_keys_shown,
      graceMinutes: lesson.exam_grace_minutes ?? DEFAULT_GRACE_MINUTES,
    };
  const b = lessonBell(lesson);
  return {
    opensAt: new Date(`${lesson.lesson_date}T${b.startsAt}:00${SCHOOL_OFFSET}`),
    closesAt: new Date(`${lesson.lesson_date}T${b.endsAt}:00${SCHOOL_OFFSET}`),
    custom: false,
    showKeys: lesson.exam_keys_shown,
    graceMinutes: lesson.exam_grace_minutes ?? DEFAULT_GRACE_MINUTES,
  };
}

export function windowState(w: LessonWindow, now: Date): ExamWindow['state'] {
  if (now < w.opensAt) return 'before';
  if (now >= w.closesAt) return 'closed';
  return 'open';
}

export function presentWindow(w: LessonWindow, now: Date): ExamWindow {
  return {
    opensAt: w.opensAt.toISOString(),
    closesAt: w.closesAt.toISOString(),
    custom: w.custom,
    state: windowState(w, now),
    showKeys: w.showKeys,
    graceMinutes: w.graceMinutes,
  };
}

/**
 * Whether the work is over for the whole class: the window closed and the teacher's grace after
 * it passed too (issue 31: a pupil whose link dropped may still hand in until then, so nothing
 * that tells the keys reaches anyone before).
 */
export function overForClass(w: LessonWindow, now: Date): boolean {
  return now.getTime() > w.closesAt.getTime() + graceMs(w.graceMinutes);
}

/**
 * Whether a pupil of the lesson may see the keys: the window and its grace are over and the
 * teacher shows them.
 */
export function pupilSeesKeys(w: LessonWindow, now: Date): boolean {
  return w.showKeys && overForClass(w, now);
}

/** `DD.MM.YYYY HH:MM` in Kazakhstan time, for messages. */
export function schoolTime(at: Date): string {
  const local = new Date(at.getTime() + 5 * 3_600_000).toISOString();
  return `${local.slice(8, 10)}.${local.slice(5, 7)}.${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

/**
 * SOR/SOCh answers are accepted only inside the window: before it 422 «not open yet (from …)»,
 * after it 422 «time is over (at …)». Other content (lessons, lectures) is answered any time.
 */
export function assertSubmissionOpen(type: string, w: LessonWindow, now: Date): void {
  if (!ASSESSMENT_TYPES.has(type as Draft['type'])) return;
  const state = windowState(w, now);
  if (state === 'before')
    throw new TeachingError(422, 'exam_not_open', undefined, { from: schoolTime(w.opensAt) });
  if (state === 'closed')
    throw new TeachingError(422, 'exam_closed', undefined, { to: schoolTime(w.closesAt) });
}

/** The draft without its keys: right answers, descriptor rows and solutions removed. */
export function withoutKeys(draft: Draft): Draft {
  return {
    ...draft,
    pages: draft.pages.map((p) => ({
      ...p,
      modules: p.modules.map((m) => {
        const o = m.options;
        const options =
          o === null
            ? null
            : o.kind === 'select'
              ? { ...o, rightId: null }
              : o.kind === 'choice'
                ? { ...o, items: o.items.map((i) => ({ ...i, right: false })) }
                : { ...o, links: [] };
        return {
          ...m,
          options,
          hints: { solution: null },
          descriptor: { criterion: m.descriptor.criterion, descriptorList: [] },
        };
      }),
    })),
  };
}

/**
 * The one presenter of builder content for the API: the whole draft when the audience may see
 * the keys (staff of the content's school; pupils per `pupilSeesKeys`), else `withoutKeys`.
 */
export function presentContent(draft: Draft, keys: boolean): Record<string, unknown> {
  return (keys ? draft : withoutKeys(draft)) as unknown as Record<string, unknown>;
}

/**
 * How much of their own result a pupil sees. Work that is not an exam (lessons, lectures) shows
 * everything on hand-in; a SOR/SOCh: `handedIn` while the class may still take it, `total` once
 * it is over, `full` when it is over and the teacher shows the keys. Staff always see `full`.
 */
export function pupilResultsShown(type: string, closed: boolean, showKeys: boolean): ResultsShown {
  if (!ASSESSMENT_TYPES.has(type as Draft['type'])) return 'full';
  if (!closed) return 'handedIn';
  return showKeys ? 'full' : 'total';
}

/** `pupilResultsShown` for a lesson's window at `now`. */
export function pupilResultsShownIn(type: string, w: LessonWindow, now: Date): ResultsShown {
  return pupilResultsShown(type, overForClass(w, now), w.showKeys);
}

/**
 * The one presenter of an attempt for the exam routes: what `shown` hides is null (no per-task
 * results, no points, no percentage, not even whether an open answer waits for the teacher).
 * The pupil's own answers and the hand-in time stay.
 */
export function presentAttemptAs(attempt: Attempt, shown: ResultsShown): ExamAttempt {
  if (shown === 'full') return { ...attempt, shown };
  // The total: an override's points and comment, not the computed score beside them.
  const override = attempt.override
    ? { ...attempt.override, computedScore: null }
    : attempt.override;
  if (shown === 'total') return { ...attempt, results: null, override, shown };
  return {
    ...attempt,
    results: null,
    score: null,
    percent: null,
    pending: null,
    // Even that the teacher changed the points tells something: nothing of it yet.
    override: attempt.override ? null : attempt.override,
    shown,
  };
}
