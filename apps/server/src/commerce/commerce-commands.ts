import type { Db, Queryable } from '../db/db';
import { CommerceError, ledgerDescription } from './commerce-texts';
import {
  insertInvoice,
  linkLedgerSubscription,
  loadBalance,
  lockInvoiceByNumber,
  moveBalance,
  recordTransaction,
  settleInvoice,
} from './ledger-queries';
import type { InvoiceRow } from './ledger-queries';
import type { PaymentNotification } from './payment-provider';
import { insertSubscription, loadSubscriptions } from './subscription-queries';
import { nextPeriod } from './subscription-state';
import { findTariffById } from './tariff-queries';
import type { TariffRow } from './tariff-queries';

/** A tariff that can be bought here: a price and a subscription type (not the B2B one). */
export function assertPurchasable(
  tariff: TariffRow | null,
): asserts tariff is TariffRow & { price: number; subscription_type: 'kindergarden' | 'personal' } {
  if (!tariff) throw new CommerceError(422, 'tariff_unknown', 'tariffCode');
  if (tariff.price === null || tariff.subscription_type === null) {
    throw new CommerceError(422, 'tariff_not_purchasable', 'tariffCode');
  }
}

export interface Purchase {
  subscriptionId: number;
  balance: number;
  entryId: number;
}

/**
 * Buys `tariff` from the user's balance inside the caller's transaction: the debit (a
 * conditional UPDATE that never goes below zero), its ledger row and the new subscription period
 * (right after the live one of the same type) stand or fall together. Null when the balance is
 * short — nothing is written then.
 */
export async function purchaseInTransaction(
  tx: Queryable,
  userId: number,
  tariff: TariffRow,
  now: Date,
  invoiceId: number | null = null,
): Promise<Purchase | null> {
  assertPurchasable(tariff);
  const debit = await moveBalance(tx, {
    userId,
    kind: 'purchase',
    delta: -tariff.price,
    description: ledgerDescription('purchase', tariff),
    invoiceId,
  });
  if (!debit) return null;
  const sameType = (await loadSubscriptions(tx, userId)).filter(
    (s) => s.type === tariff.subscription_type,
  );
  const period = nextPeriod(sameType, tariff.period_days, now);
  const subscriptionId = await insertSubscription(tx, {
    userId,
    type: tariff.subscription_type,
    tariffId: tariff.id,
    tariffCode: tariff.code,
    ...period,
  });
  await linkLedgerSubscription(tx, debit.entryId, subscriptionId);
  return { subscriptionId, balance: debit.balance, entryId: debit.entryId };
}

/** Buys from the balance in its own transaction; 422 naming the balance when it is short. */
export async function purchaseFromBalance(
  db: Db,
  userId: number,
  tariff: TariffRow,
  now: Date,
): Promise<Purchase> {
  assertPurchasable(tariff);
  const bought = await db.transaction((tx) => purchaseInTransaction(tx, userId, tariff, now));
  if (bought) return bought;
  const balance = await loadBalance(db, userId);
  throw new CommerceError(422, 'balance_insufficient', 'balance', {
    price: tariff.price,
    balance,
  });
}

export async function createInvoice(
  db: Db,
  userId: number,
  purpose: 'top_up' | 'tariff',
  amount: number,
  tariffId: number | null,
): Promise<InvoiceRow> {
  return insertInvoice(db, { userId, purpose, tariffId, amount });
}

/** CloudPayments' answer codes (their documentation: 0 accept, 10–13 refuse). */
export const ANSWER = {
  ok: 0,
  badInvoice: 10,
  badAccount: 11,
  badAmount: 12,
  refused: 13,
} as const;

/** What a Check would answer for this invoice: whether the payment may go ahead. */
export function checkInvoice(invoice: InvoiceRow | null, n: PaymentNotification): number {
  if (!invoice) return ANSWER.badInvoice;
  if (n.accountId !== null && n.accountId !== String(invoice.user_id)) return ANSWER.badAccount;
  if (n.amount !== invoice.amount || n.currency !== invoice.currency) return ANSWER.badAmount;
  if (invoice.state === 'paid') return ANSWER.refused;
  return ANSWER.ok;
}

export interface Settlement {
  code: number;
  /** False for a repeated notification (its TransactionId was seen): nothing changed. */
  applied: boolean;
}

/**
 * A Pay notification, in one transaction: the invoice row-locked, the TransactionId recorded
 * (unique: a repeat changes nothing), the money credited to the balance with its ledger row,
 * and for a tariff invoice the purchase from that balance. A second, different transaction for
 * an already paid invoice is money the user really paid: it stays on their balance.
 */
export async function settlePay(db: Db, n: PaymentNotification, now: Date): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoiceByNumber(tx, n.invoiceNumber ?? '');
    if (!invoice) return { code: ANSWER.badInvoice, applied: false };
    if (n.accountId !== null && n.accountId !== String(invoice.user_id)) {
      return { code: ANSWER.badAccount, applied: false };
    }
    if (n.amount !== invoice.amount || n.currency !== invoice.currency) {
      return { code: ANSWER.badAmount, applied: false };
    }
    const fresh = await recordTransaction(tx, n.transactionId, invoice.id, n.amount);
    if (!fresh) return { code: ANSWER.ok, applied: false };
    await moveBalance(tx, {
      userId: invoice.user_id,
      kind: 'top_up',
      delta: n.amount,
      description: ledgerDescription('top_up', null),
      invoiceId: invoice.id,
      transactionId: n.transactionId,
    });
    if (invoice.state !== 'paid' && invoice.purpose === 'tariff' && invoice.tariff_id !== null) {
      const tariff = await findTariffById(tx, invoice.tariff_id);
      if (tariff) await purchaseInTransaction(tx, invoice.user_id, tariff, now, invoice.id);
    }
    if (invoice.state !== 'paid') await settleInvoice(tx, invoice.id, 'paid', null);
    return { code: ANSWER.ok, applied: true };
  });
}

/** A Fail notification: a pending invoice becomes failed with the provider's reason. */
export async function settleFail(db: Db, n: PaymentNotification): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoiceByNumber(tx, n.invoiceNumber ?? '');
    if (!invoice) return { code: ANSWER.badInvoice, applied: false };
    if (invoice.state !== 'pending') return { code: ANSWER.ok, applied: false };
    await settleInvoice(tx, invoice.id, 'failed', n.reason);
    return { code: ANSWER.ok, applied: true };
  });
}
