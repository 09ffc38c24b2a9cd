/**
 * Prometheus metrics (prom-client), one registry per server: request latency by route id, the
 * database's connections and state, Redis, open WebSockets, and what the domains hand over
 * (`Domain.metrics`: collab rooms, the job queue, the statistics roll-up's lag). Off unless a
 * setting turns it on (`metricsFromEnv`): then served at `/metrics` on the API port behind a
 * bearer token, or on a port of its own for a private network (ops/routes.ts).
 */
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/db';
import type { RedisLink } from '../redis/link';
import type { WsRegistry } from '../ws/registry';

export interface MetricsSettings {
  /** `/metrics` on the API port, for requests with `Authorization: Bearer <token>`. */
  token: string | null;
  /** `/metrics` on a port of its own (no token: bind it to a private address). */
  port: number | null;
  /** Address of that port (default 127.0.0.1). */
  host: string;
}

/**
 * METRICS_TOKEN and/or METRICS_PORT (with METRICS_HOST); neither set = no metrics at all, so
 * they are never public by accident. A token shorter than 16 characters is refused.
 */
export function metricsFromEnv(env: NodeJS.ProcessEnv = process.env): MetricsSettings | null {
  const token = env.METRICS_TOKEN?.trim() || null;
  const rawPort = env.METRICS_PORT?.trim();
  if (!token && !rawPort) return null;
  if (token && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  const port = rawPort ? Number(rawPort) : null;
  if (port !== null && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new Error(`METRICS_PORT must be a port number, got "${rawPort}"`);
  return { token, port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}

export interface MetricsDeps {
  db: Db;
  redis: RedisLink;
  websockets: WsRegistry;
}

/**
 * A gauge read when scraped. A failing read (the database away) leaves the gauge without a
 * value rather than failing the whole scrape: the `up` gauges say what is away.
 */
export function scrapedGauge<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
  read: (set: (value: number, labels?: Partial<Record<L, string>>) => void) => Promise<void> | void,
): Gauge<L> {
  return new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        await read((value, labels) => (labels ? this.set(labels, value) : this.set(value)));
      } catch {
        // left empty: see the `up` gauges
      }
    },
  });
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'route' | 'method' | 'status'>;

  constructor(deps: MetricsDeps) {
    const r = this.registry;
    collectDefaultMetrics({ register: r, prefix: 'sabaq_process_' });
    this.requests = new Histogram({
      name: 'sabaq_http_request_duration_seconds',
      help: 'HTTP request latency by route id (the policy table), method and status class',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [r],
    });
    scrapedGauge(r, 'sabaq_db_up', 'The database answers (1) or not (0)', [], async (set) => {
      set(
        await deps.db.ping(1000).then(
          () => 1,
          () => 0,
        ),
      );
    });
    scrapedGauge(
      r,
      'sabaq_db_connections',
      'Database connections by state (PGlite: its one session)',
      ['state'],
      (set) => {
        const s = deps.db.stats();
        set(s.total, { state: 'total' });
        set(s.idle, { state: 'idle' });
        set(s.waiting, { state: 'waiting' });
      },
    );
    scrapedGauge(
      r,
      'sabaq_db_thread_restarts',
      "Times the embedded database's thread was restarted after it died",
      [],
      (set) => set(deps.db.stats().restarts),
    );
    if (deps.redis.state !== 'off')
      scrapedGauge(
        r,
        'sabaq_redis_up',
        'Redis (between processes) answers (1) or not (0)',
        [],
        (set) => set(deps.redis.state === 'up' ? 1 : 0),
      );
    scrapedGauge(r, 'sabaq_websocket_connections', 'Open WebSockets of this process', [], (set) =>
      set(deps.websockets.openSockets),
    );
  }

  observe(route: string, method: string, status: number, seconds: number): void {
    this.requests.observe({ route, method, status: `${Math.floor(status / 100)}xx` }, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
