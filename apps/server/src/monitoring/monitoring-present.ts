import type {
  QuestionnaireAnswer,
  CompletionFigures,
  QuestionnaireListItem,
  QuestionnairePeriod,
} from '@sabaq/platform';
import type { PeriodRow, QuestionRow, ResponseRow } from './questionnaire-queries';
import type { TallyRow } from './monitoring-queries';
import { isAnswered, percentOf } from './questionnaire-scoring';

/** Rows → the camelCase contract of monitoring. */

export function presentPeriod(row: PeriodRow): QuestionnairePeriod {
  return {
    id: row.id,
    name: row.name,
    schoolYear: row.school_year,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    isCurrent: row.is_current,
  };
}

export function statusOf(response: Pick<ResponseRow, 'submitted_at'> | undefined | null) {
  if (!response) return 'new' as const;
  return response.submitted_at ? ('submitted' as const) : ('draft' as const);
}

export function scoreOf(points: string | null, max: string | null): number | null {
  return points === null || max === null ? null : percentOf(Number(points), Number(max));
}

export function countAnswered(questions: readonly QuestionRow[], response?: ResponseRow): number {
  return questions.filter((q) => isAnswered(response?.answers[String(q.id)])).length;
}

export function presentListItem(
  questionnaire: { id: number; title: string; group_type: QuestionnaireListItem['groupType'] },
  questions: readonly QuestionRow[],
  response: ResponseRow | undefined,
): QuestionnaireListItem {
  return {
    id: questionnaire.id,
    name: questionnaire.title,
    groupType: questionnaire.group_type,
    status: statusOf(response),
    answered: countAnswered(questions, response),
    questions: questions.length,
    submittedAt: response?.submitted_at?.toISOString() ?? null,
    score: response?.submitted_at ? scoreOf(response.points, response.max_points) : null,
  };
}

/** The saved answers in form order. */
export function presentAnswers(
  questions: readonly QuestionRow[],
  response?: ResponseRow,
): QuestionnaireAnswer[] {
  if (!response) return [];
  return questions.flatMap((q) => {
    const value = response.answers[String(q.id)];
    return value === undefined ? [] : [{ questionId: q.id, value }];
  });
}

export function presentFigures(row: TallyRow | undefined): CompletionFigures {
  const expected = row?.expected ?? 0;
  const submitted = row?.submitted ?? 0;
  return {
    expected,
    submitted,
    drafts: row?.drafts ?? 0,
    completion: percentOf(submitted, expected),
    score: scoreOf(row?.points ?? null, row?.max_points ?? null),
  };
}
