import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROUTES } from '@sabaq/platform';
import type { RouteId } from '@sabaq/platform';
import type { Db } from '../db/db';
import type { WsRegistry } from '../ws/registry';
import type { Domain } from '../domain';
import type { RedisLink } from '../redis/link';
import type { Metrics, MetricsSettings } from '../ops/metrics';
import { registerOps } from '../ops/routes';
import { jobsOf } from '../jobs/job-runner';
import type { App, AppContext, ServerConfig } from './context';
import { readRequestHeaders } from './context';
import { errorHandler, frameworkErrorHandler } from './errors';
import { registerTextGuard } from './text-guard';
import { LOG_OPTIONS } from './logging';
import { registerSecurityHeaders, securityHeaders } from './security-headers';
import { finishOpenApi } from './openapi';
import { registerCompression, registerWebApp } from './web-app';
import { registerWriteSlots, Slots, writeSlotsFromEnv } from './write-slots';
import type { FilesSetup } from '../files/storage-config';

export interface BuildAppOptions {
  db: Db;
  /** Made before the routes so that features can mount WebSocket paths while registering. */
  websockets: WsRegistry;
  config: ServerConfig;
  webDist: string | null;
  logger: boolean;
  /** Where the log goes (default stdout). */
  logStream?: NodeJS.WritableStream;
  /** The file service's storage (files/storage-config.ts). */
  files: FilesSetup;
  /** The platform's domains (server.ts): their routes and job handlers are registered here. */
  domains: readonly Domain[];
  /** The process's Redis link (redis/link.ts); `noRedis()` when not configured. */
  redis: RedisLink;
  /** Prometheus metrics when turned on (ops/metrics.ts), with how they are served. */
  metrics?: { metrics: Metrics; settings: MetricsSettings } | null;
}

export async function buildApp(
  opts: BuildAppOptions,
): Promise<{ app: App; registered: ReadonlySet<RouteId>; ctx: AppContext }> {
  const app = Fastify({
    logger: opts.logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          // Tokens, reset links and passwords never reach the log.
          ...LOG_OPTIONS,
          ...(opts.logStream ? { stream: opts.logStream } : {}),
        }
      : false,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    // A path that does not decode gets the spec §8 body, not Fastify's own (issue 28), and the
    // headers of every answer (no hook runs before the router refuses it).
    frameworkErrors: (err, req, reply) =>
      frameworkErrorHandler(err, req, reply.headers(securityHeaders(opts.config))),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('locale', 'kz');
  app.decorateRequest('quarter', null);
  app.decorateRequest('auth', null);
  app.decorateRequest('auditId', null);
  app.addHook('onRequest', async (req) => readRequestHeaders(req));
  app.setErrorHandler(errorHandler);
  registerTextGuard(app);
  registerSecurityHeaders(app, opts.config);

  await app.register(cookie);
  await registerCompression(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: `rate limited, retry in ${context.after}`,
    }),
  });

  const ctx: AppContext = {
    db: opts.db,
    config: opts.config,
    registered: new Set<RouteId>(),
    websockets: opts.websockets,
    files: opts.files,
    redis: opts.redis,
  };

  // Health checks and metrics first: the latency hook must see every route registered after it.
  registerOps(app, {
    db: opts.db,
    redis: opts.redis,
    storage: opts.files.storage,
    metrics: opts.metrics?.metrics ?? null,
    settings: opts.metrics?.settings ?? null,
  });
  if (opts.metrics) for (const d of opts.domains) d.metrics?.(ctx, opts.metrics.metrics.registry);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sabaq platform API',
        version: '2.0.0',
        description:
          'Errors follow spec §8: `{message, errors?, redirect?, action?}`; 422 field errors in the X-Localization language (kz|ru).',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => finishOpenApi(jsonSchemaTransformObject(input), opts.config),
  });

  registerWriteSlots(app, new Slots(writeSlotsFromEnv()));

  await app.register(async (api) => {
    const scoped = api.withTypeProvider<ZodTypeProvider>();
    for (const d of opts.domains) await d.routes?.(scoped, ctx);
  });

  // The policy table is the contract the web client, OpenAPI and the route matrix are built
  // from: an entry that no route registers would be a call that 404s in production, so the
  // server refuses to start with it.
  assertEveryPolicyRouteRegistered(Object.keys(API_ROUTES) as RouteId[], ctx.registered);
  const jobs = jobsOf(opts.db);
  for (const d of opts.domains)
    for (const [kind, handler] of Object.entries(d.jobs?.(ctx) ?? {})) jobs.handle(kind, handler);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // A configured conference turns its block on unless SABAQ_FEATURE_BLOCKS says otherwise.
  const blocks = process.env.SABAQ_FEATURE_BLOCKS;
  await registerWebApp(
    app,
    opts.webDist,
    opts.config.conference && !/\bconference=/.test(blocks ?? '')
      ? [blocks, 'conference=on'].filter(Boolean).join(',')
      : blocks,
  );

  return { app, registered: ctx.registered, ctx };
}

/** Stops the start when the policy table names routes that were not registered (by id). */
export function assertEveryPolicyRouteRegistered(
  table: readonly RouteId[],
  registered: ReadonlySet<RouteId>,
): void {
  const missing = table.filter((id) => !registered.has(id));
  if (missing.length > 0) {
    throw new Error(
      `policy-table routes not registered: ${missing.join(', ')} — register them or remove them from the table`,
    );
  }
}
