import type {
  GroupStatisticView,
  GroupsStatisticView,
  Locale,
  MonitoringLevel,
  QuestionnaireGroupType,
} from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { listChildNodes, tallyAnswers, tallyGroups } from './monitoring-queries';
import type { MonitoringNode } from './monitoring-scope';
import { scoreOf } from './monitoring-present';
import type { GroupRow, QuestionRow } from './questionnaire-queries';
import { listGroups, listQuestions } from './questionnaire-queries';
import { percentOf } from './questionnaire-scoring';

/** The figures of groups of questions, from the tallies of monitoring-queries.ts. */

export async function groupsStatistic(
  q: Queryable,
  node: MonitoringNode,
  groupType: QuestionnaireGroupType,
  questionnaire: { id: number; title: string } | undefined,
  periodId: number,
  locale: Locale,
): Promise<GroupsStatisticView> {
  const base = { level: node.level as MonitoringLevel, groupType };
  if (!questionnaire) return { ...base, questionnaire: null, groups: [], rows: [] };
  const [groups, tally, children] = await Promise.all([
    listGroups(q, questionnaire.id, locale),
    tallyGroups(q, node, groupType, questionnaire.id, periodId),
    listChildNodes(q, node, groupType, locale),
  ]);
  const cell = (key: number | null, groupId: number | null) => {
    const row = tally.find((t) => t.key === key && t.group_id === groupId);
    return row ? scoreOf(row.points, row.max_points) : null;
  };
  return {
    ...base,
    questionnaire: { id: questionnaire.id, name: questionnaire.title },
    groups: groups.map((group) => ({
      id: group.id,
      name: group.title,
      score: cell(null, group.id),
    })),
    rows: children.map((child) => ({
      id: child.id,
      name: child.name,
      scores: groups.map((group) => cell(child.id, group.id)),
      score: cell(child.id, null),
    })),
  };
}

export async function groupStatistic(
  q: Queryable,
  node: MonitoringNode,
  group: GroupRow,
  periodId: number,
  locale: Locale,
): Promise<GroupStatisticView> {
  const questions = (await listQuestions(q, group.questionnaire_id, locale)).filter(
    (question) => question.groupId === group.id,
  );
  const [answers, groupTally] = await Promise.all([
    tallyAnswers(
      q,
      node,
      group.group_type,
      group.questionnaire_id,
      periodId,
      questions.map((question) => question.id),
    ),
    tallyGroups(q, node, group.group_type, group.questionnaire_id, periodId),
  ]);
  const whole = groupTally.find((t) => t.key === null && t.group_id === group.id);
  return {
    group: { id: group.id, name: group.title },
    questionnaire: { id: group.questionnaire_id, name: group.questionnaire_title },
    responses: whole?.responses ?? 0,
    score: whole ? scoreOf(whole.points, whole.max_points) : null,
    questions: questions.map((question) => presentQuestion(question, answers)),
  };
}

function presentQuestion(
  question: QuestionRow,
  answers: Awaited<ReturnType<typeof tallyAnswers>>,
): GroupStatisticView['questions'][number] {
  const own = answers.filter((row) => row.question_id === question.id);
  const summary = own.find((row) => row.choice === null);
  const answered = summary?.answered ?? 0;
  const mean = summary?.mean === null || summary?.mean === undefined ? null : Number(summary.mean);
  const counts = new Map(
    own.filter((row) => row.choice !== null).map((row) => [row.choice, row.answered]),
  );
  const options = question.labels.map((label) => ({ ...label, count: counts.get(label.id) ?? 0 }));
  return {
    id: question.id,
    kind: question.kind,
    text: question.text,
    answered,
    options: question.kind === 'single' || question.kind === 'multi' ? options : [],
    mean: mean === null ? null : Math.round(mean * 10) / 10,
    score: questionScore(question, answered, mean, counts),
  };
}

/** A question's points of its maximum over the answers given, %. */
function questionScore(
  question: QuestionRow,
  answered: number,
  mean: number | null,
  counts: ReadonlyMap<string | null, number>,
): number | null {
  if (answered === 0) return null;
  if (question.kind === 'scale' && mean !== null) {
    const top = question.max ?? 5;
    return percentOf(mean - 1, top - 1);
  }
  if (question.kind !== 'single' && question.kind !== 'multi') return null;
  const points = question.options.reduce((sum, o) => sum + o.points * (counts.get(o.id) ?? 0), 0);
  const best =
    question.kind === 'single'
      ? Math.max(0, ...question.options.map((o) => o.points))
      : question.options.reduce((sum, o) => sum + Math.max(0, o.points), 0);
  return percentOf(points, best * answered);
}
