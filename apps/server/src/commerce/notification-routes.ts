import type { FastifyRequest } from 'fastify';
import { NotificationAnswerSchema } from '@sabaq/platform';
import type { RouteId } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { defineRoute } from '../http/define-route';
import { ANSWER, checkInvoice, settleFail, settlePay } from './commerce-commands';
import { findInvoiceByNumber, logNotification } from './ledger-queries';
import type { PaymentNotification, PaymentProvider } from './payment-provider';
import { CommerceError } from './commerce-texts';
import { readNotificationBody } from './cloudpayments';

type Kind = 'check' | 'pay' | 'fail';

const ROUTES: Record<Kind, RouteId> = {
  check: 'commerce.notifyCheck',
  pay: 'commerce.notifyPay',
  fail: 'commerce.notifyFail',
};

/** The raw body of each notification request, as signed (the parsed fields are req.body). */
const RAW_BODIES = new WeakMap<object, string>();

function rawBodyOf(req: FastifyRequest): string {
  return RAW_BODIES.get(req.raw) ?? '';
}

function fieldsOf(req: FastifyRequest): Record<string, unknown> {
  return req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
}

/**
 * The provider's notifications (CloudPayments Check, Pay, Fail). They come without a token:
 * each is authenticated by its Content-HMAC over the raw body, so this scope keeps bodies as
 * the raw string (form-urlencoded or JSON). A bad signature is refused (401) and logged; an
 * accepted one answers {"code": 0}, a refused check its CloudPayments code (10–13). Without a
 * configured provider the routes answer 503 "payment is not connected".
 */
export function registerNotificationRoutes(
  app: App,
  ctx: AppContext,
  provider: PaymentProvider | null,
  now: () => Date = () => new Date(),
): void {
  const { db } = ctx;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Keep the raw body for the signature; the fields go on as req.body (the text guard checks them).
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (req, body, done) => {
        const raw = typeof body === 'string' ? body : body.toString('utf8');
        RAW_BODIES.set(req.raw, raw);
        done(null, readNotificationBody(raw, req.headers['content-type']));
      },
    );
    for (const kind of ['check', 'pay', 'fail'] as const) {
      defineRoute(scope as App, ctx, ROUTES[kind], {
        response: { 200: NotificationAnswerSchema },
        handler: async (req) => {
          if (!provider) throw new CommerceError(503, 'payment_not_connected');
          const raw = rawBodyOf(req);
          const notification = provider.parse(fieldsOf(req));
          const log = (accepted: boolean, code: number | null, reason: string | null) =>
            logNotification(db, {
              kind,
              accepted,
              code,
              reason,
              transactionId: notification?.transactionId ?? null,
              invoiceNumber: notification?.invoiceNumber ?? null,
              body: raw,
            });
          if (!provider.verify(raw, req.headers)) {
            await log(false, null, 'bad signature');
            req.log.warn({ kind }, 'payment notification refused: bad Content-HMAC signature');
            throw new CommerceError(401, 'signature_invalid');
          }
          if (!notification) {
            await log(false, ANSWER.refused, 'missing fields');
            return { code: ANSWER.refused };
          }
          const code = await answer(kind, notification);
          await log(code === ANSWER.ok, code, null);
          return { code };
        },
      });
    }
  });

  async function answer(kind: Kind, n: PaymentNotification): Promise<number> {
    if (kind === 'check')
      return checkInvoice(await findInvoiceByNumber(db, n.invoiceNumber ?? ''), n);
    if (kind === 'pay') return (await settlePay(db, n, now())).code;
    return (await settleFail(db, n)).code;
  }
}
