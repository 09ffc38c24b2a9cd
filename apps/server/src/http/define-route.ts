import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodType } from 'zod';
import type { RouteId } from '@sabaq/platform';
import type { App, AppContext } from './context';
import { routeBase } from './context';
import { clientOpClaim, clientOpRecord } from '../offline/client-ops';

/** A handler typed by the route's schemas (request params, query and body; reply bodies). */
export type RouteHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route gives: its schemas, extra config, and the handler typed by those schemas. */
export interface RouteDefinition<
  Params extends ZodType | undefined,
  Query extends ZodType | undefined,
  Body extends ZodType | undefined,
  Response extends Record<number, ZodType> | undefined,
> {
  params?: Params;
  querystring?: Query;
  body?: Body;
  /**
   * Answers by status code. When given, the standard error bodies (401, 403, 404, 422, 426, 429,
   * 500) are added, a code named here winning; when left out (files, exports, redirects) the
   * answer is not checked at all.
   */
  response?: Response;
  /** Route config merged over the policy's (`{ routeId }`), e.g. `{ rateLimit: … }`. */
  config?: Record<string, unknown>;
  handler: RouteHandler<{ params: Params; querystring: Query; body: Body; response: Response }>;
}

/**
 * The one way to register an API route. Method, URL, the policy hook (authentication and role),
 * the route config and the OpenAPI meta come from the policy table entry `id`, so no route can
 * exist without a policy and the start knows which entries are registered. The caller gives only
 * the zod schemas and the handler:
 *
 * ```ts
 * defineRoute(app, ctx, 'journal.grid', {
 *   params: JournalParamsSchema,
 *   querystring: JournalQuerySchema,
 *   response: { 200: JournalGridResponseSchema },
 *   handler: async (req) => ({ data: await loadGrid(…) }),
 * });
 * ```
 *
 * `app` may be an encapsulated child scope (e.g. one with multipart parsing).
 *
 * Every write also honours `X-Client-Op` (issue 31, offline/client-ops.ts): a write sent again
 * with the same operation id is applied once and answered from the stored answer. The hooks
 * return at once on reads and on requests without the header.
 */
export function defineRoute<
  Params extends ZodType | undefined = undefined,
  Query extends ZodType | undefined = undefined,
  Body extends ZodType | undefined = undefined,
  Response extends Record<number, ZodType> | undefined = undefined,
>(
  app: App,
  ctx: AppContext,
  id: RouteId,
  definition: RouteDefinition<Params, Query, Body, Response>,
): void {
  const base = routeBase(ctx, id);
  const { params, querystring, body, response, config, handler } = definition;
  const schema: FastifySchema = {
    ...base.meta,
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
    ...(body ? { body } : {}),
    ...(response ? { response: { ...base.errors, ...response } } : {}),
  };
  app.route({
    method: base.method,
    url: base.url,
    onRequest: base.onRequest,
    // After the policy hook (authentication) and validation, so only the signed-in user's valid
    // writes are claimed; the record runs after the audit's so both see the final status.
    preHandler: clientOpClaim(ctx.db, id),
    onSend: [base.onSend, clientOpRecord(ctx.db)],
    config: { ...base.config, ...config },
    schema,
    handler: handler as RouteHandler<FastifySchema>,
  });
}
