import type { AnswersStore, Locale } from '@sabaq/platform';
import type { Db } from '../db/db';
import { groupTypeOf } from './monitoring-scope';
import { MonitoringError, type MonitoringMessageKey } from './monitoring-texts';
import { countAnswered, scoreOf } from './monitoring-present';
import {
  listQuestions,
  loadPeriod,
  loadQuestionnaire,
  loadRespondent,
  lockResponse,
  writeAnswers,
  writeSubmission,
} from './questionnaire-queries';
import {
  answerProblem,
  missingRequired,
  scoreResponse,
  type Answers,
} from './questionnaire-scoring';

// Texts of questions are not needed to store answers; any language reads the same rows.
const LOCALE: Locale = 'kz';

/**
 * Saves a respondent's answers (merged into those saved; null clears one) and, when asked,
 * submits them. The answers are saved even when the submission is refused for unanswered
 * required questions: the 422 names them and nothing typed is lost. A submitted response and a
 * period that is over take no change (409).
 */
export async function storeAnswers(db: Db, userId: number, input: AnswersStore, today: string) {
  const [respondent, period, questionnaire] = await Promise.all([
    loadRespondent(db, userId, LOCALE),
    loadPeriod(db, input.periodId, today, LOCALE),
    loadQuestionnaire(db, { id: input.questionnaireId }, LOCALE),
  ]);
  if (!period) throw new MonitoringError(404, 'period_not_found');
  const groupType = respondent ? groupTypeOf(respondent.role, respondent.school_kind) : null;
  if (!respondent || !questionnaire || questionnaire.group_type !== groupType)
    throw new MonitoringError(404, 'questionnaire_not_found');
  if (!period.is_current) throw new MonitoringError(409, 'period_closed');
  const questions = await listQuestions(db, questionnaire.id, LOCALE);
  const byId = new Map(questions.map((q) => [q.id, q]));

  const problems: Record<string, MonitoringMessageKey> = {};
  for (const { questionId, value } of input.answers) {
    const question = byId.get(questionId);
    if (!question) problems[`answers.${questionId}`] = 'answer_unknown';
    else if (value !== null) {
      const problem = answerProblem(question, value);
      if (problem) problems[`answers.${questionId}`] = problem;
    }
  }
  if (Object.keys(problems).length > 0) throw new MonitoringError(422, 'answers_invalid', problems);

  const outcome = await db.transaction(async (tx) => {
    const response = await lockResponse(tx, {
      questionnaireId: questionnaire.id,
      periodId: period.id,
      userId,
      schoolId: respondent.school_id!,
    });
    if (response.submitted_at) throw new MonitoringError(409, 'already_submitted');
    const answers: Record<string, Answers[string]> = { ...response.answers };
    for (const { questionId, value } of input.answers) {
      if (value === null) delete answers[String(questionId)];
      else answers[String(questionId)] = value;
    }
    const saved = await writeAnswers(tx, response.id, answers);
    const merged = { ...response, answers, updated_at: saved.updated_at };
    const missing = input.submit ? missingRequired(questions, answers) : [];
    if (!input.submit || missing.length > 0) return { response: merged, missing, score: null };
    const score = scoreResponse(questions, answers);
    const { submitted_at } = await writeSubmission(tx, response.id, score);
    return {
      response: {
        ...merged,
        submitted_at,
        points: String(score.points),
        max_points: String(score.max),
      },
      missing,
      score,
    };
  });
  if (outcome.missing.length > 0)
    throw new MonitoringError(
      422,
      'incomplete',
      Object.fromEntries(outcome.missing.map((id) => [`answers.${id}`, 'answer_required'])),
      { count: outcome.missing.length },
    );
  const { response } = outcome;
  return {
    status: response.submitted_at ? ('submitted' as const) : ('draft' as const),
    answered: countAnswered(questions, response),
    questions: questions.length,
    savedAt: response.updated_at.toISOString(),
    submittedAt: response.submitted_at?.toISOString() ?? null,
    score: response.submitted_at ? scoreOf(response.points, response.max_points) : null,
  };
}
