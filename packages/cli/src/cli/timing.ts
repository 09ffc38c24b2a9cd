/**
 * `SABAQ_TIMING=1`: after its normal output, `sabaq validate` writes one more stderr line,
 * `sabaq timing: {json}`, with where the wall time went (for the bench; normal output, --json
 * included, stays as it is). All figures are milliseconds.
 */
import type { ThreadTiming } from './pool.js';

export interface ValidateTiming {
  readonly threads: number;
  readonly files: number;
  /** From process start: node's own start-up, until bin/sabaq.js runs (null in-process). */
  readonly bootMs: number | null;
  /** Loading the CLI: the bundle (or tsx and the TypeScript sources) until main.ts runs. */
  readonly loadMs: number | null;
  /** Commander: parsing the arguments until the validate action starts. */
  readonly setupMs: number | null;
  /** Gathering the file list (workers are booting meanwhile). */
  readonly listMs: number;
  /** Reading, parsing, validating and formatting every file, on all threads. */
  readonly validateMs: number;
  /** Putting the output together and writing it. */
  readonly reportMs: number;
  /** From process start to the end of the report (the rest of the wall time is exit). */
  readonly endMs: number;
  /** CPU time of the whole process so far, every thread (user + system). */
  readonly cpuMs: number;
  readonly perThread: readonly ThreadTiming[];
}

const mark = (name: string): number | null => {
  const v = (globalThis as Record<symbol, unknown>)[Symbol.for(name)];
  return typeof v === 'number' ? v : null;
};

export const timingWanted = (env: Readonly<Record<string, string | undefined>>): boolean =>
  env['SABAQ_TIMING'] === '1';

const round = (x: number): number => Math.round(x * 10) / 10;

export function validateTiming(t: {
  threads: number;
  files: number;
  actionAt: number;
  listedAt: number;
  validatedAt: number;
  perThread: readonly ThreadTiming[];
}): ValidateTiming {
  const binAt = mark('sabaq.binAt');
  const mainAt = mark('sabaq.mainAt');
  const end = performance.now();
  const cpu = process.cpuUsage();
  return {
    threads: t.threads,
    files: t.files,
    bootMs: binAt === null ? null : round(binAt),
    loadMs: binAt === null || mainAt === null ? null : round(mainAt - binAt),
    setupMs: mainAt === null ? null : round(t.actionAt - mainAt),
    listMs: round(t.listedAt - t.actionAt),
    validateMs: round(t.validatedAt - t.listedAt),
    reportMs: round(end - t.validatedAt),
    endMs: round(end),
    cpuMs: round((cpu.user + cpu.system) / 1000),
    perThread: t.perThread.map((p) => ({
      ...p,
      readyMs: p.readyMs === null ? null : round(p.readyMs),
      times:
        p.times === null
          ? null
          : {
              files: p.times.files,
              read: round(p.times.read),
              json: round(p.times.json),
              schema: round(p.times.schema),
              rules: round(p.times.rules),
              format: round(p.times.format),
            },
    })),
  };
}
