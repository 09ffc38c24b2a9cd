import { positionRuBackfill } from './positions';

/**
 * The platform's base tables (migration 1: places, schools, groups, periods, users, sessions and
 * tokens, the outbox, flags, translations, menus, drafts and their event log) and the core
 * migrations after it. Never edit a shipped migration; the order they run in is
 * `migration-order.ts`.
 */
/** Migration 1: the base tables. */
export const CORE_SQL = `
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
`;

/** Migration 2: the state a draft's event log starts from (a created or imported draft), so
 * replay(initial, events) rebuilds the materialised row. */
export const DRAFT_INITIAL_STATE_SQL = `ALTER TABLE drafts ADD COLUMN initial jsonb;
UPDATE drafts SET initial = doc WHERE initial IS NULL;
ALTER TABLE drafts ALTER COLUMN initial SET NOT NULL;
ALTER TABLE drafts ADD COLUMN deleted_at timestamptz;`;

/** Migration 602: uploaded assets and attachments of the builder (issue 6), created at start by
 * the files route until this entry. IF NOT EXISTS: databases that already have the table keep it. */
export const BUILDER_FILES_SQL = `CREATE TABLE IF NOT EXISTS files (
  name text PRIMARY KEY,
  owner_id integer NOT NULL,
  school_id integer,
  label text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);`;

/** Migration 1800 (issue 18): a job title in each interface language (the Russian interface
 * showed the Kazakh one); existing demo staff get the Russian titles of core/positions.ts. */
export const POSITION_RU_SQL = `ALTER TABLE users ADD COLUMN position_ru text;
${positionRuBackfill()}`;
