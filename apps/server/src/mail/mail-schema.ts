/**
 * The mail outbox's delivery state (migration 3; the outbox table itself is core's migration 1).
 */
/** Migration 3: SMTP delivery state: a row is claimed by one process, sent, or retried with its
 * error. */
export const OUTBOX_DELIVERY_SQL = `ALTER TABLE outbox ADD COLUMN claimed_at timestamptz;
ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN last_error text;`;
