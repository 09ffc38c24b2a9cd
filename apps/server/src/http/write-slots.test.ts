import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from './context';
import { registerWriteSlots, Slots, writeSlotsFromEnv } from './write-slots';

describe('slots', () => {
  it('lets `size` in at once, the rest in the order they came, each place given back once', async () => {
    const slots = new Slots(2);
    const order: string[] = [];
    const a = await slots.acquire();
    const b = await slots.acquire();
    const c = slots.acquire().then((r) => (order.push('c'), r));
    const d = slots.acquire().then((r) => (order.push('d'), r));
    await Promise.resolve();
    expect([slots.busy, slots.waiting, order]).toEqual([2, 2, []]);
    a();
    a(); // a second call gives nothing more back
    const releaseC = await c;
    expect([slots.busy, slots.waiting, order]).toEqual([2, 1, ['c']]);
    b();
    const releaseD = await d;
    expect(order).toEqual(['c', 'd']);
    releaseC();
    releaseD();
    expect([slots.busy, slots.waiting]).toEqual([0, 0]);
  });

  it('reads SABAQ_WRITE_SLOTS, 4 by default, and refuses nonsense', () => {
    expect(writeSlotsFromEnv({})).toBe(4);
    expect(writeSlotsFromEnv({ SABAQ_WRITE_SLOTS: '2' })).toBe(2);
    expect(() => writeSlotsFromEnv({ SABAQ_WRITE_SLOTS: '0' })).toThrow(/SABAQ_WRITE_SLOTS=0/);
    expect(() => writeSlotsFromEnv({ SABAQ_WRITE_SLOTS: 'many' })).toThrow(/whole number/);
  });
});

describe('bulk writes wait for a place; everything else goes by', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  async function start(slots: Slots) {
    const server: FastifyInstance = Fastify();
    app = server;
    registerWriteSlots(server as unknown as App, slots);
    const gates: (() => void)[] = [];
    const started: string[] = [];
    server.put<{ Params: { n: string } }>(
      '/mark/:n',
      { config: { routeId: 'journal.mark' } },
      async (req) => {
        const n = req.params.n;
        started.push(n);
        await new Promise<void>((resolve) => gates.push(resolve));
        return { n };
      },
    );
    server.get('/drill', { config: { routeId: 'statistics.country' } }, async () => ({ ok: true }));
    await server.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.server.address() as AddressInfo).port;
    const call = (method: string, path: string) => {
      const req = request({ host: '127.0.0.1', port, method, path });
      const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
      });
      req.end();
      return { req, done };
    };
    return { gates, started, call };
  }

  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 5));
  };

  it('a second mark waits while the first holds the only place; a drill-down is served meanwhile', async () => {
    const slots = new Slots(1);
    const { gates, started, call } = await start(slots);
    const first = call('PUT', '/mark/1');
    await until(() => started.length === 1);
    const second = call('PUT', '/mark/2');
    await until(() => slots.waiting === 1);
    expect((await call('GET', '/drill').done).body).toBe('{"ok":true}');
    expect(started).toEqual(['1']);
    gates.shift()!();
    expect((await first.done).body).toBe('{"n":"1"}');
    await until(() => started.length === 2);
    gates.shift()!();
    expect((await second.done).body).toBe('{"n":"2"}');
    await until(() => slots.busy === 0);
  });

  it('a mark given up while it waited, or while it ran, gives its place back', async () => {
    const slots = new Slots(1);
    const { gates, started, call } = await start(slots);
    const first = call('PUT', '/mark/1');
    await until(() => started.length === 1);
    const quitter = call('PUT', '/mark/2');
    quitter.done.catch(() => undefined);
    await until(() => slots.waiting === 1);
    quitter.req.destroy();
    gates.shift()!();
    await first.done;
    // The quitter's turn came and went; the place is free again for the next mark.
    await until(() => slots.busy === 0 || started.length === 2);
    if (started.length === 2) gates.shift()!();
    await until(() => slots.busy === 0);
    const third = call('PUT', '/mark/3');
    await until(() => started.includes('3'));
    third.req.destroy();
    third.done.catch(() => undefined);
    await until(() => slots.busy === 0);
    gates.shift()!();
  });
});
