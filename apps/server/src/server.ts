import { fileURLToPath } from 'node:url';
import type { ConferenceConfig } from './teaching/conference';
import { resolve } from 'node:path';
import type { RouteId } from '@sabaq/platform';
import type { Db } from './db/db';
import { openDb, testSchemaName } from './db/db';
import { migrate } from './db/migrations';
import type { OidcConfig } from './auth/oidc';
import type { AiConfig } from './ai/config';
import { buildApp } from './http/app';
import type { ServerConfig } from './http/context';
import { WsRegistry } from './ws/registry';
import { connectRedis, noRedis, type RedisLink } from './redis/link';
import { Metrics, type MetricsSettings } from './ops/metrics';
import { listenMetrics } from './ops/routes';
import type { SmtpConfig } from './mail/smtp';
import { s3ConfigFromEnv, setUpFiles } from './files/storage-config';
import type { FilesSetup } from './files/storage-config';
import type { S3Config } from './files/s3-storage';
import type { TreeSize } from './statistics/generator';
import { inOrder, type Domain, type Worker } from './domain';
import { MIGRATION_ORDER } from './migration-order';
import { DEMO_SEED_ORDER, seedDemo } from './demo-seed';
import { coreDomain } from './core/domain';
import { collabDomain } from './collab/domain';
import { offlineDomain } from './offline/domain';
import { mailDomain } from './mail/domain';
import { filesDomain } from './files/domain';
import { jobsDomain } from './jobs/domain';
import { teachingDomain } from './teaching/domain';
import { aiDomain } from './ai/domain';
import { backofficeDomain } from './backoffice/domain';
import { commerceDomain } from './commerce/domain';
import { mediaDomain } from './media/domain';
import { catalogueDomain } from './catalogue/domain';
import { kindergartenDomain } from './kindergarten/domain';
import { methodicalDomain } from './methodical/domain';
import { developmentDomain } from './development/domain';
import { siteDomain } from './site/domain';
import { statisticsDomain } from './statistics/domain';
import { monitoringDomain } from './monitoring/domain';
import { contestsDomain } from './contests/domain';
import { coursesDomain } from './courses/domain';

/**
 * The composition root: the platform's domains. Each hands over its migrations, demo seed steps,
 * start-up work, routes, jobs and workers (domain.ts); routes register, start-up work runs and
 * workers start in this order. The order of migrations is `migration-order.ts`, of the demo
 * seed `demo-seed.ts`.
 */
export const DOMAINS: readonly Domain[] = [
  coreDomain,
  mailDomain,
  jobsDomain,
  backofficeDomain,
  filesDomain,
  teachingDomain,
  aiDomain,
  commerceDomain,
  mediaDomain,
  catalogueDomain,
  kindergartenDomain,
  methodicalDomain,
  developmentDomain,
  siteDomain,
  statisticsDomain,
  monitoringDomain,
  contestsDomain,
  coursesDomain,
  collabDomain,
  offlineDomain,
];

/** Every domain's migrations in the order they are applied. */
export const MIGRATIONS = inOrder(
  'migration',
  DOMAINS.flatMap((d) => d.migrations ?? []),
  (m) => m.id,
  MIGRATION_ORDER,
);

/** Every domain's demo seed steps in the order they run. */
export const DEMO_SEED = inOrder(
  'demo seed step',
  DOMAINS.flatMap((d) => d.seed ?? []),
  (s) => s.name,
  DEMO_SEED_ORDER,
);

