import type { Locale, MonitoringLevel, QuestionnaireGroupType } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { kindsOf, type MonitoringNode } from './monitoring-scope';

/**
 * The figures of monitoring, summed in SQL over the tree: the organizations of a node, their
 * respondents (active staff whose role answers a questionnaire), and the responses of a period.
 * Every query starts from `SCOPE`, so a node never reads beyond itself.
 */

const nameCol = (locale: Locale) => (locale === 'ru' ? 'name_ru' : 'name_kz');

/** $1 region, $2 department, $3 organizations, $4 organization kinds. */
const SCOPE = `
  scope AS (
    SELECT s.id, s.kind, l.department_id, d.region_id
      FROM schools s
      JOIN localities l ON l.id = s.locality_id
      JOIN departments d ON d.id = l.department_id
     WHERE ($1::int IS NULL OR d.region_id = $1)
       AND ($2::int IS NULL OR d.id = $2)
       AND ($3::int[] IS NULL OR s.id = ANY($3::int[]))
       AND s.kind = ANY($4::text[])
  )`;

/** $5 respondent type or null. A person's type follows their role and organization. */
const STAFF = `
  staff AS (
    SELECT u.id, u.school_id, sc.department_id, sc.region_id,
           CASE WHEN u.role = 'director' THEN 'director'
                WHEN sc.kind = 'kindergarten' THEN 'garden' ELSE 'teacher' END AS group_type
      FROM users u JOIN scope sc ON sc.id = u.school_id
     WHERE u.archived_at IS NULL AND u.role IN ('teacher', 'group-lead', 'director')
  ),
  respondents AS (
    SELECT * FROM staff WHERE $5::text IS NULL OR group_type = $5::text
  )`;

function scopeParams(node: MonitoringNode, groupType: QuestionnaireGroupType | null) {
  return [
    node.regionId,
    node.departmentId,
    node.organizationIds ? [...node.organizationIds] : null,
    [...kindsOf(groupType)],
    groupType,
  ];
}

/** The column that names a respondent's child node below `level`. */
const CHILD_KEY: Record<MonitoringLevel, string> = {
  country: 'st.region_id',
  region: 'st.department_id',
  department: 'st.school_id',
  organization: 'st.school_id',
};

/** Whether the node's ids chain in the tree (organizations within the region and department). */
export async function nodeExists(q: Queryable, node: MonitoringNode): Promise<boolean> {
  const rows = await q.query<{ ok: boolean }>(
    `SELECT ($1::int IS NULL OR EXISTS (SELECT 1 FROM regions WHERE id = $1))
        AND ($2::int IS NULL OR EXISTS (
              SELECT 1 FROM departments WHERE id = $2 AND ($1::int IS NULL OR region_id = $1)))
        AND ($3::int[] IS NULL OR (
              SELECT count(*) FROM schools s
                JOIN localities l ON l.id = s.locality_id
                JOIN departments d ON d.id = l.department_id
               WHERE s.id = ANY($3::int[])
                 AND ($1::int IS NULL OR d.region_id = $1)
                 AND ($2::int IS NULL OR d.id = $2)) = cardinality($3::int[])) AS ok`,
    [node.regionId, node.departmentId, node.organizationIds ? [...node.organizationIds] : null],
  );
  return rows[0]?.ok ?? false;
}

export interface ChildNodeRow {
  id: number;
  name: string;
  kind: 'region' | 'department' | 'school' | 'kindergarten';
  organizations: number;
}

