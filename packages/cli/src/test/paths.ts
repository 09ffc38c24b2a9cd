import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

/** The monorepo root, found from this file (packages/cli/src/test). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Shared real-world test material, beside the clone (never copied into the repo). */
export const externalDir = resolve(repoRoot, '../shared/testdata/external');
export const fixturesDir = resolve(repoRoot, 'fixtures');
