import type { Db } from './db';
import { COLLAB_INSTALLATION_SQL, COLLAB_SQL } from '../collab/schema';
import { TEACHING_SQL } from '../teaching/schema';
import { CALENDAR_PLAN_SQL } from '../teaching/calendar-plans';
import { BUILDER_DICTIONARIES_SQL } from './builder-dictionaries';
import { positionRuBackfill } from './positions';
import { PERSONNEL_SETTINGS_SQL } from '../backoffice/school-settings-schema';
import { JOBS_SQL } from '../jobs/jobs-schema';
import { FILES_SQL } from '../files/schema';
import { COMMERCE_SQL } from '../commerce/commerce-schema';
import { SITTINGS_SQL } from '../teaching/sitting-schema';
import { LESSON_CHAT_SQL } from '../teaching/lesson-chat-schema';
import { MEDIA_SQL } from '../media/media-schema';
import { CATALOGUE_SEARCH_SQL, CATALOGUE_SQL } from '../catalogue/catalogue-schema';
import {
  KINDERGARTEN_DOCUMENTS_SQL,
  KINDERGARTEN_DOCUMENT_FILES_SQL,
} from '../kindergarten/document-schema';
import { KATALOG_SQL } from '../kindergarten/katalog-schema';
import { CYCLOGRAM_SQL } from '../kindergarten/cyclogram-schema';
import { PERSPECTIVE_PLAN_SQL } from '../kindergarten/perspective-plan-schema';
import { MONITORING_SQL } from '../monitoring/monitoring-schema';
import {
  STATISTICS_SQL,
  STATISTICS_TOTALS_SQL,
  STATISTICS_USAGE_SQL,
} from '../statistics/statistics-schema';
import { CONTESTS_SQL } from '../contests/contest-schema';
import { COURSE_AUTHORING_SQL, COURSES_SQL } from '../courses/course-schema';
import { RESULTS_SQL } from '../teaching/result-schema';
import { HOMEWORK_MARKS_SQL } from '../teaching/diary-schema';
import { SITE_SQL } from '../site/site-schema';
import { AVATARS_SQL, REFUNDS_SQL } from '../commerce/refund-schema';
import { DEVELOPMENT_SQL } from '../development/development-schema';
import { DEVELOPMENT_NOTES_SQL } from '../development/development-notes-schema';
import { METHODICAL_SQL } from '../methodical/methodical-schema';

/**
 * Migrations are code, applied in order at start inside one transaction guarded by an advisory
 * lock, so two processes starting together on one PostgreSQL never race. Never edit a shipped
 * migration; append a new one.
 */
