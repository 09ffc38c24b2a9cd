import type { Domain } from '../domain';
import { COMMERCE_SQL } from './commerce-schema';
import { seedCommerce } from './commerce-seed';
import { registerCommerce } from './register-commerce';
import { AVATARS_SQL, REFUNDS_SQL } from './refund-schema';
import { seedRefundDemo } from './refund-seed';

/**
 * Commerce (issue 19): tariffs, invoices, provider transactions and the balance ledger, refunds
 * and profile pictures. Ids 2150–2199 and 2500–2549.
 */
export const commerceDomain: Domain = {
  name: 'commerce',
  migrations: [
    { id: 2150, name: 'commerce-tariffs-ledger', sql: COMMERCE_SQL },
    { id: 2500, name: 'refunds', sql: REFUNDS_SQL },
    { id: 2501, name: 'avatars', sql: AVATARS_SQL },
  ],
  seed: [
    // Tariffs, real subscription periods and the ledger of demo balances (commerce-seed.ts).
    { name: 'commerce.tariffs', run: (tx, demo) => seedCommerce(tx, demo.now) },
    // A refunded purchase on a demo balance, by the administrator (refund-seed.ts).
    { name: 'commerce.refund', run: (tx, demo) => seedRefundDemo(tx, demo.now) },
  ],
  routes: (app, ctx) => registerCommerce(app, ctx),
};
