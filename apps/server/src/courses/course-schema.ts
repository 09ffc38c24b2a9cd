/**
 * Courses (issue 17, migration 2750): professional-development courses for teachers and
 * correction-and-development courses for children. A module is one published catalogue item; a
 * teacher course keeps its final test (multiple-choice questions with their right answers, which
 * only the server reads) and issues one certificate per passed learner, with a public code.
 */
export const COURSES_SQL = `
CREATE TABLE courses (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('teacher', 'correction')),
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  description_kz text NOT NULL,
  description_ru text NOT NULL,
  hours integer NOT NULL DEFAULT 0 CHECK (hours >= 0),
  pass_percent integer NOT NULL DEFAULT 70 CHECK (pass_percent BETWEEN 1 AND 100),
  -- [{ "id": "q1", "kz": "…", "ru": "…", "options": [{ "id": "a", "kz": "…", "ru": "…" }], "answer": "a" }]
  questions jsonb NOT NULL DEFAULT '[]',
  published boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE course_modules (
  id serial PRIMARY KEY,
  course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  position integer NOT NULL,
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  draft_id text NOT NULL REFERENCES catalogue_items(draft_id) ON DELETE CASCADE,
  UNIQUE (course_id, position)
);
CREATE TABLE course_enrolments (
  course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (course_id, user_id)
);
CREATE TABLE course_progress (
  module_id integer NOT NULL REFERENCES course_modules(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  done_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (module_id, user_id)
);
CREATE INDEX course_progress_user ON course_progress (user_id);
CREATE TABLE course_attempts (
  id serial PRIMARY KEY,
  course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  correct integer NOT NULL,
  total integer NOT NULL,
  percent integer NOT NULL,
  passed boolean NOT NULL,
  answered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX course_attempts_user ON course_attempts (user_id, course_id, answered_at DESC);
CREATE TABLE course_certificates (
  code text PRIMARY KEY,
  course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The name as it stood on the day of issue.
  holder text NOT NULL,
  percent integer NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (course_id, user_id)
);
`;

/**
 * Authoring (issue 17, migration 2770): the methodist writes professional-development courses.
 * A course names its author (null: the platform's own, written by the administrator), a subject
 * and an audience; its final test is either the seeded `questions` or a builder SOR/SOCh of the
 * catalogue, copied here (`test_doc`, the version published when chosen) so that republishing the
 * exam never changes a course's test under its learners. An attempt keeps what it answered and
 * how each question went (`review`) with the test it answered (`test_key`).
 */
export const COURSE_AUTHORING_SQL = `
ALTER TABLE courses ADD COLUMN author_id integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE courses ADD COLUMN subject text;
ALTER TABLE courses ADD COLUMN audience text NOT NULL DEFAULT 'all'
  CHECK (audience IN ('all', 'primary', 'secondary', 'management', 'preschool'));
ALTER TABLE courses ADD COLUMN test_draft_id text;
ALTER TABLE courses ADD COLUMN test_version integer;
ALTER TABLE courses ADD COLUMN test_title text;
ALTER TABLE courses ADD COLUMN test_size integer;
ALTER TABLE courses ADD COLUMN test_doc jsonb;
ALTER TABLE courses ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX courses_author ON courses (author_id);
ALTER TABLE course_attempts ADD COLUMN test_key text;
ALTER TABLE course_attempts ADD COLUMN review jsonb;
`;

/**
 * Migration 2822 (issue 28): a certificate needs the work done. A teacher course's module is
 * done once its content was opened and its checks (the content's automatically scored tasks)
 * were passed at the course's pass mark — no longer by a mark its learner sets — and the final
 * test opens only after the course's minimum study time (`min_minutes`, counted from the first
 * module opened; 0: none).
 *
 * - `course_module_work`: when a learner first opened a module, when they passed its checks and
 *   their best percent; `course_progress` still holds the modules done (one row each), written
 *   by the server when the work is complete.
 * - Marks set by hand on teacher courses said nothing about the work: they are taken back for
 *   learners who hold no certificate of that course yet (they open the modules again; a module
 *   without checks is done at once). Certificates already issued stay valid, and so do the
 *   marks of their holders; correction courses keep their marks.
 */
export const COURSE_WORK_SQL = `
ALTER TABLE courses ADD COLUMN min_minutes integer NOT NULL DEFAULT 0
  CHECK (min_minutes BETWEEN 0 AND 6000);
CREATE TABLE course_module_work (
  module_id integer NOT NULL REFERENCES course_modules(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  opened_at timestamptz NOT NULL DEFAULT now(),
  passed_at timestamptz,
  percent integer CHECK (percent BETWEEN 0 AND 100),
  PRIMARY KEY (module_id, user_id)
);
CREATE INDEX course_module_work_user ON course_module_work (user_id);
DELETE FROM course_progress p USING course_modules m, courses c
 WHERE p.module_id = m.id AND m.course_id = c.id AND c.kind = 'teacher'
   AND NOT EXISTS (SELECT 1 FROM course_certificates k
                    WHERE k.course_id = c.id AND k.user_id = p.user_id);
`;
