/**
 * SOR/SOCh under exam conditions (issue 20), migration 2200. A sitting is a pupil's timed go at
 * the exam of one lesson: it starts once, its deadline is fixed at the start (the draft's
 * duration, never past the lesson's window), and the answers are saved into it as the pupil
 * goes. Handing in (or the deadline passing) turns it into the `attempts` row the journal and
 * the teacher read; `last_seen_at` tells the teacher who is online. A retake keeps the attempt it
 * replaces, with the teacher's reason, in `exam_retakes`.
 */
export const SITTINGS_SQL = `
CREATE TABLE exam_sittings (
  lesson_id integer NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id),
  draft_id text NOT NULL,
  version integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  deadline_at timestamptz NOT NULL,
  limit_minutes integer NOT NULL,
  answers jsonb NOT NULL DEFAULT '{}'::jsonb,
  saved_at timestamptz,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lesson_id, user_id, draft_id),
  FOREIGN KEY (draft_id, version) REFERENCES content_versions(draft_id, version)
);
CREATE INDEX exam_sittings_deadline ON exam_sittings (deadline_at);

CREATE TABLE exam_retakes (
  id serial PRIMARY KEY,
  lesson_id integer NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id),
  draft_id text NOT NULL,
  reason text NOT NULL,
  granted_by integer NOT NULL REFERENCES users(id),
  granted_at timestamptz NOT NULL DEFAULT now(),
  -- The attempt it replaced, as it was (answers, results, score, when).
  previous_attempt jsonb NOT NULL
);
CREATE INDEX exam_retakes_lesson ON exam_retakes (lesson_id, user_id);
`;
