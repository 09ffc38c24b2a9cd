// `npm start -w @sabaq/server`: the server from its bundle (scripts/bundle.mjs), rebuilt first
// when a source changed; without esbuild, when the sources do not bundle, or with
// SABAQ_BUNDLE=0, from the TypeScript through tsx as before.
import { pathToFileURL } from 'node:url';
import { ensureBundle } from './bundle.mjs';

const bundle = process.env.SABAQ_BUNDLE === '0' ? null : await ensureBundle();
if (bundle) {
  await import(pathToFileURL(bundle.path).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
