/**
 * Commerce tables (issue 19, migration ids 2150–2199).
 *
 * - `tariffs`: what can be bought, price in whole tenge (null = agreed with the school, B2B).
 * - `subscriptions` gains `tariff_id`; its state comes from `starts_at`/`ends_at` (the old `locked`
 *   flag stays as an administrator's hard lock, nothing sets it any more).
 * - `invoices`: a payment the provider is asked to take (a top-up or a tariff), numbered for the
 *   provider's InvoiceId; `state` pending → paid | failed.
 * - `payment_transactions`: every provider TransactionId seen by a Pay notification, unique, so a
 *   repeated Pay changes nothing.
 * - `balance_ledger`: every movement of a user's balance with the balance after it; the user's
 *   `balance` column always equals the sum of their ledger (a CHECK keeps it at or above zero).
 * - `payment_notifications`: the log of notifications, refused ones (bad signature) included.
 */
export const COMMERCE_SQL = `
CREATE TABLE tariffs (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  audience text NOT NULL CHECK (audience IN ('personal', 'kindergarden', 'school')),
  subscription_type text CHECK (subscription_type IN ('kindergarden', 'personal')),
  name_kz text NOT NULL,
  name_ru text NOT NULL,
  description_kz text NOT NULL,
  description_ru text NOT NULL,
  price integer CHECK (price IS NULL OR price > 0),
  period_days integer NOT NULL CHECK (period_days > 0),
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);
ALTER TABLE subscriptions ADD COLUMN tariff_id integer REFERENCES tariffs(id);
CREATE INDEX subscriptions_user ON subscriptions (user_id, ends_at);
ALTER TABLE users ADD CONSTRAINT users_balance_not_negative CHECK (balance >= 0);
CREATE TABLE invoices (
  id serial PRIMARY KEY,
  number text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id),
  purpose text NOT NULL CHECK (purpose IN ('top_up', 'tariff')),
  tariff_id integer REFERENCES tariffs(id),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'KZT',
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'failed')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX invoices_user ON invoices (user_id, id);
CREATE TABLE payment_transactions (
  transaction_id text PRIMARY KEY,
  invoice_id integer NOT NULL REFERENCES invoices(id),
  amount integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE balance_ledger (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('top_up', 'purchase', 'refund')),
  amount integer NOT NULL CHECK (amount <> 0),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  description_kz text NOT NULL,
  description_ru text NOT NULL,
  invoice_id integer REFERENCES invoices(id),
  transaction_id text REFERENCES payment_transactions(transaction_id),
  subscription_id integer REFERENCES subscriptions(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX balance_ledger_user ON balance_ledger (user_id, id);
CREATE TABLE payment_notifications (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  accepted boolean NOT NULL,
  code integer,
  reason text,
  transaction_id text,
  invoice_number text,
  body text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
`;
