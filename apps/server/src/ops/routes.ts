/**
 * The operator's routes, beside the API (not in the policy table: no user, no session):
 * `/api/health` (the database answers, as before), `/api/health/live`, `/api/health/ready`
 * (ops/health.ts), and `/metrics` when metrics are on with a token (ops/metrics.ts). Also the
 * request-latency hook and the metrics' own port.
 */
import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { App } from '../http/context';
import { message } from '@sabaq/platform';
import { readiness, type HealthDeps } from './health';
import type { Metrics, MetricsSettings } from './metrics';

export interface OpsOptions extends HealthDeps {
  metrics: Metrics | null;
  settings: MetricsSettings | null;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Registers the ops routes and, with metrics on, the latency hook (before any other route). */
export function registerOps(app: App, o: OpsOptions): void {
  const started = Date.now();
  const { metrics } = o;
  if (metrics)
    app.addHook('onResponse', async (req, reply) => {
      // The route's id from the policy table; the path pattern for the others (health, the web
      // app); one label for paths no route matched, so scanners cannot blow up the series.
      const route =
        req.routeOptions.config.routeId ??
        (req.routeOptions.url ? req.routeOptions.url : 'unmatched');
      metrics.observe(route, req.method, reply.statusCode, reply.elapsedTime / 1000);
    });

  const hide = { schema: { hide: true } };
  app.get('/api/health', hide, async (req, reply) => {
    const database = await o.db.ping().then(
      () => true,
      () => false,
    );
    if (database) return { status: 'ok' };
    return reply.code(503).send({ message: message('server_unavailable', req.locale) });
  });
  app.get('/api/health/live', hide, async () => ({
    status: 'alive',
    uptimeSeconds: Math.round((Date.now() - started) / 1000),
  }));
  app.get('/api/health/ready', hide, async (_req, reply) => {
    const report = await readiness(o);
    return reply.code(report.status === 'unready' ? 503 : 200).send(report);
  });
  const token = o.settings?.token;
  if (metrics && token)
    app.get('/metrics', hide, async (req, reply) => {
      const auth = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!auth || !sameToken(auth, token))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: message('unauthorized', req.locale) });
      return reply.type(metrics.contentType).send(await metrics.text());
    });
}

/** `/metrics` on a port of its own (METRICS_PORT), without a token: bind it privately. */
export async function listenMetrics(
  metrics: Metrics,
  settings: MetricsSettings,
): Promise<{ server: Server; url: string } | null> {
  if (settings.port === null) return null;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port ?? 0, settings.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return { server, url: `http://${host}:${port}/metrics` };
}
