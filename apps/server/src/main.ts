import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server';
import { SMALL_TREE } from './statistics/generator';
import { aiConfigFromEnv } from './ai/config';
import { conferenceConfigFromEnv } from './teaching/conference';
import { metricsFromEnv } from './ops/metrics';

// `npm start`: one process serving the API, WebSockets and the built web app.
function intEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`${name} must be a non-negative integer, got "${raw}"`);
    process.exit(2);
  }
  return n;
}

const oidc =
  process.env.OIDC_ISSUER && process.env.OIDC_CLIENT_ID && process.env.OIDC_CLIENT_SECRET
    ? {
        issuer: process.env.OIDC_ISSUER,
        clientId: process.env.OIDC_CLIENT_ID,
        clientSecret: process.env.OIDC_CLIENT_SECRET,
        ...(process.env.OIDC_REDIRECT_URI ? { redirectUri: process.env.OIDC_REDIRECT_URI } : {}),
        allowInsecure: process.env.OIDC_ALLOW_HTTP === '1',
      }
    : undefined;

const port = intEnv('PORT') ?? 8080;
// `npm start` runs in apps/server; the default data directory is the repository's `.data/`
// whichever directory the command was started from. DATA_DIR is taken as given.
const dataDir =
  process.env.DATA_DIR ?? resolve(fileURLToPath(import.meta.url), '../../../../.data');
const ttl = intEnv('ACCESS_TOKEN_TTL');
const connectTimeout = intEnv('DATABASE_CONNECT_TIMEOUT_MS');
let ai: ReturnType<typeof aiConfigFromEnv>;
let conference: ReturnType<typeof conferenceConfigFromEnv>;
let metrics: ReturnType<typeof metricsFromEnv>;
try {
  ai = aiConfigFromEnv();
  conference = conferenceConfigFromEnv();
  metrics = metricsFromEnv();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
}
try {
  const server = await startServer({
    port,
    host: process.env.HOST ?? '0.0.0.0',
    dataDir,
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    ...(ttl !== undefined ? { accessTokenTtlSeconds: ttl } : {}),
    ...(connectTimeout ? { databaseConnectTimeoutMs: connectTimeout } : {}),
    ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
    ...(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {}),
    ...(oidc ? { oidc } : {}),
    ai,
    conference,
    metrics,
    ...(process.env.SMTP_URL
      ? { smtp: { url: process.env.SMTP_URL, from: process.env.SMTP_FROM ?? 'no-reply@sabaq.kz' } }
      : {}),
    // Without SMTP in development the letters (sign-up codes) show at /api/dev/mail and in the log.
    devMail:
      !process.env.SMTP_URL &&
      process.env.NODE_ENV !== 'production' &&
      process.env.SABAQ_DEV_MAIL !== '0',
    logger: true,
    // Kazakhstan's tree with schools and journals for statistics; STATISTICS_TREE=none skips it.
    statisticsTree: process.env.STATISTICS_TREE === 'none' ? null : SMALL_TREE,
  });
  console.log(
    `Sabaq server on http://localhost:${server.port} (${server.db.kind}${
      server.db.kind === 'pglite' ? `, data in ${dataDir}` : ''
    })`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests and closing the database…`);
    const timer = setTimeout(() => {
      console.error('Shutdown took over 10 s; exiting.');
      process.exit(1);
    }, 10_000);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Shutdown failed:', err instanceof Error ? err.message : err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} catch (err) {
  console.error('Sabaq server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
}
