/** Process entry of `sabaq` (bin/sabaq.js loads its bundle, or this file through tsx). */
import { processIo } from './io.js';
import { run } from './program.js';

// Every module is loaded by now: for `SABAQ_TIMING=1` (timing.ts).
(globalThis as Record<symbol, unknown>)[Symbol.for('sabaq.mainAt')] = performance.now();

// A reader that stops early (`sabaq log x.jsonl | head`) closes the pipe: stop quietly, as
// Unix tools do, instead of dying on EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

process.exitCode = await run(process.argv.slice(2), processIo());
