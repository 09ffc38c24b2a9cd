/**
 * Migration 3100 (issue 31): the client operations the server has applied, so a write the web
 * app's offline outbox sends again (a retry after a dropped answer) is applied once.
 */
export const CLIENT_OPS_SQL = `CREATE TABLE client_ops (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  op_id text NOT NULL,
  route_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'done')),
  status integer,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  PRIMARY KEY (user_id, op_id)
);
-- The weekly clean-up deletes by age.
CREATE INDEX client_ops_created ON client_ops (created_at);`;
