// The CLI and its validation worker bundled with esbuild into two ESM files in the temp dir,
// cached per source tree. Plain JavaScript on purpose: bin/sabaq.js asks `freshBundle()` before
// any TypeScript loader is registered, so a fresh bundle starts `sabaq` without tsx at all.
//
// Cache layout (in os.tmpdir()/sabaq-cli):
//   bundle-<source tree>.manifest.json   which bundle this checkout uses, and every input file
//                                        (path, mtime, size) it was built from
//   bundle-<content hash>/main.mjs       the CLI (src/cli/main.ts)
//   bundle-<content hash>/worker.mjs     the validation worker (src/cli/validateWorker.ts)
//   bundle-<content hash>/chunk-*.mjs    code they share, and importers/exporters (on demand)
// A bundle is fresh while none of its inputs changed (one stat call per input, no build).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const SRC_DIR = join(PACKAGE_DIR, 'src', 'cli');
export const CACHE_DIR = join(tmpdir(), 'sabaq-cli');
// One manifest per source tree: several checkouts share the temp dir, and a checkout must never
// run another checkout's code because its own files happen to be unchanged.
const MANIFEST = join(
  CACHE_DIR,
  `bundle-${createHash('sha256').update(SRC_DIR).digest('hex').slice(0, 16)}.manifest.json`,
);

/**
 * @typedef {{ readonly main: string; readonly worker: string }} Bundle
 * @typedef {{ readonly dir: string; readonly inputs: readonly (readonly [string, number, number])[] }} Manifest
 */

/**
 * The bundle built from the current sources, or null when there is none or an input changed.
 * @returns {Bundle | null}
 */
export function freshBundle() {
  try {
    /** @type {Manifest} */
    const m = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    const main = join(m.dir, 'main.mjs');
    const worker = join(m.dir, 'worker.mjs');
    if (!existsSync(main) || !existsSync(worker)) return null;
    for (const [path, mtime, size] of m.inputs) {
      const st = statSync(path);
      if (st.mtimeMs !== mtime || st.size !== size) return null;
    }
    return { main, worker };
  } catch {
    return null;
  }
}

/** @type {Promise<Bundle | null> | null} */
let building = null;

/**
 * The fresh bundle, built now when needed (about a third of a second). Null when esbuild is not
 * installed or the sources do not build: callers then run the TypeScript through tsx, which
 * reports the real error.
 * @returns {Promise<Bundle | null>}
 */
export function ensureBundle() {
  // A temp dir that cannot be written is no reason to fail: the sources still run through tsx.
  building ??= Promise.resolve(freshBundle())
    .then((b) => b ?? build())
    .catch(() => null);
  return building;
}

/** @returns {Promise<Bundle | null>} */
async function build() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return null;
  }
  let result;
  try {
    result = await esbuild.build({
      entryPoints: { main: join(SRC_DIR, 'main.ts'), worker: join(SRC_DIR, 'validateWorker.ts') },
      absWorkingDir: PACKAGE_DIR,
      outdir: 'out',
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Importers and exporters (loaded with import() by their commands) go to chunks of their
      // own, so the other commands neither parse nor run them.
      splitting: true,
      chunkNames: 'chunk-[hash]',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      metafile: true,
      logLevel: 'silent',
      // The bundled pool finds its worker beside itself instead of building one.
      define: { SABAQ_BUNDLED: 'true' },
      // Only a stale bundle needs esbuild, and then the source path does the building.
      external: ['esbuild'],
      // CommonJS dependencies bundled into ESM need a `require`.
      banner: {
        js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
      },
    });
  } catch {
    return null;
  }
  const files = result.outputFiles.map((f) => ({
    name: f.path.replace(/^.*[\\/]/, ''),
    contents: f.contents,
  }));
  const names = files.map((f) => f.name);
  if (!names.includes('main.mjs') || !names.includes('worker.mjs')) return null;
  const hasher = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.name < b.name ? -1 : 1)))
    hasher.update(f.name).update(f.contents);
  const dir = join(CACHE_DIR, `bundle-${hasher.digest('hex').slice(0, 16)}`);
  mkdirSync(CACHE_DIR, { recursive: true });
  if (!existsSync(join(dir, 'worker.mjs'))) {
    // Written beside, then renamed into place: a reader never sees half a bundle. Another
    // process may have put the same bundle there first; its copy is identical.
    const tmp = `${dir}.${process.pid}.tmp`;
    mkdirSync(tmp, { recursive: true });
    for (const f of files) writeFileSync(join(tmp, f.name), f.contents);
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true });
      if (!existsSync(join(dir, 'worker.mjs'))) return null;
    }
  }
  const inputs = Object.keys(result.metafile.inputs).map((p) => {
    const abs = join(PACKAGE_DIR, p);
    const st = statSync(abs);
    return /** @type {const} */ ([abs, st.mtimeMs, st.size]);
  });
  const tmpManifest = `${MANIFEST}.${process.pid}.tmp`;
  writeFileSync(tmpManifest, JSON.stringify({ dir, inputs }));
  renameSync(tmpManifest, MANIFEST);
  prune(dir);
  return { main: join(dir, 'main.mjs'), worker: join(dir, 'worker.mjs') };
}

