import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  FEATURE_BLOCKS,
  FEATURE_BLOCKS_OFF_BY_DEFAULT,
  message,
  parseFeatureBlocks,
  type FeatureBlock,
  type UiLang,
} from '@sabaq/platform';
import type { App } from './context';
import { HttpError } from './errors';

/** Vite puts content-hashed files under /assets: their URL changes with their content. */
const HASHED = /^\/assets\//;
const YEAR = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: the browser keeps them but asks each time (304 when unchanged). */
const REVALIDATE = 'no-cache';
/**
 * A path naming a file (its last segment ends in a file extension): the web app's page routes
 * never do, so a missing one is a 404, never index.html with 200 (a broken image must show).
 */
const FILE_PATH =
  /\.(?:js|mjs|css|map|json|webmanifest|txt|xml|html?|svg|png|jpe?g|gif|webp|avif|ico|bmp|woff2?|ttf|otf|eot|pdf|docx?|xlsx?|pptx?|zip|mp3|mp4|webm|ogg|wav|wasm|br|gz)$/i;

/**
 * Whether a GET that matched no file may get the web app's page: page routes only. Paths under a
 * folder of the build (assets/, banners/, …) or naming a file answer 404.
 */
export function isPageRoute(path: string, assetFolders: ReadonlySet<string>): boolean {
  if (FILE_PATH.test(path)) return false;
  const first = path.split('/')[1] ?? '';
  return !assetFolders.has(first);
}

/** The top-level folders of the build: everything under them is a file, never a page. */
function assetFoldersOf(dist: string): Set<string> {
  return new Set(
    readdirSync(dist, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );
}

/**
 * Compression of API answers: JSON over 1 KB is sent brotli- or gzip-compressed. Brotli at quality
 * 4 compresses about as well as gzip -6 at a fraction of quality 11's cost per request. The web
 * app's files are precompressed at build time (apps/web/scripts/compress.mjs) and sent as they are.
 */
export async function registerCompression(app: App): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * The built web app with SPA fallback: a non-API GET of a page route that is not a file gets
 * index.html; a missing file (a path with a file extension or under a folder of the build) is 404.
 * Hashed assets are cached for a year and immutable; index.html is revalidated so that a new
 * release is picked up at once. Precompressed .br/.gz files are chosen by Accept-Encoding.
 */
export async function registerWebApp(
  app: App,
  webDist: string | null,
  featureBlocks: string | undefined = process.env.SABAQ_FEATURE_BLOCKS,
): Promise<void> {
  const dist = webDist && existsSync(join(webDist, 'index.html')) ? resolve(webDist) : null;
  // One index.html per interface language, made once at start and kept compressed in memory:
  // its <html lang> and the preload of its catalogue follow the URL (/ru/… or any other path,
  // which the app sends to /kk), and spec §4's configured feature blocks are written into it.
  const blocks = parseFeatureBlocks(featureBlocks);
  const pages = dist ? indexPages(dist, blocks) : null;
  const assetFolders = dist ? assetFoldersOf(dist) : new Set<string>();
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const url = `/${path.slice(dist.length + 1).replaceAll('\\', '/')}`;
        reply.header('cache-control', HASHED.test(url) ? YEAR : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (!path.startsWith('/api') && (req.method === 'GET' || req.method === 'HEAD')) {
      if (dist) {
        const file = path === '/' ? null : path.slice(1);
        if (file && !file.includes('..') && existsSync(join(dist, file)))
          return reply.sendFile(file);
        // A missing hashed asset is an old release's chunk: 404, never index.html with a year's
        // cache (the web app reloads on a chunk that fails to load, spec §8).
        if (HASHED.test(path) || !isPageRoute(path, assetFolders)) {
          return reply.code(404).header('cache-control', REVALIDATE).type('text/plain').send('');
        }
        // Compressed once at start, like the built files (the not-found handler is no route,
        // so the compression hook would pass it by).
        const page = pages![path === '/ru' || path.startsWith('/ru/') ? 'ru' : 'kz'];
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', REVALIDATE)
          .header('vary', 'accept-encoding')
          .header('etag', page.etag);
        if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
        const accepts = String(req.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
        if (encoding === null) return reply.send(page.plain);
        return reply.header('content-encoding', encoding).send(page[encoding]);
      }
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(
          `${message('route_not_found', req.locale)}: ${path} (web app not built: npm run build -w @sabaq/web)`,
        );
    }
    throw new HttpError(404, 'route_not_found');
  });
}

/** Sets `data-feature-<block>` on the page's <html> for every block (configured or default). */
export function withFeatureBlocks(
  html: string,
  configured: ReadonlyMap<FeatureBlock, boolean>,
): string {
  const open = /<html\b[^>]*>/i.exec(html);
  if (!open) return html;
  let tag = open[0].replace(/\s+data-feature-[a-z-]+="[^"]*"/g, '');
  const attributes = FEATURE_BLOCKS.map((block) => {
    const on = configured.get(block) ?? !FEATURE_BLOCKS_OFF_BY_DEFAULT.has(block);
    return ` data-feature-${block}="${on ? 'on' : 'off'}"`;
  }).join('');
  tag = tag.replace(/>$/, `${attributes}>`);
  return html.slice(0, open.index) + tag + html.slice(open.index + open[0].length);
}

/** The interface languages' source modules of their catalogues, as the build manifest names them. */
const CATALOGUE_SOURCES: Readonly<Record<UiLang, string>> = {
  kz: 'packages/platform/src/i18n/kz.ts',
  ru: 'packages/platform/src/i18n/ru.ts',
};

/**
 * The built index.html for one language: `<html lang>` in the page's language (kk/ru, for screen
 * readers and hyphenation before the app starts) and a modulepreload of the language's catalogue
 * chunk, which the entry needs before it can draw (apps/web/src/app/i18n.ts).
 */
export function pageForLanguage(
  html: string,
  lang: UiLang,
  manifest: Readonly<Record<string, { file: string }>> | null,
): string {
  let page = html.replace(/(<html\b[^>]*?\slang=")[^"]*(")/i, `$1${lang === 'ru' ? 'ru' : 'kk'}$2`);
  const key = manifest && Object.keys(manifest).find((k) => k.endsWith(CATALOGUE_SOURCES[lang]));
  if (key) {
    const link = `<link rel="modulepreload" crossorigin href="/${manifest![key]!.file}">`;
    page = page.replace(/<\/head>/i, `  ${link}\n  </head>`);
  }
  return page;
}

type Page = { plain: Buffer; br: Buffer; gzip: Buffer; etag: string };

function indexPages(
  dist: string,
  blocks: ReadonlyMap<FeatureBlock, boolean>,
): Record<UiLang, Page> {
  const html = withFeatureBlocks(readFileSync(join(dist, 'index.html'), 'utf8'), blocks);
  const manifestPath = join(dist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>)
    : null;
  const page = (lang: UiLang) => encoded(pageForLanguage(html, lang, manifest));
  return { kz: page('kz'), ru: page('ru') };
}

/** A page in the three encodings a browser may ask for, with its validator. */
function encoded(html: string): Page {
  const plain = Buffer.from(html);
  const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 22)}"`;
  return { plain, br: brotliCompressSync(plain), gzip: gzipSync(plain, { level: 9 }), etag };
}
