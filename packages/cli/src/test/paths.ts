import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

/** The monorepo root, found from this file (packages/cli/src/test). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Shared real-world test material, beside the clone (never copied into the repo). */
export const externalDir = resolve(repoRoot, '../shared/testdata/external');
export const fixturesDir = resolve(repoRoot, 'fixtures');

/**
 * Whether the external corpus `sub` (e.g. `gift`) sits beside this clone. A clone with nothing
 * beside it still passes: tests over the corpus skip, and `externalTitle` says so in their name;
 * the project's own fixtures cover the same rules.
 */
export function hasExternal(sub: string): boolean {
  return existsSync(resolve(externalDir, sub));
}

/** A describe title that says plainly when the corpus is absent and the block is skipped. */
export function externalTitle(title: string, sub: string): string {
  return hasExternal(sub)
    ? title
    : `${title} — skipped: ../shared/testdata/external/${sub} is not beside this clone`;
}
