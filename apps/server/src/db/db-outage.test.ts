import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, pgliteWorkerOf, type Db } from './db';
import { DbUnavailableError } from './errors';
import { postgresMissing, startPostgres, waitFor, type LocalPostgres } from '../test/services';

/**
 * The database going away under a running process, on a PostgreSQL this test starts, stops and
 * starts again (test/services.ts), and on PGlite whose worker thread is ended as a crash would:
 * broken connections are discarded, calls fail with DbUnavailableError instead of crashing the
 * process or hanging, and work again once the database is back, with no reopen.
 */
const missing = postgresMissing();

describe.skipIf(missing !== null)(
  `PostgreSQL going away${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let server: LocalPostgres;
    let db: Db;
    beforeAll(async () => {
      server = await startPostgres();
      db = await openDb({ databaseUrl: server.url, poolSize: 4 });
      await db.exec('CREATE TABLE marks (id serial PRIMARY KEY, value int NOT NULL)');
    });
    afterAll(async () => {
      await db?.close();
      await server?.dispose();
    });

    it('a connection dropped inside a transaction fails it as unavailable and is never reused', async () => {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      try {
        const failed = db.transaction(async (tx) => {
          const [me] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await tx.query('INSERT INTO marks (value) VALUES (1)');
          // Another session ends this one, as a failover or pg_terminate_backend does.
          await admin.query('SELECT pg_terminate_backend($1)', [me!.pid]);
          await tx.query('INSERT INTO marks (value) VALUES (2)');
        });
        await expect(failed).rejects.toBeInstanceOf(DbUnavailableError);
        // Nothing of it was stored, and every later call gets a live connection.
        for (let i = 0; i < 8; i++) {
          const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM marks');
          expect(row!.n).toBe(0);
        }
        await db.transaction(async (tx) => {
          await tx.query('INSERT INTO marks (value) VALUES (3)');
        });
        const rows = await db.query<{ value: number }>('SELECT value FROM marks');
        expect(rows.map((r) => r.value)).toEqual([3]);
      } finally {
        await admin.end();
      }
    });

    it('while the server is stopped calls fail as unavailable; once it is back they work, without a reopen', async () => {
      // Clients idle in the pool when the server stops lose their connections too.
      await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.01)')));
      await server.stop();
      try {
        for (const call of [
          () => db.query('SELECT 1'),
          () => db.exec('SELECT 1'),
          () => db.transaction((tx) => tx.query('SELECT 1')),
          () => db.ping(),
        ])
          await expect(call()).rejects.toBeInstanceOf(DbUnavailableError);
      } finally {
        await server.start();
      }
      await waitFor(() => db.query('SELECT 1').then(() => true), 'the pool to connect again');
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO marks (value) VALUES (4)');
      });
      const rows = await db.query<{ value: number }>('SELECT value FROM marks ORDER BY value');
      expect(rows.map((r) => r.value)).toEqual([3, 4]);
      await db.ping();
    });
  },
);

describe('PGlite whose worker thread dies', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sabaq-pglite-'));
    db = await openDb({ dataDir: dir });
    await db.exec('CREATE TABLE marks (id serial PRIMARY KEY, value int NOT NULL)');
    await db.query('INSERT INTO marks (value) VALUES ($1)', [1]);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails what was under way as unavailable, restarts on the same data, and serves again', async () => {
    const worker = pgliteWorkerOf(db)!;
    const inFlight = db.query('SELECT pg_sleep(0.5)');
    // An open transaction whose thread dies must not go on, statement by statement, on the next.
    const tx = db.transaction(async (t) => {
      await t.query('INSERT INTO marks (value) VALUES ($1)', [2]);
      await worker.terminate();
      await t.query('INSERT INTO marks (value) VALUES ($1)', [3]).catch(() => undefined);
      await t.query('INSERT INTO marks (value) VALUES ($1)', [4]);
    });
    await expect(tx).rejects.toBeInstanceOf(DbUnavailableError);
    await expect(inFlight).rejects.toBeInstanceOf(DbUnavailableError);
    await waitFor(() => db.query('SELECT 1').then(() => true), 'the restarted thread');
    expect(pgliteWorkerOf(db)).not.toBe(worker);
    expect(db.stats().restarts).toBe(1);
    // The data directory kept what was committed, and nothing of the broken transaction.
    const rows = await db.query<{ value: number }>('SELECT value FROM marks ORDER BY value');
    expect(rows.map((r) => r.value)).toEqual([1]);
    // Prepared statements of the old session are not reused on the new one.
    await db.query('INSERT INTO marks (value) VALUES ($1)', [5]);
    await db.transaction(async (t) => {
      await t.query('INSERT INTO marks (value) VALUES ($1)', [6]);
    });
    const after = await db.query<{ value: number }>('SELECT value FROM marks ORDER BY value');
    expect(after.map((r) => r.value)).toEqual([1, 5, 6]);
  });

  it('an in-memory database cannot be reopened: it says so instead of serving an empty one', async () => {
    const mem = await openDb({ dataDir: 'memory' });
    try {
      await pgliteWorkerOf(mem)!.terminate();
      await expect(mem.query('SELECT 1')).rejects.toThrow(/in-memory database stopped/);
    } finally {
      await mem.close();
    }
  });
});
