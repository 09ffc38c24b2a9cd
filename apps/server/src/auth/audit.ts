import type { Queryable } from '../db/db';

/**
 * The audit log (`audit_log`, core migration 1): who did what to whose account. Rows name the
 * actor (the person at the keyboard) and the target (whose account it concerned), with `meta`
 * (address, user agent, what was asked). Written today for behalf sign-ins, external (OIDC)
 * sign-ins, staff dismissals and password resets, and — since issue 28 — for every write made in
 * a session opened on someone's behalf, and for what such a session was refused.
 *
 * Migration 2820 gives the rows the columns a reader filters by: the session a request came in
 * (`session_id`), the route (`route`, the policy table's id, or `ws:<path>` for a socket) and the
 * answer's status (`status`, written when the answer is sent), and indexes by actor and target
 * so "everything done to this pupil's account" and "everything this director did" are one probe.
 */
export const AUDIT_SQL = `
ALTER TABLE audit_log ADD COLUMN session_id text;
ALTER TABLE audit_log ADD COLUMN route text;
ALTER TABLE audit_log ADD COLUMN status integer;
CREATE INDEX audit_log_target ON audit_log (target_user_id, at DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_id, at DESC);
`;

export interface AuditEntry {
  /** Who acted: in a behalf session the director or zavuch, not the session's user. */
  actorId: number | null;
  action: string;
  /** Whose account: in a behalf session the teacher or pupil. */
  targetUserId: number | null;
  sessionId?: string | null;
  route?: string | null;
  status?: number | null;
  meta?: Record<string, unknown>;
}

/** Writes one audit row; its id (to record the answer's status later). */
export async function audit(q: Queryable, entry: AuditEntry): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO audit_log (actor_id, action, target_user_id, session_id, route, status, meta)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      entry.actorId,
      entry.action,
      entry.targetUserId,
      entry.sessionId ?? null,
      entry.route ?? null,
      entry.status ?? null,
      JSON.stringify(entry.meta ?? {}),
    ],
  );
  return rows[0]!.id;
}

/** The status a request audited before its handler ran was answered with. */
export async function auditStatus(
  q: Queryable,
  id: number,
  status: number,
  meta?: Record<string, unknown>,
): Promise<void> {
  await q.query(`UPDATE audit_log SET status = $2, meta = meta || $3::jsonb WHERE id = $1`, [
    id,
    status,
    JSON.stringify(meta ?? {}),
  ]);
}
