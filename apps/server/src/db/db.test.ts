/**
 * The embedded database runs on its own thread (pglite-worker.mjs): values survive the trip
 * (bytea, jsonb, timestamps), errors keep PostgreSQL's fields, a transaction is never entered
 * by statements from outside it, and the main thread keeps running while a statement executes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbError, openDb, type Db } from './db';

describe('PGlite on its own thread', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory' });
    await db.exec(
      'CREATE TABLE t (id int PRIMARY KEY, data bytea, doc jsonb, at timestamptz DEFAULT now())',
    );
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('round-trips bytea, jsonb and timestamps, with parameters', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255, 39, 92]);
    await db.query('INSERT INTO t (id, data, doc) VALUES ($1, $2, $3)', [
      1,
      bytes,
      JSON.stringify({ title: "Абай 'жолы'" }),
    ]);
    const rows = await db.query<{ data: Uint8Array; doc: { title: string }; at: Date }>(
      'SELECT data, doc, at FROM t WHERE id = $1',
      [1],
    );
    expect(rows[0]!.data).toBeInstanceOf(Uint8Array);
    expect([...rows[0]!.data]).toEqual([...bytes]);
    expect(rows[0]!.doc.title).toBe("Абай 'жолы'");
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });

  it('reports errors with their PostgreSQL code', async () => {
    const err = await db
      .query('INSERT INTO t (id) VALUES ($1)', [1])
      .then(() => null)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DbError);
    expect((err as DbError).code).toBe('23505');
    expect((err as DbError).message).toMatch(/duplicate key/);
  });

  it('rolls a failed transaction back and keeps outside statements out of it', async () => {
    const order: string[] = [];
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (q) => {
      await q.query('INSERT INTO t (id) VALUES ($1)', [2]);
      order.push('tx insert');
      await hold;
      throw new Error('changed my mind');
    });
    // Issued while the transaction is open: it must neither see its row nor run inside it.
    const outside = db
      .query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = 2')
      .then((r) => {
        order.push('outside');
        return r[0]!.n;
      });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(tx).rejects.toThrow('changed my mind');
    expect(await outside).toBe(0);
    expect(order).toEqual(['tx insert', 'outside']);
    const ok = await db.transaction(async (q) => {
      await q.query('INSERT INTO t (id) VALUES ($1)', [3]);
      return 'committed';
    });
    expect(ok).toBe('committed');
    expect(await db.query('SELECT id FROM t WHERE id IN (2, 3) ORDER BY id')).toEqual([{ id: 3 }]);
  });

  it('leaves the main thread free while a statement executes', async () => {
    const events: string[] = [];
    const query = db
      .query('SELECT count(*) FROM generate_series(1, 3000000) g WHERE g % 7 = $1', [3])
      .then(() => events.push('query done'));
    // With the database on this thread, the timer could only fire after the query returned.
    setTimeout(() => events.push('timer'), 1);
    await query;
    expect(events).toEqual(['timer', 'query done']);
  });

  it('refuses statements once closed', async () => {
    const other = await openDb({ dataDir: 'memory' });
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow();
  });
});
