/**
 * The perspective plan of a kindergarten group (issue 15, migration 2720): one row per group,
 * school year, month and educational area — the topic and goals in kz and ru. The row carries the
 * kindergarten's school_id; every query filters by it. Cyclogram cells name a row by its id
 * (`planItemId` in their jsonb), so a month's save keeps the ids of the areas it keeps.
 */
export const PERSPECTIVE_PLAN_SQL = `
CREATE TABLE kindergarten_plan_items (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  year integer NOT NULL,
  month integer NOT NULL CHECK (month BETWEEN 1 AND 12),
  area text NOT NULL,
  topic_kz text NOT NULL DEFAULT '',
  topic_ru text NOT NULL DEFAULT '',
  goals_kz text NOT NULL DEFAULT '',
  goals_ru text NOT NULL DEFAULT '',
  updated_by integer REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, year, month, area)
);
`;
