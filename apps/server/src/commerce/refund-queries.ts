import type { Queryable } from '../db/db';
import type { LedgerRow } from './ledger-queries';

/** SQL of refunds (snake_case rows stay here). */

export interface PurchaseRow extends LedgerRow {
  subscription_id: number | null;
}

/**
 * The ledger row to refund, row-locked for the refund's transaction: a concurrent refund of the
 * same purchase waits here until this one commits, then finds the refund row and stops.
 */
export async function lockLedgerEntry(q: Queryable, id: number): Promise<PurchaseRow | null> {
  const rows = await q.query<PurchaseRow>(
    `SELECT id, user_id, kind, amount, balance_after, description_kz, description_ru,
            transaction_id, invoice_id, created_at, subscription_id
       FROM balance_ledger WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** The refund row that already returns `purchaseId`, if any. */
export async function findRefundOf(q: Queryable, purchaseId: number): Promise<number | null> {
  const rows = await q.query<{ id: number }>('SELECT id FROM balance_ledger WHERE refund_of = $1', [
    purchaseId,
  ]);
  return rows[0]?.id ?? null;
}

/** Marks a ledger row as the refund of `purchaseId` (unique: a purchase is refunded once). */
export async function markRefund(
  q: Queryable,
  entryId: number,
  refund: { purchaseId: number; reason: string; adminId: number },
): Promise<void> {
  await q.query(
    `UPDATE balance_ledger SET refund_of = $2, refund_reason = $3, refunded_by = $4 WHERE id = $1`,
    [entryId, refund.purchaseId, refund.reason, refund.adminId],
  );
}

export interface SubscriptionPeriodRow {
  id: number;
  user_id: number;
  type: 'kindergarden' | 'personal';
  starts_at: string | Date;
  ends_at: string | Date | null;
}

export async function lockSubscription(
  q: Queryable,
  id: number,
): Promise<SubscriptionPeriodRow | null> {
  const rows = await q.query<SubscriptionPeriodRow>(
    'SELECT id, user_id, type, starts_at, ends_at FROM subscriptions WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0] ?? null;
}

export async function setSubscriptionEnd(q: Queryable, id: number, endsAt: Date): Promise<void> {
  await q.query('UPDATE subscriptions SET ends_at = $2 WHERE id = $1', [id, endsAt.toISOString()]);
}

/**
 * Moves the user's later periods of the same type (bought on top, starting at or after `from`)
 * earlier by `ms`, so that no gap is left where the refunded period was.
 */
export async function shiftLaterPeriods(
  q: Queryable,
  period: { userId: number; type: string; exceptId: number; from: Date; ms: number },
): Promise<void> {
  if (period.ms <= 0) return;
  await q.query(
    `UPDATE subscriptions
        SET starts_at = starts_at - make_interval(secs => $5::double precision / 1000),
            ends_at = ends_at - make_interval(secs => $5::double precision / 1000)
      WHERE user_id = $1 AND type = $2 AND id <> $3 AND starts_at >= $4`,
    [period.userId, period.type, period.exceptId, period.from.toISOString(), period.ms],
  );
}
