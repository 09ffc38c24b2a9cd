// The server as one ESM file (dist/main.mjs), so `npm start` loads it without compiling
// TypeScript module by module through tsx's loader: on the 2-core machine that loading took
// 2.4 s idle and 6–8 s busy, the larger part of a restart after a crash. The workspace's own
// code (src/, @sabaq/*) is bundled; npm packages stay external and load from node_modules as
// before (their files — PGlite's WASM, sharp's binaries, fonts — stay where they expect them).
// Rebuilt only when an input changed (mtime and size of every file esbuild read), in about a
// second. Plain JavaScript: it runs before any TypeScript loader exists.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const DIST = join(SERVER_DIR, 'dist');
const MANIFEST = join(DIST, 'manifest.json');
export const BUNDLE = join(DIST, 'main.mjs');
export const CLI_BUNDLE = join(DIST, 'cli.mjs');
/** Files the bundle loads beside itself (new URL('./…', import.meta.url)). */
const BESIDE = [['src/db/pglite-worker.mjs', 'pglite-worker.mjs']];

/** The bundle when it is built from the current sources, else null. */
export function freshBundle() {
  try {
    const m = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    if (!existsSync(BUNDLE) || !existsSync(CLI_BUNDLE)) return null;
    for (const [path, mtime, size] of m.inputs) {
      const st = statSync(path);
      if (st.mtimeMs !== mtime || st.size !== size) return null;
    }
    return BUNDLE;
  } catch {
    return null;
  }
}

/**
 * The fresh bundle, built now when needed; null when esbuild is missing or the sources do not
 * build (the caller then runs the TypeScript through tsx, which reports the real error).
 */
export async function ensureBundle({ force = false } = {}) {
  if (!force) {
    const fresh = freshBundle();
    if (fresh) return { path: fresh, built: false };
  }
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return null;
  }
  let result;
  try {
    result = await esbuild.build({
      // `npm start` and the operator's command (bin/sabaq-server.mjs).
      entryPoints: {
        main: join(SERVER_DIR, 'src', 'main.ts'),
        cli: join(SERVER_DIR, 'src', 'ops', 'cli.ts'),
      },
      absWorkingDir: SERVER_DIR,
      outdir: DIST,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      metafile: true,
      write: false,
      logLevel: 'silent',
      plugins: [
        {
          name: 'npm-packages-external',
          setup(build) {
            // Bare imports are npm packages (external) except the workspace's own.
            build.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@sabaq/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
  } catch {
    return null;
  }
  mkdirSync(DIST, { recursive: true });
  // Written beside, then renamed into place: a process starting meanwhile never reads half a file.
  for (const f of result.outputFiles) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
  for (const [from, to] of BESIDE) copyFileSync(join(SERVER_DIR, from), join(DIST, to));
  const inputs = [
    ...Object.keys(result.metafile.inputs).map((p) => join(SERVER_DIR, p)),
    ...BESIDE.map(([from]) => join(SERVER_DIR, from)),
  ].map((abs) => {
    const st = statSync(abs);
    return [abs, st.mtimeMs, st.size];
  });
  const tmp = `${MANIFEST}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ builtAt: new Date().toISOString(), inputs }));
  renameSync(tmp, MANIFEST);
  return { path: BUNDLE, built: true };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const b = await ensureBundle({ force: process.argv.includes('--force') });
  if (!b) {
    console.error('the server could not be bundled (is esbuild installed? do the sources build?)');
    process.exit(1);
  }
  console.log(
    `${b.built ? 'bundled' : 'up to date'}: ${b.path} (${Math.round(performance.now() - started)} ms)`,
  );
}
