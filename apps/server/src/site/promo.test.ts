import { SITE_PAGES } from '@sabaq/platform/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { ensurePromoPages } from './site-seed';

/** The promo pages (issue 17): served from the database in both languages, edited by the admin. */
describe.each(BACKENDS)('promo pages (%s)', (backend) => {
  let server: RunningServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = (await login(server, 'admin')).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves every seeded page to anyone, in the reader’s language', async () => {
    for (const slug of SITE_PAGES) {
      const kz = await call(server, 'GET', `/api/v2/os/pages/${slug}`, { locale: 'kz' });
      const ru = await call(server, 'GET', `/api/v2/os/pages/${slug}`, { locale: 'ru' });
      expect(kz.status, slug).toBe(200);
      expect(kz.body.data.title).not.toBe(ru.body.data.title);
      expect(kz.body.data.body.content.length).toBeGreaterThan(0);
    }
    const om = await call(server, 'GET', '/api/v2/os/pages/promo-om', { locale: 'ru' });
    expect(om.body.data.title).toBe('Учебно-методический комплекс');
    expect((await call(server, 'GET', '/api/v2/os/pages/promo-unknown')).status).toBe(422);
  });

  it('a promo page added after the site was seeded appears on the next start; edited ones stay', async () => {
    await server.db.query(`DELETE FROM site_pages WHERE slug = 'promo-statistics'`);
    await server.db.query(
      `UPDATE site_pages SET title_ru = 'Каталог 2027' WHERE slug = 'promo-exams'`,
    );
    expect((await call(server, 'GET', '/api/v2/os/pages/promo-statistics')).status).toBe(404);
    await ensurePromoPages(server.db);
    const back = await call(server, 'GET', '/api/v2/os/pages/promo-statistics', { locale: 'ru' });
    expect(back.body.data.title).toBe('Статистика образования');
    const kept = await call(server, 'GET', '/api/v2/os/pages/promo-exams', { locale: 'ru' });
    expect(kept.body.data.title).toBe('Каталог 2027');
  });

  it('lets the administrator change a promo page, and nobody else', async () => {
    const edit = await call(server, 'GET', '/api/v2/os/site/pages/promo-contest', { token: admin });
    expect(edit.status).toBe(200);
    const page = { ...edit.body.data, title: { kz: 'Байқаулар 2027', ru: 'Конкурсы 2027' } };
    delete page.updatedAt;
    delete page.slug;
    const saved = await call(server, 'PUT', '/api/v2/os/site/pages/promo-contest', {
      token: admin,
      body: page,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await call(server, 'GET', '/api/v2/os/pages/promo-contest', { locale: 'kz' });
    expect(read.body.data.title).toBe('Байқаулар 2027');
    const teacher = (await login(server, 'teacher')).access_token;
    const refused = await call(server, 'PUT', '/api/v2/os/site/pages/promo-contest', {
      token: teacher,
      body: page,
    });
    expect(refused.status).toBe(403);
  });
});
