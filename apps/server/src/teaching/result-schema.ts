/**
 * Exam results, second pass (issue 20), migration 2300.
 *
 * - An attempt may carry the teacher's override: the final points and a required comment, who
 *   and when; `score` stays the computed score beside it.
 * - A journal SOR/SOCh column may belong to a lesson (`assessments.lesson_id`): the column of
 *   the SOR/SOCh put on that lesson, made when its first result arrives.
 *   `assessment_marks.attempt_points` is what the attempt last put in the cell; a cell whose
 *   points differ from it was changed by the teacher in the journal and is no longer followed.
 * - `attempt_regrades` keeps an attempt's result as it was before a re-grade against a newer
 *   version of its draft (one row per attempt and new version, so confirming twice is a no-op).
 */
export const RESULTS_SQL = `
ALTER TABLE attempts ADD COLUMN override_points numeric CHECK (override_points >= 0);
ALTER TABLE attempts ADD COLUMN override_comment text;
ALTER TABLE attempts ADD COLUMN override_by integer REFERENCES users(id);
ALTER TABLE attempts ADD COLUMN override_at timestamptz;

ALTER TABLE assessments ADD COLUMN lesson_id integer REFERENCES lessons(id) ON DELETE CASCADE;
CREATE UNIQUE INDEX assessments_lesson ON assessments (lesson_id) WHERE lesson_id IS NOT NULL;
ALTER TABLE assessment_marks ADD COLUMN attempt_points numeric;

CREATE TABLE attempt_regrades (
  id serial PRIMARY KEY,
  attempt_id integer NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
  old_version integer NOT NULL,
  new_version integer NOT NULL,
  old_results jsonb NOT NULL,
  old_score numeric NOT NULL,
  old_max_score numeric NOT NULL,
  new_score numeric NOT NULL,
  new_max_score numeric NOT NULL,
  regraded_by integer REFERENCES users(id),
  regraded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (attempt_id, new_version)
);
`;
