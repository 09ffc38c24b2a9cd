import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WidgetParams } from '@sabaq/platform';
import type { PaymentNotification, PaymentProvider } from './payment-provider';

/** CloudPayments' widget script (their documentation, "Платёжный виджет"). */
export const CLOUDPAYMENTS_WIDGET_URL = 'https://widget.cloudpayments.ru/bundles/cloudpayments.js';

export interface CloudPaymentsConfig {
  publicId: string;
  apiSecret: string;
  widgetUrl: string;
}

/**
 * Configuration from the environment: CLOUDPAYMENTS_PUBLIC_ID and CLOUDPAYMENTS_API_SECRET (both,
 * or payment is "not connected"), CLOUDPAYMENTS_WIDGET_URL to load the widget from elsewhere
 * (the tests' loopback stand-in).
 */
export function cloudPaymentsConfig(
  env: NodeJS.ProcessEnv = process.env,
): CloudPaymentsConfig | null {
  const publicId = env.CLOUDPAYMENTS_PUBLIC_ID?.trim();
  const apiSecret = env.CLOUDPAYMENTS_API_SECRET?.trim();
  if (!publicId || !apiSecret) return null;
  return {
    publicId,
    apiSecret,
    widgetUrl: env.CLOUDPAYMENTS_WIDGET_URL?.trim() || CLOUDPAYMENTS_WIDGET_URL,
  };
}

/** Origins the page must be allowed to load the widget from (script, frame, connect). */
export function paymentCspOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const config = cloudPaymentsConfig(env);
  if (!config) return [];
  const widget = new URL(config.widgetUrl).origin;
  return widget === new URL(CLOUDPAYMENTS_WIDGET_URL).origin
    ? [widget, 'https://api.cloudpayments.ru']
    : [widget];
}

/** base64(HMAC-SHA256(body, secret)): CloudPayments' Content-HMAC. */
export function contentHmac(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');
}

function header(h: Record<string, string | string[] | undefined>, name: string): string | null {
  const v = h[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}

/** "5990", "5990.00" or 5990 → 5990; anything fractional or odd → NaN (refused as a bad amount). */
export function wholeTenge(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const m = /^\s*(\d{1,9})(?:\.0{1,2})?\s*$/.exec(text);
  return m ? Number(m[1]) : Number.NaN;
}

/**
 * The fields of a notification body: CloudPayments posts form-urlencoded by default and JSON
 * when so configured. A body that is not JSON reads as no fields.
 */
export function readNotificationBody(
  rawBody: string,
  contentType: string | undefined,
): Record<string, unknown> {
  if ((contentType ?? '').toLowerCase().includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(rawBody);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(rawBody));
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function cloudPayments(config: CloudPaymentsConfig): PaymentProvider {
  return {
    name: 'cloudpayments',
    widgetParams(invoice): WidgetParams {
      return {
        provider: 'cloudpayments',
        scriptUrl: config.widgetUrl,
        publicId: config.publicId,
        description: invoice.description,
        amount: invoice.amount,
        currency: 'KZT',
        invoiceId: invoice.number,
        accountId: invoice.accountId,
      };
    },
    verify(rawBody, headers) {
      const given = header(headers, 'content-hmac');
      if (!given) return false;
      const expected = Buffer.from(contentHmac(rawBody, config.apiSecret));
      const actual = Buffer.from(given.trim());
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    parse(body): PaymentNotification | null {
      const transactionId = text(body.TransactionId);
      if (!transactionId) return null;
      return {
        transactionId,
        invoiceNumber: text(body.InvoiceId),
        accountId: text(body.AccountId),
        amount: wholeTenge(body.Amount),
        currency: text(body.Currency) ?? '',
        reason: text(body.Reason),
      };
    },
  };
}
