import { describe, expect, it } from 'vitest';
import { call, login, startTestServer } from '../test/harness';

describe('server errors', () => {
  it('an unexpected failure is a 500 with a kz/ru message and no stack trace', async () => {
    const server = await startTestServer('pglite');
    try {
      const t = await login(server, 'teacher');
      // Pull the database away under the running server: every query now throws.
      await server.db.close();
      const res = await call(server, 'GET', '/api/v2/os/periods', {
        token: t.access_token,
        locale: 'ru',
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Произошла ошибка, попробуйте позднее' });
      const kz = await call(server, 'GET', '/api/v2/os/banners');
      expect(kz.status).toBe(500);
      expect(kz.body).toEqual({ message: 'Қате орын алды, кейінірек көріңіз' });
    } finally {
      await server.close();
    }
  });
});
