import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PGlite } from '@electric-sql/pglite';
import { inlineParams, quoteLiteral } from './inline';

describe('inlined parameters for PGlite', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(async () => {
    await db.close();
  });

  it('replaces $n only outside literals, identifiers and comments', () => {
    expect(inlineParams(`SELECT '$1', "$2", $1 -- $2\n, $2 /* $1 */`, ['a', 'b'])).toBe(
      `SELECT '$1', "$2", 'a' -- $2\n, 'b' /* $1 */`,
    );
    expect(inlineParams('SELECT $10, $1', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(
      "SELECT '10', '1'",
    );
    expect(() => inlineParams('SELECT $2', [1])).toThrow(/\$2/);
  });

  it('quotes every kind of value', () => {
    expect(quoteLiteral(null)).toBe('NULL');
    expect(quoteLiteral("O'Brien")).toBe("'O''Brien'");
    expect(quoteLiteral([1, 2])).toBe('\'{"1","2"}\'');
    expect(quoteLiteral({ a: "it's" })).toBe(`'{"a":"it''s"}'`);
  });

  it('any string round-trips through PostgreSQL unchanged: no injection (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary' }).filter((s) => !s.includes('\u0000')),
        async (s) => {
          const res = await db.query<{ v: string; n: number }>(
            inlineParams('SELECT $1::text AS v, 1 AS n', [s]),
          );
          expect(res.rows).toEqual([{ v: s, n: 1 }]);
        },
      ),
      { seed: 5150, numRuns: process.env.CI ? 1000 : 100 },
    );
  });

  it('binary values round-trip as bytea', async () => {
    const bytes = new Uint8Array([0, 1, 39, 92, 255, 120]);
    const res = await db.query<{ v: Uint8Array }>(inlineParams('SELECT $1::bytea AS v', [bytes]));
    expect([...(res.rows[0]?.v ?? [])]).toEqual([...bytes]);
    const buf = Buffer.from('сәлем');
    const res2 = await db.query<{ v: Uint8Array }>(inlineParams('SELECT $1::bytea AS v', [buf]));
    expect(Buffer.from(res2.rows[0]?.v ?? []).toString()).toBe('сәлем');
  });

  it('arrays of strings with quotes and backslashes round-trip', async () => {
    const values = ['a"b', 'c\\d', "e'f", 'g,h', '{i}'];
    const res = await db.query<{ v: string[] }>(inlineParams('SELECT $1::text[] AS v', [values]));
    expect(res.rows[0]?.v).toEqual(values);
  });
});
