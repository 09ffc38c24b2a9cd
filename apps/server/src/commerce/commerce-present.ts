import type { Invoice, LedgerEntry, Locale, Subscription, Tariff } from '@sabaq/platform';
import type { TariffRow } from './tariff-queries';
import type { InvoiceRow, LedgerRow } from './ledger-queries';
import type { SubscriptionRecord } from './subscription-queries';
import { daysLeft, subscriptionState } from './subscription-state';

export function presentTariff(row: TariffRow, locale: Locale): Tariff {
  return {
    id: row.id,
    code: row.code,
    audience: row.audience,
    subscriptionType: row.subscription_type,
    name: locale === 'kz' ? row.name_kz : row.name_ru,
    description: locale === 'kz' ? row.description_kz : row.description_ru,
    price: row.price,
    periodDays: row.period_days,
    purchasable: row.price !== null && row.subscription_type !== null,
  };
}

export function presentSubscription(
  sub: SubscriptionRecord,
  locale: Locale,
  now: Date,
): Subscription {
  return {
    id: sub.id,
    type: sub.type,
    tariffCode: sub.tariffCode,
    tariffName: sub.tariffName ? sub.tariffName[locale] : null,
    isDemo: sub.isDemo,
    startsAt: sub.startsAt.toISOString(),
    endsAt: sub.endsAt ? sub.endsAt.toISOString() : null,
    state: subscriptionState(sub, now),
    daysLeft: daysLeft(sub, now),
  };
}

function iso(value: string | Date): string {
  return new Date(value).toISOString();
}

export function presentLedgerEntry(row: LedgerRow, locale: Locale): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    balanceAfter: row.balance_after,
    description: locale === 'kz' ? row.description_kz : row.description_ru,
    createdAt: iso(row.created_at),
    transactionId: row.transaction_id,
  };
}

export function presentInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    purpose: row.purpose,
    tariffCode: row.tariff_code,
    amount: row.amount,
    state: row.state,
    reason: row.reason,
    createdAt: iso(row.created_at),
  };
}
