import type { Locale, QuestionKind, QuestionnaireGroupType } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { Answers, ScoredQuestion } from './questionnaire-scoring';

/** Every SQL of filling in questionnaires; row types stay private to this file. */

const nameCol = (locale: Locale) => (locale === 'ru' ? 'name_ru' : 'name_kz');
const titleCol = (locale: Locale) => (locale === 'ru' ? 'title_ru' : 'title_kz');

export interface PeriodRow {
  id: number;
  name: string;
  school_year: string;
  starts_on: string;
  ends_on: string;
  is_current: boolean;
}

const PERIOD_COLUMNS = (locale: Locale) =>
  `id, ${nameCol(locale)} AS name, school_year, starts_on::text, ends_on::text,
   ($1::date BETWEEN starts_on AND ends_on) AS is_current`;

export function listPeriods(q: Queryable, today: string, locale: Locale): Promise<PeriodRow[]> {
  return q.query<PeriodRow>(
    `SELECT ${PERIOD_COLUMNS(locale)} FROM questionnaire_periods ORDER BY starts_on DESC`,
    [today],
  );
}

export async function loadPeriod(
  q: Queryable,
  id: number,
  today: string,
  locale: Locale,
): Promise<PeriodRow | undefined> {
  const rows = await q.query<PeriodRow>(
    `SELECT ${PERIOD_COLUMNS(locale)} FROM questionnaire_periods WHERE id = $2`,
    [today, id],
  );
  return rows[0];
}

export interface RespondentRow {
  id: number;
  role: string;
  name: string;
  school_id: number | null;
  school_kind: 'school' | 'kindergarten' | null;
  school: string | null;
  department_id: number | null;
  region_id: number | null;
}

/** A person with their organization and its place in the tree; archived people are not found. */
export async function loadRespondent(
  q: Queryable,
  userId: number,
  locale: Locale,
): Promise<RespondentRow | undefined> {
  const rows = await q.query<RespondentRow>(
    `SELECT u.id, u.role, concat_ws(' ', u.surname, u.firstname, u.lastname) AS name,
            u.school_id, s.kind AS school_kind, s.${nameCol(locale)} AS school,
            l.department_id, d.region_id
       FROM users u
       LEFT JOIN schools s ON s.id = u.school_id
       LEFT JOIN localities l ON l.id = s.locality_id
       LEFT JOIN departments d ON d.id = l.department_id
      WHERE u.id = $1 AND u.archived_at IS NULL`,
    [userId],
  );
  return rows[0];
}

export interface QuestionnaireRow {
  id: number;
  group_type: QuestionnaireGroupType;
  title: string;
  intro: string;
}

export async function loadQuestionnaire(
  q: Queryable,
  where: { id: number } | { groupType: QuestionnaireGroupType },
  locale: Locale,
): Promise<QuestionnaireRow | undefined> {
  const byId = 'id' in where;
  const rows = await q.query<QuestionnaireRow>(
    `SELECT id, group_type, ${titleCol(locale)} AS title,
            ${locale === 'ru' ? 'intro_ru' : 'intro_kz'} AS intro
       FROM questionnaires WHERE ${byId ? 'id = $1' : 'group_type = $1'}`,
    [byId ? where.id : where.groupType],
  );
  return rows[0];
}

export interface QuestionGroupRow {
  id: number;
  title: string;
}

export function listGroups(
  q: Queryable,
  questionnaireId: number,
  locale: Locale,
): Promise<QuestionGroupRow[]> {
  return q.query<QuestionGroupRow>(
    `SELECT id, ${titleCol(locale)} AS title FROM questionnaire_groups
      WHERE questionnaire_id = $1 ORDER BY position`,
    [questionnaireId],
  );
}

export interface QuestionRow extends ScoredQuestion {
  text: string;
  labels: { id: string; label: string }[];
}

