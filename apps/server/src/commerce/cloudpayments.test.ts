import { describe, expect, it } from 'vitest';
import {
  cloudPayments,
  cloudPaymentsConfig,
  contentHmac,
  paymentCspOrigins,
  readNotificationBody,
  wholeTenge,
} from './cloudpayments';
import { isOwnRow } from './commerce-access';

const config = {
  publicId: 'pk_1',
  apiSecret: 'secret',
  widgetUrl: 'https://widget.cloudpayments.ru/bundles/cloudpayments.js',
};
const provider = cloudPayments(config);

describe('CloudPayments adapter', () => {
  it('is configured by both env vars or not at all', () => {
    expect(cloudPaymentsConfig({})).toBeNull();
    expect(cloudPaymentsConfig({ CLOUDPAYMENTS_PUBLIC_ID: 'pk' })).toBeNull();
    expect(
      cloudPaymentsConfig({ CLOUDPAYMENTS_PUBLIC_ID: 'pk', CLOUDPAYMENTS_API_SECRET: 's' }),
    ).toEqual({ publicId: 'pk', apiSecret: 's', widgetUrl: config.widgetUrl });
    expect(paymentCspOrigins({})).toEqual([]);
    expect(
      paymentCspOrigins({ CLOUDPAYMENTS_PUBLIC_ID: 'pk', CLOUDPAYMENTS_API_SECRET: 's' }),
    ).toEqual(['https://widget.cloudpayments.ru', 'https://api.cloudpayments.ru']);
  });

  it('verifies Content-HMAC = base64(HMAC-SHA256(raw body, secret))', () => {
    const body = 'TransactionId=1&Amount=5990.00&Currency=KZT&InvoiceId=SBQ-1&AccountId=7';
    // Known answer computed independently: printf '%s' "$body" | openssl dgst -sha256 -hmac secret -binary | base64
    expect(contentHmac(body, 'secret')).toBe('iCS/0Z4h6Q/jVWBRPMKtJdkg2K7yd7XAh4dGf8BPsYQ=');
    expect(provider.verify(body, { 'content-hmac': contentHmac(body, 'secret') })).toBe(true);
    expect(provider.verify(body, { 'content-hmac': contentHmac(body, 'other') })).toBe(false);
    expect(provider.verify(body + '0', { 'content-hmac': contentHmac(body, 'secret') })).toBe(
      false,
    );
    expect(provider.verify(body, {})).toBe(false);
  });

  it('reads form-urlencoded and JSON notifications into whole tenge', () => {
    const form = provider.parse(
      readNotificationBody(
        'TransactionId=42&Amount=5990.00&Currency=KZT&InvoiceId=SBQ-1&AccountId=7',
        'application/x-www-form-urlencoded',
      ),
    );
    expect(form).toEqual({
      transactionId: '42',
      invoiceNumber: 'SBQ-1',
      accountId: '7',
      amount: 5990,
      currency: 'KZT',
      reason: null,
    });
    const json = provider.parse(
      readNotificationBody(
        JSON.stringify({
          TransactionId: 42,
          Amount: 5990,
          Currency: 'KZT',
          InvoiceId: 'SBQ-1',
          Reason: 'Declined',
        }),
        'application/json; charset=utf-8',
      ),
    );
    expect(json).toMatchObject({
      transactionId: '42',
      amount: 5990,
      accountId: null,
      reason: 'Declined',
    });
    expect(
      provider.parse(readNotificationBody('Amount=1', 'application/x-www-form-urlencoded')),
    ).toBeNull();
    expect(readNotificationBody('{not json', 'application/json')).toEqual({});
    expect(readNotificationBody('[1]', 'application/json')).toEqual({});
    expect([wholeTenge('10.5'), wholeTenge('1e3'), wholeTenge('-5'), wholeTenge('')]).toEqual([
      NaN,
      NaN,
      NaN,
      NaN,
    ]);
    expect([wholeTenge('65000'), wholeTenge('65000.0'), wholeTenge(5000)]).toEqual([
      65000, 65000, 5000,
    ]);
  });

  it('gives the widget its parameters', () => {
    expect(
      provider.widgetParams({ number: 'SBQ-9', amount: 5000, accountId: '3', description: 'x' }),
    ).toEqual({
      provider: 'cloudpayments',
      scriptUrl: config.widgetUrl,
      publicId: 'pk_1',
      description: 'x',
      amount: 5000,
      currency: 'KZT',
      invoiceId: 'SBQ-9',
      accountId: '3',
    });
  });

  it('rows belong to their user only', () => {
    expect(isOwnRow(1, { user_id: 1 })).toBe(true);
    expect(isOwnRow(1, { user_id: 2 })).toBe(false);
    expect(isOwnRow(1, null)).toBe(false);
  });
});
