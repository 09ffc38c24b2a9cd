import type { AnswerValue, QuestionKind } from '@sabaq/platform';

/**
 * The rules of answers without a database: which value a question takes, when a questionnaire
 * is complete, and how many points it scores. Single choice scores its option's points; multiple
 * choice the sum of the chosen; a scale of 1…max scores value − 1 of max − 1; numbers and texts
 * are asked, not scored.
 */
export interface ScoredQuestion {
  id: number;
  groupId: number;
  kind: QuestionKind;
  required: boolean;
  options: readonly { id: string; points: number }[];
  max: number | null;
}

export type Answers = Readonly<Record<string, Exclude<AnswerValue, null>>>;

/** Why a value does not fit its question (a key of the monitoring texts), or null. */
export function answerProblem(
  question: ScoredQuestion,
  value: Exclude<AnswerValue, null>,
): 'answer_option' | 'answer_range' | 'answer_kind' | null {
  const ids = new Set(question.options.map((option) => option.id));
  switch (question.kind) {
    case 'single':
      if (typeof value !== 'string') return 'answer_kind';
      return ids.has(value) ? null : 'answer_option';
    case 'multi':
      if (!Array.isArray(value)) return 'answer_kind';
      if (new Set(value).size !== value.length) return 'answer_option';
      return value.every((id) => ids.has(id)) ? null : 'answer_option';
    case 'scale':
      if (typeof value !== 'number') return 'answer_kind';
      return value >= 1 && value <= (question.max ?? 5) ? null : 'answer_range';
    case 'number':
      if (typeof value !== 'number') return 'answer_kind';
      return value >= 0 && value <= (question.max ?? 1_000_000) ? null : 'answer_range';
    case 'text':
      return typeof value === 'string' ? null : 'answer_kind';
  }
}

/** Whether a saved value counts as an answer (an empty text or selection does not). */
export function isAnswered(value: Exclude<AnswerValue, null> | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Required questions without an answer, in form order. */
export function missingRequired(questions: readonly ScoredQuestion[], answers: Answers): number[] {
  return questions.filter((q) => q.required && !isAnswered(answers[String(q.id)])).map((q) => q.id);
}

/** A question's points and maximum for a value (0 of 0 for questions that are not scored). */
export function scoreQuestion(
  question: ScoredQuestion,
  value: Exclude<AnswerValue, null> | undefined,
): { points: number; max: number } {
  const points = new Map(question.options.map((option) => [option.id, option.points]));
  switch (question.kind) {
    case 'single': {
      const max = Math.max(0, ...points.values());
      return { points: typeof value === 'string' ? (points.get(value) ?? 0) : 0, max };
    }
    case 'multi': {
      const max = [...points.values()].reduce((sum, p) => sum + Math.max(0, p), 0);
      const chosen = Array.isArray(value) ? value : [];
      return { points: chosen.reduce((sum, id) => sum + (points.get(id) ?? 0), 0), max };
    }
    case 'scale': {
      const top = question.max ?? 5;
      return { points: typeof value === 'number' ? value - 1 : 0, max: top - 1 };
    }
    default:
      return { points: 0, max: 0 };
  }
}

/** Points and maxima per group of questions and in all. */
export function scoreResponse(
  questions: readonly ScoredQuestion[],
  answers: Answers,
): { groups: { groupId: number; points: number; max: number }[]; points: number; max: number } {
  const groups = new Map<number, { groupId: number; points: number; max: number }>();
  for (const question of questions) {
    const score = scoreQuestion(question, answers[String(question.id)]);
    const group = groups.get(question.groupId) ?? { groupId: question.groupId, points: 0, max: 0 };
    group.points += score.points;
    group.max += score.max;
    groups.set(question.groupId, group);
  }
  const all = [...groups.values()];
  return {
    groups: all,
    points: all.reduce((sum, g) => sum + g.points, 0),
    max: all.reduce((sum, g) => sum + g.max, 0),
  };
}

/** Points of a maximum as a percentage with one decimal; null when nothing is scored. */
export function percentOf(points: number, max: number): number | null {
  return max > 0 ? Math.round((points / max) * 1000) / 10 : null;
}
