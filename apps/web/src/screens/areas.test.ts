// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Screens own their area (DESIGN.md, "Growing the platform"): a file under screens/<area>/ imports
 * another area only through screens/shared/ or that area's index.ts, never its internals.
 */
const screens = fileURLToPath(new URL('.', import.meta.url));

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

const areaOf = (file: string): string | null => {
  const parts = relative(screens, file).split(sep);
  return parts.length > 1 ? parts[0]! : null;
};

describe('screen areas', () => {
  it('import one another only through shared/ or an index.ts', () => {
    const crossings: string[] = [];
    for (const file of sources(screens)) {
      const from = areaOf(file);
      if (from === null) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
        const target = resolve(file, '..', m[1]!);
        if (!target.startsWith(screens)) continue;
        const to = areaOf(`${target}.ts`);
        if (to === null || to === from || to === 'shared') continue;
        if (relative(screens, target).split(sep).length === 1) continue; // the area's index
        crossings.push(`${relative(screens, file)} → ${m[1]}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
