import { DraftSchema } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import type { Attempt, CalendarPlanAnswerRow, CalendarPlanLesson } from '@sabaq/platform';
import { jsonColumn } from '../db/db';
import { presentContent } from './exam-access';
import { byGroupOrder, groupName, presentLesson } from './lessons';
import type { LessonRow } from './lessons';
import { presentPlan } from './calendar-plans';
import type { PlanAccess, PlanRow } from './calendar-plans';
import type { LectureAnswer } from './calendar-plan-queries';

/** Calendar-plan rows → the camelCase contract of `@sabaq/platform` (contracts/teaching). */

export function presentPlanGroups(
  groups: { id: number; parallel: number; letter: string; plans: number }[],
) {
  return [...groups].sort(byGroupOrder).map((group) => ({
    id: group.id,
    name: groupName(group.parallel, group.letter),
    plans: group.plans,
  }));
}

/** The linked drafts a plan lesson screen shows, in the order linked; keys for staff only. */
export function presentDocuments<Kind extends string>(
  shown: readonly { kind: Kind; draftId: string }[],
  documents: readonly { id: string; doc: unknown }[],
  withKeys: boolean,
) {
  return shown.flatMap((content) => {
    const row = documents.find((document) => document.id === content.draftId);
    if (!row) return [];
    const draft = DraftSchema.parse(jsonColumn(row.doc));
    return [{ kind: content.kind, draft: presentContent(draft, withKeys) }];
  });
}

export function presentLectureAnswers(answers: LectureAnswer[]): CalendarPlanAnswerRow[] {
  return answers.map(({ attempt, scheduleId, date, student }) => ({
    answerId: attempt.id,
    scheduleId,
    date,
    student,
    score: attempt.score,
    maxScore: attempt.maxScore,
    percent: attempt.percent,
    pending: attempt.pending,
    finishedAt: attempt.finishedAt,
  }));
}

/** A pupil's answer as its grader sees it: lesson, KTP lesson, the content with keys, the comment. */
export function presentAnswer(answer: {
  lesson: LessonRow;
  found: { plan: PlanRow; lesson: CalendarPlanLesson; access: PlanAccess } | null;
  student: { id: number; fullname: string };
  draft: Draft;
  attempt: Attempt;
  comment: string | null;
}) {
  const { found } = answer;
  return {
    lesson: presentLesson(answer.lesson),
    plan: found ? presentPlan(found.plan, found.access) : null,
    ktpLesson: found?.lesson ?? null,
    student: answer.student,
    // Staff who manage the plan (checked before) read the keys to grade with.
    draft: presentContent(answer.draft, true),
    attempt: answer.attempt,
    comment: answer.comment ?? '',
  };
}
