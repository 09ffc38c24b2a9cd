#!/usr/bin/env node
// `sabaq-server backup | restore | verify` (src/ops/cli.ts): from the server's bundle
// (scripts/bundle.mjs, rebuilt when a source changed), else from the TypeScript through tsx.
import { pathToFileURL } from 'node:url';
import { CLI_BUNDLE, ensureBundle } from '../scripts/bundle.mjs';

const bundle = process.env.SABAQ_BUNDLE === '0' ? null : await ensureBundle();
let cli;
if (bundle) cli = await import(pathToFileURL(CLI_BUNDLE).href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../src/ops/cli.ts');
}
process.exit(await cli.main(process.argv.slice(2)));
