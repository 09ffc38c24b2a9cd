import pg from 'pg';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialise, type ConnectionState } from '@sabaq/collab';
import { DEMO_PASSWORD } from '../core/seed-data';
import {
  postgresMissing,
  redisMissing,
  startPostgres,
  startRedis,
  waitFor,
  type LocalPostgres,
  type LocalRedis,
} from '../test/services';
import {
  startBalancer,
  startServerProcess,
  type Balancer,
  type ServerProcess,
} from '../test/processes';
import { connectPeer, type Peer } from './test-client';

/**
 * Failover during co-editing, with real processes: two `npm start` servers (main.ts) on one
 * PostgreSQL and one Redis, behind a load balancer; three co-editors keep editing while one
 * process is ended — SIGTERM (a planned restart: it stores what it holds and closes with 1012)
 * or SIGKILL (a crash: what it had not stored is lost with it) — and started again. Every run
 * must converge: the editors reconnect through the balancer to the other process, their resent
 * updates (their own, and co-authors' the dead process had relayed, sealed) are accepted, no
 * socket is closed for good, every replica ends equal, and every edit anyone made is stored.
 * FAILOVER_RUNS sets the number of runs (default 4: SIGTERM and SIGKILL of each process).
 */
const missing = postgresMissing() ?? redisMissing();
const RUNS = Number(process.env.FAILOVER_RUNS ?? 4);

async function api<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

describe.skipIf(missing !== null)(
  `failover during co-editing (real processes)${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let pgs: LocalPostgres;
    let redis: LocalRedis;
    let lb: Balancer;
    const procs: Array<ServerProcess | null> = [null, null];
    const peers: Peer[] = [];
    let env: Record<string, string>;

    const start = async (i: number) => {
      procs[i] = await startServerProcess(env);
      lb.setBackends(procs.filter((p): p is ServerProcess => p !== null).map((p) => p.port));
    };

    beforeAll(async () => {
      pgs = await startPostgres();
      redis = await startRedis();
      lb = await startBalancer();
      env = { DATABASE_URL: pgs.url, REDIS_URL: redis.url };
      // One after the other: the first migrates and seeds, the second finds it done.
      await start(0);
      await start(1);
    });
    afterAll(async () => {
      for (const p of peers) p.destroy();
      for (const p of procs)
        if (p && p.child.exitCode === null) {
          p.child.kill('SIGKILL');
          await p.exited;
        }
      await lb?.close();
      await redis?.dispose();
      await pgs?.dispose();
    });

    it(
      `${RUNS} runs of SIGTERM/SIGKILL of one of two processes: every run converges, every edit stored`,
      async () => {
        const ws = lb.url.replace(/^http/, 'ws');
        const sign = async (login: string) => {
          const res = await api(lb.url, 'POST', '/api/v2/os/auth/login', undefined, {
            login,
            password: DEMO_PASSWORD,
          });
          expect(res.status).toBe(200);
          return res.body as { access_token: string; user: { userId: number } };
        };
        const owner = await sign('methodist');
        const draft = await api(lb.url, 'POST', '/api/v2/os/drafts', owner.access_token, {
          init: { type: 'sor', title: 'Failover', lang: 'kz' },
        });
        const draftId = draft.body.data.draft.id as string;
        const others = [await sign('teacher'), await sign('group-lead')];
        for (const o of others)
          expect(
            (
              await api(
                lb.url,
                'POST',
                `/api/v2/os/drafts/${draftId}/collaborators`,
                owner.access_token,
                {
                  userId: o.user.userId,
                  access: 'edit',
                },
              )
            ).status,
          ).toBe(200);
        const states: ConnectionState[] = [];
        const closeCodes: number[] = [];
        for (const who of [owner, ...others]) {
          const peer = connectPeer(ws, draftId, who.access_token, String(who.user.userId));
          peer.provider.onStatus((s) => {
            states.push(s.state);
            if (s.closeCode !== null) closeCodes.push(s.closeCode);
          });
          peers.push(peer);
        }
        await Promise.all(peers.map((p) => p.provider.whenOnline()));
        peers[0]!.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Бет' });
        await waitFor(() => peers.every((p) => p.draft.draft.pages.length === 1), 'the first page');

        const made: string[] = [];
        let n = 0;
        for (let run = 0; run < RUNS; run++) {
          const victim = run % 2;
          const signal = run % 4 < 2 ? 'SIGTERM' : 'SIGKILL';
          // Everyone edits every 20 ms while the victim goes.
          const typing = setInterval(() => {
            for (const [i, peer] of peers.entries()) {
              const moduleId = `r${run}-p${i}-${n++}`;
              if (
                peer.draft.apply({
                  type: 'module/add',
                  pageId: 'p1',
                  moduleId,
                  moduleType: 'task',
                  title: moduleId,
                }).ok
              )
                made.push(moduleId);
            }
          }, 20);
          try {
            await new Promise((r) => setTimeout(r, 300));
            const proc = procs[victim]!;
            procs[victim] = null;
            lb.setBackends(procs.filter((p): p is ServerProcess => p !== null).map((p) => p.port));
            proc.child.kill(signal);
            await proc.exited;
            await new Promise((r) => setTimeout(r, 300));
          } finally {
            clearInterval(typing);
          }
          // Back to two processes for the next run; meanwhile the editors are on the survivor.
          await start(victim);
          await waitFor(
            () => {
              const stopped = peers.find((p) => p.provider.status.state === 'closed');
              if (stopped)
                throw new Error(
                  `run ${run + 1}: an editor was stopped for good (close ${stopped.provider.status.closeCode})`,
                );
              return peers.every(
                (p) => p.provider.status.state === 'online' && p.provider.status.saved,
              );
            },
            `run ${run + 1} (${signal} of process ${victim + 1}): every editor online with all stored`,
            120_000,
          );
          await waitFor(
            () => peers.every((p) => p.draft.draft.pages[0]!.modules.length === made.length),
            `run ${run + 1}: every replica holding every edit`,
            60_000,
          );
          for (const p of peers.slice(1)) expect(p.draft.draft).toEqual(peers[0]!.draft.draft);
        }

        // Nobody was stopped for good (4401/4403/4404) or left with edits it could not send.
        expect(states).not.toContain('closed');
        expect(closeCodes.filter((c) => c >= 4401 && c <= 4404)).toEqual([]);
        // The store holds every edit anyone made: collab_updates folded from scratch.
        const client = new pg.Client({ connectionString: pgs.url });
        await client.connect();
        try {
          const rows = await client.query<{ data: Buffer }>(
            'SELECT data FROM collab_updates WHERE draft_id = $1 ORDER BY seq',
            [draftId],
          );
          const doc = new Y.Doc();
          for (const r of rows.rows) Y.applyUpdate(doc, r.data);
          const stored = materialise(doc).pages.flatMap((p) => p.modules.map((m) => m.id));
          expect(stored.sort()).toEqual([...made].sort());
        } finally {
          await client.end();
        }
      },
      RUNS * 90_000,
    );
  },
);
