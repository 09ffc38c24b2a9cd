import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ROLES, isAllowed } from '@sabaq/platform';
import type { Role, RouteId } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';
import { MATRIX_SAMPLES, SECOND_SCHOOL_LOGINS, carriesFirstSchoolId } from '../test/matrix-samples';

/**
 * Every route × every role (and anonymous), generated from the one policy table: an allowed
 * caller with the route's sample request gets a 2xx; a refused one gets 401 (no token) or 403
 * (wrong role, with a message). Auth runs before body validation, so refusals need no body.
 * Every route must have a sample; a sample's `expect` names the exact non-2xx status only where
 * the domain itself rules a 2xx out for an admitted role (said in a comment there).
 */
const callers: readonly (Role | null)[] = [null, ...ROLES];
const ids = Object.keys(API_ROUTES) as RouteId[];

function fill(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => (name === 'locale' ? 'ru' : '1'));
}

describe.each(BACKENDS)('route × role matrix on %s', (backend) => {
  let server: RunningServer;
  const tokens = new Map<Role, string>();
  const secondSchool = new Map<Role, string>();
  let unique = 0;
  beforeAll(async () => {
    server = await startTestServer(backend, {
      authRateLimitPerMinute: 100_000,
      loginFailureLimit: 1000,
    });
    for (const role of ROLES) tokens.set(role, (await login(server, role)).access_token);
    for (const [role, name] of Object.entries(SECOND_SCHOOL_LOGINS))
      secondSchool.set(role as Role, (await login(server, name)).access_token);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every route of the policy table has a sample request, and only those', () => {
    // A new route cannot slip through with only its refusing side checked.
    expect(ids.filter((id) => !MATRIX_SAMPLES[id])).toEqual([]);
    expect(Object.keys(MATRIX_SAMPLES).filter((id) => !(id in API_ROUTES))).toEqual([]);
  });

  it('every route of the policy table is registered, and only those', () => {
    expect([...server.routes].sort()).toEqual([...ids].sort());
  });

  for (const id of ids) {
    const entry = API_ROUTES[id];
    it(`${entry.method} ${entry.path}`, async () => {
      if (!server.routes.has(id)) throw new Error(`${id} is not registered`);
      const outcomes: string[] = [];
      for (const role of callers) {
        const allowed = isAllowed(entry.policy, role);
        const who = role ?? 'anonymous';
        const token = role ? tokens.get(role) : undefined;
        if (!allowed) {
          const res = await call(server, entry.method, fill(entry.path), {
            token,
            locale: 'ru',
            ...(entry.method === 'GET' ? {} : { body: {} }),
          });
          const expected = role === null ? 401 : 403;
          expect(res.status, `${who} on ${id}`).toBe(expected);
          expect(typeof res.body.message, `${who} on ${id}: message`).toBe('string');
          if (expected === 403)
            expect(res.body.message).toBe('Недостаточно прав для этого действия');
          outcomes.push(`${who}:${res.status}`);
          continue;
        }
        const factory = MATRIX_SAMPLES[id];
        if (!factory) throw new Error(`${id} has no sample in matrix-samples.ts`);
        const sample = await factory({
          server,
          login: role,
          token,
          unique: unique++,
          freshToken: async () => (role ? (await login(server, role)).access_token : undefined),
        });
        const res = await call(server, sample.method ?? entry.method, sample.path, sample.opts);
        const ok = sample.expect
          ? sample.expect.includes(res.status)
          : res.status >= 200 && res.status < 300;
        expect(ok, `${who} on ${id}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(
          true,
        );
        await sample.after?.();
        outcomes.push(`${who}:${res.status}`);
      }
      expect(outcomes).toHaveLength(callers.length);
    });
  }

  /**
   * Tenancy (issue 12): every route whose sample names a row of the first school (the demo
   * school's lesson, group, homework, journal, plan, pupil, draft…) is sent again, unchanged, with
   * the token of the second school's user of the same role. The answer is 403 or 404 with a
   * message, never data, and the database is exactly as before (every table hashed).
   */
  for (const id of ids.filter(carriesFirstSchoolId)) {
    const entry = API_ROUTES[id];
    it(`second school: ${entry.method} ${entry.path}`, async () => {
      let tried = 0;
      for (const [role, token] of secondSchool) {
        if (!isAllowed(entry.policy, role)) continue;
        const factory = MATRIX_SAMPLES[id];
        if (!factory) throw new Error(`${id} has no sample in matrix-samples.ts`);
        const sample = await factory({
          server,
          login: role,
          token: tokens.get(role),
          unique: unique++,
          freshToken: async () => (await login(server, role)).access_token,
        });
        const before = await fingerprint(server);
        const res = await call(server, sample.method ?? entry.method, sample.path, {
          ...sample.opts,
          token,
          locale: 'ru',
        });
        const who = SECOND_SCHOOL_LOGINS[role as keyof typeof SECOND_SCHOOL_LOGINS];
        expect(
          [403, 404],
          `${who} on ${id}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`,
        ).toContain(res.status);
        expect(typeof res.body.message, `${who} on ${id}: message`).toBe('string');
        expect(await fingerprint(server), `${who} on ${id} wrote to the database`).toBe(before);
        await sample.after?.();
        tried++;
      }
      expect(tried, `${id}: no role of the second school is admitted`).toBeGreaterThan(0);
    });
  }
});
