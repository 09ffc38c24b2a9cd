/**
 * Monitoring questionnaires (issue 16): periods in which they are filled in, questionnaires per
 * respondent type with their groups of questions, and one response per person, questionnaire
 * and period. Answers are kept as a map of question id → value while they are drafted; at
 * submission the points of each group are written beside them, so the figures of any node of
 * the tree are sums over rows (never recomputed from the answers on every screen).
 */
export const MONITORING_SQL = `
CREATE TABLE questionnaire_periods (
  id serial PRIMARY KEY,
  school_year text NOT NULL,
  name_kz text NOT NULL,
  name_ru text NOT NULL,
  starts_on date NOT NULL,
  ends_on date NOT NULL CHECK (ends_on >= starts_on),
  UNIQUE (school_year, starts_on)
);
CREATE TABLE questionnaires (
  id serial PRIMARY KEY,
  group_type text NOT NULL UNIQUE CHECK (group_type IN ('teacher', 'director', 'garden')),
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  intro_kz text NOT NULL,
  intro_ru text NOT NULL
);
CREATE TABLE questionnaire_groups (
  id serial PRIMARY KEY,
  questionnaire_id integer NOT NULL REFERENCES questionnaires(id) ON DELETE CASCADE,
  position integer NOT NULL,
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  UNIQUE (questionnaire_id, position)
);
CREATE TABLE questionnaire_questions (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES questionnaire_groups(id) ON DELETE CASCADE,
  position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('single', 'multi', 'scale', 'number', 'text')),
  text_kz text NOT NULL,
  text_ru text NOT NULL,
  -- [{ "id": "a", "kz": "…", "ru": "…", "points": 2 }] for single and multiple choice.
  options jsonb NOT NULL DEFAULT '[]',
  required boolean NOT NULL DEFAULT true,
  max_value integer,
  UNIQUE (group_id, position)
);
CREATE TABLE questionnaire_responses (
  id serial PRIMARY KEY,
  questionnaire_id integer NOT NULL REFERENCES questionnaires(id),
  period_id integer NOT NULL REFERENCES questionnaire_periods(id),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  school_id integer NOT NULL REFERENCES schools(id),
  answers jsonb NOT NULL DEFAULT '{}',
  points numeric,
  max_points numeric,
  updated_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz,
  UNIQUE (questionnaire_id, period_id, user_id)
);
CREATE INDEX questionnaire_responses_period ON questionnaire_responses (period_id, questionnaire_id, school_id);
-- The people who answer, by organization: every monitoring figure starts from them.
CREATE INDEX users_respondents ON users (school_id)
  WHERE role IN ('teacher', 'group-lead', 'director') AND archived_at IS NULL;
CREATE TABLE questionnaire_response_groups (
  response_id integer NOT NULL REFERENCES questionnaire_responses(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES questionnaire_groups(id),
  points numeric NOT NULL,
  max_points numeric NOT NULL,
  PRIMARY KEY (response_id, group_id)
);
`;
