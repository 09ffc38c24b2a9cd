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
import { registerAuthRoutes } from '../routes/auth';
import { registerBackofficeGroupRoutes } from '../backoffice/register-groups';
import { registerDictionaryRoutes } from '../routes/dictionaries';
import { registerDraftRoutes } from '../routes/drafts';
import { registerBuilderDictionaryRoutes } from '../routes/builder-dictionaries';
import { registerFileRoutes } from '../files/file-routes';
import { registerOAuthRoutes } from '../routes/oauth';
import { registerTeaching } from '../teaching/register';
import { registerAiRoutes } from '../ai/routes';
import { registerPersonnelRoutes } from '../backoffice/personnel-routes';
import { registerRosterRoutes } from '../backoffice/roster-routes';
import { registerSchoolSettingsRoutes } from '../backoffice/school-settings-routes';
import { registerTimetableRoutes } from '../backoffice/timetable-routes';
import { registerCommerce } from '../commerce/register-commerce';
import { registerMediaRoutes } from '../media/media-routes';
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';
import { registerKindergartenDocumentRoutes } from '../kindergarten/document-routes';
import { registerKatalogRoutes } from '../kindergarten/katalog-routes';
import { registerCyclogramRoutes } from '../kindergarten/cyclogram-routes';
import { registerPerspectivePlanRoutes } from '../kindergarten/perspective-plan-routes';
import { registerMethodicalRoutes } from '../methodical/methodical-routes';
import { registerDevelopmentRoutes } from '../development/card-routes';
import { registerMonitoringExportRoutes } from '../monitoring/export-routes';
import { registerMonitoringRoutes } from '../monitoring/monitoring-routes';
import { registerContestRoutes } from '../contests/contest-routes';
import { registerCourseRoutes } from '../courses/course-routes';
import { registerQuestionnaireRoutes } from '../monitoring/questionnaire-routes';
import { registerSiteRoutes } from '../site/site-routes';
import { registerStatisticsRoutes } from '../statistics/statistics-routes';
import type { App, AppContext, ServerConfig } from './context';
import { readRequestHeaders } from './context';
import { errorHandler } from './errors';
import { registerTextGuard } from './text-guard';
import { LOG_OPTIONS } from './logging';
import { registerSecurityHeaders } from './security-headers';
import { finishOpenApi } from './openapi';
import { registerCompression, registerWebApp } from './web-app';
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
}

export async function buildApp(
  opts: BuildAppOptions,
): Promise<{ app: App; registered: ReadonlySet<RouteId> }> {
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('locale', 'kz');
  app.decorateRequest('quarter', null);
  app.decorateRequest('auth', null);
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
    transformObject: (input) => finishOpenApi(jsonSchemaTransformObject(input), opts.config),
  });

  await app.register(async (api) => {
    const scoped = api.withTypeProvider<ZodTypeProvider>();
    registerAuthRoutes(scoped, ctx);
    registerOAuthRoutes(scoped, ctx);
    registerDictionaryRoutes(scoped, ctx);
    registerBackofficeGroupRoutes(scoped, ctx);
    registerDraftRoutes(scoped, ctx);
    registerFileRoutes(scoped, ctx);
    registerBuilderDictionaryRoutes(scoped, ctx);
    await registerTeaching(scoped, ctx);
    registerAiRoutes(scoped, ctx);
    registerPersonnelRoutes(scoped, ctx);
    registerRosterRoutes(scoped, ctx);
    registerSchoolSettingsRoutes(scoped, ctx);
    registerTimetableRoutes(scoped, ctx);
    registerCommerce(scoped, ctx);
    registerMediaRoutes(scoped, ctx);
    registerCatalogueRoutes(scoped, ctx);
    registerKindergartenDocumentRoutes(scoped, ctx);
    registerKatalogRoutes(scoped, ctx);
    registerCyclogramRoutes(scoped, ctx);
    registerPerspectivePlanRoutes(scoped, ctx);
    registerMethodicalRoutes(scoped, ctx);
    registerDevelopmentRoutes(scoped, ctx);
    registerSiteRoutes(scoped, ctx);
    registerStatisticsRoutes(scoped, ctx);
    registerQuestionnaireRoutes(scoped, ctx);
    registerMonitoringRoutes(scoped, ctx);
    registerContestRoutes(scoped, ctx);
    registerCourseRoutes(scoped, ctx);
    registerMonitoringExportRoutes(scoped, ctx);
  });

  // The policy table is the contract the web client, OpenAPI and the route matrix are built
  // from: an entry that no route registers would be a call that 404s in production, so the
  // server refuses to start with it.
  assertEveryPolicyRouteRegistered(Object.keys(API_ROUTES) as RouteId[], ctx.registered);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await opts.db.query('SELECT 1');
    return { status: 'ok' };
  });

  // A configured conference turns its block on unless SABAQ_FEATURE_BLOCKS says otherwise.
  const blocks = process.env.SABAQ_FEATURE_BLOCKS;
  await registerWebApp(
    app,
    opts.webDist,
    opts.config.conference && !/\bconference=/.test(blocks ?? '')
      ? [blocks, 'conference=on'].filter(Boolean).join(',')
      : blocks,
  );

  return { app, registered: ctx.registered };
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
