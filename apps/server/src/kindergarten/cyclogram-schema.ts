/**
 * The weekly cyclogram of a kindergarten group (issue 15, migration 2552): one row per group and
 * week (its Monday), the cells (day × regime moment: text and optional area) as jsonb. The row
 * carries the kindergarten's school_id; every query filters by it.
 */
export const CYCLOGRAM_SQL = `
CREATE TABLE kindergarten_cyclograms (
  school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  week_start date NOT NULL,
  cells jsonb NOT NULL,
  updated_by integer REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, week_start)
);
`;