export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'core',
    sql: `
CREATE TABLE regions (
  id serial PRIMARY KEY,
  name_kz text NOT NULL,
  name_ru text NOT NULL
);
CREATE TABLE departments (
  id serial PRIMARY KEY,
  region_id integer NOT NULL REFERENCES regions(id),
  name_kz text NOT NULL,
  name_ru text NOT NULL
);
CREATE TABLE localities (
  id serial PRIMARY KEY,
  department_id integer NOT NULL REFERENCES departments(id),
  name_kz text NOT NULL,
  name_ru text NOT NULL
);
CREATE TABLE schools (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('school', 'kindergarten')),
  name_kz text NOT NULL,
  name_ru text NOT NULL,
  address_kz text NOT NULL,
  address_ru text NOT NULL,
  bin text NOT NULL UNIQUE,
  locality_id integer REFERENCES localities(id)
);
CREATE TABLE edu_langs (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name_kz text NOT NULL,
  name_ru text NOT NULL
);
CREATE TABLE subjects (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name_kz text NOT NULL,
  name_ru text NOT NULL
);
CREATE TABLE groups (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools(id),
  parallel integer NOT NULL CHECK (parallel BETWEEN 0 AND 12),
  letter text NOT NULL,
  edu_lang_id integer NOT NULL REFERENCES edu_langs(id),
  archived boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (school_id, parallel, letter)
);
CREATE TABLE subgroups (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  subject_id integer NOT NULL REFERENCES subjects(id),
  name text NOT NULL
);
CREATE TABLE periods (
  id serial PRIMARY KEY,
  school_year text NOT NULL,
  quarter integer NOT NULL CHECK (quarter BETWEEN 1 AND 4),
  name_kz text NOT NULL,
  name_ru text NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  is_current boolean NOT NULL DEFAULT false
);
CREATE TABLE users (
  id serial PRIMARY KEY,
  login text UNIQUE,
  iin text UNIQUE,
  email text UNIQUE,
  password_hash text,
  default_pass boolean NOT NULL DEFAULT false,
  role text NOT NULL,
  subrole text,
  position text,
  firstname text NOT NULL,
  surname text NOT NULL,
  lastname text,
  gender text NOT NULL DEFAULT 'm',
  born_date date,
  phone text,
  photo text,
  school_id integer REFERENCES schools(id),
  group_id integer REFERENCES groups(id),
  region_id integer REFERENCES regions(id),
  department_id integer REFERENCES departments(id),
  balance integer NOT NULL DEFAULT 0,
  chat_token text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE group_personnel (
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id),
  PRIMARY KEY (group_id, user_id)
);
CREATE TABLE subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  type text NOT NULL CHECK (type IN ('kindergarden', 'personal')),
  tariff_type text NOT NULL,
  is_demo boolean NOT NULL DEFAULT false,
  group_name text,
  locked boolean NOT NULL DEFAULT false,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz
);
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  behalf_of integer REFERENCES users(id),
  user_agent text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE TABLE access_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX access_tokens_session ON access_tokens(session_id);
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE TABLE registrations (
  iin text PRIMARY KEY,
  data jsonb NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
CREATE TABLE outbox (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE TABLE audit_log (
  id serial PRIMARY KEY,
  actor_id integer REFERENCES users(id),
  action text NOT NULL,
  target_user_id integer REFERENCES users(id),
  meta jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE oauth_states (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  lang text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE TABLE feature_flags (
  key text PRIMARY KEY,
  enabled boolean NOT NULL
);
CREATE TABLE translations (
  key text NOT NULL,
  locale text NOT NULL CHECK (locale IN ('kz', 'ru')),
  value text NOT NULL,
  PRIMARY KEY (key, locale)
);
CREATE TABLE banners (
  id serial PRIMARY KEY,
  image text NOT NULL,
  external_link text,
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  position integer NOT NULL DEFAULT 0
);
CREATE TABLE domains (
  id serial PRIMARY KEY,
  domain text NOT NULL UNIQUE,
  kind text NOT NULL,
  name_kz text NOT NULL,
  name_ru text NOT NULL
);
CREATE TABLE menu_permissions (
  role text NOT NULL,
  path text NOT NULL,
  name_kz text NOT NULL,
  name_ru text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (role, path)
);
CREATE TABLE drafts (
  id text PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users(id),
  school_id integer REFERENCES schools(id),
  type text NOT NULL,
  title text NOT NULL,
  lang text,
  version integer NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX drafts_owner ON drafts(owner_id);
CREATE TABLE draft_events (
  draft_id text NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  actor_id integer NOT NULL REFERENCES users(id),
  at timestamptz NOT NULL DEFAULT now(),
  command jsonb NOT NULL,
  PRIMARY KEY (draft_id, seq)
);
`,
  },
  {
    id: 2,
    name: 'draft-initial-state',
    // The state a draft's event log starts from (a created or imported draft), so
    // replay(initial, events) rebuilds the materialised row.
    sql: `ALTER TABLE drafts ADD COLUMN initial jsonb;
UPDATE drafts SET initial = doc WHERE initial IS NULL;
ALTER TABLE drafts ALTER COLUMN initial SET NOT NULL;
ALTER TABLE drafts ADD COLUMN deleted_at timestamptz;`,
  },
  // --- live co-editing (issue 7): ids 7xx are this feature's. Yjs updates of each draft's doc
  // and the collaborators the owner invited.
  {
    id: 701,
    name: 'collab',
    sql: COLLAB_SQL,
  },
  {
    // The installation: processes on one database share it, so Redis keys that count across
    // processes (connection limits) never mix two installations that share a Redis.
    id: 702,
    name: 'collab-installation',
    sql: COLLAB_INSTALLATION_SQL,
  },
  // --- teaching core (issue 8): its ids start at 801 so entries appended at the same time by
  // other features never collide; the order of this array is the order of application.
  {
    id: 801,
    name: 'teaching-core',
    sql: TEACHING_SQL,
  },
  {
    id: 3,
    name: 'outbox-delivery',
    // SMTP delivery state: a row is claimed by one process, sent, or retried with its error.
    sql: `ALTER TABLE outbox ADD COLUMN claimed_at timestamptz;
ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN last_error text;`,
  },
  // --- teaching core (issue 8): subgroup membership. A class split for languages, informatics,
  // PE… puts each pupil in one subgroup per split subject; the journal of a subgroup lists only
  // its members. Nothing writes it yet but the demo seed, which splits 7А (teaching/seed.ts);
  // the backoffice subgroup-transfer page is where pupils will be moved.
  {
    id: 802,
    name: 'teaching-subgroup-members',
    sql: `CREATE TABLE subgroup_members (
  subgroup_id integer NOT NULL REFERENCES subgroups(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (subgroup_id, user_id)
);
CREATE INDEX subgroup_members_user ON subgroup_members (user_id);`,
  },
  // --- teaching (issue 6 screens): calendar plans (KTP), their lessons and linked content, and
  // teachers' comments on attempts (see teaching/calendar-plans.ts).
  {
    id: 803,
    name: 'teaching-calendar-plans',
    sql: CALENDAR_PLAN_SQL,
  },
  // --- builder editor (issue 6): ids 6xx are this feature's. The dictionaries a draft references
  // (engine `Dictionaries`). The entries are reference data every deployment needs (not demo
  // data), so they are inserted here rather than by the demo seed.
  {
    id: 601,
    name: 'builder-dictionaries',
    sql: BUILDER_DICTIONARIES_SQL,
  },
  // Uploaded assets and attachments of the builder (issue 6), created at start by the files
  // route until this entry. IF NOT EXISTS: databases that already have the table keep it.
  {
    id: 602,
    name: 'builder-files',
    sql: `CREATE TABLE IF NOT EXISTS files (
  name text PRIMARY KEY,
  owner_id integer NOT NULL,
  school_id integer,
  label text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);`,
  },
  // --- security (issue 12): ids 900–949. Tenancy: periods belong to a school (one school's
  // director switched the current quarter of every school). Existing rows go to the first
  // school; any other school whose timetable or SOR/SOCh already points at them gets its own
  // copy of those periods, and its rows are moved onto the copy, so no school keeps a
  // reference into another school's calendar.
  {
    id: 900,
    name: 'periods-per-school',
    sql: `ALTER TABLE periods ADD COLUMN school_id integer REFERENCES schools(id);
UPDATE periods SET school_id = (SELECT min(id) FROM schools) WHERE school_id IS NULL;
INSERT INTO periods (school_id, school_year, quarter, name_kz, name_ru, start_date, end_date, is_current)
SELECT DISTINCT u.school_id, p.school_year, p.quarter, p.name_kz, p.name_ru, p.start_date, p.end_date, p.is_current
  FROM (SELECT g.school_id, s.period_id FROM timetable_slots s JOIN groups g ON g.id = s.group_id
        UNION SELECT g.school_id, a.period_id FROM assessments a JOIN groups g ON g.id = a.group_id) u
  JOIN periods p ON p.id = u.period_id
 WHERE p.school_id <> u.school_id;
UPDATE timetable_slots s SET period_id = np.id
  FROM groups g, periods op, periods np
 WHERE g.id = s.group_id AND op.id = s.period_id AND op.school_id <> g.school_id
   AND np.school_id = g.school_id AND np.school_year = op.school_year AND np.quarter = op.quarter
   AND np.start_date = op.start_date AND np.end_date = op.end_date;
UPDATE assessments a SET period_id = np.id
  FROM groups g, periods op, periods np
 WHERE g.id = a.group_id AND op.id = a.period_id AND op.school_id <> g.school_id
   AND np.school_id = g.school_id AND np.school_year = op.school_year AND np.quarter = op.quarter
   AND np.start_date = op.start_date AND np.end_date = op.end_date;
ALTER TABLE periods ALTER COLUMN school_id SET NOT NULL;
CREATE INDEX periods_school ON periods (school_id, start_date);`,
  },
  // Exams (issue 12): a lesson's work is taken inside a window (by default the lesson's own
  // bell times; the teacher may set another), and its right answers reach pupils only after
  // the window closed and only when the teacher shows them.
  {
    id: 901,
    name: 'lesson-exam-window',
    sql: `ALTER TABLE lessons ADD COLUMN exam_opens_at timestamptz;
ALTER TABLE lessons ADD COLUMN exam_closes_at timestamptz;
ALTER TABLE lessons ADD COLUMN exam_keys_shown boolean NOT NULL DEFAULT false;
ALTER TABLE lessons ADD CONSTRAINT lessons_exam_window CHECK (exam_closes_at IS NULL OR exam_opens_at IS NULL OR exam_closes_at > exam_opens_at);`,
  },
  // The teacher's choice to show the keys was made for the work on the lesson then: whatever
  // puts other work on the lesson (the lesson page, KTP linking and re-laying) takes it back.
  {
    id: 902,
    name: 'lesson-keys-follow-content',
    sql: `CREATE FUNCTION lessons_keys_follow_content() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.content_draft_id IS DISTINCT FROM OLD.content_draft_id
     OR NEW.content_version IS DISTINCT FROM OLD.content_version THEN
    NEW.exam_keys_shown := false;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER lessons_keys_follow_content BEFORE UPDATE ON lessons
  FOR EACH ROW EXECUTE FUNCTION lessons_keys_follow_content();`,
  },
  // --- look and feel (issue 18): ids 1800–1849. A job title in each interface language (the
  // Russian interface showed the Kazakh one); existing demo staff get the Russian titles of
  // db/positions.ts.
  {
    id: 1800,
    name: 'users-position-ru',
    sql: `ALTER TABLE users ADD COLUMN position_ru text;
${positionRuBackfill()}`,
  },
  // --- backoffice groups and subgroups (issue 13): ids 1900–1949. A pupil removed to the
  // archive leaves their class (group_id NULL) and keeps where and when they left; an archived
  // class keeps when it was archived, and no longer holds its name (a new 11А may open).
  {
    id: 1900,
    name: 'backoffice-archive',
    sql: `ALTER TABLE users ADD COLUMN archived_at timestamptz;
ALTER TABLE users ADD COLUMN archived_group_id integer REFERENCES groups(id);
ALTER TABLE groups ADD COLUMN archived_at timestamptz;
CREATE INDEX users_archived_group ON users (archived_group_id) WHERE archived_group_id IS NOT NULL;
CREATE INDEX subgroups_group ON subgroups (group_id, subject_id);
ALTER TABLE groups DROP CONSTRAINT groups_school_id_parallel_letter_key;
CREATE UNIQUE INDEX groups_active_name ON groups (school_id, parallel, letter) WHERE NOT archived;`,
  },
  // --- backoffice personnel and school settings (issue 13): ids 1950–1999 (see
  // backoffice/school-settings-schema.ts).
  {
    id: 1950,
    name: 'backoffice-personnel-settings',
    sql: PERSONNEL_SETTINGS_SQL,
  },
  // --- backoffice timetables (issue 13): ids 2000–2049. A lesson of the week gets its room; the
  // clash checks read a quarter's lessons by weekday (see backoffice/timetable-queries.ts).
  {
    id: 2000,
    name: 'backoffice-timetable-rooms',
    sql: `ALTER TABLE timetable_slots ADD COLUMN room text NOT NULL DEFAULT '';
CREATE INDEX timetable_slots_period_day ON timetable_slots (period_id, weekday);`,
  },
  // --- files (issue 14): ids 2100–2149. The one file service: stored files (bytes in the data
  // directory or S3), resumable uploads; old attachments' bytes move out of the database at start
  // (files/move-blobs.ts).
  {
    id: 2100,
    name: 'files-service',
    sql: FILES_SQL,
  },
  // --- the school year and long work as jobs (issue 13): ids 2050–2099 (see jobs/jobs-schema.ts).
  {
    id: 2050,
    name: 'jobs-year-transition',
    sql: JOBS_SQL,
  },
  // --- commerce (issue 19): ids 2150–2199. Tariffs, invoices, provider transactions and the
  // balance ledger (commerce/commerce-schema.ts).
  { id: 2150, name: 'commerce-tariffs-ledger', sql: COMMERCE_SQL },
  // --- SOR/SOCh under exam conditions (issue 20): ids 2200–2249 (teaching/sitting-schema.ts).
  { id: 2200, name: 'exam-sittings', sql: SITTINGS_SQL },
  // --- the lesson chat (issue 20): ids 2250–2299 (teaching/lesson-chat-schema.ts).
  { id: 2250, name: 'lesson-chat', sql: LESSON_CHAT_SQL },
  // --- exam results (issue 20): ids 2300–2349. Overrides, a lesson's journal column, re-grades
  // (teaching/result-schema.ts).
  { id: 2300, name: 'exam-results', sql: RESULTS_SQL },
  // --- homework grades in the journal, the pupil's diary (issue 20): ids 2350–2399
  // (teaching/diary-schema.ts).
  { id: 2350, name: 'homework-marks-in-journal', sql: HOMEWORK_MARKS_SQL },
  // --- the public site's content: FAQ, news, pages (issue 19): ids 2450–2499 (site/site-schema.ts).
  { id: 2450, name: 'site-content', sql: SITE_SQL },
  // --- the media sections (issue 14): ids 2400–2449 (media/media-schema.ts).
  { id: 2400, name: 'media-catalogue', sql: MEDIA_SQL },
  // --- refunds and profile pictures (issue 19): ids 2500–2549 (commerce/refund-schema.ts).
  { id: 2500, name: 'refunds', sql: REFUNDS_SQL },
  { id: 2501, name: 'avatars', sql: AVATARS_SQL },
  // --- statistics (issue 16): ids 2650–2699. The roll-up of quarter grades and the triggers that
  // mark it stale (statistics/statistics-schema.ts).
  { id: 2650, name: 'statistics-rollup', sql: STATISTICS_SQL },
  // The second tier: per-school sums read by the levels above a school.
  { id: 2651, name: 'statistics-school-totals', sql: STATISTICS_TOTALS_SQL },
  // Platform usage: pupils who used the platform (attempts, homework answers) per subject.
  { id: 2652, name: 'statistics-usage', sql: STATISTICS_USAGE_SQL },
  // --- kindergarten document sections (issue 15): ids 2550–2559 (kindergarten/document-schema.ts).
  { id: 2550, name: 'kindergarten-documents', sql: KINDERGARTEN_DOCUMENTS_SQL },
  { id: 2551, name: 'kindergarten-katalog', sql: KATALOG_SQL },
  { id: 2552, name: 'kindergarten-cyclogram', sql: CYCLOGRAM_SQL },
  { id: 2553, name: 'kindergarten-document-files', sql: KINDERGARTEN_DOCUMENT_FILES_SQL },
  // --- individual developmental cards (issue 15): ids 2560–2579 (development/development-schema.ts).
  { id: 2560, name: 'development-cards', sql: DEVELOPMENT_SQL },
  // --- monitoring questionnaires (issue 16): ids 2710–2719 (monitoring/monitoring-schema.ts).
  { id: 2710, name: 'monitoring-questionnaires', sql: MONITORING_SQL },
  // --- contests (issue 17): ids 2740–2749 (contests/contest-schema.ts).
  { id: 2740, name: 'contests', sql: CONTESTS_SQL },
  // --- content catalogues (issue 17): ids 2600–2649 (catalogue/catalogue-schema.ts).
  { id: 2600, name: 'content-catalogue', sql: CATALOGUE_SQL },
  // --- comments and recommendations of the developmental cards (issue 15): id 2700
  // (development/development-notes-schema.ts).
  { id: 2700, name: 'development-notes', sql: DEVELOPMENT_NOTES_SQL },
  // --- the methodical cabinet (issue 17): id 2730 (methodical/methodical-schema.ts).
  { id: 2730, name: 'methodical-cabinet', sql: METHODICAL_SQL },
  // --- the kindergarten perspective plan linked to the cyclogram (issue 15): id 2720
  // (kindergarten/perspective-plan-schema.ts).
  { id: 2720, name: 'kindergarten-perspective-plan', sql: PERSPECTIVE_PLAN_SQL },
  // --- courses with certificates, correction work (issue 17): ids 2750–2759 (courses/course-schema.ts).
  { id: 2750, name: 'courses', sql: COURSES_SQL },
  // Authoring of teacher courses by the methodist, final tests from the builder (issue 17).
  { id: 2770, name: 'course-authoring', sql: COURSE_AUTHORING_SQL },
  // --- the catalogue's search at 100,000 items: the GIN index without a pending list, the item
  // counts per type (issue 17): id 2760 (catalogue/catalogue-schema.ts).
  { id: 2760, name: 'catalogue-search-speed', sql: CATALOGUE_SEARCH_SQL },
];

const LOCK_KEY = 727_2026;

/** Applies every pending migration; returns the ids applied. */
export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         id integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id),
    );
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (done.has(m.id)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      applied.push(m.id);
    }
    return applied;
  });
}
