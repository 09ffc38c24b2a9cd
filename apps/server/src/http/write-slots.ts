import type { FastifyRequest } from 'fastify';
import type { RouteId } from '@sabaq/platform';
import type { App } from './context';

/**
 * A fixed number of places; who comes when all are taken waits, first come first served.
 * `acquire` resolves with the function that gives the place back (once; later calls do nothing).
 */
export class Slots {
  private inUse = 0;
  private readonly queue: (() => void)[] = [];
  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`slots: size ${size} is not ≥ 1`);
  }
  get busy(): number {
    return this.inUse;
  }
  get waiting(): number {
    return this.queue.length;
  }
  async acquire(): Promise<() => void> {
    if (this.inUse < this.size) this.inUse += 1;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.queue.shift();
      // The place passes straight to the next in line: the count stays.
      if (next) next();
      else this.inUse -= 1;
    };
  }
}

/**
 * The journal's mark writes: at the quarter-end peak every teacher sends them at once (issue 27).
 */
export const BULK_WRITES: ReadonlySet<RouteId> = new Set<RouteId>([
  'journal.mark',
  'journal.column',
  'journal.assessmentMark',
]);

/** Places for bulk writes per process: SABAQ_WRITE_SLOTS, default 4. */
export function writeSlotsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SABAQ_WRITE_SLOTS;
  if (raw === undefined || raw === '') return 4;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`SABAQ_WRITE_SLOTS=${raw}: a whole number ≥ 1`);
  return n;
}

const RELEASE = Symbol('writeSlotRelease');
type Held = FastifyRequest & { [RELEASE]?: () => void };

/**
 * Issue 27: at the peak, the 20 teachers' marks kept both processes' event loops full, and every
 * other request (a page, a country's drill-down) waited behind ~10 writes at each of its steps:
 * 300–900 ms where the query alone takes 10–45 ms. Bulk writes now take one of a few places per
 * process before their body is read; the others wait their turn, costing nothing meanwhile. The
 * CPU stays as busy (a few writes in flight are enough to fill it while others wait on the
 * database), marks are stored as fast, and everything else is served between them.
 */
export function registerWriteSlots(app: App, slots: Slots): void {
  app.addHook('onRequest', async (req: Held) => {
    const id = req.routeOptions.config.routeId as RouteId | undefined;
    if (id === undefined || !BULK_WRITES.has(id)) return;
    const release = await slots.acquire();
    req[RELEASE] = release;
    // Given up while waiting (the teacher's tab closed): the place goes on at once.
    if (req.raw.destroyed || req.socket.destroyed) release();
  });
  app.addHook('onResponse', async (req: Held) => req[RELEASE]?.());
  app.addHook('onRequestAbort', async (req: Held) => req[RELEASE]?.());
}
