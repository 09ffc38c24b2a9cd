#!/usr/bin/env node
// Budget (issue 5): initial JavaScript of the landing and login routes, gzipped, at most 150 KB.
// "Initial" = the entry chunk and everything it imports statically, plus the route's lazy screen
// chunk and its static imports: what the browser must fetch before the page can show.
// Reads dist/.vite/manifest.json (builds first when dist is missing). Exit code 1 over budget.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const BUDGET = 150 * 1000; // bytes, gzipped (decimal KB: the stricter reading)

if (!existsSync(manifestPath) || process.argv.includes('--build')) {
  console.log('budget: building apps/web …');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`budget: ${key} is not in the build manifest`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const gz = new Map();
const gzSize = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const routes = {
  landing: 'src/screens/public/Landing.tsx',
  login: 'src/screens/public/Login.tsx',
};

// The page's catalogue is loaded before the app draws (src/app/i18n.ts, preloaded by the server's
// index.html): it counts as initial JS. Each page carries one language; the larger one is counted.
const catalogues = ['kz', 'ru'].map((lang) => {
  const key = Object.keys(manifest).find((k) =>
    k.endsWith(`packages/platform/src/i18n/${lang}.ts`),
  );
  if (!key) throw new Error(`budget: the ${lang} catalogue is not a chunk of its own`);
  return closure(key);
});
const catalogue = catalogues.reduce((a, b) =>
  [...a].reduce((s, f) => s + gzSize(f), 0) >= [...b].reduce((s, f) => s + gzSize(f), 0) ? a : b,
);

let failed = false;
const entry = new Set([...closure(entryKey), ...catalogue]);
const entryBytes = [...entry]
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, f) => sum + gzSize(f), 0);
console.log(
  `entry (${entryKey}) with its catalogue: ${kb(entryBytes)} gzipped in ${entry.size} file(s)`,
);
for (const [name, key] of Object.entries(routes)) {
  const files = closure(key, new Set(entry));
  const js = [...files].filter((f) => f.endsWith('.js'));
  const total = js.reduce((sum, f) => sum + gzSize(f), 0);
  const ok = total <= BUDGET;
  failed ||= !ok;
  console.log(
    `${name.padEnd(8)} initial JS ${kb(total).padStart(9)} gzipped  budget ${kb(BUDGET)}  ` +
      `${((total / BUDGET) * 100).toFixed(0)}%  ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  for (const file of js.sort((a, b) => gzSize(b) - gzSize(a)).slice(0, 6)) {
    console.log(`           ${kb(gzSize(file)).padStart(9)}  ${file}`);
  }
}

// Issue 6: the builder editor is a lazy chunk (≤ 200 KB gzipped). Its rule lives with the editor;
// the same build is measured here so one command prints every budget.
console.log('');
const editorBudget = spawnSync(
  process.execPath,
  [join(root, '..', '..', 'packages', 'editor', 'scripts', 'chunk-size.mjs'), dist],
  { stdio: 'inherit' },
);
failed ||= editorBudget.status !== 0;
process.exit(failed ? 1 : 0);
