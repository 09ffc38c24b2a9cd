import Fastify from 'fastify';
import type { RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROUTES, ApiErrorSchema } from '@sabaq/platform';
import type { RouteId } from '@sabaq/platform';
import type { App, AppContext } from './context';
import { defineRoute } from './define-route';

/** A bare app with the zod compilers and a context that never reaches a database. */
function setUp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (options) => {
    routes.push(options as RouteOptions);
  });
  const ctx = { registered: new Set<RouteId>() } as unknown as AppContext;
  return { app, ctx, routes };
}

describe('defineRoute: the one way to register an API route', () => {
  it('takes method, URL, config and OpenAPI meta from the policy table and records the id', async () => {
    const { app, ctx, routes } = setUp();
    defineRoute(app, ctx, 'auth.login', {
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      body: z.object({ login: z.string() }),
      response: { 200: z.object({ ok: z.boolean() }) },
      handler: async (req) => ({ ok: req.body.login === 'a' }),
    });
    await app.ready();
    const route = routes[0] as RouteOptions;
    expect(route.method).toBe(API_ROUTES['auth.login'].method);
    expect(route.url).toBe(API_ROUTES['auth.login'].path);
    expect(route.config).toEqual({
      routeId: 'auth.login',
      rateLimit: { max: 5, timeWindow: 60_000 },
    });
    expect(route.schema).toMatchObject({
      operationId: 'auth.login',
      summary: API_ROUTES['auth.login'].summary,
      tags: ['auth'],
      description: 'Public.',
    });
    expect(ctx.registered.has('auth.login')).toBe(true);

    const ok = await app.inject({ method: 'POST', url: route.url, payload: { login: 'a' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const bad = await app.inject({ method: 'POST', url: route.url, payload: {} });
    expect(bad.statusCode).toBe(400); // validated (the real app's error handler makes it 422)
    await app.close();
  });

  it('adds the standard error bodies to a given response, a code named by the route winning', async () => {
    const { app, ctx, routes } = setUp();
    const rejected = z.object({ message: z.string(), rejected: z.boolean() });
    defineRoute(app, ctx, 'drafts.list', {
      response: { 200: z.object({ data: z.array(z.string()) }), 422: rejected },
      handler: async () => ({ data: [] }),
    });
    await app.ready();
    const response = (routes[0] as RouteOptions).schema?.response as Record<number, unknown>;
    expect(Object.keys(response).map(Number)).toEqual([200, 401, 403, 404, 422, 426, 429, 500]);
    expect(response[404]).toBe(ApiErrorSchema);
    expect(response[422]).toBe(rejected);
    expect((routes[0] as RouteOptions).schema).toMatchObject({
      security: [{ bearerAuth: [] }],
    });
    await app.close();
  });

  it('leaves the answer unchecked when no response is given (files, exports, redirects)', async () => {
    const { app, ctx, routes } = setUp();
    defineRoute(app, ctx, 'files.get', {
      params: z.object({ name: z.string() }),
      handler: async (req, reply) =>
        reply.header('content-type', 'text/plain').send(req.params.name),
    });
    await app.ready();
    const schema = (routes[0] as RouteOptions).schema as Record<string, unknown>;
    expect(schema.response).toBeUndefined();
    expect(schema.params).toBeDefined();
    expect(schema.body).toBeUndefined();
    await app.close();
  });

  it('answers 401 before the handler when the policy needs a user and none is signed in', async () => {
    const { app, ctx, routes } = setUp();
    let reached = false;
    defineRoute(app, ctx, 'drafts.list', {
      handler: async () => {
        reached = true;
        return { data: [] };
      },
    });
    app.setErrorHandler((err: { status?: number }, _req, reply) => {
      void reply.code(err.status ?? 500).send({ message: 'refused' });
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: (routes[0] as RouteOptions).url });
    expect(res.statusCode).toBe(401);
    expect(reached).toBe(false);
    await app.close();
  });
});
