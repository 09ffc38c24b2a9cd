/**
 * Parallel validation on worker threads. `--concurrency N` uses the main thread plus N−1
 * workers: the main thread starts validating at once while the workers boot, and chunks of files
 * go to whoever is free. Workers run a bundle of validateWorker.ts made with esbuild, because
 * booting a worker through tsx's loader costs more than validating thousands of files.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { CliLang } from './i18n.js';
import { validateFile, type FileReport } from './validateCore.js';

const WORKER_TS = fileURLToPath(new URL('./validateWorker.ts', import.meta.url));
const WORKER_BOOT = new URL('./validateWorker.boot.js', import.meta.url);

const CACHE_DIR = join(tmpdir(), 'sabaq-cli');
// One manifest per source tree: several checkouts on one machine share the temp dir, and one
// manifest for all of them made a checkout run another checkout's worker code whenever that
// tree's files were unchanged.
const MANIFEST = join(
  CACHE_DIR,
  `validate-worker-${createHash('sha256').update(WORKER_TS).digest('hex').slice(0, 16)}.manifest.json`,
);

interface Manifest {
  readonly bundle: string;
  /** Every source file in the bundle with its mtime and size when it was built. */
  readonly inputs: readonly (readonly [string, number, number])[];
}

/** The last bundle, when none of its sources changed since (a few dozen stat calls, no build). */
function cachedBundle(): URL | null {
  try {
    const m = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
    if (!existsSync(m.bundle)) return null;
    for (const [path, mtime, size] of m.inputs) {
      const st = statSync(path);
      if (st.mtimeMs !== mtime || st.size !== size) return null;
    }
    return pathToFileURL(m.bundle);
  } catch {
    return null;
  }
}

let bundleUrl: Promise<URL> | null = null;

/** The worker bundled to one ESM file in the temp dir, built once and reused across runs. */
function workerUrl(): Promise<URL> {
  bundleUrl ??= buildWorker();
  return bundleUrl;
}

async function buildWorker(): Promise<URL> {
  const cached = cachedBundle();
  if (cached !== null) return cached;
  try {
    const { build } = await import('esbuild');
    const result = await build({
      metafile: true,
      entryPoints: [WORKER_TS],
      absWorkingDir: process.cwd(),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      // CommonJS dependencies bundled into ESM need a `require`.
      banner: {
        js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
      },
    });
    const code = result.outputFiles[0]?.contents;
    if (code === undefined) return WORKER_BOOT;
    const file = join(
      CACHE_DIR,
      `validate-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`,
    );
    mkdirSync(CACHE_DIR, { recursive: true });
    const write = (path: string, data: string | Uint8Array): void => {
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, data);
      renameSync(tmp, path);
    };
    if (!existsSync(file)) write(file, code);
    const inputs = Object.keys(result.metafile.inputs).map((p) => {
      const abs = join(process.cwd(), p);
      const st = statSync(abs);
      return [abs, st.mtimeMs, st.size] as const;
    });
    write(MANIFEST, JSON.stringify({ bundle: file, inputs } satisfies Manifest));
    return pathToFileURL(file);
  } catch {
    // No esbuild: fall back to loading the TypeScript worker through tsx (slower start).
    return WORKER_BOOT;
  }
}

export async function validateInWorkers(
  files: readonly string[],
  lang: CliLang,
  concurrency: number,
  onProgress: (done: number) => void,
): Promise<FileReport[]> {
  const results: FileReport[][] = [];
  // Chunks small enough to balance the load, large enough that messaging is not the cost.
  const chunk = Math.max(1, Math.min(100, Math.ceil(files.length / (concurrency * 8))));
  const jobs: { id: number; files: readonly string[] }[] = [];
  for (let i = 0; i < files.length; i += chunk)
    jobs.push({ id: jobs.length, files: files.slice(i, i + chunk) });
  let next = 0;
  let done = 0;
  const finish = (id: number, reports: FileReport[]): void => {
    results[id] = reports;
    done += reports.length;
    onProgress(done);
  };
  const workers: Worker[] = [];
  const runWorker = async (): Promise<void> => {
    const url = await workerUrl();
    if (next >= jobs.length) return;
    const w = new Worker(url);
    workers.push(w);
    await new Promise<void>((resolve, reject) => {
      const send = (): void => {
        const job = jobs[next++];
        if (job === undefined) resolve();
        else w.postMessage({ ...job, lang });
      };
      w.on('message', (m: { id: number; reports: FileReport[] }) => {
        finish(m.id, m.reports);
        send();
      });
      w.on('error', reject);
      w.on('exit', (code) => {
        if (code !== 0) reject(new Error(`validation worker exited with code ${code}`));
      });
      send();
    });
  };
  const runMain = async (): Promise<void> => {
    for (;;) {
      const job = jobs[next++];
      if (job === undefined) return;
      finish(
        job.id,
        job.files.map((f) => validateFile(f, lang)),
      );
      // Let worker messages in between chunks.
      await yieldToLoop();
    }
  };
  try {
    await Promise.all([runMain(), ...Array.from({ length: concurrency - 1 }, runWorker)]);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results.flat();
}
