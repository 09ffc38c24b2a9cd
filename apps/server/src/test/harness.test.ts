import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, fingerprint, startTestServer } from './harness';

/**
 * The database fingerprint is what the fuzz, matrix and security tests trust to say "a rejected
 * request wrote nothing"; it skips rehashing while the transaction snapshot is unchanged, so these
 * check that the shortcut never hides a write.
 */
describe.each(BACKENDS)('fingerprint on %s', (backend) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { seed: false });
    await server.db.exec('CREATE TABLE fingerprint_probe (id int PRIMARY KEY, note text)');
  }, 60_000);
  afterAll(() => server?.close());

  it('is stable when nothing is written, and changes with every committed write', async () => {
    const before = await fingerprint(server);
    expect(await fingerprint(server)).toBe(before);
    await server.db.query("INSERT INTO fingerprint_probe VALUES (1, 'a')");
    const inserted = await fingerprint(server);
    expect(inserted).not.toBe(before);
    await server.db.query("UPDATE fingerprint_probe SET note = 'b' WHERE id = 1");
    const updated = await fingerprint(server);
    expect(updated).not.toBe(inserted);
    await server.db.query('DELETE FROM fingerprint_probe');
    expect(await fingerprint(server)).not.toBe(updated);
  });

  it('is unchanged by a rolled-back write, which still makes it hash again', async () => {
    const before = await fingerprint(server);
    await expect(
      server.db.transaction(async (tx) => {
        await tx.query("INSERT INTO fingerprint_probe VALUES (2, 'rolled back')");
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await fingerprint(server)).toBe(before);
  });
});
