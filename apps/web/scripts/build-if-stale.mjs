// `npm start` builds the web app only when it changed: a full build costs ~10 s on the 2-core
// machine (more on a busy one), the larger part of a restart after a crash. The build is stale
// when it is missing, or when any of its inputs (this app, the workspace packages it bundles,
// the lockfile) is newer than the stamp the last build left. `--force` builds anyway.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(web, '../..');
const stamp = join(web, '.vite', 'sabaq-build.json');

const INPUTS = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'package.json'),
  join(web, 'scripts', 'compress.mjs'),
  join(root, 'packages', 'editor', 'src'),
  join(root, 'packages', 'platform', 'src'),
  join(root, 'packages', 'collab', 'src'),
  join(root, 'packages', 'engine', 'src'),
  join(root, 'package-lock.json'),
];

/** The newest modification time under `path` (ms), skipping tests. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (/\.test\.tsx?$/.test(entry)) continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const started = performance.now();
const inputs = Math.max(...INPUTS.map(newest));
const built =
  existsSync(join(web, 'dist', 'index.html')) && existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
// Whole milliseconds: the stamp's time is set from a Date, which drops the fraction.
if (!process.argv.includes('--force') && Math.floor(built) >= Math.floor(inputs)) {
  console.log(`web app up to date (checked in ${Math.round(performance.now() - started)} ms)`);
  process.exit(0);
}
console.log(built ? 'web app changed: building it' : 'web app not built yet: building it');
const result = spawnSync('npm', ['run', 'build'], { cwd: web, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
mkdirSync(dirname(stamp), { recursive: true });
writeFileSync(stamp, JSON.stringify({ builtAt: new Date().toISOString(), inputs }));
// Dated with the inputs as read before the build: a file saved during the build is newer, so the
// next start builds again.
utimesSync(stamp, new Date(inputs), new Date(inputs));
