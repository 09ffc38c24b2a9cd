import type { Draft } from '@sabaq/engine';
import type { Answers, CourseReview, CourseTestInput, Locale, ModuleResult } from '@sabaq/platform';
import { withoutKeys } from '../teaching/exam-access';
import { jsonColumn } from '../db/db';
import { scoreAnswers, scoreContent } from './course-access';
import type { AttemptRow, QuestionRow } from './course-queries';

/**
 * The review of an answered final test (issue 17): which questions were right and, for the
 * others, the right answer and the content's explanation. Pure; what an attempt stores is
 * `StoredReview`, turned into the contract with the test it answered.
 */
export type StoredReview =
  | { source: 'questions'; chosen: Record<string, string> }
  | { source: 'content'; answers: Answers; results: ModuleResult[] };

/** The course's own questions, each with the option chosen and, when wrong, the right one. */
export function reviewQuestions(
  questions: readonly QuestionRow[],
  chosen: Readonly<Record<string, string>>,
  locale: Locale,
): CourseReview['questions'] {
  return questions.map((question) => {
    const option = (id: string | undefined) => {
      const found = question.options.find((o) => o.id === id);
      return found ? { id: found.id, text: found[locale] } : null;
    };
    const right = chosen[question.id] === question.answer;
    return {
      id: question.id,
      text: question[locale],
      chosen: option(chosen[question.id]),
      right,
      answer: right ? null : option(question.answer),
    };
  });
}

/**
 * The builder test with its keys — right options, links, descriptors and the explanation
 * (`hints.solution`) — kept only on the tasks not answered fully right; every other module
 * as a learner sees it before handing in.
 */
export function withKeysWhereWrong(draft: Draft, results: readonly ModuleResult[]): Draft {
  const wrong = new Set(results.filter((r) => r.status !== 'right').map((r) => r.moduleId));
  const stripped = withoutKeys(draft);
  return {
    ...stripped,
    pages: stripped.pages.map((page, p) => ({
      ...page,
      modules: page.modules.map((module, m) =>
        wrong.has(module.id) ? draft.pages[p]!.modules[m]! : module,
      ),
    })),
  };
}

/**
 * A review as the learner may see it. `keysHidden` (issue 28): a builder test whose keys the
 * learner may not have — the exam is in use, or another school's — shows right and wrong
 * without any right answer or explanation.
 */
export function presentReview(
  stored: StoredReview,
  test: { questions: readonly QuestionRow[]; draft: Draft | null },
  locale: Locale,
  keysHidden: CourseReview['keysHidden'] = null,
): CourseReview {
  if (stored.source === 'questions')
    return {
      questions: reviewQuestions(test.questions, stored.chosen, locale),
      results: [],
      answers: {},
      content: null,
      keysHidden: null,
    };
  const content = !test.draft
    ? null
    : keysHidden
      ? withoutKeys(test.draft)
      : withKeysWhereWrong(test.draft, stored.results);
  return {
    questions: [],
    results: stored.results,
    answers: stored.answers,
    content: content as unknown as Record<string, unknown> | null,
    keysHidden: test.draft ? keysHidden : null,
  };
}

/**
 * The review of a stored attempt, if it answered the test the course has now (a test chosen
 * again since would not match the answers kept); null otherwise.
 */
export function attemptReview(
  row: AttemptRow,
  test: { key: string | null; questions: readonly QuestionRow[]; draft: Draft | null },
  locale: Locale,
  keysHidden: CourseReview['keysHidden'] = null,
): CourseReview | null {
  if (row.review === null || row.test_key === null || row.test_key !== test.key) return null;
  return presentReview(jsonColumn<StoredReview>(row.review), test, locale, keysHidden);
}

/** A builder test scored, with what its review keeps. */
export function scoreDraft(draft: Draft, answers: Answers) {
  const { grade, ...score } = scoreContent(draft, answers);
  const review: StoredReview = { source: 'content', answers, results: grade.results };
  return { score, review };
}

/** The course's own questions scored, with the options chosen. */
export function scoreQuestions(
  questions: readonly QuestionRow[],
  answers: CourseTestInput['answers'],
) {
  const score = scoreAnswers(questions, { answers });
  const chosen = Object.fromEntries(answers.map((a) => [a.question, a.option]));
  const review: StoredReview = { source: 'questions', chosen };
  return { score, review };
}
