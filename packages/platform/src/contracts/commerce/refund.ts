import { z } from 'zod';
import { LedgerEntrySchema, SubscriptionSchema } from './commerce';

/**
 * Refunds (issue 19): an administrator returns a purchase's money to the user's balance as a
 * `refund` ledger row naming the purchase and the reason; the subscription it bought ends.
 */
export const RefundRequestSchema = z
  .object({
    /** The `purchase` ledger row to refund. */
    entryId: z.number({ error: 'field_required' }).int('field_invalid').positive('field_invalid'),
    /** Why, in the administrator's words: printed on the user's refund row and receipt. */
    reason: z
      .string({ error: 'field_required' })
      .trim()
      .min(3, 'field_required')
      .max(500, 'field_too_long'),
  })
  .meta({ id: 'RefundRequest' });
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const RefundSchema = z
  .object({
    /** The new `refund` row of the user's ledger. */
    entry: LedgerEntrySchema,
    /** The refunded purchase's ledger id. */
    refundOf: z.number().int(),
    userId: z.number().int(),
    /** The user's balance after the refund. */
    balance: z.number().int(),
    /** The subscription the purchase bought, as it is after the refund (null if none). */
    subscription: SubscriptionSchema.nullable(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof RefundSchema>;
export const RefundResponseSchema = z.object({ data: RefundSchema });
