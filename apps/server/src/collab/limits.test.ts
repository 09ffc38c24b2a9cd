/**
 * Connection limits: per process without Redis; across processes with Redis (two limiters
 * stand for two server processes), including a process that died without cleaning up and
 * Redis going away mid-run (the process falls back to its own counts).
 */
import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { localLimits, redisLimits, type ConnectionLimits } from './limits';
import { connectRedis, type RedisLink } from '../redis/link';
import { waitFor } from '../test/services';

const limits = { perUser: 3, perDraft: 4 };

async function take(l: ConnectionLimits, user: number, draft: string) {
  const r = await l.acquire(user, draft, limits);
  return r;
}

describe('local limits', () => {
  it('refuses past the user and the draft limit, and a release frees the slot once', async () => {
    const l = localLimits();
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await take(l, 1, `d${i}`));
    expect(held.every((h) => h.ok)).toBe(true);
    expect(await take(l, 1, 'd9')).toEqual({ ok: false, limit: 'user' });
    const first = held[0]!;
    if (!first.ok) throw new Error('unreachable');
    first.release();
    first.release(); // twice is once
    expect((await take(l, 1, 'd9')).ok).toBe(true);
    expect((await take(l, 1, 'd9')).ok).toBe(false);
    // The draft limit counts every user's sockets.
    for (let u = 10; u < 14; u++) expect((await take(l, u, 'shared')).ok).toBe(true);
    expect(await take(l, 20, 'shared')).toEqual({ ok: false, limit: 'draft' });
  });
});

const url = process.env.REDIS_URL;

describe.skipIf(!url)('limits across processes (Redis)', () => {
  const prefix = `sabaq:test:limits:${randomUUID()}`;
  const open: ConnectionLimits[] = [];
  const admin = url ? new Redis(url) : null;
  const links: RedisLink[] = [];
  const make = async (u = url!, ttlMs?: number) => {
    // One link per simulated process, as each server process has its own.
    const link = connectRedis(u);
    links.push(link);
    await waitFor(() => link.state === 'up', 'Redis');
    const l = redisLimits(link, { prefix, ...(ttlMs ? { ttlMs } : {}) });
    open.push(l);
    return l;
  };
  afterAll(async () => {
    for (const l of open) await l.close();
    for (const link of links) await link.close();
    const keys = await admin!.keys(`${prefix}:*`);
    if (keys.length > 0) await admin!.del(...keys);
    admin!.disconnect();
  });

  it('a user’s sockets on two processes count together; so do a draft’s', async () => {
    const a = await make();
    const b = await make();
    expect((await take(a, 1, 'x')).ok).toBe(true);
    expect((await take(a, 1, 'y')).ok).toBe(true);
    const third = await take(b, 1, 'z');
    expect(third.ok).toBe(true);
    expect(await take(b, 1, 'w')).toEqual({ ok: false, limit: 'user' });
    expect(await take(a, 1, 'w')).toEqual({ ok: false, limit: 'user' });
    if (third.ok) third.release();
    // The release is fire-and-forget: it lands before the next command on that connection.
    await new Promise((r) => setTimeout(r, 50));
    expect((await take(a, 1, 'w')).ok).toBe(true);
    for (let u = 100; u < 102; u++) expect((await take(a, u, 'shared')).ok).toBe(true);
    for (let u = 102; u < 104; u++) expect((await take(b, u, 'shared')).ok).toBe(true);
    expect(await take(b, 200, 'shared')).toEqual({ ok: false, limit: 'draft' });
  });

  it('slots of a closed process, or of one whose heartbeat stopped, stop counting', async () => {
    const a = await make();
    const gone = await make();
    for (const d of ['p', 'q', 'r']) expect((await take(gone, 7, d)).ok).toBe(true);
    expect((await take(a, 7, 's')).ok).toBe(false);
    await gone.close();
    expect((await take(a, 7, 's')).ok).toBe(true);
    // A process that died: slots and a heartbeat in the past, nobody to clean them up.
    await admin!.hset(`${prefix}:procs`, 'ghost', '1');
    await admin!.hset(`${prefix}:user:8`, 'ghost', '3');
    expect((await take(a, 8, 't')).ok).toBe(true);
    expect(await admin!.hexists(`${prefix}:user:8`, 'ghost')).toBe(0);
    // One whose heartbeat is current still counts.
    await admin!.hset(`${prefix}:procs`, 'alive', String(Date.now() + 60_000));
    await admin!.hset(`${prefix}:user:9`, 'alive', '3');
    expect(await take(a, 9, 't')).toEqual({ ok: false, limit: 'user' });
  });

  it('falls back to the process’s own counts when Redis stops answering', async () => {
    // A TCP relay to Redis that we can cut.
    const target = new URL(url!);
    const sockets = new Set<Socket>();
    const relay: Server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const port = (relay.address() as { port: number }).port;
    const l = await make(`redis://127.0.0.1:${port}`);
    expect((await take(l, 11, 'a')).ok).toBe(true);
    relay.close();
    for (const s of sockets) s.destroy();
    // Local counts start from zero: the user is not locked out, and the local limit holds.
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await take(l, 11, `b${i}`)).ok);
    expect(results).toEqual([true, true, true, false]);
  }, 20_000);
});
