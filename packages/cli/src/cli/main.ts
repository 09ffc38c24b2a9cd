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

// All output is out (writes to files, pipes and terminals are synchronous on Linux, and nothing
// is left queued): exit now rather than wait for node to tear down a heap that a large
// validation filled, which costs 10–15 ms. Anything still queued is left to a normal exit.
if (process.stdout.writableLength === 0 && process.stderr.writableLength === 0) process.exit();
