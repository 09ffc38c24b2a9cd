/**
 * Tables of the teaching core (migration 801). Shipped migrations are never edited: a change
 * becomes a new entry (802, …) in db/migrations.ts.
 *
 * - timetable_slots: the timetable of a group for one period (quarter): weekday × lesson number.
 * - lessons: a dated lesson (the spec's scheduleId), made from a slot the first time its week or
 *   period is looked at, so a year of lessons for every group is not written up front.
 * - content_versions: a published draft frozen at the version a lesson or homework uses, so
 *   answers stay graded against what the student saw even when the draft is edited later.
 */
export const TEACHING_SQL = `
CREATE TABLE timetable_slots (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  period_id integer NOT NULL REFERENCES periods(id) ON DELETE CASCADE,
  weekday integer NOT NULL CHECK (weekday BETWEEN 1 AND 6),
  lesson_no integer NOT NULL CHECK (lesson_no BETWEEN 1 AND 10),
  shift integer NOT NULL CHECK (shift IN (1, 2)),
  subject_id integer NOT NULL REFERENCES subjects(id),
  subgroup_id integer REFERENCES subgroups(id) ON DELETE CASCADE,
  teacher_id integer REFERENCES users(id)
);
CREATE UNIQUE INDEX timetable_slots_place
  ON timetable_slots (group_id, period_id, weekday, lesson_no, coalesce(subgroup_id, 0));
CREATE INDEX timetable_slots_teacher ON timetable_slots (teacher_id, period_id);

CREATE TABLE content_versions (
  draft_id text NOT NULL REFERENCES drafts(id),
  version integer NOT NULL,
  type text NOT NULL,
  title text NOT NULL,
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (draft_id, version)
);

CREATE TABLE lessons (
  id serial PRIMARY KEY,
  slot_id integer NOT NULL REFERENCES timetable_slots(id) ON DELETE CASCADE,
  lesson_date date NOT NULL,
  theme text NOT NULL DEFAULT '',
  content_draft_id text,
  content_version integer,
  FOREIGN KEY (content_draft_id, content_version) REFERENCES content_versions(draft_id, version),
  UNIQUE (slot_id, lesson_date)
);
CREATE INDEX lessons_date ON lessons (lesson_date);

CREATE TABLE attempts (
  id serial PRIMARY KEY,
  lesson_id integer NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id),
  draft_id text NOT NULL,
  version integer NOT NULL,
  answers jsonb NOT NULL,
  results jsonb NOT NULL,
  score numeric NOT NULL,
  max_score numeric NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (draft_id, version) REFERENCES content_versions(draft_id, version),
  UNIQUE (lesson_id, user_id, draft_id)
);

CREATE TABLE reflections (
  lesson_id integer NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id),
  mood text NOT NULL,
  text text NOT NULL DEFAULT '',
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lesson_id, user_id)
);

CREATE TABLE teaching_files (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users(id),
  name text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE homework (
  id serial PRIMARY KEY,
  lesson_id integer NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  teacher_id integer NOT NULL REFERENCES users(id),
  text text NOT NULL,
  files integer[] NOT NULL DEFAULT '{}',
  draft_id text,
  draft_version integer,
  deadline timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (draft_id, draft_version) REFERENCES content_versions(draft_id, version)
);
CREATE INDEX homework_lesson ON homework (lesson_id);
CREATE INDEX homework_teacher ON homework (teacher_id);

CREATE TABLE homework_answers (
  id serial PRIMARY KEY,
  homework_id integer NOT NULL REFERENCES homework(id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES users(id),
  status text NOT NULL DEFAULT 'assigned' CHECK (status IN ('assigned', 'sent', 'returned', 'checked')),
  text text NOT NULL DEFAULT '',
  files integer[] NOT NULL DEFAULT '{}',
  exercise_answers jsonb,
  exercise_results jsonb,
  exercise_score numeric,
  exercise_max numeric,
  grade integer CHECK (grade BETWEEN 1 AND 10),
  comment text NOT NULL DEFAULT '',
  sent_at timestamptz,
  checked_at timestamptz,
  UNIQUE (homework_id, student_id)
);
CREATE INDEX homework_answers_student ON homework_answers (student_id);

CREATE TABLE journal_marks (
  lesson_id integer NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES users(id),
  mark integer CHECK (mark BETWEEN 1 AND 10),
  absent boolean NOT NULL DEFAULT false,
  updated_by integer REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lesson_id, student_id)
);

CREATE TABLE assessments (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  subject_id integer NOT NULL REFERENCES subjects(id),
  subgroup_id integer REFERENCES subgroups(id) ON DELETE CASCADE,
  period_id integer NOT NULL REFERENCES periods(id),
  kind text NOT NULL CHECK (kind IN ('sor', 'soch')),
  title text NOT NULL,
  max_points integer NOT NULL CHECK (max_points > 0),
  assessed_on date NOT NULL,
  created_by integer REFERENCES users(id)
);
CREATE TABLE assessment_marks (
  assessment_id integer NOT NULL REFERENCES assessments(id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES users(id),
  points numeric NOT NULL CHECK (points >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (assessment_id, student_id)
);

CREATE TABLE chat_messages (
  id serial PRIMARY KEY,
  sender_id integer NOT NULL REFERENCES users(id),
  recipient_id integer NOT NULL REFERENCES users(id),
  text text NOT NULL,
  files integer[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX chat_messages_pair ON chat_messages (least(sender_id, recipient_id), greatest(sender_id, recipient_id), id);
CREATE INDEX chat_messages_unread ON chat_messages (recipient_id) WHERE read_at IS NULL;
`;