/** The nodes one level below (every one, also those without respondents), in name order. */
export function listChildNodes(
  q: Queryable,
  node: MonitoringNode,
  groupType: QuestionnaireGroupType | null,
  locale: Locale,
): Promise<ChildNodeRow[]> {
  const name = nameCol(locale);
  const params = scopeParams(node, groupType).slice(0, 4);
  if (node.level === 'country')
    return q.query<ChildNodeRow>(
      `WITH ${SCOPE}
       SELECT r.id, r.${name} AS name, 'region' AS kind,
              (SELECT count(*)::int FROM scope WHERE scope.region_id = r.id) AS organizations
         FROM regions r ORDER BY r.${name}`,
      params,
    );
  if (node.level === 'region')
    return q.query<ChildNodeRow>(
      `WITH ${SCOPE}
       SELECT d.id, d.${name} AS name, 'department' AS kind,
              (SELECT count(*)::int FROM scope WHERE scope.department_id = d.id) AS organizations
         FROM departments d WHERE d.region_id = $1 AND ($2::int IS NULL OR d.id = $2) ORDER BY d.${name}`,
      params,
    );
  return q.query<ChildNodeRow>(
    `WITH ${SCOPE}
     SELECT s.id, s.${name} AS name, s.kind, 1 AS organizations
       FROM schools s JOIN scope ON scope.id = s.id ORDER BY s.kind DESC, s.${name}`,
    params,
  );
}

export interface TallyRow {
  key: number | null;
  expected: number;
  submitted: number;
  drafts: number;
  points: string | null;
  max_points: string | null;
}

/**
 * Respondents, submitted responses, drafts and points per child node and for the whole node
 * (key null), in one pass.
 */
export function tallyCompletion(
  q: Queryable,
  node: MonitoringNode,
  groupType: QuestionnaireGroupType | null,
  periodId: number,
): Promise<TallyRow[]> {
  return q.query<TallyRow>(
    `WITH ${SCOPE}, ${STAFF}
     SELECT ${CHILD_KEY[node.level]} AS key,
            count(*)::int AS expected,
            count(r.submitted_at)::int AS submitted,
            (count(r.id) - count(r.submitted_at))::int AS drafts,
            sum(r.points) FILTER (WHERE r.submitted_at IS NOT NULL) AS points,
            sum(r.max_points) FILTER (WHERE r.submitted_at IS NOT NULL) AS max_points
       FROM respondents st
       JOIN questionnaires qn ON qn.group_type = st.group_type
       LEFT JOIN questionnaire_responses r
              ON r.user_id = st.id AND r.questionnaire_id = qn.id AND r.period_id = $6
      GROUP BY GROUPING SETS ((${CHILD_KEY[node.level]}), ())`,
    [...scopeParams(node, groupType), periodId],
  );
}

export interface GroupTallyRow {
  key: number | null;
  group_id: number | null;
  points: string;
  max_points: string;
  responses: number;
}

/** Points per group of questions, per child node and for the whole node (key null). */
export function tallyGroups(
  q: Queryable,
  node: MonitoringNode,
  groupType: QuestionnaireGroupType,
  questionnaireId: number,
  periodId: number,
): Promise<GroupTallyRow[]> {
  return q.query<GroupTallyRow>(
    `WITH ${SCOPE}, ${STAFF}
     SELECT ${CHILD_KEY[node.level]} AS key, rg.group_id,
            sum(rg.points) AS points, sum(rg.max_points) AS max_points,
            count(DISTINCT r.id)::int AS responses
       FROM respondents st
       JOIN questionnaire_responses r
         ON r.user_id = st.id AND r.questionnaire_id = $6 AND r.period_id = $7
        AND r.submitted_at IS NOT NULL
       JOIN questionnaire_response_groups rg ON rg.response_id = r.id
      GROUP BY GROUPING SETS ((${CHILD_KEY[node.level]}, rg.group_id), (rg.group_id),
                              (${CHILD_KEY[node.level]}), ())`,
    [...scopeParams(node, groupType), questionnaireId, periodId],
  );
}

export interface AnswerTallyRow {
  question_id: number;
  choice: string | null;
  answered: number;
  mean: string | null;
}

/**
 * The submitted answers to some questions in a node: per question the number answered and the
 * mean of numeric answers (choice null), and per chosen option its count.
 */
