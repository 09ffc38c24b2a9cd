/**
 * Parallel validation on worker threads. `--concurrency N` validates on the main thread plus
 * N−1 workers:
 * - the workers are started before the file list is gathered (a worker needs tens of
 *   milliseconds to boot and load the validator): by the launcher before the CLI is even loaded
 *   (bin/sabaq.js, `startWorkersEarly`), which this pool adopts, or else here; they get the
 *   options and the list in one message;
 * - the files are cut into chunks that every thread claims from one shared counter
 *   (`Atomics.add` on a SharedArrayBuffer), so a free thread takes the next chunk at once,
 *   without waiting for the main thread to hand it out (work stealing in its simplest form);
 * - each thread reads, parses, validates and formats its files itself and sends back one
 *   string per chunk, which the main thread puts in input order.
 * A worker that fails, or exits before saying it is done, fails the whole run with its reason
 * (never a hang, never half a report).
 *
 * Workers run `worker.mjs` of the esbuild bundle (src/cli/bundle.js): beside the CLI bundle when
 * `sabaq` itself runs bundled, otherwise built on demand (or, without esbuild, the TypeScript
 * worker through tsx, which boots much slower).
 */
import { pathToFileURL } from 'node:url';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { ensureBundle, takeEarlyWorkers, type EarlyWorker } from './bundle.js';
import type { CliLang } from './i18n.js';
import {
  chunkFiles,
  noTimes,
  validateChunk,
  type ChunkOutput,
  type PhaseTimes,
  type ReportFormat,
} from './validateCore.js';

/** Set to `true` by esbuild in the bundled CLI (src/cli/bundle.js); undeclared in the sources. */
declare const SABAQ_BUNDLED: boolean | undefined;

const WORKER_BOOT = new URL('./validateWorker.boot.js', import.meta.url);

function defaultWorkerUrl(): URL | Promise<URL> {
  if (typeof SABAQ_BUNDLED !== 'undefined') return new URL('./worker.mjs', import.meta.url);
  return ensureBundle().then((b) => (b === null ? WORKER_BOOT : pathToFileURL(b.worker)));
}

/** Main thread → worker, once the list is known: everything it needs, in one message. */
export interface WorkerJob {
  readonly lang: CliLang;
  readonly format: ReportFormat;
  readonly cwd: string;
  /** One Int32: the index of the next chunk to claim, shared by every thread. */
  readonly next: SharedArrayBuffer;
  readonly timing: boolean;
  readonly files: readonly string[];
  readonly chunkSize: number;
}

/** Worker → main thread. */
export type WorkerMessage =
  | { readonly type: 'ready'; readonly at: number }
  | { readonly type: 'chunk'; readonly id: number; readonly output: ChunkOutput }
  | { readonly type: 'done'; readonly times: PhaseTimes | null };

/**
 * Files per chunk: small enough that the threads finish close together and the first chunks go
 * out while the workers still boot, large enough that one message per chunk costs nothing.
 */
export function chunkSizeFor(files: number, threads: number): number {
  return Math.max(1, Math.min(64, Math.ceil(files / (threads * 4))));
}

/** A validation worker stopped before the work was done. */
export class WorkerFailure extends Error {}

export interface ThreadTiming {
  /** 'main' or 'worker N'. */
  readonly thread: string;
  /** Worker: milliseconds from its start to its first message (booted, validator loaded). */
  readonly readyMs: number | null;
  readonly chunks: number;
  readonly times: PhaseTimes | null;
}

export interface PoolOptions {
  readonly lang: CliLang;
  readonly format: ReportFormat;
  readonly cwd: string;
  /** Threads in all, the main thread included (≥ 2). */
  readonly concurrency: number;
  readonly timing: boolean;
  /** The worker module (tests pass broken ones); the bundled worker by default. */
  readonly workerUrl?: URL;
}

export interface Pool {
  /** Validates the files; chunk outputs come back in input order. */
  run(files: readonly string[], onProgress: (done: number) => void): Promise<ChunkOutput[]>;
  /** Per-thread figures of the last run (with `timing`). */
  threads(): ThreadTiming[];
  /** Stops the workers (also after a failure; safe to call twice). */
  close(): Promise<void>;
}

interface Slot {
  worker: Worker | null;
  readyMs: number | null;
  chunks: number;
  times: PhaseTimes | null;
  failure: Error | null;
  exited: boolean;
  /** It said it is done (no chunk left to claim). */
  done: boolean;
}

/**
 * Starts the workers now and returns at once; `run` hands them the files when they are known.
 * Start it before gathering the file list so the workers boot meanwhile.
 */
