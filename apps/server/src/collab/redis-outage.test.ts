import { PassThrough } from 'node:stream';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialise } from '@sabaq/collab';
import { startServer, type RunningServer } from '../server';
import { call } from '../test/harness';
import {
  postgresMissing,
  redisMissing,
  sparePort,
  startPostgres,
  startRedis,
  waitFor,
  type LocalPostgres,
  type LocalRedis,
} from '../test/services';
import { coEditors, type Peer } from './test-client';

/**
 * Two server processes on one PostgreSQL with a Redis this test owns (test/services.ts): Redis
 * is not there when they start, comes, is killed while two co-editors on the two processes keep
 * editing, and comes back. The processes start anyway, tell their co-editors when they are cut
 * off from each other, and once Redis is back exchange state vectors so both replicas and the
 * store hold every edit.
 */
const missing = postgresMissing() ?? redisMissing();

/** Every module of the draft as the store holds it (collab_updates folded, not a replica). */
async function storedModules(server: RunningServer, draftId: string): Promise<string[]> {
  const rows = await server.db.query<{ data: Uint8Array }>(
    'SELECT data FROM collab_updates WHERE draft_id = $1 ORDER BY seq',
    [draftId],
  );
  const doc = new Y.Doc();
  for (const r of rows) Y.applyUpdate(doc, r.data);
  return materialise(doc).pages.flatMap((p) => p.modules.map((m) => m.id));
}

describe.skipIf(missing !== null)(
  `co-editing across processes when Redis goes and comes back${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let pgs: LocalPostgres;
    let redis: LocalRedis | null = null;
    let redisPort: number;
    const servers: RunningServer[] = [];
    const peers: Peer[] = [];
    const logs: string[] = [];
    beforeAll(async () => {
      pgs = await startPostgres();
      // Redis's port is known but nothing listens on it yet.
      redisPort = await sparePort();
      const log = new PassThrough();
      log.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
      for (let i = 0; i < 2; i++)
        servers.push(
          await startServer({
            port: 0,
            dataDir: 'memory',
            webDist: '/nonexistent',
            databaseUrl: pgs.url,
            redisUrl: `redis://127.0.0.1:${redisPort}`,
            statisticsRollupMs: 0,
            logger: true,
            logStream: log,
          }),
        );
    });
    afterAll(async () => {
      for (const p of peers) p.destroy();
      for (const s of servers) await s.close();
      await redis?.dispose();
      await pgs?.dispose();
    });

    it('both processes start without Redis, warn, and serve their own traffic', async () => {
      for (const s of servers) {
        expect(s.redis.state).toBe('down');
        const ready = await call(s, 'GET', '/api/health/ready');
        expect(ready.status).toBe(200);
        expect(ready.body.status).toBe('degraded');
        expect(ready.body.checks.redis.state).toBe('down');
      }
      expect(logs.join('')).toMatch(/Redis is unreachable: serving this process alone/);
    });

    it('co-editors on two processes are told when they are cut off, and converge when Redis is back', async () => {
      const [s1, s2] = servers as [RunningServer, RunningServer];
      const { draftId, a, b, guest: t } = await coEditors(s1, s2, 'Redis');
      peers.push(a, b);
      // Without Redis each process's room is alone: the editors hear it at once.
      await waitFor(() => a.provider.status.split && b.provider.status.split, 'the split notice');

      redis = await startRedis(redisPort);
      await waitFor(() => servers.every((s) => s.redis.state === 'up'), 'both processes on Redis');
      await waitFor(
        () => !a.provider.status.split && !b.provider.status.split,
        'the joined notice',
      );
      a.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Бет 1' });
      await waitFor(() => b.draft.draft.pages.length === 1, 'a → b through Redis');

      // Redis dies mid-run; both keep editing, each edit stored by its own process.
      await redis.kill();
      await waitFor(() => a.provider.status.split && b.provider.status.split, 'the split notice');
      const made: string[] = [];
      for (let i = 0; i < 15; i++) {
        for (const [peer, who] of [
          [a, 'a'],
          [b, 'b'],
        ] as const) {
          const moduleId = `${who}${i}`;
          const r = peer.draft.apply({
            type: 'module/add',
            pageId: 'p1',
            moduleId,
            moduleType: 'task',
            title: moduleId,
          });
          expect(r.ok).toBe(true);
          made.push(moduleId);
        }
      }
      await Promise.all([a.provider.whenSaved(), b.provider.whenSaved()]);
      // Cut off: neither sees the other's edits made meanwhile.
      expect(a.draft.draft.pages[0]!.modules.some((x) => x.id.startsWith('b'))).toBe(false);
      expect(logs.join('')).toMatch(/Redis lost/);

      await redis.start();
      await waitFor(
        () =>
          a.draft.draft.pages[0]!.modules.length === made.length &&
          b.draft.draft.pages[0]!.modules.length === made.length,
        'both replicas to hold every edit after the resynchronisation',
      );
      expect(a.draft.draft).toEqual(b.draft.draft);
      await waitFor(
        () => !a.provider.status.split && !b.provider.status.split,
        'the joined notice',
      );
      // The store: every acknowledged edit in collab_updates, and the drafts row materialised
      // from a replica that has them all.
      expect((await storedModules(s1, draftId)).sort()).toEqual([...made].sort());
      await waitFor(async () => {
        const res = await call(s2, 'GET', `/api/v2/os/drafts/${draftId}`, {
          token: t.access_token,
        });
        return res.body?.data?.draft?.pages?.[0]?.modules?.length === made.length;
      }, 'the drafts row with every edit');
    });
  },
);
