import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, startTestServer } from '../test/harness';
import { purchaseFromBalance } from './commerce-commands';
import { CommerceError } from './commerce-texts';
import { findTariffByCode } from './tariff-queries';
import type { TariffRow } from './tariff-queries';

/**
 * Money property: concurrent purchases from one balance, started in random interleavings (a
 * fast-check scheduler decides which purchase starts and which finishes first), never drive it
 * below zero, and the balance always equals the ledger: the start balance minus exactly the
 * purchases that succeeded, each with one ledger row and one subscription. On PostgreSQL
 * (DATABASE_URL) the transactions really overlap; the conditional UPDATE is what holds.
 */
describe.each(BACKENDS)('balance purchases under concurrency (%s)', (backend) => {
  let server: RunningServer;
  let tariffs: TariffRow[];
  let userId: number;

  beforeAll(async () => {
    server = await startTestServer(backend);
    tariffs = (await Promise.all(
      ['personal-month', 'personal-year', 'kindergarden-month'].map((c) =>
        findTariffByCode(server.db, c),
      ),
    )) as TariffRow[];
    userId = (
      await server.db.query<{ id: number }>("SELECT id FROM users WHERE login = 'guest'")
    )[0]!.id;
  });
  afterAll(async () => server?.close());

  it('never overdraws and the ledger always explains the balance', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 0, max: 80_000 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 8 }),
        async (s, start, picks) => {
          const db = server.db;
          await db.query('DELETE FROM balance_ledger WHERE user_id = $1', [userId]);
          await db.query('DELETE FROM subscriptions WHERE user_id = $1', [userId]);
          await db.query('UPDATE users SET balance = $2 WHERE id = $1', [userId, start]);
          const now = new Date();
          const outcomes = await s.waitFor(
            Promise.all(
              picks.map((i) =>
                s
                  .schedule(Promise.resolve(tariffs[i]!), `buy ${tariffs[i]!.code}`)
                  .then((t) => purchaseFromBalance(db, userId, t, now))
                  .then(
                    () => tariffs[i]!.price as number,
                    (e: unknown) => {
                      if (e instanceof CommerceError && e.commerceKey === 'balance_insufficient')
                        return 0;
                      throw e;
                    },
                  ),
              ),
            ),
          );
          const spent = outcomes.reduce((a, b) => a + b, 0);
          const [row] = await db.query<{
            balance: number;
            ledger: number;
            rows: number;
            subs: number;
          }>(
            `SELECT u.balance,
                    (SELECT coalesce(sum(amount), 0)::int FROM balance_ledger WHERE user_id = u.id) AS ledger,
                    (SELECT count(*)::int FROM balance_ledger WHERE user_id = u.id) AS rows,
                    (SELECT count(*)::int FROM subscriptions WHERE user_id = u.id) AS subs
               FROM users u WHERE u.id = $1`,
            [userId],
          );
          expect(row!.balance).toBeGreaterThanOrEqual(0);
          expect(row!.balance).toBe(start - spent);
          expect(row!.ledger + spent).toBe(0);
          const bought = outcomes.filter((o) => o > 0).length;
          expect(row!.rows).toBe(bought);
          expect(row!.subs).toBe(bought);
          // Whatever failed could not have been afforded at the end.
          for (const [k, o] of outcomes.entries()) {
            if (o === 0) expect(tariffs[picks[k]!]!.price).toBeGreaterThan(row!.balance);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