export function tallyAnswers(
  q: Queryable,
  node: MonitoringNode,
  groupType: QuestionnaireGroupType,
  questionnaireId: number,
  periodId: number,
  questionIds: readonly number[],
): Promise<AnswerTallyRow[]> {
  return q.query<AnswerTallyRow>(
    `WITH ${SCOPE}, ${STAFF},
     answers AS (
       SELECT a.key::int AS question_id, a.value
         FROM respondents st
         JOIN questionnaire_responses r
           ON r.user_id = st.id AND r.questionnaire_id = $6 AND r.period_id = $7
          AND r.submitted_at IS NOT NULL
         CROSS JOIN LATERAL jsonb_each(r.answers) a
        WHERE a.key = ANY($8::text[]) AND a.value NOT IN ('""'::jsonb, '[]'::jsonb)
     )
     SELECT question_id, NULL AS choice, count(*)::int AS answered,
            avg((value #>> '{}')::numeric) FILTER (WHERE jsonb_typeof(value) = 'number') AS mean
       FROM answers GROUP BY question_id
     UNION ALL
     SELECT question_id, value #>> '{}', count(*)::int, NULL
       FROM answers WHERE jsonb_typeof(value) = 'string' GROUP BY question_id, value #>> '{}'
     UNION ALL
     SELECT question_id, choice.value, count(*)::int, NULL
       FROM answers CROSS JOIN LATERAL jsonb_array_elements_text(
              CASE WHEN jsonb_typeof(value) = 'array' THEN value ELSE '[]'::jsonb END) choice
      GROUP BY question_id, choice.value`,
    [...scopeParams(node, groupType), questionnaireId, periodId, questionIds.map(String)],
  );
}

/** Submitted responses of a node by score band (below 50 %, 50–75 %, 75 % and above). */
export async function tallyBands(
  q: Queryable,
  node: MonitoringNode,
  groupType: QuestionnaireGroupType,
  questionnaireId: number,
  periodId: number,
): Promise<{ low: number; middle: number; high: number }> {
  const rows = await q.query<{ low: number; middle: number; high: number }>(
    `WITH ${SCOPE}, ${STAFF},
     scored AS (
       SELECT r.points / r.max_points AS share
         FROM respondents st
         JOIN questionnaire_responses r
           ON r.user_id = st.id AND r.questionnaire_id = $6 AND r.period_id = $7
          AND r.submitted_at IS NOT NULL AND r.max_points > 0
     )
     SELECT count(*) FILTER (WHERE share < 0.5)::int AS low,
            count(*) FILTER (WHERE share >= 0.5 AND share < 0.75)::int AS middle,
            count(*) FILTER (WHERE share >= 0.75)::int AS high
       FROM scored`,
    [...scopeParams(node, groupType), questionnaireId, periodId],
  );
  return rows[0] ?? { low: 0, middle: 0, high: 0 };
}

/** Respondent types present in a node, with their number of people. */
export function tallyGroupTypes(
  q: Queryable,
  node: MonitoringNode,
): Promise<{ group_type: QuestionnaireGroupType; respondents: number }[]> {
  return q.query(
    `WITH ${SCOPE}, ${STAFF}
     SELECT group_type, count(*)::int AS respondents FROM respondents
      GROUP BY group_type ORDER BY array_position(ARRAY['teacher', 'garden', 'director'], group_type)`,
    scopeParams(node, null),
  );
}

export interface RespondentLine {
  id: number;
  name: string;
  position: string | null;
  group_type: QuestionnaireGroupType;
  questionnaire_id: number;
  response_id: number | null;
  submitted_at: Date | null;
  points: string | null;
  max_points: string | null;
}

