import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

/**
 * The session user: the quarter is the current period of the user's own school (issue 12), the
 * job title is in the interface's language (issue 18).
 */
describe.each(BACKENDS)('session quarter per school (%s)', (backend) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it("a second school's current quarter is its own, not the first school's", async () => {
    const school = async (login: string) =>
      (
        await server.db.query<{ school_id: number }>(
          'SELECT school_id FROM users WHERE login = $1',
          [login],
        )
      )[0]!.school_id;
    const first = await school('director');
    const second = await school('school2-director');
    expect(second).not.toBe(first);
    const setCurrent = async (schoolId: number, quarter: number) => {
      await server.db.query('UPDATE periods SET is_current = false WHERE school_id = $1', [
        schoolId,
      ]);
      await server.db.query(
        'UPDATE periods SET is_current = true WHERE school_id = $1 AND quarter = $2',
        [schoolId, quarter],
      );
    };
    await setCurrent(first, 2);
    await setCurrent(second, 3);
    const quarterOf = async (who: string) => {
      const token = (await login(server, who)).access_token;
      const res = await call(server, 'GET', '/api/v2/os/user-info', { token });
      expect(res.status).toBe(200);
      return res.body.data.quarter as number;
    };
    expect(await quarterOf('director')).toBe(2);
    expect(await quarterOf('school2-director')).toBe(3);
    // Without a school: the quarter most schools are in (the first school and the kindergarten
    // are in the second), not a fixed first quarter (statistics read it as X-Quarter).
    expect(await quarterOf('country_worker')).toBe(2);
  });

  it('the job title comes in the interface language (issue 18: no Kazakh title in the ru UI)', async () => {
    const token = (await login(server, 'teacher')).access_token;
    const position = async (locale: 'kz' | 'ru') =>
      (await call(server, 'GET', '/api/v2/os/user-info', { token, locale })).body.data
        .position as string;
    expect(await position('kz')).toBe('Математика пәнінің мұғалімі');
    expect(await position('ru')).toBe('Учитель математики');
  });
});
