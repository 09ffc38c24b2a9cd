import type { AssessmentStage, Locale, PreschoolAgeGroup, SkillLevel } from '@sabaq/platform';
import type { Queryable } from '../db/db';

/** The school year a date belongs to (1 September starts it): 2026-11-23 → 2026. */
export function schoolYearOf(now: Date): number {
  return now.getUTCMonth() >= 8 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

export interface GroupRow {
  id: number;
  schoolId: number;
  name: string;
  ageGroup: PreschoolAgeGroup | null;
}

export interface ChildRow {
  id: number;
  name: string;
  born: string;
  groupId: number;
  schoolId: number;
}

export interface SkillRow {
  id: number;
  area: string;
  ageGroup: PreschoolAgeGroup;
  title: string;
}

export interface AssessmentRow {
  childId: number;
  skillId: number;
  stage: AssessmentStage;
  level: SkillLevel;
}

const GROUP_COLUMNS = `g.id, g.school_id AS "schoolId", g.letter AS name, g.age_group AS "ageGroup"`;

/** Kindergarten groups (parallel 0, not archived) of a school. */
export function listSchoolGroups(q: Queryable, schoolId: number): Promise<GroupRow[]> {
  return q.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM groups g
      WHERE g.school_id = $1 AND g.parallel = 0 AND NOT g.archived ORDER BY g.letter`,
    [schoolId],
  );
}

/** Kindergarten groups a teacher leads (group_personnel). */
export function listTeacherGroups(q: Queryable, userId: number): Promise<GroupRow[]> {
  return q.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM groups g JOIN group_personnel gp ON gp.group_id = g.id
      WHERE gp.user_id = $1 AND g.parallel = 0 AND NOT g.archived ORDER BY g.letter`,
    [userId],
  );
}

export async function loadGroup(q: Queryable, groupId: number): Promise<GroupRow | null> {
  const rows = await q.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM groups g WHERE g.id = $1 AND g.parallel = 0 AND NOT g.archived`,
    [groupId],
  );
  return rows[0] ?? null;
}

export async function teachesGroup(
  q: Queryable,
  userId: number,
  groupId: number,
): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM group_personnel WHERE user_id = $1 AND group_id = $2', [
    userId,
    groupId,
  ]);
  return rows.length > 0;
}

const CHILD_COLUMNS = `u.id, trim(u.surname || ' ' || u.firstname) AS name,
  to_char(u.born_date, 'YYYY-MM-DD') AS born, u.group_id AS "groupId", u.school_id AS "schoolId"`;

export function listChildren(q: Queryable, groupIds: readonly number[]): Promise<ChildRow[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return q.query<ChildRow>(
    `SELECT ${CHILD_COLUMNS} FROM users u
      WHERE u.role = 'student' AND u.group_id = ANY($1::int[]) ORDER BY u.surname, u.firstname, u.id`,
    [groupIds],
  );
}

export async function loadChild(q: Queryable, userId: number): Promise<ChildRow | null> {
  const rows = await q.query<ChildRow>(
    `SELECT ${CHILD_COLUMNS} FROM users u JOIN groups g ON g.id = u.group_id
      WHERE u.id = $1 AND u.role = 'student' AND g.parallel = 0`,
    [userId],
  );
  return rows[0] ?? null;
}

export function listSkills(
  q: Queryable,
  ageGroups: readonly string[],
  locale: Locale,
): Promise<SkillRow[]> {
  if (ageGroups.length === 0) return Promise.resolve([]);
  return q.query<SkillRow>(
    `SELECT id, area, age_group AS "ageGroup", ${locale === 'kz' ? 'title_kz' : 'title_ru'} AS title
       FROM development_skills WHERE age_group = ANY($1::text[]) ORDER BY area, position, id`,
    [ageGroups],
  );
}

export async function loadSkill(q: Queryable, skillId: number): Promise<SkillRow | null> {
  const rows = await q.query<SkillRow>(
    `SELECT id, area, age_group AS "ageGroup", title_ru AS title FROM development_skills WHERE id = $1`,
    [skillId],
  );
  return rows[0] ?? null;
}

export async function listAssessments(
  q: Queryable,
  schoolId: number,
  childIds: readonly number[],
  year: number,
): Promise<AssessmentRow[]> {
  if (childIds.length === 0) return [];
  const rows = await q.query<AssessmentRow>(
    `SELECT child_id AS "childId", skill_id AS "skillId", stage, level
       FROM development_assessments
      WHERE school_id = $1 AND child_id = ANY($2::int[]) AND school_year = $3`,
    [schoolId, childIds, year],
  );
  return rows.map((r) => ({ ...r, level: Number(r.level) as SkillLevel }));
}

export async function saveAssessment(
  q: Queryable,
  a: {
    schoolId: number;
    childId: number;
    skillId: number;
    year: number;
    stage: AssessmentStage;
    level: SkillLevel | null;
    by: number;
  },
): Promise<void> {
  if (a.level === null) {
    await q.query(
      `DELETE FROM development_assessments
        WHERE school_id = $1 AND child_id = $2 AND skill_id = $3 AND school_year = $4 AND stage = $5`,
      [a.schoolId, a.childId, a.skillId, a.year, a.stage],
    );
    return;
  }
  await q.query(
    `INSERT INTO development_assessments
       (school_id, child_id, skill_id, school_year, stage, level, assessed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (child_id, skill_id, school_year, stage)
     DO UPDATE SET level = EXCLUDED.level, assessed_by = EXCLUDED.assessed_by, updated_at = now()`,
    [a.schoolId, a.childId, a.skillId, a.year, a.stage, a.level, a.by],
  );
}

export async function isFlagOn(q: Queryable, key: string): Promise<boolean> {
  const rows = await q.query<{ enabled: boolean }>(
    'SELECT enabled FROM feature_flags WHERE key = $1',
    [key],
  );
  return rows[0]?.enabled === true;
}
