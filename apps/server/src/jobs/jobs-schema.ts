/**
 * Tables of long work (migration 2050, issue 13): jobs and the school-year transition.
 *
 * - jobs: one row per piece of long work (a roster or staff import, a year transition). The
 *   runner (job-runner.ts) claims queued rows with one UPDATE … SKIP LOCKED, as the mail outbox
 *   does, so a job survives a restart: a row left `running` by a process that died is taken over
 *   once its heartbeat (`claimed_at`) is older than a minute. A job's writes and its `done` mark
 *   commit in one transaction, so a job taken over never writes twice. `dedupe_key` keeps one
 *   live job per piece of work (a school's transition of one year): a second request gets the
 *   first job.
 * - year_transitions: the school years a school has moved on from (one row per school and year),
 *   written in the transition's own transaction: the second run of a year finds it and moves
 *   nothing.
 * - groups.archived_year: the school year an archived class finished, so its journal opens on
 *   that year's quarters.
 */
export const JOBS_SQL = `
CREATE TABLE jobs (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  school_id integer REFERENCES schools(id),
  created_by integer REFERENCES users(id),
  dedupe_key text,
  payload jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  stage text NOT NULL DEFAULT '',
  done integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  result jsonb,
  error jsonb,
  attempts integer NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX jobs_dedupe ON jobs (dedupe_key) WHERE dedupe_key IS NOT NULL AND status <> 'failed';
CREATE INDEX jobs_pending ON jobs (id) WHERE status IN ('queued', 'running');
CREATE TABLE year_transitions (
  school_id integer NOT NULL REFERENCES schools(id),
  from_year text NOT NULL,
  to_year text NOT NULL,
  job_id integer REFERENCES jobs(id),
  done_at timestamptz NOT NULL DEFAULT now(),
  summary jsonb NOT NULL,
  PRIMARY KEY (school_id, from_year)
);
ALTER TABLE groups ADD COLUMN archived_year text;
`;
