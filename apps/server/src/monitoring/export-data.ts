import {
  CompletionGroupRequestSchema,
  MONITORING_EXPORT_PAGES_MAX,
  MonitoringScopeSchema,
} from '@sabaq/platform';
import type {
  CompletionGroupView,
  CompletionView,
  GroupStatisticView,
  GroupsStatisticView,
  Locale,
  MonitoringExport,
  QuestionnaireGroupType,
  QuestionnairePeriod,
} from '@sabaq/platform';
import type { z } from 'zod';
import type { Queryable } from '../db/db';
import { groupStatistic, groupsStatistic } from './monitoring-figures';
import {
  buildCompletion,
  buildOrganizationCompletion,
  listTrail,
  requirePeriod,
  resolveFollowerNode,
  resolveOrganizationNode,
  type Follower,
} from './monitoring-node';
import { presentPeriod } from './monitoring-present';
import { listChildNodes, type ChildNodeRow } from './monitoring-queries';
import type { MonitoringNode } from './monitoring-scope';
import { ExportError } from './export-texts';
import { listGroups, loadGroup, loadQuestionnaire } from './questionnaire-queries';

/**
 * What each export holds, gathered with the very functions the monitoring calls answer with
 * (monitoring-node.ts, monitoring-figures.ts): a node's completion and groups of questions
 * (`questionnaire.completion`, `monitoring.groupsStatistic`), an organization's respondents and
 * answers (`questionnaire.completionGroup`, `monitoring.organizationGroup`).
 */

export type NodeAsked = z.infer<typeof MonitoringScopeSchema>;
export type SchoolAsked = z.infer<typeof CompletionGroupRequestSchema>;
export type Progress = (stage: string, done: number, total: number) => Promise<void>;

export interface NodeExportData {
  kind: 'node';
  name: string;
  completion: CompletionView;
  groups: GroupsStatisticView;
}

export interface SchoolExportData {
  kind: 'school';
  view: CompletionGroupView;
  /** Per questionnaire of the organization's respondents, its groups of questions. */
  answers: { questionnaire: { id: number; name: string }; groups: GroupStatisticView[] }[];
}

export interface PagesExportData {
  kind: 'pages';
  name: string;
  period: QuestionnairePeriod;
  pages: CompletionGroupView[];
}

export type ExportData = NodeExportData | SchoolExportData | PagesExportData;

const TYPE_ORDER: readonly QuestionnaireGroupType[] = ['teacher', 'garden', 'director'];

/** The request body of an export, checked against its contract (a job's payload too). */
export function parseAsked(kind: MonitoringExport, body: unknown): NodeAsked | SchoolAsked {
  return kind.startsWith('school')
    ? CompletionGroupRequestSchema.parse(body)
    : MonitoringScopeSchema.parse(body);
}

/**
 * Every organization of a node (the schools and kindergartens below a region or the country
 * too): the department level's child query lists the organizations of whatever scope it is given.
 */
function listOrganizations(
  q: Queryable,
  node: MonitoringNode,
  groupType: QuestionnaireGroupType | undefined,
  locale: Locale,
): Promise<ChildNodeRow[]> {
  return listChildNodes(q, { ...node, level: 'department' }, groupType ?? null, locale);
}

/**
 * The refusals an export can meet, before it is queued: a node or an organization beside the
 * caller's (404), a period that is not (404), too many organizations for one workbook (422).
 */
export async function checkExport(
  q: Queryable,
  kind: MonitoringExport,
  auth: Follower,
  body: NodeAsked | SchoolAsked,
  today: string,
  locale: Locale,
): Promise<void> {
  if (kind === 'school-xlsx' || kind === 'school-pdf') {
    await resolveOrganizationNode(q, auth, (body as SchoolAsked).schoolId);
    await requirePeriod(q, body.periodId, today, locale);
    return;
  }
  const asked = body as NodeAsked;
  const { node } = await resolveFollowerNode(q, auth, asked);
  await requirePeriod(q, asked.periodId, today, locale);
  if (kind === 'pages-xlsx') await checkPagesCount(q, node, asked, locale);
}

