import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dumpPglite, openDb } from './db';
import { migrate } from './migrations';

/**
 * A migrated, demo-seeded PGlite database made once and loaded by every throw-away server after
 * (test servers, browser-test servers). Migrating and seeding take 7–8 s of a cold start on a
 * busy 2-core machine, and the suite starts a server in about 150 files; loading the dump skips
 * both. The dump is keyed by the source it was made from (the server's and the platform
 * package's files), PGlite's version and the hour (the seed places lessons, windows and
 * subscriptions relative to now), so a change to a migration or a seed step makes a new one.
 * Several test workers asking at once: one makes it under a lock, the others wait for the file.
 * `SABAQ_PREPARED_DB=0` turns it off (every server migrates and seeds as `npm start` does).
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const SERVER_SRC = resolve(HERE, '..');
const PLATFORM_SRC = resolve(HERE, '../../../../packages/platform/src');
const CACHE = resolve(HERE, '../../../../node_modules/.cache/sabaq-prepared-db');
const LOCK_STALE_MS = 5 * 60_000;
const WAIT_MS = 5 * 60_000;

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|sql|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

let sourcesHash: string | null = null;

/** What the dump depends on: the sources that migrate and seed, PGlite, and the hour. */
function dumpKey(): string {
  // The sources are read once per process (a test file starts several servers); the hour each time.
  sourcesHash ??= hashSources();
  return createHash('sha256')
    .update(sourcesHash)
    .update(new Date().toISOString().slice(0, 13))
    .digest('hex')
    .slice(0, 24);
}

function hashSources(): string {
  const hash = createHash('sha256');
  for (const file of [...sourceFiles(SERVER_SRC), ...sourceFiles(PLATFORM_SRC)].sort()) {
    hash.update(file);
    hash.update(readFileSync(file));
  }
  try {
    const pglite = resolve(HERE, '../../../../node_modules/@electric-sql/pglite/package.json');
    hash.update(readFileSync(pglite));
  } catch {
    // A hoisting we do not know: the sources and the hour still key it.
  }
  return hash.digest('hex');
}

async function makeDump(file: string): Promise<void> {
  // Imported here: server.ts imports every domain, and this module is imported by it.
  const { MIGRATIONS, DEMO_SEED } = await import('../server');
  const { seedDemo } = await import('../demo-seed');
  const dir = mkdtempSync(join(tmpdir(), 'sabaq-prepared-'));
  try {
    const db = await openDb({ dataDir: dir });
    try {
      await migrate(db, MIGRATIONS);
      await seedDemo(db, DEMO_SEED);
    } finally {
      await db.close();
    }
    const dump = await dumpPglite(dir);
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) {
        rmSync(lock, { recursive: true, force: true });
        mkdirSync(lock);
        return true;
      }
    } catch {
      // Another worker took it first.
    }
    return false;
  }
}

/**
 * The prepared demo database as a PGlite dump (`loadDataDir`), or null when it is turned off or
 * could not be made (the caller then migrates and seeds as usual).
 */
export async function preparedDemoDump(): Promise<Blob | null> {
  if (process.env.SABAQ_PREPARED_DB === '0') return null;
  mkdirSync(CACHE, { recursive: true });
  const key = dumpKey();
  const file = join(CACHE, `${key}.tgz`);
  const lock = join(CACHE, `${key}.lock`);
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(file)) {
    if (takeLock(lock)) {
      try {
        if (!existsSync(file)) {
          // Older dumps are of other sources or hours: never read again.
          for (const old of readdirSync(CACHE))
            if (old.endsWith('.tgz')) rmSync(join(CACHE, old), { force: true });
          await makeDump(file);
        }
      } catch (err) {
        process.emitWarning(`prepared demo database not made: ${String(err)}`);
        return null;
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return null; // removed by a worker of the next hour between the check and the read
  }
}
