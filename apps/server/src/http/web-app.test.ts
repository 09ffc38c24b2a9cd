import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { startTestServer } from '../test/harness';
import { parseFeatureBlocks } from '@sabaq/platform';
import { pageForLanguage, withFeatureBlocks } from './web-app';

/**
 * What a phone on a slow line gets: the built app compressed on the wire, hashed assets cached
 * for a year, index.html revalidated, API answers over 1 KB compressed.
 */
const dist = mkdtempSync(join(tmpdir(), 'sabaq-dist-'));
const SCRIPT = `console.log(${JSON.stringify('сабақ '.repeat(500))});`;
const HTML = `<!doctype html><html lang="kk"><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
/** A request whose body is not decoded, so that the encoding on the wire can be seen. */
function get(
  server: RunningServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

let server: RunningServer;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), HTML);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(HTML));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(HTML));
  writeFileSync(join(dist, 'assets/index-AbC123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets/index-AbC123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer('pglite', { webDist: dist });
}, 180_000);
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app on the wire', () => {
  it('sends the precompressed brotli or gzip file the browser accepts, the same bytes decoded', async () => {
    const br = await get(server, '/assets/index-AbC123.js', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5);
    const gz = await get(server, '/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get(server, '/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });
  it('hashed assets are cached for a year and immutable; index.html and other files revalidate', async () => {
    const asset = await get(server, '/assets/index-AbC123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/kk', '/ru/schedule/2026-11-23']) {
      const page = await get(server, path, { 'accept-encoding': 'br' });
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.headers['content-type'], path).toMatch(/text\/html/);
      const html = brotliDecompressSync(page.body).toString();
      expect(html, path).toContain(path.startsWith('/ru') ? '<html lang="ru"' : '<html lang="kk"');
      expect(html, path).toContain('<div id="root"></div>');
      // Revalidation: the page's validator answers a repeat visit with 304 and no body.
      const again = await get(server, path, { 'if-none-match': String(page.headers.etag) });
      expect(again.status, path).toBe(304);
      expect(again.body.length, path).toBe(0);
    }
    expect((await get(server, '/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });
  it('a hashed script or stylesheet carries no document-only headers; pages and the worker keep them', async () => {
    const asset = await get(server, '/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['referrer-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'])
      expect(asset.headers[name], name).toBeUndefined();
    for (const path of ['/kk', '/favicon.svg', '/sw.js', '/assets/index-OldHash.js']) {
      const other = await get(server, path);
      expect(other.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(other.headers['x-frame-options'], path).toBe('DENY');
    }
  });
  it("a previous release's missing chunk is a 404, not index.html cached for a year", async () => {
    const gone = await get(server, '/assets/index-OldHash.js');
    expect(gone.status).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-cache');
  });
  it('API answers over 1 KB are compressed; small ones are not', async () => {
    const big = await get(server, '/api/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.body).toString())).toHaveProperty('openapi');
    const small = await get(server, '/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ status: 'ok' });
  });
});

describe("the page's language", () => {
  const manifest = {
    'index.html': { file: 'assets/index-Ab1.js' },
    '../../packages/platform/src/i18n/kz.ts': { file: 'assets/kz-Kz1.js' },
    '../../packages/platform/src/i18n/ru.ts': { file: 'assets/ru-Ru1.js' },
  };
  const html =
    '<!doctype html><html lang="kk" data-feature-export="on"><head><title>Sabaq</title></head><body></body></html>';
  it('names the language in <html lang> and preloads only its catalogue', () => {
    const ru = pageForLanguage(html, 'ru', manifest);
    expect(ru).toContain('<html lang="ru" data-feature-export="on">');
    expect(ru).toContain('<link rel="modulepreload" crossorigin href="/assets/ru-Ru1.js">');
    expect(ru).not.toContain('kz-Kz1');
    const kz = pageForLanguage(html, 'kz', manifest);
    expect(kz).toContain('<html lang="kk"');
    expect(kz).toContain('href="/assets/kz-Kz1.js"');
    expect(kz).not.toContain('ru-Ru1');
    expect(kz.indexOf('modulepreload')).toBeLessThan(kz.indexOf('</head>'));
  });
  it('without a build manifest the page is served without a preload (the app loads it itself)', () => {
    expect(pageForLanguage(html, 'ru', null)).not.toContain('modulepreload');
  });
});

describe('feature blocks in the page (spec §4)', () => {
  it('writes the configured blocks into the <html> of every page, the rest at their defaults', () => {
    const page = withFeatureBlocks(
      '<!doctype html><html lang="kk" data-feature-export="on"><body></body></html>',
      parseFeatureBlocks('export=off, conference=on'),
    );
    expect(page).toContain('data-feature-export="off"');
    expect(page).toContain('data-feature-conference="on"');
    expect(page).toContain('data-feature-sockets="on"');
    expect(page.match(/data-feature-export=/g)).toHaveLength(1);
    expect(page.startsWith('<!doctype html><html lang="kk" ')).toBe(true);
  });
  it('a typo in SABAQ_FEATURE_BLOCKS names the block and stops the start', () => {
    expect(() => parseFeatureBlocks('exprot=off')).toThrow(/unknown feature block "exprot"/);
    expect(() => parseFeatureBlocks('export=no')).toThrow(/"on" or "off"/);
  });
  it('a server configured with SABAQ_FEATURE_BLOCKS serves the page with them', async () => {
    process.env.SABAQ_FEATURE_BLOCKS = 'export=off,sockets=off';
    let configured: RunningServer | undefined;
    try {
      configured = await startTestServer('pglite', { webDist: dist });
    } finally {
      delete process.env.SABAQ_FEATURE_BLOCKS;
    }
    try {
      const page = await get(configured, '/ru/schedule', { 'accept-encoding': 'gzip' });
      expect(page.status, page.body.toString()).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-encoding']).toBe('gzip');
      const html = gunzipSync(page.body).toString();
      expect(html).toContain('data-feature-export="off"');
      expect(html).toContain('data-feature-sockets="off"');
      expect(html).toContain('data-feature-monitoring="on"');
    } finally {
      await configured.close();
    }
  }, 180_000);
});
