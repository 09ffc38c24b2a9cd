import { z } from 'zod';

/**
 * Tariffs, subscriptions, payment and balance (issue 19, spec §1, §3, §8, §9). Amounts are whole
 * tenge (KZT) everywhere: integers, never floats. A subscription's state comes from its dates:
 * `active` until the last 7 days, then `expiring`, `locked` once it has ended.
 */

export const TARIFF_AUDIENCES = ['personal', 'kindergarden', 'school'] as const;
export type TariffAudience = (typeof TARIFF_AUDIENCES)[number];

export const SUBSCRIPTION_STATES = ['active', 'expiring', 'locked'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** Days before the end when an active subscription counts as expiring. */
export const EXPIRING_DAYS = 7;

/** Whole tenge: a positive integer no larger than a sane single payment. */
export const TengeSchema = z
  .number({ error: 'field_required' })
  .int('field_invalid')
  .min(1, 'field_invalid')
  .max(10_000_000, 'field_invalid');

export const TariffSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    audience: z.enum(TARIFF_AUDIENCES),
    /** The subscription type a purchase gives (spec §9); null for the school (B2B) tariff. */
    subscriptionType: z.enum(['kindergarden', 'personal']).nullable(),
    name: z.string(),
    description: z.string(),
    /** Tenge; null when the price is agreed with the school (B2B). */
    price: z.number().int().nullable(),
    periodDays: z.number().int(),
    /** Whether it can be bought here (card or balance); B2B goes through an application. */
    purchasable: z.boolean(),
  })
  .meta({ id: 'Tariff' });
export type Tariff = z.infer<typeof TariffSchema>;

export const TariffListSchema = z
  .object({
    tariffs: z.array(TariffSchema),
    /** Feature flags of spec §9 that shape the pages. */
    flags: z.object({ b2c: z.boolean(), b2cVersion: z.boolean() }),
    /** Whether a card payment provider is configured on this server. */
    paymentConnected: z.boolean(),
  })
  .meta({ id: 'TariffList' });
export type TariffList = z.infer<typeof TariffListSchema>;
export const TariffListResponseSchema = z.object({ data: TariffListSchema });

export const SubscriptionSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(['kindergarden', 'personal']),
    tariffCode: z.string(),
    tariffName: z.string().nullable(),
    isDemo: z.boolean(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    state: z.enum(SUBSCRIPTION_STATES),
    daysLeft: z.number().int().nullable(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const LEDGER_KINDS = ['top_up', 'purchase', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LedgerEntrySchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(LEDGER_KINDS),
    /** Signed tenge: + for a top-up or refund, − for a purchase. */
    amount: z.number().int(),
    balanceAfter: z.number().int(),
    description: z.string(),
    createdAt: z.string(),
    /** The provider's transaction for card money; null for balance purchases. */
    transactionId: z.string().nullable(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const BalanceSchema = z
  .object({
    balance: z.number().int(),
    entries: z.array(LedgerEntrySchema),
    subscriptions: z.array(SubscriptionSchema),
    paymentConnected: z.boolean(),
  })
  .meta({ id: 'Balance' });
export type Balance = z.infer<typeof BalanceSchema>;
export const BalanceResponseSchema = z.object({ data: BalanceSchema });

export const PAYMENT_METHODS = ['card', 'balance'] as const;

export const CheckoutRequestSchema = z
  .object({
    tariffCode: z.string({ error: 'field_required' }).trim().min(1, 'field_required').max(64),
    method: z.enum(PAYMENT_METHODS, { error: 'field_invalid' }),
  })
  .meta({ id: 'CheckoutRequest' });
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

export const TopUpRequestSchema = z.object({ amount: TengeSchema }).meta({ id: 'TopUpRequest' });
export type TopUpRequest = z.infer<typeof TopUpRequestSchema>;

/** What the web page gives the provider's widget (CloudPayments `pay('charge', …)`). */
export const WidgetParamsSchema = z.object({
  provider: z.literal('cloudpayments'),
  scriptUrl: z.string(),
  publicId: z.string(),
  description: z.string(),
  amount: z.number().int(),
  currency: z.literal('KZT'),
  invoiceId: z.string(),
  accountId: z.string(),
});
export type WidgetParams = z.infer<typeof WidgetParamsSchema>;

export const INVOICE_STATES = ['pending', 'paid', 'failed'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const InvoiceSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    purpose: z.enum(['top_up', 'tariff']),
    tariffCode: z.string().nullable(),
    amount: z.number().int(),
    state: z.enum(INVOICE_STATES),
    reason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof InvoiceSchema>;

/** The checkout's answer: paid at once from the balance, or an invoice for the card widget. */
export const CheckoutSchema = z
  .object({
    invoice: InvoiceSchema.nullable(),
    widget: WidgetParamsSchema.nullable(),
    subscription: SubscriptionSchema.nullable(),
    balance: z.number().int(),
  })
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof CheckoutSchema>;
export const CheckoutResponseSchema = z.object({ data: CheckoutSchema });
export const InvoiceResponseSchema = z.object({ data: InvoiceSchema });

/** The provider's notification answer (CloudPayments: 0 accepted, 10–13 refused). */
export const NotificationAnswerSchema = z.object({ code: z.number().int() });
