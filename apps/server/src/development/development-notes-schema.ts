/**
 * Comments and development recommendations of the individual developmental card (issue 15,
 * migration 2700): one note per child, school year, stage and educational area, written by the
 * group's teacher. Carries `school_id` (the child's kindergarten) for tenancy; a note whose texts
 * are both empty is deleted rather than stored.
 */
export const DEVELOPMENT_NOTES_SQL = `
CREATE TABLE development_notes (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  school_year integer NOT NULL,
  stage text NOT NULL CHECK (stage IN ('start', 'middle', 'end')),
  area text NOT NULL CHECK (area IN ('health', 'communication', 'cognition', 'creativity', 'society')),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 2000),
  recommendation text NOT NULL DEFAULT '' CHECK (char_length(recommendation) <= 2000),
  updated_by integer REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (child_id, school_year, stage, area)
);
CREATE INDEX development_notes_school ON development_notes (school_id, school_year);
`;
