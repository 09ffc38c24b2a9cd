/** Types of bundle.js (plain JavaScript so bin/sabaq.js can use it before any TS loader). */
import type { Worker } from 'node:worker_threads';

export interface Bundle {
  /** The CLI (src/cli/main.ts) as one ESM file. */
  readonly main: string;
  /** The validation worker (src/cli/validateWorker.ts) as one ESM file. */
  readonly worker: string;
}
export declare const CACHE_DIR: string;
/** The bundle built from the current sources, or null when there is none or an input changed. */
export declare function freshBundle(): Bundle | null;
/** The fresh bundle, built now when needed; null when esbuild is missing or the build fails. */
export declare function ensureBundle(): Promise<Bundle | null>;
/** N − 1 for `validate … --concurrency N`, otherwise 0 (a guess before commander runs). */
export declare function workersWanted(argv: readonly string[]): number;
export interface EarlyWorker {
  readonly worker: Worker;
  /** performance.timeOrigin + performance.now() when it was started. */
  readonly startedAt: number;
  /** When its 'ready' message came (same clock), null before. */
  readyAt: number | null;
  failure: Error | null;
  exited: boolean;
}
/** Starts the validation workers argv will want, before the CLI is loaded (not ref'd). */
export declare function startWorkersEarly(bundle: Bundle, argv: readonly string[]): Promise<void>;
/** The workers started early (once; later calls get none). */
export declare function takeEarlyWorkers(): EarlyWorker[];