export function startPool(o: PoolOptions): Pool {
  const next = new SharedArrayBuffer(4);
  const counter = new Int32Array(next);
  const slots: Slot[] = [];
  let closed = false;
  // Whoever is waiting for the run learns of a failure at once.
  let onFailure: (e: Error) => void = () => undefined;
  let onChunk: (slot: Slot, id: number, output: ChunkOutput) => void = () => undefined;
  let onDone: () => void = () => undefined;

  const fail = (slot: Slot, e: Error): void => {
    if (slot.failure !== null || closed) return;
    slot.failure = e instanceof WorkerFailure ? e : new WorkerFailure(e.message);
    onFailure(slot.failure);
  };
  // The job, once `run` has it; a worker created later gets it at once.
  let job: WorkerJob | null = null;
  const attach = (slot: Slot, w: Worker, startedAt: number): void => {
    slot.worker = w;
    if (job !== null) w.postMessage(job);
    w.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') slot.readyMs = m.at - startedAt;
      else if (m.type === 'chunk') onChunk(slot, m.id, m.output);
      else {
        slot.times = m.times;
        slot.done = true;
        onDone();
      }
    });
    w.on('error', (e) => fail(slot, e));
    w.on('messageerror', (e) => fail(slot, e));
    w.on('exit', (code) => {
      slot.exited = true;
      // Done, a worker has nothing left to wait for and may end by itself.
      if (!closed && !slot.done)
        fail(slot, new WorkerFailure(`validation worker exited with code ${code}`));
    });
  };
  const newSlot = (): Slot => {
    const slot: Slot = {
      worker: null,
      readyMs: null,
      chunks: 0,
      times: null,
      failure: null,
      exited: false,
      done: false,
    };
    slots.push(slot);
    return slot;
  };

  // Workers the launcher started before the CLI was loaded (bin/sabaq.js), when they run the
  // worker this pool would start; any beyond the number wanted are stopped.
  const early: EarlyWorker[] = takeEarlyWorkers();
  const adopt = o.workerUrl === undefined ? early.slice(0, o.concurrency - 1) : [];
  for (const e of early) if (!adopt.includes(e)) void e.worker.terminate();
  for (const e of adopt) {
    const slot = newSlot();
    attach(slot, e.worker, e.startedAt);
    e.worker.ref();
    if (e.readyAt !== null) slot.readyMs = e.readyAt - e.startedAt;
    if (e.failure !== null) fail(slot, e.failure);
    else if (e.exited) fail(slot, new WorkerFailure('validation worker exited'));
  }

  const url = o.workerUrl ?? defaultWorkerUrl();
  for (let i = adopt.length; i < o.concurrency - 1; i++) {
    const slot = newSlot();
    const start = (u: URL): void => {
      if (!closed) attach(slot, new Worker(u), performance.timeOrigin + performance.now());
    };
    if (url instanceof URL) start(url);
    else url.then(start, (e: unknown) => fail(slot, e instanceof Error ? e : new Error(String(e))));
  }

  let mainChunks = 0;
  let mainTimes: PhaseTimes | null = null;

  return {
    async run(files, onProgress) {
      const chunkSize = chunkSizeFor(files.length, o.concurrency);
      const total = Math.ceil(files.length / chunkSize);
      const outputs: ChunkOutput[] = new Array<ChunkOutput>(total);
      let received = 0;
      let filesDone = 0;
      let workersDone = 0;
      let failure: Error | null = slots.find((s) => s.failure !== null)?.failure ?? null;
      let wake: () => void = () => undefined;
      const take = (id: number, output: ChunkOutput): void => {
        outputs[id] = output;
        received += 1;
        filesDone += output.valid + output.invalid + output.error;
        onProgress(filesDone);
      };
      onChunk = (slot, id, output) => {
        slot.chunks += 1;
        take(id, output);
        wake();
      };
      onFailure = (e) => {
        failure ??= e;
        wake();
      };
      onDone = () => {
        workersDone += 1;
        wake();
      };
      job = {
        lang: o.lang,
        format: o.format,
        cwd: o.cwd,
        next,
        timing: o.timing,
        files,
        chunkSize,
      };
      // Workers not created yet (the bundle is still being built) get it when they are.
      for (const s of slots) s.worker?.postMessage(job);
      const times = o.timing ? noTimes() : undefined;
      // The main thread validates too, letting worker messages in between its chunks.
      for (;;) {
        if (failure !== null) throw failure;
        const id = Atomics.add(counter, 0, 1);
        if (id >= total) break;
        mainChunks += 1;
        take(id, validateChunk(chunkFiles(files, chunkSize, id), { ...o, times }));
        await yieldToLoop();
      }
      mainTimes = times ?? null;
      // Then waits for the chunks still out, and for every worker to say it is done: a worker
      // that cannot start or dies fails the run even when the others did all the work, so a
      // broken worker never goes unnoticed (nor leaves a hang: its failure wakes this loop).
      const want = (): boolean => received < total || workersDone < slots.length;
      while (failure === null && want())
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      if (failure !== null) throw failure;
      return outputs;
    },
    threads() {
      return [
        { thread: 'main', readyMs: null, chunks: mainChunks, times: mainTimes },
        ...slots.map((s, i) => ({
          thread: `worker ${i + 1}`,
          readyMs: s.readyMs,
          chunks: s.chunks,
          times: s.times,
        })),
      ];
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker?.terminate()));
    },
  };
}
