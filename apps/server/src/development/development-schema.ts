/**
 * Tables of the individual developmental cards (issue 15, migration ids 2560–2579).
 *
 * - `groups.age_group`: a kindergarten group's age group (PRESCHOOL_AGE_GROUPS), null for classes.
 * - `development_skills`: the platform's skills per educational area and age group (kz/ru), from
 *   the expected results of the state preschool standard. Not a school's: no school column.
 * - `development_assessments`: a child's level (1..3) of one skill at one stage of a school year;
 *   carries `school_id` (the child's kindergarten) for tenancy.
 */
export const DEVELOPMENT_SQL = `
ALTER TABLE groups ADD COLUMN age_group text
  CHECK (age_group IS NULL OR age_group IN ('early', 'junior', 'middle', 'senior', 'preschool'));
CREATE TABLE development_skills (
  id serial PRIMARY KEY,
  area text NOT NULL CHECK (area IN ('health', 'communication', 'cognition', 'creativity', 'society')),
  age_group text NOT NULL CHECK (age_group IN ('early', 'junior', 'middle', 'senior', 'preschool')),
  position integer NOT NULL,
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  UNIQUE (age_group, area, position)
);
CREATE TABLE development_assessments (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  skill_id integer NOT NULL REFERENCES development_skills(id) ON DELETE CASCADE,
  school_year integer NOT NULL,
  stage text NOT NULL CHECK (stage IN ('start', 'middle', 'end')),
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  assessed_by integer REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (child_id, skill_id, school_year, stage)
);
CREATE INDEX development_assessments_school ON development_assessments (school_id, school_year, stage);
`;
