/**
 * Contests (issue 17, migration 2740): a contest takes published builder content of one type;
 * an entry is one teacher's published draft (one entry per draft and contest); a juror's score
 * of an entry keeps the points per criterion and their total. Results are published once, by the
 * jury, after entries close; places are computed from the mean of the jurors' totals.
 */
export const CONTESTS_SQL = `
CREATE TABLE contests (
  id serial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('best-lesson', 'innovation', 'digital-resource')),
  lesson_type text NOT NULL CHECK (lesson_type IN ('lesson', 'lecture', 'sor', 'soch')),
  language text CHECK (language IN ('kz', 'ru')),
  subject text,
  parallel_from integer CHECK (parallel_from BETWEEN 0 AND 12),
  parallel_to integer CHECK (parallel_to BETWEEN 0 AND 12),
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  summary_kz text NOT NULL,
  summary_ru text NOT NULL,
  -- Paragraphs of the rules: [{ "kz": "…", "ru": "…" }].
  rules jsonb NOT NULL DEFAULT '[]',
  -- [{ "id": "content", "kz": "…", "ru": "…", "max": 10 }].
  criteria jsonb NOT NULL,
  starts_on date NOT NULL,
  submit_until date NOT NULL CHECK (submit_until >= starts_on),
  results_on date NOT NULL CHECK (results_on >= submit_until),
  results_published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE contest_entries (
  id serial PRIMARY KEY,
  contest_id integer NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
  draft_id text NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  teacher_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  school_id integer REFERENCES schools(id),
  title text NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (contest_id, draft_id)
);
CREATE INDEX contest_entries_school ON contest_entries (school_id, contest_id);
CREATE TABLE contest_scores (
  entry_id integer NOT NULL REFERENCES contest_entries(id) ON DELETE CASCADE,
  juror_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- { "content": 8, "method": 7 }
  points jsonb NOT NULL,
  total numeric NOT NULL,
  comment text NOT NULL DEFAULT '',
  scored_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entry_id, juror_id)
);
`;