export interface StartServerOptions {
  /** 0 = ephemeral (tests). Default 8080. */
  port?: number;
  host?: string;
  /** PGlite directory or 'memory'. Default `.data`. */
  dataDir?: string | 'memory';
  /** postgres://… switches to PostgreSQL. */
  databaseUrl?: string;
  /**
   * PostgreSQL: how long a call waits for a new connection before it answers 503 (default
   * 1000 ms; main.ts reads DATABASE_CONNECT_TIMEOUT_MS). Tests on a busy shared server give it more.
   */
  databaseConnectTimeoutMs?: number;
  /** PostgreSQL: work in this schema; `'fresh'` = a new throw-away schema dropped on close (tests). */
  databaseSchema?: string | 'fresh';
  /** Seed demo data on an empty database. Default true. */
  seed?: boolean;
  /**
   * Schools, pupils and journals across Kazakhstan's tree for the statistics (statistics/
   * generator.ts), made once beside the demo data. `npm start` asks for the small tree; tests
   * keep the plain demo data.
   */
  statisticsTree?: TreeSize | null;
  /**
   * How often the background roll-up of the statistics settles schools a read left to it, ms
   * (default 60,000; 0 = never: reads roll up what they need, tests decide when it runs).
   */
  statisticsRollupMs?: number;
  /** See ServerConfig.statisticsSyncSchools (tests lower it to see the background path). */
  statisticsSyncSchools?: number;
  /** See ServerConfig.statisticsFreshSeconds (tests set 0 to read every change at once). */
  statisticsFreshSeconds?: number;
  /** Built web app to serve (default apps/web/dist). */
  webDist?: string;
  /** Access-token lifetime (default 900 s). */
  accessTokenTtlSeconds?: number;
  logger?: boolean;
  /** Where the log goes when `logger` is on (default stdout; tests read it). */
  logStream?: NodeJS.WritableStream;
  /** Failed logins per login+address before 429 (default 5 in 15 minutes). */
  loginFailureLimit?: number;
  /** Requests per minute per address on login, refresh, register, forgot/reset (default 60). */
  authRateLimitPerMinute?: number;
  /** How often open sockets re-check their sessions, ms (default 2000; 0 = only when a route ends one). */
  websocketSessionCheckMs?: number;
  /** Base URL for links in e-mails and OAuth redirects (default: the listener address, never a request header). */
  publicUrl?: string;
  oidc?: OidcConfig;
  /** Deliver the mail outbox by SMTP (default: letters stay in the outbox table and the log). */
  smtp?: SmtpConfig;
  /**
   * Development mail view without SMTP: GET /api/dev/mail lists the outbox and new letters are
   * printed to the log (default off; main.ts turns it on when SMTP_URL is unset and NODE_ENV is
   * not production). Ignored when `smtp` is set.
   */
  devMail?: boolean;
  /** PGlite: start from this data-dir dump (tests clone one seeded database). */
  loadDataDir?: Blob;
  /** The AI assistant's service (default: none, the assistant answers 503; main.ts reads SABAQ_AI_*). */
  ai?: AiConfig | null;
  /** The online lesson's Jitsi Meet (default: none, the conference block stays off; main.ts reads SABAQ_JITSI_*). */
  conference?: ConferenceConfig | null;
  /** Stored files in S3-compatible storage (default: SABAQ_S3_* from the environment, else the data directory). */
  s3?: S3Config | null;
  /**
   * Redis between processes (default: REDIS_URL from the environment; null = none). Optional
   * at start and at any time after: the server serves its own traffic while Redis is away.
   */
  redisUrl?: string | null;
  /** Prometheus metrics (ops/metrics.ts; main.ts reads METRICS_TOKEN / METRICS_PORT). Default off. */
  metrics?: MetricsSettings | null;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  /** Mount WebSocket endpoints on the same port. */
  websockets: WsRegistry;
  /** Policy-table routes this server registered. */
  routes: ReadonlySet<RouteId>;
  /** The file service's storage (tests read it; files/storage-config.ts). */
  files: FilesSetup;
  /** The process's Redis link (redis/link.ts). */
  redis: RedisLink;
  /** Where `/metrics` is served without a token (METRICS_PORT), when it is. */
  metricsUrl: string | null;
  /** Milliseconds each phase of the start took (openDb, migrate, seed, prepare:<domain>, …). */
  startup: Readonly<Record<string, number>>;
  close(): Promise<void>;
}

