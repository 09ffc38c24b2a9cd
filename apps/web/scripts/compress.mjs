#!/usr/bin/env node
// Precompresses the built web app (run by `npm run build` after vite build): every text asset over
// 1 KB gets a .br (brotli, quality 11) and a .gz (gzip, level 9) beside it, so the server sends the
// smallest encoding the browser accepts without compressing on each request. Prints the totals.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
const MIN = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== '.vite') yield* files(path);
    } else if (TEXT.has(extname(name))) yield path;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
let count = 0;
for (const path of files(dist)) {
  const body = readFileSync(path);
  if (body.length < MIN) continue;
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzip);
  raw += body.length;
  br += brotli.length;
  gz += gzip.length;
  count++;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`compress: ${count} files, ${kb(raw)} → brotli ${kb(br)}, gzip ${kb(gz)}`);
