import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, startTestServer } from '../test/harness';
import { BANNERS } from '../core/seed-data';
import { openDb, type Db } from '../db/db';
import { migrate } from '../db/migrations';
import { MIGRATIONS } from '../server';

/**
 * Issue 30 item 7: every picture the demo seed stores is a file the web app ships, served with an
 * image type; a missing picture is a 404 (a broken image shows), never index.html with 200.
 */
const PUBLIC = resolve(__dirname, '../../../web/public');

describe.each(BACKENDS)('the seeded pictures on %s', (backend) => {
  const dist = mkdtempSync(join(tmpdir(), 'sabaq-banners-'));
  let server: RunningServer;
  beforeAll(async () => {
    cpSync(PUBLIC, dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="kk"><body></body></html>');
    server = await startTestServer(backend, { webDist: dist });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('every seeded banner answers 200 with an image content type', async () => {
    const res = await call<{ data: { image: string }[] }>(server, 'GET', '/api/v2/os/banners');
    expect(res.status).toBe(200);
    const images = res.body.data.map((b) => b.image);
    expect(images).toEqual(BANNERS.map((b) => b.image));
    for (const image of images) {
      const picture = await fetch(`${server.url}${image}`);
      expect(picture.status, image).toBe(200);
      expect(picture.headers.get('content-type'), image).toMatch(/^image\//);
    }
  });

  it('a missing picture or file is a 404; a page route still gets the app', async () => {
    for (const path of ['/banners/contest-2026.jpg', '/banners/gone', '/logo.png', '/kk/x.css']) {
      const gone = await fetch(`${server.url}${path}`);
      expect(gone.status, path).toBe(404);
      expect(gone.headers.get('content-type') ?? '', path).not.toMatch(/html/);
    }
    const page = await fetch(`${server.url}/kk/content/lessons`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('a database seeded with the old .jpg names', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory' });
  }, 120_000);
  afterAll(async () => db?.close());

  it('migration 2860 renames the three demo pictures and leaves an administrator’s own', async () => {
    const before = MIGRATIONS.filter((m) => m.id !== 2860);
    await migrate(db, before);
    await db.query(
      `INSERT INTO banners (image, external_link, title_kz, title_ru, position)
       VALUES ('/banners/contest-2026.jpg', NULL, 'a', 'a', 0), ('/banners/tariffs.jpg', NULL, 'b', 'b', 1),
              ('/uploads/own.jpg', NULL, 'c', 'c', 2)`,
    );
    expect(await migrate(db, MIGRATIONS)).toEqual([2860]);
    const rows = await db.query<{ image: string }>('SELECT image FROM banners ORDER BY position');
    expect(rows.map((r) => r.image)).toEqual([
      '/banners/contest-2026.svg',
      '/banners/tariffs.svg',
      '/uploads/own.jpg',
    ]);
  });
});
