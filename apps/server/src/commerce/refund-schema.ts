/**
 * Refunds and profile pictures (issue 19, migration ids 2500–2549).
 *
 * - `balance_ledger` gains `refund_of` (the purchase a `refund` row returns), the administrator's
 *   `refund_reason` and `refunded_by`. The partial unique index lets one purchase be refunded
 *   once, whatever the interleaving of concurrent requests.
 * - `user_avatars`: a user's picture, a stored file of the file service (`stored_files`, use
 *   `avatar`) under a random name that its URL carries.
 */
export const REFUNDS_SQL = `
ALTER TABLE balance_ledger ADD COLUMN refund_of integer REFERENCES balance_ledger(id);
ALTER TABLE balance_ledger ADD COLUMN refund_reason text;
ALTER TABLE balance_ledger ADD COLUMN refunded_by integer REFERENCES users(id);
CREATE UNIQUE INDEX balance_ledger_refund_once ON balance_ledger (refund_of)
  WHERE refund_of IS NOT NULL;
`;

export const AVATARS_SQL = `
CREATE TABLE user_avatars (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL UNIQUE,
  stored_id uuid NOT NULL REFERENCES stored_files(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
