/**
 * Two server processes (two servers on one PostgreSQL schema, each with its own Redis
 * connections and bus origin) share a draft's live traffic through Redis pub/sub. Needs a shared
 * database, so it runs only when DATABASE_URL (PostgreSQL) and REDIS_URL are both set: PGlite is
 * in-process and cannot be opened by two servers at once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '@sabaq/engine';
import { testSchemaName } from '../db/db';
import type { RunningServer } from '../server';
import { call, login, startTestServer } from '../test/harness';
import { CLOSE_CODES } from '@sabaq/collab';
import { collabOf } from './index';
import { closeCodeOf, coEditors, connectPeer, eventually, wsUrl, type Peer } from './test-client';

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!enabled)('two server processes through Redis', () => {
  const schema = testSchemaName();
  const servers: RunningServer[] = [];
  const peers: Peer[] = [];
  beforeAll(async () => {
    const opts = { databaseUrl: process.env.DATABASE_URL!, databaseSchema: schema } as const;
    // One after the other: the second finds the schema migrated and seeded.
    servers.push(await startTestServer('postgres', opts));
    servers.push(await startTestServer('postgres', opts));
  });
  afterAll(async () => {
    for (const p of peers) p.destroy();
    for (const s of servers) await s.close();
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  });

  it('users on two processes edit the same draft live and converge', async () => {
    const [s1, s2] = servers as [RunningServer, RunningServer];
    const { draftId, a, b, owner: m } = await coEditors(s1, s2, 'БЖБ');
    peers.push(a, b);
    a.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Бет 1' });
    await eventually(() => b.draft.draft.pages.length === 1, 20_000, 'a → b across processes');
    for (let i = 0; i < 10; i++) {
      a.draft.apply({
        type: 'module/add',
        pageId: 'p1',
        moduleId: `a${i}`,
        moduleType: 'task',
        title: `A${i}`,
      });
      b.draft.apply({
        type: 'module/add',
        pageId: 'p1',
        moduleId: `b${i}`,
        moduleType: 'task',
        title: `B${i}`,
      });
    }
    await eventually(
      () =>
        a.draft.draft.pages[0]!.modules.length === 20 &&
        b.draft.draft.pages[0]!.modules.length === 20,
      20_000,
      'both see all 20 modules',
    );
    expect(a.draft.draft).toEqual(b.draft.draft);
    expect(checkInvariants(a.draft.draft)).toEqual([]);
    // Each process stored its own clients' edits; a fresh peer on either sees everything.
    await Promise.all([a.provider.whenSaved(), b.provider.whenSaved()]);
    const c = connectPeer(s2, draftId, m.access_token, 'c');
    peers.push(c);
    await c.provider.whenOnline();
    expect(c.draft.draft).toEqual(a.draft.draft);
  });

  it('the per-user connection limit holds across the two processes', async () => {
    const [s1, s2] = servers as [RunningServer, RunningServer];
    const m = await login(s1, 'methodist');
    const created = await call(s1, 'POST', '/api/v2/os/drafts', {
      token: m.access_token,
      body: { init: { type: 'sor', title: 'Шектеу', lang: 'kz' } },
    });
    const draftId = created.body.data.draft.id as string;
    for (const s of servers) collabOf(s.db)!.options.maxConnectionsPerUser = 3;
    // Clean start: the sockets of the first test are closed (and their slots released).
    for (const p of peers.splice(0)) p.destroy();
    await eventually(() => servers.every((s) => collabOf(s.db)!.connections === 0), 20_000, 'idle');
    const held = [
      connectPeer(s1, draftId, m.access_token, String(m.user.userId)),
      connectPeer(s2, draftId, m.access_token, String(m.user.userId)),
      connectPeer(s1, draftId, m.access_token, String(m.user.userId)),
    ];
    peers.push(...held);
    await Promise.all(held.map((p) => p.provider.whenOnline()));
    // The fourth, on either process, is refused with 4429.
    const url = `${wsUrl(s2)}/collab/${draftId}`;
    expect(await closeCodeOf(url, [`bearer.${m.access_token}`])).toBe(
      CLOSE_CODES.tooManyConnections,
    );
    held[0]!.destroy();
    await eventually(() => collabOf(s1.db)!.connections === 1, 20_000, 'one closed on s1');
    const again = connectPeer(s2, draftId, m.access_token, String(m.user.userId));
    peers.push(again);
    await again.provider.whenOnline();
    expect(again.provider.status.access).toBe('edit');
  });
});
