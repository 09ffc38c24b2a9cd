/**
 * Worker thread for `sabaq validate --concurrency N` (see pool.ts): once it has the file list,
 * claims chunks from the shared counter until none are left, validating and formatting each.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerJob, WorkerMessage, WorkerSetup } from './pool.js';
import { chunkFiles, noTimes, validateChunk } from './validateCore.js';

const setup = workerData as WorkerSetup;
const counter = new Int32Array(setup.next);
const post = (m: WorkerMessage): void => parentPort?.postMessage(m);

parentPort?.once('message', (job: WorkerJob) => {
  const total = Math.ceil(job.files.length / job.chunkSize);
  const times = setup.timing ? noTimes() : undefined;
  for (;;) {
    const id = Atomics.add(counter, 0, 1);
    if (id >= total) break;
    post({
      type: 'chunk',
      id,
      output: validateChunk(chunkFiles(job.files, job.chunkSize, id), { ...setup, times }),
    });
  }
  post({ type: 'done', times: times ?? null });
});
post({ type: 'ready', at: performance.timeOrigin + performance.now() });
