import type { RouteId } from '@sabaq/platform';
import { forgetWorld, type SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of commerce (see test/matrix-samples.ts). The matrix server has
 * no card provider configured, so the card routes and the provider's notifications answer 503
 * "payment is not connected" to every admitted caller — that is the domain's answer there; the
 * configured paths run in commerce-api.test.ts against the loopback stand-in. Invoices and
 * ledger rows made for one call are removed in `after`.
 */
const C = '/api/v2/os/commerce';
type Ctx = Parameters<SampleFactory>[0];

async function callerId(c: Ctx): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>('SELECT id FROM users WHERE login = $1', [
    c.login,
  ]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`matrix sample: no user ${c.login}`);
  return id;
}

const NOT_CONNECTED = [503];
const notification =
  (kind: string): SampleFactory =>
  async (c) => ({
    method: 'POST',
    path: `${C}/cloudpayments/${kind}`,
    opts: {
      token: c.token,
      rawBody: 'TransactionId=1&Amount=5990.00&Currency=KZT&InvoiceId=SBQ-1&AccountId=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': 'x' },
    },
    expect: NOT_CONNECTED,
  });

export const COMMERCE_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'commerce.tariffs': async (c) => ({ path: `${C}/tariffs`, opts: { token: c.token } }),
  'commerce.balance': async (c) => ({ path: `${C}/balance`, opts: { token: c.token } }),
  // Bought from a balance given for the call; the purchase is taken back afterwards.
  'commerce.checkout': async (c) => {
    const userId = await callerId(c);
    const [before] = await c.server.db.query<{ balance: number }>(
      'UPDATE users SET balance = balance + 5990 WHERE id = $1 RETURNING balance - 5990 AS balance',
      [userId],
    );
    const lastLedger = await c.server.db.query<{ id: number }>(
      'SELECT coalesce(max(id), 0) AS id FROM balance_ledger',
    );
    const lastSub = await c.server.db.query<{ id: number }>(
      'SELECT coalesce(max(id), 0) AS id FROM subscriptions',
    );
    return {
      method: 'POST',
      path: `${C}/checkout`,
      opts: { token: c.token, body: { tariffCode: 'personal-month', method: 'balance' } },
      after: async () => {
        await c.server.db.query('DELETE FROM balance_ledger WHERE user_id = $1 AND id > $2', [
          userId,
          lastLedger[0]!.id,
        ]);
        await c.server.db.query('DELETE FROM subscriptions WHERE user_id = $1 AND id > $2', [
          userId,
          lastSub[0]!.id,
        ]);
        await c.server.db.query('UPDATE users SET balance = $2 WHERE id = $1', [
          userId,
          before!.balance,
        ]);
      },
    };
  },
  'commerce.topUp': async (c) => ({
    method: 'POST',
    path: `${C}/top-up`,
    opts: { token: c.token, body: { amount: 5000 } },
    expect: NOT_CONNECTED,
  }),
  'commerce.invoice': async (c) => {
    const userId = await callerId(c);
    const [row] = await c.server.db.query<{ id: number }>(
      `WITH n AS (SELECT nextval(pg_get_serial_sequence('invoices', 'id'))::int AS id)
       INSERT INTO invoices (id, number, user_id, purpose, amount)
       SELECT n.id, 'SBQ-' || n.id, $1::int, 'top_up', 5000 FROM n RETURNING id`,
      [userId],
    );
    return {
      path: `${C}/invoices/${row!.id}`,
      opts: { token: c.token },
      after: async () => {
        await c.server.db.query('DELETE FROM invoices WHERE id = $1', [row!.id]);
      },
    };
  },
  'commerce.receipt': async (c) => {
    const userId = await callerId(c);
    const [row] = await c.server.db.query<{ id: number }>(
      `INSERT INTO balance_ledger (user_id, kind, amount, balance_after, description_kz, description_ru)
       SELECT id, 'refund', 1, balance, 'Қайтару', 'Возврат' FROM users WHERE id = $1 RETURNING id`,
      [userId],
    );
    return {
      path: `${C}/receipts/${row!.id}`,
      opts: { token: c.token },
      after: async () => {
        await c.server.db.query('DELETE FROM balance_ledger WHERE id = $1', [row!.id]);
      },
    };
  },
  // The caller's own details sent back as they are (nothing changes for later samples).
  'profile.update': async (c) => {
    const [row] = await c.server.db.query<{
      firstname: string;
      surname: string;
      lastname: string | null;
    }>('SELECT firstname, surname, lastname FROM users WHERE login = $1', [c.login]);
    return {
      method: 'PUT',
      path: '/api/v2/os/profile',
      opts: {
        token: c.token,
        body: { firstname: row!.firstname, surname: row!.surname, lastname: row!.lastname },
      },
    };
  },
  // A fresh session of the caller, signed out by the caller's usual one.
  'profile.sessionRevoke': async (c) => {
    await c.freshToken();
    const [row] = await c.server.db.query<{ id: string }>(
      `SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE u.login = $1 AND s.revoked_at IS NULL ORDER BY s.created_at DESC, s.id LIMIT 1`,
      [c.login],
    );
    return {
      method: 'DELETE',
      path: `/api/v2/os/profile/sessions/${encodeURIComponent(row!.id)}`,
      opts: { token: c.token },
    };
  },
  // Every other session of the caller; the caller's own (the matrix's token) stays.
  // Ends the caller's other sessions, the shared test sessions of that demo user among them: the
  // samples after it sign in again.
  'profile.sessionsRevokeOthers': async (c) => ({
    method: 'DELETE',
    path: '/api/v2/os/profile/sessions',
    opts: { token: c.token },
    after: async () => forgetWorld(c.server),
  }),
  'commerce.notifyCheck': notification('check'),
  'commerce.notifyPay': notification('pay'),
  'commerce.notifyFail': notification('fail'),
};

/**
 * The caller's own lists and new rows (no other user's row in the sample): the second-school
 * check does not apply. The invoice and receipt samples name the first school user's own rows
 * and are checked: another user gets 404 and the database stays as it was.
 */
export const COMMERCE_OWN_ROUTES: readonly RouteId[] = [
  'commerce.balance',
  'commerce.checkout',
  'commerce.topUp',
];
