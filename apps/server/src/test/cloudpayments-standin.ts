import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentHmac } from '../commerce/cloudpayments';

/**
 * A loopback stand-in for CloudPayments, for tests only: it speaks the provider's published
 * wire format and nothing of the app's insides. It
 * - serves `/widget.js`, a widget with CloudPayments' browser API (`new cp.CloudPayments().pay(
 *   'charge', {publicId, description, amount, currency, invoiceId, accountId}, {onSuccess,
 *   onFail, onComplete})`) that shows a small card form on the page;
 * - on `/charge` (what the real widget does behind its frame) posts a Check, then a Pay or a
 *   Fail notification to the server, form-urlencoded (or JSON) and signed with Content-HMAC =
 *   base64(HMAC-SHA256(body, API secret)), and reports the outcome to the widget.
 */
export interface StandIn {
  url: string;
  widgetUrl: string;
  /** The server notifications go to (set once it listens). */
  target: string;
  /** Bodies and answers of every notification sent, in order. */
  sent: { kind: string; body: string; status: number; answer: unknown }[];
  charge(params: ChargeParams, outcome?: 'approve' | 'decline'): Promise<ChargeResult>;
  notify(
    kind: 'check' | 'pay' | 'fail',
    fields: Record<string, string | number>,
    opts?: { format?: 'form' | 'json'; secret?: string },
  ): Promise<{ status: number; answer: unknown }>;
  close(): Promise<void>;
}

export interface ChargeParams {
  publicId: string;
  invoiceId: string;
  accountId: string;
  amount: number;
  currency: string;
  description?: string;
}

export interface ChargeResult {
  success: boolean;
  transactionId: number | null;
  code: number | null;
  reason: string | null;
}

const WIDGET_JS = (origin: string) => `(() => {
  const origin = ${JSON.stringify(origin)};
  class CloudPayments {
    pay(kind, params, callbacks) {
      const cb = callbacks || {};
      const box = document.createElement('div');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-modal', 'true');
      box.setAttribute('aria-label', 'CloudPayments (stand-in)');
      box.style.cssText = 'position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.45);z-index:100000';
      const form = document.createElement('form');
      form.style.cssText = 'background:#fff;color:#111;padding:24px;border-radius:8px;min-width:300px;font:16px sans-serif';
      const title = document.createElement('h2');
      title.textContent = params.description + ' — ' + params.amount + ' ' + params.currency;
      const label = document.createElement('label');
      label.textContent = 'Card number ';
      const card = document.createElement('input');
      card.name = 'card';
      card.value = '4242 4242 4242 4242';
      label.appendChild(card);
      const pay = document.createElement('button');
      pay.type = 'submit';
      pay.textContent = 'Pay';
      const decline = document.createElement('button');
      decline.type = 'button';
      decline.textContent = 'Decline';
      form.append(title, label, document.createElement('br'), pay, decline);
      box.appendChild(form);
      document.body.appendChild(box);
      const run = async (outcome) => {
        pay.disabled = true; decline.disabled = true;
        const res = await fetch(origin + '/charge', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ params, outcome }),
        });
        const result = await res.json();
        box.remove();
        const options = { ...params, transactionId: result.transactionId, reason: result.reason };
        if (result.success) cb.onSuccess && cb.onSuccess(options);
        else cb.onFail && cb.onFail(result.reason || 'declined', options);
        cb.onComplete && cb.onComplete({ success: result.success, code: result.code, message: result.reason }, options);
      };
      form.addEventListener('submit', (e) => { e.preventDefault(); void run('approve'); });
      decline.addEventListener('click', () => void run('decline'));
      card.focus();
    }
  }
  window.cp = { CloudPayments };
})();
`;

export async function startStandIn(secret: string, publicId: string): Promise<StandIn> {
  let nextTransaction = 900_000 + Math.floor(Math.random() * 1000) * 1000;
  const standIn = {} as StandIn;
  const sent: StandIn['sent'] = [];

  async function notify(
    kind: 'check' | 'pay' | 'fail',
    fields: Record<string, string | number>,
    opts: { format?: 'form' | 'json'; secret?: string } = {},
  ): Promise<{ status: number; answer: unknown }> {
    const json = opts.format === 'json';
    const body = json
      ? JSON.stringify(fields)
      : new URLSearchParams(
          Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();
    const res = await fetch(`${standIn.target}/api/v2/os/commerce/cloudpayments/${kind}`, {
      method: 'POST',
      headers: {
        'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
        'content-hmac': contentHmac(body, opts.secret ?? secret),
      },
      body,
    });
    const text = await res.text();
    let answer: unknown = text;
    try {
      answer = JSON.parse(text);
    } catch {
      // not JSON
    }
    sent.push({ kind, body, status: res.status, answer });
    return { status: res.status, answer };
  }

  async function charge(
    params: ChargeParams,
    outcome: 'approve' | 'decline' = 'approve',
  ): Promise<ChargeResult> {
    if (params.publicId !== publicId) {
      return { success: false, transactionId: null, code: null, reason: 'Unknown publicId' };
    }
    const transactionId = nextTransaction++;
    const fields = {
      TransactionId: transactionId,
      Amount: `${params.amount}.00`,
      Currency: params.currency,
      PaymentAmount: `${params.amount}.00`,
      PaymentCurrency: params.currency,
      DateTime: new Date().toISOString().slice(0, 19).replace('T', ' '),
      CardFirstSix: '424242',
      CardLastFour: '4242',
      CardType: 'Visa',
      InvoiceId: params.invoiceId,
      AccountId: params.accountId,
      Description: params.description ?? '',
      TestMode: 1,
      Status: 'Completed',
    };
    const check = await notify('check', fields);
    const checkCode = (check.answer as { code?: number })?.code ?? null;
    if (check.status !== 200 || checkCode !== 0) {
      return { success: false, transactionId, code: checkCode, reason: 'Check refused' };
    }
    if (outcome === 'decline') {
      await notify('fail', {
        ...fields,
        Status: 'Declined',
        Reason: 'InsufficientFunds',
        ReasonCode: 5051,
      });
      return { success: false, transactionId, code: 5051, reason: 'InsufficientFunds' };
    }
    const pay = await notify('pay', fields);
    const payCode = (pay.answer as { code?: number })?.code ?? null;
    return {
      success: pay.status === 200 && payCode === 0,
      transactionId,
      code: payCode,
      reason: null,
    };
  }

  const server: Server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method === 'GET' && req.url === '/widget.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return void res.end(WIDGET_JS(standIn.url));
    }
    if (req.method === 'POST' && req.url === '/charge') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const { params, outcome } = JSON.parse(raw) as {
          params: ChargeParams;
          outcome: 'approve' | 'decline';
        };
        charge(params, outcome).then(
          (result) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(result));
          },
          (error: unknown) => {
            res.writeHead(502, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ success: false, reason: String(error) }));
          },
        );
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    widgetUrl: `http://127.0.0.1:${port}/widget.js`,
    target: '',
    sent,
    charge,
    notify,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return standIn;
}
