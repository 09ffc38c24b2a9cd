/**
 * Worker thread for `sabaq validate --concurrency N` (see pool.ts). Says when it is ready; once
 * it has the job (options and file list), claims chunks from the shared counter until none are
 * left, validating and formatting each.
 */
import { parentPort } from 'node:worker_threads';
import type { WorkerJob, WorkerMessage } from './pool.js';
import { chunkFiles, noTimes, validateChunk } from './validateCore.js';

const post = (m: WorkerMessage): void => parentPort?.postMessage(m);

parentPort?.once('message', (job: WorkerJob) => {
  const counter = new Int32Array(job.next);
  const total = Math.ceil(job.files.length / job.chunkSize);
  const times = job.timing ? noTimes() : undefined;
  for (;;) {
    const id = Atomics.add(counter, 0, 1);
    if (id >= total) break;
    post({
      type: 'chunk',
      id,
      output: validateChunk(chunkFiles(job.files, job.chunkSize, id), { ...job, times }),
    });
  }
  post({ type: 'done', times: times ?? null });
});
post({ type: 'ready', at: performance.timeOrigin + performance.now() });
