#!/usr/bin/env node
// Writes src/app/styles-kit.ts: the UI kit's component CSS for exactly the Mantine components the
// app and the editor import, and the components those use inside (a Select draws with Combobox,
// Input and Popover; a Modal with ModalBase and Overlay…). Mantine's full stylesheet is about
// 40 KB compressed, most of it for components we never render; this list is about a third.
//
// The list is derived, not hand-kept: from every `import {…} from '@mantine/core'` in the sources,
// through @mantine/core's own module graph, to each `X.module.mjs` reached, which maps to
// `styles/X.layer.css`. A test (styles-kit.test.ts) fails when the file is stale, so a screen that
// starts using a new component cannot ship without its CSS.
//
//   node apps/web/scripts/kit-styles.mjs          # rewrite the file
//   node apps/web/scripts/kit-styles.mjs --check  # exit 1 when it is stale
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [join(WEB, 'src'), resolve(WEB, '../../packages/editor/src')];
export const KIT_STYLES_FILE = join(WEB, 'src/app/styles-kit.ts');
/** Already in the entry (styles-base.ts): every page has them. */
const IN_BASE = new Set(['UnstyledButton', 'Loader', 'CloseButton', 'Notification']);

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** Names the sources import from each @mantine package (types included: they cost nothing). */
function importedNames() {
  const byPackage = new Map();
  for (const file of SOURCES.flatMap((dir) => sourceFiles(dir))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/([a-z]+)'/g,
    ))
      for (const name of namesOf(match[1])) {
        if (!byPackage.has(match[2])) byPackage.set(match[2], new Set());
        byPackage.get(match[2]).add(name);
      }
  }
  return byPackage;
}

function namesOf(list) {
  return list
    .split(',')
    .map(
      (part) =>
        part
          .replace(/^\s*type\s+/, '')
          .trim()
          .split(/\s+as\s+/)[0],
    )
    .filter(Boolean);
}

/** A @mantine package's ESM folder (its `exports` hide package.json and esm/, not styles.css). */
function esmRoot(pkg) {
  const require = createRequire(join(WEB, 'package.json'));
  return join(dirname(require.resolve(`@mantine/${pkg}/styles.css`)), 'esm');
}

/** Exported name → the module file that defines it, read from the package's index.mjs. */
function exportFiles(root) {
  const fileOf = new Map();
  const index = readFileSync(join(root, 'index.mjs'), 'utf8');
  for (const match of index.matchAll(/import\s+\{([^}]*)\}\s+from\s+"(\.\/[^"]+)"/g))
    for (const part of match[1].split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) fileOf.set(alias ?? name, join(root, match[2]));
    }
  return fileOf;
}

const RELATIVE_IMPORT = /(?:import|export)\s+(?:[^'"]*?from\s+)?"(\.{1,2}\/[^"]+)"/g;

/**
 * Walks a package's module graph from the given exports: CSS module names reached (`X.module.mjs`)
 * and the names its files import from @mantine/core (how dates and notifications draw).
 */
function walk(root, names) {
  const fileOf = exportFiles(root);
  const seen = new Set();
  const modules = new Set();
  const coreNames = new Set();
  const stack = [...names].map((name) => fileOf.get(name)).filter(Boolean);
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const moduleName = /([^/]+)\.module\.mjs$/.exec(file)?.[1];
    if (moduleName) modules.add(moduleName);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(RELATIVE_IMPORT))
      stack.push(resolve(dirname(file), match[1]));
    for (const match of text.matchAll(/import\s+\{([^}]*)\}\s+from\s+"@mantine\/core"/g))
      for (const name of namesOf(match[1])) coreNames.add(name);
  }
  return { modules, coreNames };
}

/** The @mantine/core CSS module names the app's kit imports reach, in a stable order. */
export function kitStyleNames() {
  const byPackage = importedNames();
  const coreRoots = new Set(byPackage.get('core') ?? []);
  // Packages that draw with the kit (dates, notifications); hooks has no components.
  for (const [pkg, names] of byPackage)
    if (pkg !== 'core' && pkg !== 'hooks')
      for (const name of walk(esmRoot(pkg), names).coreNames) coreRoots.add(name);
  const root = esmRoot('core');
  const styles = join(root, '../styles');
  const names = [...walk(root, coreRoots).modules]
    .filter((name) => !IN_BASE.has(name) && existsSync(join(styles, `${name}.layer.css`)))
    .sort();
  return inKitOrder(names, styles);
}

/**
 * The names in the order Mantine's own full sheet has them. All the kit's rules sit in one cascade
 * layer, so between two rules of equal weight the later wins: a Button carries both its own class
 * and UnstyledButton's (whose reset says background transparent, border 0, padding 0), so
 * UnstyledButton's sheet must come first, as it does in `styles.layer.css`. Alphabetical order put
 * it after Button and Tabs and every kit button and tab on a screen rendered as bare text.
 */
function inKitOrder(names, styles) {
  const full = readFileSync(join(styles, '../styles.layer.css'), 'utf8');
  const position = new Map(
    names.map((name) => {
      const firstClass = /\.(m_[0-9a-f]+)\b/.exec(
        readFileSync(join(styles, `${name}.layer.css`), 'utf8'),
      )?.[1];
      const at = firstClass ? full.indexOf(`.${firstClass}`) : -1;
      return [name, at < 0 ? Number.MAX_SAFE_INTEGER : at];
    }),
  );
  return [...names].sort((a, b) => position.get(a) - position.get(b) || a.localeCompare(b));
}

export function kitStylesSource() {
  const lines = kitStyleNames().map((name) => `import '@mantine/core/styles/${name}.layer.css';`);
  return [
    '// Generated by apps/web/scripts/kit-styles.mjs — do not edit; run it after using a new kit',
    '// component (styles-kit.test.ts says when). The CSS of the Mantine components the app imports',
    '// and of the components they draw with; the baseline and variables are in styles-base.ts.',
    ...lines,
    '',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const source = kitStylesSource();
  const current = existsSync(KIT_STYLES_FILE) ? readFileSync(KIT_STYLES_FILE, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (current !== source) {
      console.error(`${KIT_STYLES_FILE} is stale: run node apps/web/scripts/kit-styles.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(KIT_STYLES_FILE, source);
    console.log(`${kitStyleNames().length} component stylesheets → ${KIT_STYLES_FILE}`);
  }
}
