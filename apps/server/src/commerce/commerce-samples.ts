import { tariffUsableBy, type Role, type RouteId } from '@sabaq/platform';
import { forgetWorld, type SampleFactory } from '../test/matrix-samples';
import { call, login } from '../test/harness';

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

/** A 1×1 GIF89a without a colour table: every byte below 0x80. */
const TINY_GIF = String.fromCharCode(
  0x47,
  0x49,
  0x46,
  0x38,
  0x39,
  0x61,
  1,
  0,
  1,
  0,
  0,
  0,
  0,
  0x2c,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  2,
  2,
  0x44,
  1,
  0,
  0x3b,
);

function avatarBody() {
  const boundary = 'avatar-boundary-7e2f';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    rawBody:
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.gif"\r\n` +
      `Content-Type: image/gif\r\n\r\n${TINY_GIF}\r\n--${boundary}--\r\n`,
  };
}
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
    const [{ role } = { role: '' }] = await c.server.db.query<{ role: Role }>(
      'SELECT role FROM users WHERE id = $1',
      [userId],
    );
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
      // A role the personal tariff opens nothing for is refused with a reason, no money taken
      // (issue 30: the shop sells a role only what it can use).
      ...(tariffUsableBy('personal', role as Role) ? {} : { expect: [422] }),
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
  // The administrator refunds a one-tenge purchase made for the call; all of it undone after.
  'commerce.refund': async (c) => {
    const [user] = await c.server.db.query<{ id: number; balance: number }>(
      "SELECT id, balance FROM users WHERE login = 'individual'",
    );
    const [purchase] = await c.server.db.query<{ id: number }>(
      `INSERT INTO balance_ledger (user_id, kind, amount, balance_after, description_kz, description_ru)
       VALUES ($1, 'purchase', -1, $2, 'Матрица', 'Матрица') RETURNING id`,
      [user!.id, user!.balance],
    );
    return {
      method: 'POST',
      path: `${C}/refunds`,
      opts: { token: c.token, body: { entryId: purchase!.id, reason: 'Матрица тексерісі' } },
      after: async () => {
        await c.server.db.query('DELETE FROM balance_ledger WHERE refund_of = $1', [purchase!.id]);
        await c.server.db.query('DELETE FROM balance_ledger WHERE id = $1', [purchase!.id]);
        await c.server.db.query('UPDATE users SET balance = $2 WHERE id = $1', [
          user!.id,
          user!.balance,
        ]);
      },
    };
  },
  // Every signed-in role may have a picture: a 1×1 GIF (its bytes are all ASCII, so the sample
  // can send it as text), removed again after the call.
  'profile.avatarUpload': async (c) => ({
    method: 'POST',
    path: '/api/v2/os/profile/avatar',
    opts: { token: c.token, ...avatarBody() },
    after: async () => {
      await call(c.server, 'DELETE', '/api/v2/os/profile/avatar', { token: c.token });
    },
  }),
  'profile.avatarRemove': async (c) => ({
    method: 'DELETE',
    path: '/api/v2/os/profile/avatar',
    opts: { token: c.token },
  }),
  // Public: the random name is the permission (an <img> sends no token).
  'profile.avatarGet': async (c) => {
    const teacher = (await login(c.server, 'teacher')).access_token;
    const up = await call(c.server, 'POST', '/api/v2/os/profile/avatar', {
      token: teacher,
      ...avatarBody(),
    });
    if (up.status !== 201) throw new Error(`avatar upload failed ${up.status}`);
    return {
      path: up.body.data.url as string,
      opts: { token: c.token },
      after: async () => {
        await call(c.server, 'DELETE', '/api/v2/os/profile/avatar', { token: teacher });
      },
    };
  },
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
  // The platform's administrator belongs to no school (the second school has none to try).
  'commerce.refund',
];
