import type { Queryable } from '../db/db';

export interface LedgerRow {
  id: number;
  user_id: number;
  kind: 'top_up' | 'purchase' | 'refund';
  amount: number;
  balance_after: number;
  description_kz: string;
  description_ru: string;
  transaction_id: string | null;
  invoice_id: number | null;
  created_at: string | Date;
}

export interface InvoiceRow {
  id: number;
  number: string;
  user_id: number;
  purpose: 'top_up' | 'tariff';
  tariff_id: number | null;
  tariff_code: string | null;
  amount: number;
  currency: string;
  state: 'pending' | 'paid' | 'failed';
  reason: string | null;
  created_at: string | Date;
}

const LEDGER_COLUMNS = `id, user_id, kind, amount, balance_after, description_kz, description_ru,
  transaction_id, invoice_id, created_at`;

export async function loadBalance(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0]?.balance ?? 0;
}

/** The user's movements, newest first (at most `limit`). */
export async function listLedger(q: Queryable, userId: number, limit = 200): Promise<LedgerRow[]> {
  return q.query<LedgerRow>(
    `SELECT ${LEDGER_COLUMNS} FROM balance_ledger WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
    [userId, limit],
  );
}

export async function findLedgerEntry(q: Queryable, id: number): Promise<LedgerRow | null> {
  const rows = await q.query<LedgerRow>(
    `SELECT ${LEDGER_COLUMNS} FROM balance_ledger WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Moves the balance by `delta` (signed tenge) and writes the ledger row, in the caller's
 * transaction. A debit is a conditional UPDATE (`balance + delta >= 0`): Postgres takes the
 * row lock, re-checks the condition on the newest row version, and a concurrent purchase that
 * would overdraw updates nothing. Returns the balance after, or null when refused.
 */
export async function moveBalance(
  q: Queryable,
  entry: {
    userId: number;
    kind: 'top_up' | 'purchase' | 'refund';
    delta: number;
    description: { kz: string; ru: string };
    invoiceId?: number | null;
    transactionId?: string | null;
    subscriptionId?: number | null;
  },
): Promise<{ balance: number; entryId: number } | null> {
  const updated = await q.query<{ balance: number }>(
    `UPDATE users SET balance = balance + $2 WHERE id = $1 AND balance + $2 >= 0 RETURNING balance`,
    [entry.userId, entry.delta],
  );
  const row = updated[0];
  if (!row) return null;
  const [ledger] = await q.query<{ id: number }>(
    `INSERT INTO balance_ledger (user_id, kind, amount, balance_after, description_kz,
                                 description_ru, invoice_id, transaction_id, subscription_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      entry.userId,
      entry.kind,
      entry.delta,
      row.balance,
      entry.description.kz,
      entry.description.ru,
      entry.invoiceId ?? null,
      entry.transactionId ?? null,
      entry.subscriptionId ?? null,
    ],
  );
  return { balance: row.balance, entryId: (ledger as { id: number }).id };
}

export async function linkLedgerSubscription(
  q: Queryable,
  entryId: number,
  subscriptionId: number,
): Promise<void> {
  await q.query('UPDATE balance_ledger SET subscription_id = $2 WHERE id = $1', [
    entryId,
    subscriptionId,
  ]);
}

const INVOICE_COLUMNS = `i.id, i.number, i.user_id, i.purpose, i.tariff_id, t.code AS tariff_code,
  i.amount, i.currency, i.state, i.reason, i.created_at`;

export async function findInvoice(q: Queryable, id: number): Promise<InvoiceRow | null> {
  const rows = await q.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices i LEFT JOIN tariffs t ON t.id = i.tariff_id
      WHERE i.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The invoice by the provider's InvoiceId, row-locked for the settlement's transaction. */
export async function lockInvoiceByNumber(
  q: Queryable,
  number: string,
): Promise<InvoiceRow | null> {
  const rows = await q.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices i LEFT JOIN tariffs t ON t.id = i.tariff_id
      WHERE i.number = $1 FOR UPDATE OF i`,
    [number],
  );
  return rows[0] ?? null;
}

export async function findInvoiceByNumber(
  q: Queryable,
  number: string,
): Promise<InvoiceRow | null> {
  const rows = await q.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices i LEFT JOIN tariffs t ON t.id = i.tariff_id
      WHERE i.number = $1`,
    [number],
  );
  return rows[0] ?? null;
}

export async function insertInvoice(
  q: Queryable,
  row: { userId: number; purpose: 'top_up' | 'tariff'; tariffId: number | null; amount: number },
): Promise<InvoiceRow> {
  const [inserted] = await q.query<{ id: number }>(
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('invoices', 'id'))::int AS id)
     INSERT INTO invoices (id, number, user_id, purpose, tariff_id, amount)
     SELECT n.id, 'SBQ-' || n.id, $1::int, $2::text, $3::int, $4::int FROM n
     RETURNING id`,
    [row.userId, row.purpose, row.tariffId, row.amount],
  );
  return (await findInvoice(q, (inserted as { id: number }).id)) as InvoiceRow;
}

export async function settleInvoice(
  q: Queryable,
  id: number,
  state: 'paid' | 'failed',
  reason: string | null,
): Promise<void> {
  await q.query(`UPDATE invoices SET state = $2, reason = $3, settled_at = now() WHERE id = $1`, [
    id,
    state,
    reason,
  ]);
}

/** Records the provider's transaction; false when it was seen before (a repeated Pay). */
export async function recordTransaction(
  q: Queryable,
  transactionId: string,
  invoiceId: number,
  amount: number,
): Promise<boolean> {
  const rows = await q.query<{ transaction_id: string }>(
    `INSERT INTO payment_transactions (transaction_id, invoice_id, amount) VALUES ($1, $2, $3)
     ON CONFLICT (transaction_id) DO NOTHING RETURNING transaction_id`,
    [transactionId, invoiceId, amount],
  );
  return rows.length === 1;
}

export async function logNotification(
  q: Queryable,
  row: {
    kind: string;
    accepted: boolean;
    code: number | null;
    reason: string | null;
    transactionId: string | null;
    invoiceNumber: string | null;
    body: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO payment_notifications (kind, accepted, code, reason, transaction_id, invoice_number, body)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      row.kind,
      row.accepted,
      row.code,
      row.reason,
      row.transactionId,
      row.invoiceNumber,
      row.body.slice(0, 8000),
    ],
  );
}
