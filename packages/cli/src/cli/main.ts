/** Process entry of `sabaq` (bin/sabaq.js loads this through tsx). */
import { processIo } from './io.js';
import { run } from './program.js';

// A reader that stops early (`sabaq log x.jsonl | head`) closes the pipe: stop quietly, as
// Unix tools do, instead of dying on EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

process.exitCode = await run(process.argv.slice(2), processIo());
