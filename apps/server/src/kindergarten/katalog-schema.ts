/**
 * The katalog of a kindergarten's materials (issue 15, migration 2551): toys, didactic games,
 * books and equipment per age group and educational area, with quantity, place and condition.
 * Every row belongs to one kindergarten (`school_id`, a `schools` row of kind kindergarten).
 */
export const KATALOG_SQL = `
CREATE TABLE kindergarten_materials (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
  name_kz text NOT NULL,
  name_ru text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('toy', 'game', 'book', 'equipment')),
  age_group text NOT NULL CHECK (age_group IN ('early', 'junior', 'middle', 'senior', 'preschool')),
  area text CHECK (area IS NULL OR area IN ('health', 'communication', 'cognition', 'creativity', 'society')),
  quantity integer NOT NULL CHECK (quantity >= 0),
  place text NOT NULL DEFAULT '',
  condition text NOT NULL CHECK (condition IN ('good', 'worn', 'repair')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kindergarten_materials_school ON kindergarten_materials (school_id, kind);
`;
