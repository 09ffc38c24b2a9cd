import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { RunningServer } from '../server';
import { call, startTestServer } from '../test/harness';

/**
 * The served OpenAPI document passes `@redocly/cli lint` with its recommended rules: no errors
 * and no warnings. The same check the CLI runs, through its core package.
 */
describe('OpenAPI document', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lints clean with redocly (recommended rules): no errors, no warnings', async () => {
    const res = await call(server, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(res.body, null, 2),
      absoluteRef: '/api/openapi.json',
      config,
    });
    const lines = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`,
    );
    expect(lines).toEqual([]);
  });

  it('public operations say so (security: []); the others need the bearer token', async () => {
    const doc = (await call(server, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { operationId?: string; security?: unknown }>>;
    };
    expect(doc.paths['/api/v2/os/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/v2/os/user-info']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });
});