const defaultWebDist = resolve(fileURLToPath(import.meta.url), '../../../web/dist');

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  // Where a start spends its time (logged, and printed by `npm run bench:start`).
  const startup: Record<string, number> = {};
  let lap = performance.now();
  const mark = (phase: string) => {
    const now = performance.now();
    startup[phase] = Math.round(now - lap);
    lap = now;
  };
  const schema = opts.databaseSchema === 'fresh' ? testSchemaName() : opts.databaseSchema;
  const db = await openDb({
    dataDir: opts.dataDir ?? '.data',
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
    ...(schema ? { schema, dropSchemaOnClose: opts.databaseSchema === 'fresh' } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(opts.databaseConnectTimeoutMs ? { connectTimeoutMs: opts.databaseConnectTimeoutMs } : {}),
  });
  mark('openDb');
  const files = setUpFiles(
    opts.dataDir ?? '.data',
    opts.s3 === undefined ? s3ConfigFromEnv() : opts.s3,
  );
  try {
    await migrate(db, MIGRATIONS);
    mark('migrate');
    if (opts.seed ?? true) await seedDemo(db, DEMO_SEED);
    mark('seed');
    for (const d of DOMAINS)
      if (d.prepare) {
        await d.prepare({ db, storage: files.storage, options: opts, log: null });
        mark(`prepare:${d.name}`);
      }
  } catch (err) {
    await db.close();
    await files.dispose();
    throw err;
  }

  const websockets = new WsRegistry(db, {
    ...(opts.websocketSessionCheckMs === undefined
      ? {}
      : { sessionCheckMs: opts.websocketSessionCheckMs }),
  });
  const config: ServerConfig = {
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds ?? 900,
    loginFailureLimit: opts.loginFailureLimit ?? 5,
    loginFailureWindowMs: 15 * 60_000,
    authRateLimitPerMinute: opts.authRateLimitPerMinute ?? 60,
    publicUrl: opts.publicUrl ?? null,
    devMail: opts.devMail === true && !opts.smtp,
    oidc: opts.oidc ?? null,
    ai: opts.ai ?? null,
    conference: opts.conference ?? null,
    ...(opts.statisticsSyncSchools === undefined
      ? {}
      : { statisticsSyncSchools: opts.statisticsSyncSchools }),
    ...(opts.statisticsFreshSeconds === undefined
      ? {}
      : { statisticsFreshSeconds: opts.statisticsFreshSeconds }),
  };
  const redisUrl = opts.redisUrl === undefined ? process.env.REDIS_URL : opts.redisUrl;
  const redis = redisUrl ? connectRedis(redisUrl) : noRedis();
  const metrics = opts.metrics
    ? { metrics: new Metrics({ db, redis, websockets }), settings: opts.metrics }
    : null;
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp({
      db,
      websockets,
      redis,
      metrics,
      domains: DOMAINS,
      webDist: opts.webDist ?? defaultWebDist,
      files,
      logger: opts.logger ?? false,
      ...(opts.logStream ? { logStream: opts.logStream } : {}),
      config,
    });
  } catch (err) {
    await redis.close();
    await db.close();
    await files.dispose();
    throw err;
  }
  const { app, registered, ctx } = built;
  mark('buildApp');
  redis.attachLog(app.log);
  // Long work (imports, the year transition), the outbox, the statistics' roll-up.
  const workers: Worker[] = DOMAINS.flatMap((d) => d.workers?.(ctx, opts) ?? []);
  for (const w of workers) w.start(app.log);
  app.server.on('upgrade', (req, socket, head) => {
    websockets.handleUpgrade(req, socket, head).catch(() => socket.destroy());
  });

  let metricsPort: Awaited<ReturnType<typeof listenMetrics>> = null;
  try {
    await app.listen({ port: opts.port ?? 8080, host: opts.host ?? '127.0.0.1' });
    if (metrics) metricsPort = await listenMetrics(metrics.metrics, metrics.settings);
  } catch (err) {
    for (const w of workers) await w.stop();
    await app.close();
    await redis.close();
    await db.close();
    await files.dispose();
    throw err;
  }
  mark('listen');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 8080);
  const host = opts.host && opts.host !== '0.0.0.0' && opts.host !== '::' ? opts.host : '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Without PUBLIC_URL, links in letters point at the configured listener, never at a Host header.
  config.listenUrl = url;
  const total = Object.values(startup).reduce((a, b) => a + b, 0);
  app.log.info({ startup, totalMs: total }, `started in ${total} ms`);
  if (!config.publicUrl && opts.logger)
    app.log.warn(
      { listenUrl: url },
      'PUBLIC_URL is not set: links in e-mails use the listener address',
    );
  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    db,
    websockets,
    routes: registered,
    files,
    redis,
    metricsUrl: metricsPort?.url ?? null,
    startup,
    close() {
      // Fastify's close waits for in-flight requests; the database closes after them.
      closing ??= (async () => {
        websockets.close();
        for (const w of workers) await w.stop();
        if (metricsPort) await new Promise((r) => metricsPort.server.close(r));
        // Fastify's close waits for keep-alive connections to time out (72 s) when one becomes
        // idle after the close began (fastify#7044: its 'idle' default is never applied), which
        // turned a SIGTERM into main.ts's 10 s timeout. In-flight requests still finish.
        const idle = setInterval(() => app.server.closeIdleConnections(), 100);
        try {
          await app.close();
        } finally {
          clearInterval(idle);
        }
        await redis.close();
        await db.close();
        await files.dispose();
      })();
      return closing;
    },
  };
}
