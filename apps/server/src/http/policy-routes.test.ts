import { describe, expect, it } from 'vitest';
import { API_ROUTES, type RouteId } from '@sabaq/platform';
import { assertEveryPolicyRouteRegistered } from './app';
import { startTestServer } from '../test/harness';

describe('every policy-table entry has its route (issue 21)', () => {
  it('a table entry that no route registers stops the start, naming it', () => {
    const table = ['auth.login', 'drafts.list'] as RouteId[];
    expect(() =>
      assertEveryPolicyRouteRegistered(table, new Set(['auth.login'] as RouteId[])),
    ).toThrow(/policy-table routes not registered: drafts\.list/);
    expect(() => assertEveryPolicyRouteRegistered(table, new Set(table))).not.toThrow();
  });
  it('the real server starts: it registers every entry of the table (else the start throws)', async () => {
    const server = await startTestServer('pglite');
    try {
      expect(Object.keys(API_ROUTES).length).toBeGreaterThan(50);
    } finally {
      await server.close();
    }
  }, 180_000);
});
