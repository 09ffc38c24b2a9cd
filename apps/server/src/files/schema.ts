/**
 * Tables of the file service (issue 14, migration 2100). `stored_files` is every file the
 * service keeps (its bytes in the storage under `id`); the uses keep their own rows pointing at
 * it: builder assets in `files` (by random name), homework and chat attachments in
 * `teaching_files` (by id). Their old `data` columns become optional: rows uploaded before this
 * migration are moved into the storage at start (move-blobs.ts) and their bytes cleared.
 * `file_uploads` are resumable (tus) uploads in progress; their bytes sit in the uploads folder.
 */
export const FILES_SQL = `
CREATE TABLE stored_files (
  id uuid PRIMARY KEY,
  use text NOT NULL,
  owner_id integer NOT NULL,
  school_id integer,
  label text NOT NULL,
  mime text NOT NULL,
  size bigint NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE file_uploads (
  id uuid PRIMARY KEY,
  use text NOT NULL,
  owner_id integer NOT NULL,
  school_id integer,
  label text NOT NULL,
  length bigint NOT NULL,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX file_uploads_owner ON file_uploads (owner_id);
ALTER TABLE files ADD COLUMN stored_id uuid REFERENCES stored_files(id);
ALTER TABLE files ALTER COLUMN data DROP NOT NULL;
ALTER TABLE teaching_files ADD COLUMN stored_id uuid REFERENCES stored_files(id);
ALTER TABLE teaching_files ALTER COLUMN data DROP NOT NULL;
ALTER TABLE teaching_files ALTER COLUMN size TYPE bigint;
ALTER TABLE files ALTER COLUMN size TYPE bigint;
`;
