import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROUTES, message } from '@sabaq/platform';
import type { RouteId } from '@sabaq/platform';
import type { Db } from '../db/db';
import type { WsRegistry } from '../ws/registry';
import { registerAuthRoutes } from '../routes/auth';
import { registerBackofficeRoutes } from '../routes/backoffice';
import { registerDictionaryRoutes } from '../routes/dictionaries';
import { registerDraftRoutes } from '../routes/drafts';
import { registerBuilderDictionaryRoutes } from '../routes/builder-dictionaries';
import { registerFileRoutes } from '../routes/files';
import { registerOAuthRoutes } from '../routes/oauth';
import { registerTeaching } from '../teaching/register';
import { registerAiRoutes } from '../ai/routes';
import type { App, AppContext, ServerConfig } from './context';
import { readRequestHeaders } from './context';
import { HttpError, errorHandler } from './errors';

export interface BuildAppOptions {
  db: Db;
  /** Made before the routes so that features can mount WebSocket paths while registering. */
  websockets: WsRegistry;
  config: ServerConfig;
  webDist: string | null;
  logger: boolean;
}

export async function buildApp(
  opts: BuildAppOptions,
): Promise<{ app: App; registered: ReadonlySet<RouteId> }> {
  const app = Fastify({
    logger: opts.logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          // Tokens and passwords never reach the log.
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        }
      : false,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('locale', 'kz');
  app.decorateRequest('quarter', null);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => readRequestHeaders(req));
  app.setErrorHandler(errorHandler);

  await app.register(cookie);
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
  };

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
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(async (api) => {
    const scoped = api.withTypeProvider<ZodTypeProvider>();
    registerAuthRoutes(scoped, ctx);
    registerOAuthRoutes(scoped, ctx);
    registerDictionaryRoutes(scoped, ctx);
    registerBackofficeRoutes(scoped, ctx);
    registerDraftRoutes(scoped, ctx);
    registerFileRoutes(scoped, ctx);
    registerBuilderDictionaryRoutes(scoped, ctx);
    await registerTeaching(scoped, ctx);
    registerAiRoutes(scoped, ctx);
  });

  // A policy entry without a route is a defect the route test reports (routes.test.ts); at
  // runtime it is logged rather than fatal, so a half-landed feature of one team does not stop
  // the server everyone else develops against.
  const missing = (Object.keys(API_ROUTES) as RouteId[]).filter((id) => !ctx.registered.has(id));
  if (missing.length > 0) app.log.warn({ missing }, 'policy-table routes not registered');

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await opts.db.query('SELECT 1');
    return { status: 'ok' };
  });

  // The built web app with SPA fallback: any non-API GET that is not a file gets index.html.
  const dist =
    opts.webDist && existsSync(join(opts.webDist, 'index.html')) ? resolve(opts.webDist) : null;
  if (dist) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (!path.startsWith('/api') && (req.method === 'GET' || req.method === 'HEAD')) {
      if (dist) {
        const file = path === '/' ? null : path.slice(1);
        if (file && !file.includes('..') && existsSync(join(dist, file)))
          return reply.sendFile(file);
        return reply.type('text/html').sendFile('index.html');
      }
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(
          `${message('route_not_found', req.locale)}: ${path} (web app not built: npm run build -w @sabaq/web)`,
        );
    }
    throw new HttpError(404, 'route_not_found');
  });

  return { app, registered: ctx.registered };
}
