/**
 * Tables of live co-editing (issue 7), applied as migration 701 (ids 7xx are this feature's, so
 * entries other features append at the same time never collide).
 * - `collab_updates`: a draft's Y.Doc as Yjs updates, appended as they arrive (batched), merged
 *   into one row by compaction. Replaying them in any order gives the same doc.
 * - `draft_collaborators`: who the owner invited, with edit or view access.
 */
export const COLLAB_SQL = `
CREATE TABLE collab_updates (
  seq bigserial PRIMARY KEY,
  draft_id text NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collab_updates_draft ON collab_updates(draft_id, seq);
CREATE TABLE draft_collaborators (
  draft_id text NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  access text NOT NULL CHECK (access IN ('edit', 'view')),
  invited_by integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (draft_id, user_id)
);
CREATE INDEX draft_collaborators_user ON draft_collaborators(user_id);
`;

/**
 * Migration 702: one row naming this installation (a random id made once). Processes that
 * share a database share it; it scopes the Redis keys that count across processes.
 */
export const COLLAB_INSTALLATION_SQL = `
CREATE TABLE collab_installation (
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO collab_installation (id) VALUES (md5(random()::text || clock_timestamp()::text));
`;

/**
 * Migration 2840 (issue 32): the installation's secret, shared by its processes, with which a
 * process seals the updates it relays (room.ts): a peer that reconnects to another process sends
 * back its co-authors' edits that process may not have yet, and the seal tells that replay from
 * an edit forged in a co-author's name. gen_random_uuid draws from the strong random source.
 */
export const COLLAB_SECRET_SQL = `
ALTER TABLE collab_installation ADD COLUMN secret text;
UPDATE collab_installation
   SET secret = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
ALTER TABLE collab_installation ALTER COLUMN secret SET NOT NULL;
`;
