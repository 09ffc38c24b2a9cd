/** Types of bundle.js (plain JavaScript so bin/sabaq.js can use it before any TS loader). */
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
