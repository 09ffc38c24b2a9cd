import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, startTestServer } from '../test/harness';
import { migrate } from '../db/migrations';
import { MIGRATIONS } from '../server';

describe.each(BACKENDS)('builder migrations on %s', (backend) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('602 adopts a files table the route used to create at start, keeping its rows', async () => {
    const db = server.db;
    await db.query(
      `INSERT INTO files (name, owner_id, school_id, label, mime, size, data)
       VALUES ('00000000-0000-4000-8000-000000000001.txt', 1, NULL, 'жоспар.txt', 'text/plain', $1, $2)`,
      [Buffer.byteLength('Сабақ'), Buffer.from('Сабақ')],
    );
    // A database from before 602: the table is there, the migration is not recorded.
    await db.query('DELETE FROM schema_migrations WHERE id = 602');
    expect(await migrate(db, MIGRATIONS)).toEqual([602]);
    const rows = await db.query<{ label: string }>('SELECT label FROM files');
    expect(rows.map((r) => r.label)).toContain('жоспар.txt');
    expect(await migrate(db, MIGRATIONS)).toEqual([]);
  });
});
