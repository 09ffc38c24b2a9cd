import type { WidgetParams } from '@sabaq/platform';

/** A provider's notification, read from its wire format into whole tenge and plain strings. */
export interface PaymentNotification {
  transactionId: string;
  invoiceNumber: string | null;
  accountId: string | null;
  /** Whole tenge; NaN when the provider sent a fractional or unreadable amount. */
  amount: number;
  currency: string;
  reason: string | null;
}

/**
 * What the platform needs from a card-payment provider: the parameters its web widget takes,
 * the check of a notification's signature, and the reading of a notification's body. One real
 * adapter: CloudPayments (cloudpayments.ts).
 */
export interface PaymentProvider {
  readonly name: 'cloudpayments';
  widgetParams(invoice: {
    number: string;
    amount: number;
    accountId: string;
    description: string;
  }): WidgetParams;
  /** Whether the raw body carries the provider's signature (headers lower-cased). */
  verify(rawBody: string, headers: Record<string, string | string[] | undefined>): boolean;
  /** Reads a notification's fields (see {@link readNotificationBody}); null when some are missing. */
  parse(fields: Record<string, unknown>): PaymentNotification | null;
}
