/** A small worker-thread pool for validation: chunks of files go to whichever worker is free. */
import { Worker } from 'node:worker_threads';
import type { CliLang } from './i18n.js';
import type { FileReport } from './validateCore.js';

const WORKER_URL = new URL('./validateWorker.ts', import.meta.url);

/**
 * Packages run from TypeScript source, so workers load tsx's loader themselves (a worker does
 * not inherit a loader registered in-process, e.g. under vitest).
 */
function spawn(): Worker {
  return new Worker(WORKER_URL, { execArgv: ['--import', 'tsx'] });
}

export async function validateInWorkers(
  files: readonly string[],
  lang: CliLang,
  concurrency: number,
  onProgress: (done: number) => void,
): Promise<FileReport[]> {
  const results: FileReport[][] = [];
  // Chunks small enough to balance the load, large enough that messaging is not the cost.
  const chunk = Math.max(1, Math.min(200, Math.ceil(files.length / (concurrency * 8))));
  const jobs: { id: number; files: readonly string[] }[] = [];
  for (let i = 0; i < files.length; i += chunk)
    jobs.push({ id: jobs.length, files: files.slice(i, i + chunk) });
  let next = 0;
  let done = 0;
  const workers = Array.from({ length: Math.min(concurrency, Math.max(1, jobs.length)) }, spawn);
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const send = (): void => {
              const job = jobs[next++];
              if (job === undefined) resolve();
              else w.postMessage({ ...job, lang });
            };
            w.on('message', (m: { id: number; reports: FileReport[] }) => {
              results[m.id] = m.reports;
              done += m.reports.length;
              onProgress(done);
              send();
            });
            w.on('error', reject);
            w.on('exit', (code) => {
              if (code !== 0) reject(new Error(`validation worker exited with code ${code}`));
            });
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results.flat();
}
