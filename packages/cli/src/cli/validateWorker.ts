/** Worker thread for `sabaq validate --concurrency N`: validates the files it is sent. */
import { parentPort } from 'node:worker_threads';
import { validateFile } from './validateCore.js';
import type { CliLang } from './i18n.js';

interface Job {
  readonly id: number;
  readonly files: readonly string[];
  readonly lang: CliLang;
}

parentPort?.on('message', (job: Job) => {
  parentPort?.postMessage({ id: job.id, reports: job.files.map((f) => validateFile(f, job.lang)) });
});
