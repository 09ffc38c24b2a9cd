/** Process entry of `sabaq` (bin/sabaq.js loads this through tsx). */
import { processIo } from './io.js';
import { run } from './program.js';

process.exitCode = await run(process.argv.slice(2), processIo());