export async function listQuestions(
  q: Queryable,
  questionnaireId: number,
  locale: Locale,
): Promise<QuestionRow[]> {
  const rows = await q.query<{
    id: number;
    group_id: number;
    kind: QuestionKind;
    text: string;
    options: { id: string; kz: string; ru: string; points: number }[];
    required: boolean;
    max_value: number | null;
  }>(
    `SELECT qq.id, qq.group_id, qq.kind, qq.${locale === 'ru' ? 'text_ru' : 'text_kz'} AS text,
            qq.options, qq.required, qq.max_value
       FROM questionnaire_questions qq JOIN questionnaire_groups g ON g.id = qq.group_id
      WHERE g.questionnaire_id = $1 ORDER BY g.position, qq.position`,
    [questionnaireId],
  );
  return rows.map((row) => ({
    id: row.id,
    groupId: row.group_id,
    kind: row.kind,
    text: row.text,
    required: row.required,
    max: row.max_value,
    options: row.options.map((option) => ({ id: option.id, points: option.points })),
    labels: row.options.map((option) => ({ id: option.id, label: option[locale] })),
  }));
}

export interface ResponseRow {
  id: number;
  questionnaire_id: number;
  answers: Answers;
  points: string | null;
  max_points: string | null;
  updated_at: Date;
  submitted_at: Date | null;
}

export async function loadResponse(
  q: Queryable,
  key: { questionnaireId: number; periodId: number; userId: number },
  forUpdate = false,
): Promise<ResponseRow | undefined> {
  const rows = await q.query<ResponseRow>(
    `SELECT id, questionnaire_id, answers, points, max_points, updated_at, submitted_at
       FROM questionnaire_responses
      WHERE questionnaire_id = $1 AND period_id = $2 AND user_id = $3
      ${forUpdate ? 'FOR UPDATE' : ''}`,
    [key.questionnaireId, key.periodId, key.userId],
  );
  return rows[0];
}

/** Creates the response row if missing (so two first saves never race), then returns it locked. */
export async function lockResponse(
  tx: Queryable,
  key: { questionnaireId: number; periodId: number; userId: number; schoolId: number },
): Promise<ResponseRow> {
  await tx.query(
    `INSERT INTO questionnaire_responses (questionnaire_id, period_id, user_id, school_id)
     VALUES ($1, $2, $3, $4) ON CONFLICT (questionnaire_id, period_id, user_id) DO NOTHING`,
    [key.questionnaireId, key.periodId, key.userId, key.schoolId],
  );
  return (await loadResponse(tx, key, true))!;
}

export async function writeAnswers(
  tx: Queryable,
  responseId: number,
  answers: Answers,
): Promise<{ updated_at: Date }> {
  const rows = await tx.query<{ updated_at: Date }>(
    `UPDATE questionnaire_responses SET answers = $2::jsonb, updated_at = now()
      WHERE id = $1 RETURNING updated_at`,
    [responseId, JSON.stringify(answers)],
  );
  return rows[0]!;
}

export async function writeSubmission(
  tx: Queryable,
  responseId: number,
  score: {
    groups: { groupId: number; points: number; max: number }[];
    points: number;
    max: number;
  },
): Promise<{ submitted_at: Date }> {
  await tx.query(
    `INSERT INTO questionnaire_response_groups (response_id, group_id, points, max_points)
     SELECT $1, * FROM unnest($2::int[], $3::numeric[], $4::numeric[])`,
    [
      responseId,
      score.groups.map((g) => g.groupId),
      score.groups.map((g) => g.points),
      score.groups.map((g) => g.max),
    ],
  );
  const rows = await tx.query<{ submitted_at: Date }>(
    `UPDATE questionnaire_responses SET points = $2, max_points = $3, submitted_at = now()
      WHERE id = $1 RETURNING submitted_at`,
    [responseId, score.points, score.max],
  );
  return rows[0]!;
}

export interface GroupRow {
  id: number;
  title: string;
  questionnaire_id: number;
  questionnaire_title: string;
  group_type: QuestionnaireGroupType;
}

/** A group of questions with its questionnaire. */
export async function loadGroup(
  q: Queryable,
  groupId: number,
  locale: Locale,
): Promise<GroupRow | undefined> {
  const rows = await q.query<GroupRow>(
    `SELECT g.id, g.${titleCol(locale)} AS title, qn.id AS questionnaire_id,
            qn.${titleCol(locale)} AS questionnaire_title, qn.group_type
       FROM questionnaire_groups g JOIN questionnaires qn ON qn.id = g.questionnaire_id
      WHERE g.id = $1`,
    [groupId],
  );
  return rows[0];
}
