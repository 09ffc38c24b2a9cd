#!/usr/bin/env node
// Issue 6 budget: the builder editor is a lazy chunk of apps/web, at most 200 KB gzipped.
// "Editor chunk" = every JS file the editor screens (content/lessons, exams, lectures) load
// beyond what the app's entry already loaded: the closure of each screen's manifest entry
// (static imports) minus the entry's closure, gzipped at level 9 (decimal KB).
// Usage: node packages/editor/scripts/chunk-size.mjs [distDir]  (default apps/web/dist; builds
// it with Vite when the manifest is missing). Exit code 1 over budget.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '../../../apps/web');
const dist = resolve(process.argv[2] ?? join(web, 'dist'));
const manifestPath = join(dist, '.vite', 'manifest.json');
const BUDGET = 200 * 1000;

if (!existsSync(manifestPath)) {
  console.log(`editor chunk: building apps/web into ${dist} …`);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist], {
    cwd: web,
    stdio: 'inherit',
  });
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const closure = (key, seen = new Set()) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`editor chunk: ${key} is not in the build manifest`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
};
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (b) => `${(b / 1000).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const screens = {
  'sor exam editor': 'src/screens/content/ExamSor.tsx',
  'lessons (list + editor)': 'src/screens/content/Lessons.tsx',
  'lecture editor': 'src/screens/content/LectureEdit.tsx',
};
let failed = false;
for (const [name, key] of Object.entries(screens)) {
  const files = [...closure(key)].filter((f) => f.endsWith('.js') && !entry.has(f));
  const total = files.reduce((s, f) => s + gz(f), 0);
  const ok = total <= BUDGET;
  failed ||= !ok;
  console.log(
    `${name.padEnd(24)} lazy JS ${kb(total).padStart(9)} gzipped  budget ${kb(BUDGET)}  ` +
      `${((total / BUDGET) * 100).toFixed(0)}%  ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  for (const f of files.sort((a, b) => gz(b) - gz(a)).slice(0, Number(process.env.CHUNK_LIST ?? 5)))
    console.log(`           ${kb(gz(f)).padStart(9)}  ${f}`);
  // What loads later, on first use (TipTap when a module opens): reported, not budgeted.
  const keys = Object.keys(manifest).filter((k) => files.includes(manifest[k].file));
  const later = new Set();
  for (const k of keys)
    for (const d of manifest[k].dynamicImports ?? [])
      for (const f of closure(d))
        if (f.endsWith('.js') && !entry.has(f) && !files.includes(f)) later.add(f);
  const laterBytes = [...later].reduce((s, f) => s + gz(f), 0);
  if (later.size > 0)
    console.log(`           + ${kb(laterBytes)} gzipped loaded on first use (rich-text fields)`);
}
process.exit(failed ? 1 : 0);
