import { fileURLToPath } from 'node:url';
import type { ConferenceConfig } from './teaching/conference';
import { resolve } from 'node:path';
import type { RouteId } from '@sabaq/platform';
import type { Db } from './db/db';
import { openDb, testSchemaName } from './db/db';
import { migrate } from './db/migrations';
import { seed } from './db/seed';
import type { OidcConfig } from './auth/oidc';
import type { AiConfig } from './ai/config';
import { buildApp } from './http/app';
import type { ServerConfig } from './http/context';
import { WsRegistry } from './ws/registry';
import { OutboxSender } from './mail/outbox';
import { jobsOf } from './jobs/job-runner';
import type { SmtpConfig } from './mail/smtp';
import { mountCollab } from './collab';
import { s3ConfigFromEnv, setUpFiles } from './files/storage-config';
import type { FilesSetup } from './files/storage-config';
import type { S3Config } from './files/s3-storage';
import { moveBlobsToStorage } from './files/move-blobs';
import { restoreDemoMediaFiles } from './media/media-seed';
import { restoreDemoMethodicalFiles } from './methodical/methodical-seed';
import { rollupWorkerOf } from './statistics/rollup-worker';
import { ensurePromoPages } from './site/site-seed';
import { generateTree, type TreeSize } from './statistics/generator';
import { seedMonitoringResponses } from './monitoring/monitoring-seed';
import { schoolDate } from './teaching/journal-access';

export interface StartServerOptions {
  /** 0 = ephemeral (tests). Default 8080. */
  port?: number;
  host?: string;
  /** PGlite directory or 'memory'. Default `.data`. */
  dataDir?: string | 'memory';
  /** postgres://… switches to PostgreSQL. */
  databaseUrl?: string;
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
  /** PGlite: start from this data-dir dump (tests clone one seeded database). */
  loadDataDir?: Blob;
  /** The AI assistant's service (default: none, the assistant answers 503; main.ts reads SABAQ_AI_*). */
  ai?: AiConfig | null;
  /** The online lesson's Jitsi Meet (default: none, the conference block stays off; main.ts reads SABAQ_JITSI_*). */
  conference?: ConferenceConfig | null;
  /** Stored files in S3-compatible storage (default: SABAQ_S3_* from the environment, else the data directory). */
  s3?: S3Config | null;
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
  close(): Promise<void>;
}

const defaultWebDist = resolve(fileURLToPath(import.meta.url), '../../../web/dist');

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const schema = opts.databaseSchema === 'fresh' ? testSchemaName() : opts.databaseSchema;
  const db = await openDb({
    dataDir: opts.dataDir ?? '.data',
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
    ...(schema ? { schema, dropSchemaOnClose: opts.databaseSchema === 'fresh' } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const files = setUpFiles(
    opts.dataDir ?? '.data',
    opts.s3 === undefined ? s3ConfigFromEnv() : opts.s3,
  );
  try {
    await migrate(db);
    // Attachments stored as bytes in the database before the file service move into its storage.
    await moveBlobsToStorage(db, files.storage);
    if (opts.seed ?? true) {
      await seed(db);
      // Promo pages added since the site was seeded (site/site-seed.ts).
      await ensurePromoPages(db);
    }
    if (opts.statisticsTree) {
      const today = schoolDate(Date.now());
      // The generated schools' staff answer the monitoring questionnaires too.
      if (await generateTree(db, opts.statisticsTree, { seed: 2026, today })) {
        await seedMonitoringResponses(db, today);
        // Fresh planner statistics after the bulk load (autovacuum would take its time).
        await db.query('ANALYZE');
      }
    }
    // The demo media's bytes, when the storage lacks them (media/media-seed.ts).
    await restoreDemoMediaFiles(db, files.storage);
    // The demo methodical files' bytes likewise (methodical/methodical-seed.ts).
    await restoreDemoMethodicalFiles(db, files.storage);
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
    oidc: opts.oidc ?? null,
    ai: opts.ai ?? null,
    conference: opts.conference ?? null,
    ...(opts.statisticsSyncSchools === undefined
      ? {}
      : { statisticsSyncSchools: opts.statisticsSyncSchools }),
  };
  const { app, registered } = await buildApp({
    db,
    websockets,
    webDist: opts.webDist ?? defaultWebDist,
    files,
    logger: opts.logger ?? false,
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
    config,
  });
  const outbox = opts.smtp ? new OutboxSender(db, opts.smtp, app.log) : null;
  outbox?.start();
  // Long work (imports, the year transition) runs as jobs that outlive a restart.
  jobsOf(db).start(app.log);
  rollupWorkerOf(db).start(opts.statisticsRollupMs ?? 60_000, app.log);
  await mountCollab({ app, db, websockets });
  app.server.on('upgrade', (req, socket, head) => {
    websockets.handleUpgrade(req, socket, head).catch(() => socket.destroy());
  });

  try {
    await app.listen({ port: opts.port ?? 8080, host: opts.host ?? '127.0.0.1' });
  } catch (err) {
    await app.close();
    await db.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 8080);
  const host = opts.host && opts.host !== '0.0.0.0' && opts.host !== '::' ? opts.host : '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Without PUBLIC_URL, links in letters point at the configured listener, never at a Host header.
  config.listenUrl = url;
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
    close() {
      // Fastify's close waits for in-flight requests; the database closes after them.
      closing ??= (async () => {
        websockets.close();
        await outbox?.stop();
        await jobsOf(db).stop();
        await rollupWorkerOf(db).stop();
        await app.close();
        await db.close();
        await files.dispose();
      })();
      return closing;
    },
  };
}