/**
 * Removes bundles no manifest points to any more (each source change leaves one behind), once
 * they are a day old: a process started from one may still load its chunks on demand.
 * @param {string} keep
 */
function prune(keep) {
  try {
    const entries = readdirSync(CACHE_DIR);
    const used = new Set([keep]);
    for (const f of entries)
      if (f.endsWith('.manifest.json'))
        try {
          used.add(JSON.parse(readFileSync(join(CACHE_DIR, f), 'utf8')).dir);
        } catch {
          // Being rewritten by another process: its bundle is new anyway.
        }
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const f of entries) {
      const p = join(CACHE_DIR, f);
      if (/^bundle-[0-9a-f]{16}$/.test(f) && !used.has(p) && statSync(p).mtimeMs < dayAgo)
        rmSync(p, { recursive: true, force: true });
    }
  } catch {
    // Pruning is housekeeping: never a reason to fail.
  }
}

const EARLY = Symbol.for('sabaq.earlyWorkers');

/**
 * @typedef {{ worker: import('node:worker_threads').Worker; startedAt: number; readyAt: number | null; failure: Error | null; exited: boolean }} EarlyWorker
 */

/**
 * How many validation workers `argv` will ask for: N − 1 for `validate … --concurrency N`,
 * otherwise 0. A guess made before commander parses anything; a wrong guess costs a worker
 * that is stopped unused.
 * @param {readonly string[]} argv
 * @returns {number}
 */
export function workersWanted(argv) {
  let command = null;
  let concurrency = 1;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--') break;
    if (a === '--concurrency') concurrency = Number(argv[++i]);
    else if (a.startsWith('--concurrency=')) concurrency = Number(a.slice(14));
    else if (a === '--lang') i++;
    else if (command === null && !a.startsWith('-')) command = a;
  }
  return command === 'validate' && Number.isInteger(concurrency) && concurrency > 1
    ? Math.min(concurrency, 64) - 1
    : 0;
}

/**
 * Starts the validation workers `argv` will want, before the CLI itself is loaded, so they boot
 * on the other cores while the main thread loads the CLI, parses the arguments and gathers the
 * file list. The pool takes them with `takeEarlyWorkers()`; until then they do not keep the
 * process alive.
 * @param {Bundle} bundle
 * @param {readonly string[]} argv
 */
export async function startWorkersEarly(bundle, argv) {
  const n = workersWanted(argv);
  if (n === 0) return;
  const { Worker } = await import('node:worker_threads');
  const { pathToFileURL } = await import('node:url');
  /** @type {EarlyWorker[]} */
  const early = [];
  for (let i = 0; i < n; i++) {
    /** @type {EarlyWorker} */
    const e = {
      worker: new Worker(pathToFileURL(bundle.worker)),
      startedAt: performance.timeOrigin + performance.now(),
      readyAt: null,
      failure: null,
      exited: false,
    };
    e.worker.unref();
    e.worker.once('message', (/** @type {{ type: string; at: number }} */ m) => {
      if (m.type === 'ready') e.readyAt = m.at;
    });
    e.worker.on('error', (err) => (e.failure ??= err));
    e.worker.on('exit', () => (e.exited = true));
    early.push(e);
  }
  /** @type {Record<symbol, unknown>} */ (globalThis)[EARLY] = early;
}

/**
 * The workers started by `startWorkersEarly` (once; later calls get none).
 * @returns {EarlyWorker[]}
 */
export function takeEarlyWorkers() {
  const g = /** @type {Record<symbol, unknown>} */ (globalThis);
  const early = /** @type {EarlyWorker[] | undefined} */ (g[EARLY]) ?? [];
  g[EARLY] = [];
  return early;
}
