import { ApiErrorSchema, RefundRequestSchema, RefundResponseSchema } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { presentLedgerEntry, presentSubscription } from './commerce-present';
import { findLedgerEntry } from './ledger-queries';
import { refundPurchase } from './refund-commands';
import { loadSubscriptions } from './subscription-queries';

/**
 * commerce.refund (policy ['admin']): the platform's administrator refunds a purchase. The
 * administrator belongs to no school and sees every user's ledger, so there is no row rule
 * beyond the role; the answer is the new refund row, the balance and the ended subscription.
 */
export function registerRefundRoutes(
  app: App,
  ctx: AppContext,
  now: () => Date = () => new Date(),
): void {
  const { db } = ctx;
  defineRoute(app, ctx, 'commerce.refund', {
    body: RefundRequestSchema,
    response: { 201: RefundResponseSchema, 409: ApiErrorSchema },
    handler: async (req, reply) => {
      const { userId } = requireAuth(req);
      const at = now();
      const done = await refundPurchase(
        db,
        { entryId: req.body.entryId, reason: req.body.reason, adminId: userId, locale: req.locale },
        at,
      );
      const entry = await findLedgerEntry(db, done.entryId);
      const subs = done.subscriptionId === null ? [] : await loadSubscriptions(db, done.userId);
      const sub = subs.find((s) => s.id === done.subscriptionId);
      return reply.code(201).send({
        data: {
          entry: presentLedgerEntry(entry!, req.locale),
          refundOf: done.purchaseId,
          userId: done.userId,
          balance: done.balance,
          subscription: sub ? presentSubscription(sub, req.locale, at) : null,
        },
      });
    },
  });
}
