import { describe, expect, it } from 'vitest';
import { call, login, startTestServer } from '../test/harness';

describe('server errors', () => {
  it('an unexpected failure is a 500 with a kz/ru message and no stack trace', async () => {
    const server = await startTestServer('pglite');
    try {
      const t = await login(server, 'teacher');
      // Break the database under the running server: the tables these routes read are gone.
      await server.db.exec('DROP TABLE periods CASCADE; DROP TABLE banners CASCADE');
      const res = await call(server, 'GET', '/api/v2/os/periods', {
        token: t.access_token,
        locale: 'ru',
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Произошла ошибка, попробуйте позднее' });
      const kz = await call(server, 'GET', '/api/v2/os/banners');
      expect(kz.status).toBe(500);
      expect(kz.body).toEqual({ message: 'Қате орын алды, кейінірек көріңіз' });
      // A database that is away is another answer: 503, the server-unavailable message.
      await server.db.close();
      const away = await call(server, 'GET', '/api/v2/os/feature-flags', { locale: 'ru' });
      expect(away.status).toBe(503);
      expect(away.body).toEqual({ message: 'Сервер временно недоступен, попробуйте позднее' });
    } finally {
      await server.close();
    }
  });
});