/** One organization's respondents with their response of a period, by name. */
export function listRespondents(
  q: Queryable,
  schoolId: number,
  groupType: QuestionnaireGroupType | null,
  periodId: number,
  locale: Locale,
): Promise<RespondentLine[]> {
  return q.query<RespondentLine>(
    `WITH ${SCOPE}, ${STAFF}
     SELECT u.id, concat_ws(' ', u.surname, u.firstname, u.lastname) AS name,
            ${locale === 'ru' ? 'coalesce(u.position_ru, u.position)' : 'u.position'} AS position,
            st.group_type, qn.id AS questionnaire_id, r.id AS response_id, r.submitted_at,
            r.points, r.max_points
       FROM respondents st
       JOIN users u ON u.id = st.id
       JOIN questionnaires qn ON qn.group_type = st.group_type
       LEFT JOIN questionnaire_responses r
              ON r.user_id = st.id AND r.questionnaire_id = qn.id AND r.period_id = $6
      ORDER BY st.group_type = 'director' DESC, u.surname, u.firstname, u.id`,
    [null, null, [schoolId], [...kindsOf(groupType)], groupType, periodId],
  );
}

/** Names of the nodes on a path, for the breadcrumbs (the department's region when not given). */
export async function nameChain(q: Queryable, node: MonitoringNode, locale: Locale) {
  const name = nameCol(locale);
  const rows = await q.query<{
    region_id: number | null;
    region: string | null;
    department: string | null;
    organization: string | null;
  }>(
    `SELECT coalesce($1::int, (SELECT region_id FROM departments WHERE id = $2)) AS region_id,
            (SELECT ${name} FROM regions
              WHERE id = coalesce($1::int, (SELECT region_id FROM departments WHERE id = $2))) AS region,
            (SELECT ${name} FROM departments WHERE id = $2) AS department,
            (SELECT string_agg(${name}, ', ' ORDER BY ${name}) FROM schools WHERE id = ANY($3::int[])) AS organization`,
    [node.regionId, node.departmentId, node.organizationIds ? [...node.organizationIds] : []],
  );
  return rows[0]!;
}

/** A follower's place in the tree: a worker's region and department, management's school's. */
export async function loadFollowerPlace(
  q: Queryable,
  userId: number,
): Promise<{
  school_id: number | null;
  school_kind: 'school' | 'kindergarten' | null;
  region_id: number | null;
  department_id: number | null;
}> {
  const rows = await q.query<{
    school_id: number | null;
    school_kind: 'school' | 'kindergarten' | null;
    region_id: number | null;
    department_id: number | null;
  }>(
    `SELECT u.school_id, s.kind AS school_kind,
            coalesce(d.region_id, u.region_id) AS region_id,
            coalesce(l.department_id, u.department_id) AS department_id
       FROM users u
       LEFT JOIN schools s ON s.id = u.school_id
       LEFT JOIN localities l ON l.id = s.locality_id
       LEFT JOIN departments d ON d.id = l.department_id
      WHERE u.id = $1`,
    [userId],
  );
  return rows[0] ?? { school_id: null, school_kind: null, region_id: null, department_id: null };
}

export function listRegions(q: Queryable, locale: Locale): Promise<{ id: number; name: string }[]> {
  const name = nameCol(locale);
  return q.query(`SELECT id, ${name} AS name FROM regions ORDER BY ${name}`);
}

export function listLocalities(
  q: Queryable,
  departmentId: number,
  locale: Locale,
): Promise<{ id: number; name: string; organizations: number }[]> {
  const name = nameCol(locale);
  return q.query(
    `SELECT l.id, l.${name} AS name, count(s.id)::int AS organizations
       FROM localities l LEFT JOIN schools s ON s.locality_id = l.id
      WHERE l.department_id = $1 GROUP BY l.id ORDER BY l.${name}`,
    [departmentId],
  );
}

/** The department of a locality-less lookup: a department's region (null when none). */
export async function departmentRegion(q: Queryable, departmentId: number): Promise<number | null> {
  const rows = await q.query<{ region_id: number }>(
    'SELECT region_id FROM departments WHERE id = $1',
    [departmentId],
  );
  return rows[0]?.region_id ?? null;
}
