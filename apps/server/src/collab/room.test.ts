/**
 * The write-behind of a room against a database that fails: retries with backoff up to the cap,
 * then gives up (the service drops the room; clients resend on reconnect). The database here is
 * a stand-in that fails on purpose — the real one is exercised in collab.test.ts.
 */
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { CollabDraft, createDraftDoc } from '@sabaq/collab';
import { createDraft } from '@sabaq/engine';
import type { Db, Queryable } from '../db/db';
import { nullBus } from './bus';
import { Room, type RoomOptions } from './room';
import { DEFAULT_COLLAB_OPTIONS } from './service';

function flakyDb(failures: number) {
  const initial = Y.encodeStateAsUpdate(
    createDraftDoc(createDraft({ id: 'd1', type: 'sor', title: 'БЖБ', lang: 'kz' })),
  );
  const stored: Uint8Array[] = [initial];
  let left = failures;
  let attempts = 0;
  const q: Queryable = {
    async query<T>(sql: string): Promise<T[]> {
      if (sql.startsWith('SELECT data FROM collab_updates'))
        return stored.map((data) => ({ data })) as T[];
      if (sql.startsWith('INSERT INTO collab_updates')) {
        attempts++;
        if (left-- > 0) throw new Error('connection reset');
        return [];
      }
      return [];
    },
    async exec() {},
  };
  const db: Db = {
    ...q,
    kind: 'postgres',
    transaction: (fn) => fn(q),
    ping: async () => {},
    stats: () => ({ total: 1, idle: 1, waiting: 0, restarts: 0 }),
    close: async () => {},
  };
  return { db, stored, attempts: () => attempts };
}

const opts: RoomOptions = {
  ...DEFAULT_COLLAB_OPTIONS,
  retryBaseMs: 1,
  antiEntropyMs: 0,
  restPollMs: 0,
  materialiseDebounceMs: 60_000,
};

describe('room write-behind', () => {
  it('retries a failed write and then stores it', async () => {
    const f = flakyDb(3);
    const room = await Room.open('d1', f.db, nullBus(), { ...opts, maxRetries: 5 });
    new CollabDraft(room.doc, { actor: '1' }).apply({
      type: 'page/add',
      pageId: 'p1',
      title: 'Бет',
    });
    await room.flush();
    expect(f.attempts()).toBe(4);
    await room.close();
  });

  it('gives up after the retry cap and reports it, keeping the batch for a last attempt', async () => {
    const f = flakyDb(100);
    const room = await Room.open('d1', f.db, nullBus(), { ...opts, maxRetries: 2 });
    let failed: unknown = null;
    room.onFailed = (e) => (failed = e);
    new CollabDraft(room.doc, { actor: '1' }).apply({
      type: 'page/add',
      pageId: 'p1',
      title: 'Бет',
    });
    await expect(room.flush()).rejects.toThrow('connection reset');
    expect(f.attempts()).toBe(3);
    expect(failed).toBeInstanceOf(Error);
    await expect(room.close()).rejects.toThrow();
  });

  it('batches a burst of updates into one write', async () => {
    const f = flakyDb(0);
    const room = await Room.open('d1', f.db, nullBus(), opts);
    const s = new CollabDraft(room.doc, { actor: '1' });
    s.apply({ type: 'page/add', pageId: 'p1', title: 'Бет' });
    for (let i = 0; i < 50; i++) s.apply({ type: 'page/rename', pageId: 'p1', title: `Бет ${i}` });
    await room.flush();
    expect(f.attempts()).toBe(1);
    await room.close();
  });
});
