import type { Db, Queryable } from '../db/db';
import { moveBalance } from './ledger-queries';
import { refundedPeriod } from './refund-period';
import {
  findRefundOf,
  lockLedgerEntry,
  lockSubscription,
  markRefund,
  setSubscriptionEnd,
  shiftLaterPeriods,
} from './refund-queries';
import { KIND_WORDS, RefundError, refundDescription } from './refund-texts';

export interface RefundDone {
  entryId: number;
  purchaseId: number;
  userId: number;
  balance: number;
  subscriptionId: number | null;
}

/** Postgres' unique violation of the one-refund-per-purchase index (the last guard). */
function isSecondRefund(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return (
    e?.code === '23505' &&
    (e.constraint === 'balance_ledger_refund_once' ||
      String(e.message).includes('balance_ledger_refund_once'))
  );
}

/** Ends (or empties) the period the purchase bought and moves later periods up. */
async function endBoughtPeriod(tx: Queryable, subscriptionId: number, now: Date): Promise<void> {
  const sub = await lockSubscription(tx, subscriptionId);
  if (!sub) return;
  const oldEnd = sub.ends_at === null ? null : new Date(sub.ends_at);
  const { endsAt, freedMs } = refundedPeriod(
    { startsAt: new Date(sub.starts_at), endsAt: oldEnd },
    now,
  );
  await setSubscriptionEnd(tx, sub.id, endsAt);
  if (oldEnd) {
    await shiftLaterPeriods(tx, {
      userId: sub.user_id,
      type: sub.type,
      exceptId: sub.id,
      from: oldEnd,
      ms: freedMs,
    });
  }
}

/**
 * Refunds a purchase in one transaction: the purchase row locked, the refund refused if one
 * exists (409), the amount credited back as a `refund` ledger row naming the purchase and the
 * reason, and the bought period ended. Anything but a purchase is a 422 naming `entryId`.
 */
export async function refundPurchase(
  db: Db,
  input: { entryId: number; reason: string; adminId: number; locale: 'kz' | 'ru' },
  now: Date,
): Promise<RefundDone> {
  try {
    return await db.transaction(async (tx) => {
      const purchase = await lockLedgerEntry(tx, input.entryId);
      if (!purchase) throw new RefundError(404, 'refund_entry_not_found', 'entryId');
      if (purchase.kind !== 'purchase') {
        throw new RefundError(422, 'refund_not_purchase', 'entryId', {
          id: purchase.id,
          kind: KIND_WORDS[purchase.kind][input.locale],
        });
      }
      const earlier = await findRefundOf(tx, purchase.id);
      if (earlier !== null) {
        throw new RefundError(409, 'refund_twice', 'entryId', { id: purchase.id, refund: earlier });
      }
      const credit = await moveBalance(tx, {
        userId: purchase.user_id,
        kind: 'refund',
        delta: -purchase.amount,
        description: refundDescription(purchase, input.reason),
        invoiceId: purchase.invoice_id,
        subscriptionId: purchase.subscription_id,
      });
      // A credit always applies (balance + positive amount >= 0).
      if (!credit) throw new Error('refund credit refused');
      await markRefund(tx, credit.entryId, {
        purchaseId: purchase.id,
        reason: input.reason,
        adminId: input.adminId,
      });
      if (purchase.subscription_id !== null) {
        await endBoughtPeriod(tx, purchase.subscription_id, now);
      }
      return {
        entryId: credit.entryId,
        purchaseId: purchase.id,
        userId: purchase.user_id,
        balance: credit.balance,
        subscriptionId: purchase.subscription_id,
      };
    });
  } catch (err) {
    if (!isSecondRefund(err)) throw err;
    const refund = await findRefundOf(db, input.entryId);
    throw new RefundError(409, 'refund_twice', 'entryId', {
      id: input.entryId,
      refund: refund ?? '?',
    });
  }
}
