#!/usr/bin/env node
// Launcher. `sabaq` runs from an esbuild bundle of its TypeScript sources, cached in the temp dir
// and rebuilt when a source file changes (src/cli/bundle.js), so a run does not pay for
// compiling TypeScript through tsx. Without esbuild, when the sources do not build, or with
// SABAQ_BUNDLE=0, it runs the TypeScript entry through tsx's loader.
import module from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CACHE_DIR, ensureBundle, freshBundle, startWorkersEarly } from '../src/cli/bundle.js';

// Node 22+ keeps V8's compiled code of the bundle between runs (Node 20 has no such API; there a
// vm.Script code cache took loading the validator from ~31 to ~15 ms in a trial).
module.enableCompileCache?.(join(CACHE_DIR, 'v8'));

// When the process started running JavaScript, for `SABAQ_TIMING=1` (see src/cli/timing.ts).
globalThis[Symbol.for('sabaq.binAt')] = performance.now();

const bundle = process.env.SABAQ_BUNDLE === '0' ? null : (freshBundle() ?? (await ensureBundle()));
if (bundle !== null) {
  // `validate --concurrency N`: its workers boot while the CLI loads.
  await startWorkersEarly(bundle, process.argv.slice(2));
  await import(pathToFileURL(bundle.main).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