async function checkPagesCount(
  q: Queryable,
  node: MonitoringNode,
  asked: NodeAsked,
  locale: Locale,
): Promise<ChildNodeRow[]> {
  const organizations = await listOrganizations(q, node, asked.groupType, locale);
  if (organizations.length > MONITORING_EXPORT_PAGES_MAX)
    throw new ExportError(422, 'too_many_organizations', { count: organizations.length });
  return organizations;
}

/** Gathers one export's figures (re-resolving the caller's node: the job runs later). */
export function loadExportData(
  q: Queryable,
  kind: MonitoringExport,
  auth: Follower,
  body: NodeAsked | SchoolAsked,
  today: string,
  locale: Locale,
  progress: Progress,
): Promise<ExportData> {
  if (kind === 'school-xlsx' || kind === 'school-pdf')
    return loadSchoolData(q, auth, body as SchoolAsked, today, locale, progress);
  if (kind === 'pages-xlsx') return loadPagesData(q, auth, body, today, locale, progress);
  return loadNodeData(q, auth, body, today, locale, progress);
}

async function loadNodeData(
  q: Queryable,
  auth: Follower,
  asked: NodeAsked,
  today: string,
  locale: Locale,
  progress: Progress,
): Promise<NodeExportData> {
  const { node, defaultType } = await resolveFollowerNode(q, auth, asked);
  await progress('figures', 0, 2);
  const completion = await buildCompletion(q, auth, node, asked, today, locale);
  await progress('groups', 1, 2);
  const groupType = asked.groupType ?? defaultType;
  const questionnaire = await loadQuestionnaire(q, { groupType }, locale);
  const groups = await groupsStatistic(q, node, groupType, questionnaire, asked.periodId, locale);
  await progress('groups', 2, 2);
  return { kind: 'node', name: completion.trail.at(-1)?.name ?? '', completion, groups };
}

async function loadSchoolData(
  q: Queryable,
  auth: Follower,
  asked: SchoolAsked,
  today: string,
  locale: Locale,
  progress: Progress,
): Promise<SchoolExportData> {
  const { node } = await resolveOrganizationNode(q, auth, asked.schoolId);
  await progress('figures', 0, 1);
  const view = await buildOrganizationCompletion(q, node, asked, today, locale);
  const present = new Set(view.respondents.map((row) => row.groupType));
  const types = asked.groupType ? [asked.groupType] : TYPE_ORDER.filter((t) => present.has(t));
  const questionnaires = [];
  for (const groupType of types) {
    const questionnaire = await loadQuestionnaire(q, { groupType }, locale);
    if (questionnaire)
      questionnaires.push({ questionnaire, groups: await listGroups(q, questionnaire.id, locale) });
  }
  const total = questionnaires.reduce((sum, one) => sum + one.groups.length, 0);
  let done = 0;
  const answers: SchoolExportData['answers'] = [];
  for (const { questionnaire, groups } of questionnaires) {
    const figures: GroupStatisticView[] = [];
    for (const { id } of groups) {
      await progress('groups', done++, total);
      const group = (await loadGroup(q, id, locale))!;
      figures.push(await groupStatistic(q, node, group, asked.periodId, locale));
    }
    answers.push({
      questionnaire: { id: questionnaire.id, name: questionnaire.title },
      groups: figures,
    });
  }
  await progress('groups', total, total);
  return { kind: 'school', view, answers };
}

async function loadPagesData(
  q: Queryable,
  auth: Follower,
  asked: NodeAsked,
  today: string,
  locale: Locale,
  progress: Progress,
): Promise<PagesExportData> {
  const { node } = await resolveFollowerNode(q, auth, asked);
  const [period, trail] = await Promise.all([
    requirePeriod(q, asked.periodId, today, locale),
    listTrail(q, auth, node, locale),
  ]);
  const organizations = await checkPagesCount(q, node, asked, locale);
  const pages: CompletionGroupView[] = [];
  for (const [index, organization] of organizations.entries()) {
    await progress('organizations', index, organizations.length);
    // An organization of the caller's node, placed as its own page asks for it.
    const page: MonitoringNode = {
      ...node,
      level: 'organization',
      organizationIds: [organization.id],
    };
    pages.push(await buildOrganizationCompletion(q, page, asked, today, locale));
  }
  await progress('organizations', organizations.length, organizations.length);
  return {
    kind: 'pages',
    name: trail.at(-1)?.name ?? '',
    period: presentPeriod(period),
    pages,
  };
}
