import { z } from 'zod';
import {
  ApiErrorSchema,
  BalanceResponseSchema,
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  IdParam,
  InvoiceResponseSchema,
  TariffListResponseSchema,
  TopUpRequestSchema,
  tariffUsableBy,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { assertOwnEntry, assertOwnInvoice } from './commerce-access';
import { assertPurchasable, createInvoice, purchaseFromBalance } from './commerce-commands';
import {
  presentInvoice,
  presentLedgerEntry,
  presentSubscription,
  presentTariff,
} from './commerce-present';
import { CommerceError } from './commerce-texts';
import { findInvoice, findLedgerEntry, listLedger, loadBalance } from './ledger-queries';
import type { PaymentProvider } from './payment-provider';
import { receiptFont, renderReceipt } from './receipt-pdf';
import { loadSubscriptions } from './subscription-queries';
import { findTariffByCode, listTariffs, loadTariffFlags } from './tariff-queries';
import { loadPayerName } from './payer-queries';

const InvoiceParams = z.object({ invoiceId: IdParam });
const EntryParams = z.object({ entryId: IdParam });

/**
 * Tariffs, checkout, top-up, invoices, the balance and receipts (policies/commerce.ts). Every
 * row read here is the caller's own (commerce-access.ts): another user's invoice or receipt is
 * a 404. `provider` is null when no card provider is configured: card payments then answer 503
 * "payment is not connected" in kz/ru, the balance still works.
 */
export function registerCommerceRoutes(
  app: App,
  ctx: AppContext,
  provider: PaymentProvider | null,
  now: () => Date = () => new Date(),
): void {
  const { db } = ctx;
  const requireProvider = (): PaymentProvider => {
    if (!provider) throw new CommerceError(503, 'payment_not_connected');
    return provider;
  };

  defineRoute(app, ctx, 'commerce.tariffs', {
    response: { 200: TariffListResponseSchema },
    handler: async (req) => {
      const [rows, flags] = await Promise.all([listTariffs(db), loadTariffFlags(db)]);
      return {
        data: {
          // Signed in: only what the caller's role can use (issue 30); anonymous: the whole shop.
          tariffs: rows
            .filter((r) => !req.auth || tariffUsableBy(r.subscription_type, req.auth.role))
            .map((r) => presentTariff(r, req.locale)),
          flags,
          paymentConnected: provider !== null,
        },
      };
    },
  });

  defineRoute(app, ctx, 'commerce.balance', {
    response: { 200: BalanceResponseSchema },
    handler: async (req) => {
      const { userId } = requireAuth(req);
      const [balance, entries, subs] = await Promise.all([
        loadBalance(db, userId),
        listLedger(db, userId),
        loadSubscriptions(db, userId),
      ]);
      const at = now();
      return {
        data: {
          balance,
          entries: entries.map((e) => presentLedgerEntry(e, req.locale)),
          subscriptions: subs.map((s) => presentSubscription(s, req.locale, at)),
          paymentConnected: provider !== null,
        },
      };
    },
  });

  defineRoute(app, ctx, 'commerce.checkout', {
    body: CheckoutRequestSchema,
    response: { 200: CheckoutResponseSchema, 503: ApiErrorSchema },
    handler: async (req) => {
      const { userId, role } = requireAuth(req);
      const tariff = await findTariffByCode(db, req.body.tariffCode);
      assertPurchasable(tariff);
      if (!tariffUsableBy(tariff.subscription_type, role))
        throw new CommerceError(422, 'tariff_not_for_role', 'tariffCode');
      if (req.body.method === 'balance') {
        const bought = await purchaseFromBalance(db, userId, tariff, now());
        const sub = (await loadSubscriptions(db, userId)).find(
          (s) => s.id === bought.subscriptionId,
        );
        return {
          data: {
            invoice: null,
            widget: null,
            subscription: sub ? presentSubscription(sub, req.locale, now()) : null,
            balance: bought.balance,
          },
        };
      }
      const card = requireProvider();
      const invoice = await createInvoice(db, userId, 'tariff', tariff.price, tariff.id);
      const name = req.locale === 'kz' ? tariff.name_kz : tariff.name_ru;
      return {
        data: {
          invoice: presentInvoice(invoice),
          widget: card.widgetParams({
            number: invoice.number,
            amount: invoice.amount,
            accountId: String(userId),
            description: `Sabaq: ${name}`,
          }),
          subscription: null,
          balance: await loadBalance(db, userId),
        },
      };
    },
  });

  defineRoute(app, ctx, 'commerce.topUp', {
    body: TopUpRequestSchema,
    response: { 200: CheckoutResponseSchema, 503: ApiErrorSchema },
    handler: async (req) => {
      const { userId } = requireAuth(req);
      const card = requireProvider();
      const invoice = await createInvoice(db, userId, 'top_up', req.body.amount, null);
      const description =
        req.locale === 'kz' ? 'Sabaq: балансты толтыру' : 'Sabaq: пополнение баланса';
      return {
        data: {
          invoice: presentInvoice(invoice),
          widget: card.widgetParams({
            number: invoice.number,
            amount: invoice.amount,
            accountId: String(userId),
            description,
          }),
          subscription: null,
          balance: await loadBalance(db, userId),
        },
      };
    },
  });

  defineRoute(app, ctx, 'commerce.invoice', {
    params: InvoiceParams,
    response: { 200: InvoiceResponseSchema },
    handler: async (req) => {
      const { userId } = requireAuth(req);
      const invoice = await findInvoice(db, req.params.invoiceId);
      assertOwnInvoice(userId, invoice);
      return { data: presentInvoice(invoice) };
    },
  });

  defineRoute(app, ctx, 'commerce.receipt', {
    params: EntryParams,
    handler: async (req, reply) => {
      const { userId } = requireAuth(req);
      const entry = await findLedgerEntry(db, req.params.entryId);
      assertOwnEntry(userId, entry);
      const font = receiptFont();
      if (!font) throw new CommerceError(503, 'receipt_font_missing');
      const pdf = await renderReceipt(entry, await loadPayerName(db, userId), req.locale, font);
      const name = `${req.locale === 'kz' ? 'Түбіртек' : 'Квитанция'}-${entry.id}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(pdf);
    },
  });
}
