/**
 * Backups of a deployment: the database and every stored file, into one folder that `restore`
 * turns back into a working deployment (README "Run it in production", `sabaq-server backup`
 * and `restore`, ops/cli.ts).
 *
 * The folder:
 * - `database.pgdump` — PostgreSQL: `pg_dump --format=custom` (taken while the servers run: one
 *   consistent snapshot), restored with `pg_restore`; or `database.pglite.tar.gz` — PGlite: its
 *   own dump of the data folder (`dumpDataDir`), taken with the server stopped (the data
 *   folder's lock says so otherwise), without the uploaded files that live beside it;
 * - `files/<xx>/<key>` — the bytes of every stored file, from the data folder or S3, copied
 *   after the database so every file the dump names is there (unless deleted meanwhile);
 * - `manifest.json`, written last — a folder without it is not a backup: the format, when, the
 *   migrations the database had, and every file's size and sha256, checked before a restore.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { dumpPglite, hasPgliteDatabase, loadPglite, lockDataDir } from '../db/db';
import type { FileStorage } from '../files/storage';

export const BACKUP_FORMAT = 'sabaq-backup';
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: { kind: 'postgres' | 'pglite'; file: string; migrations: number[] };
  /** Every stored file: key, size, sha256 (hex). */
  files: Array<[string, number, string]>;
}

/** Where a deployment keeps its data (as the server reads its settings). */
export interface Deployment {
  /** PostgreSQL; unset = PGlite in `dataDir`. */
  databaseUrl?: string | null;
  /** PGlite's data folder (and the stored files' when there is no S3). */
  dataDir: string;
  storage: FileStorage;
  /** Folder of pg_dump / pg_restore (default: found on PATH). */
  pgBin?: string | null;
}

export type Say = (line: string) => void;

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.once('error', (e) =>
      reject(
        (e as { code?: string }).code === 'ENOENT'
          ? new Error(
              `${cmd} not found: install the PostgreSQL client (same major version as the server) or set SABAQ_PG_BIN`,
            )
          : e,
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

const tool = (d: Deployment, name: string) => (d.pgBin ? join(d.pgBin, name) : name);

// --- the PGlite dump without the files beside it --------------------------------------------------

/**
 * A tar archive (ustar, as PGlite writes it) without the entries `drop` names: the uploaded files
 * and the server's lock live in PGlite's data folder, so its dump carries them too.
 */
export function filterTar(tar: Buffer, drop: (name: string) => boolean): Buffer {
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break; // the end: two zero blocks
    const field = (from: number, len: number) =>
      header
        .subarray(from, from + len)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const span = 512 + Math.ceil(size / 512) * 512;
    if (!drop(name.replace(/^\/+/, ''))) kept.push(tar.subarray(at, at + span));
    at += span;
  }
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}

const notDatabase = (name: string) =>
  name === 'sabaq.pid' || name === 'files' || name.startsWith('files/');

// --- backup ------------------------------------------------------------------------------------------

async function migrationsOf(query: (sql: string) => Promise<Array<{ id: number }>>) {
  return (await query('SELECT id FROM schema_migrations ORDER BY id')).map((r) => Number(r.id));
}

/** Backs `from` up into the new folder `out`; returns the manifest. */
export async function backup(
  from: Deployment,
  out: string,
  say: Say = () => undefined,
): Promise<BackupManifest> {
  if (existsSync(out) && (await readdir(out)).length > 0)
    throw new Error(`${out} is not empty: a backup goes into a new folder`);
  // Built beside and renamed at the end: a folder named `out` is always a whole backup.
  const work = `${out}.partial-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(join(work, 'files'), { recursive: true });
  try {
    let database: BackupManifest['database'];
    if (from.databaseUrl) {
      const file = 'database.pgdump';
      say('database: pg_dump (PostgreSQL)…');
      await run(tool(from, 'pg_dump'), [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${join(work, file)}`,
        from.databaseUrl,
      ]);
      const client = new pg.Client({ connectionString: from.databaseUrl });
      await client.connect();
      try {
        database = {
          kind: 'postgres',
          file,
          migrations: await migrationsOf(
            async (sql) => (await client.query<{ id: number }>(sql)).rows,
          ),
        };
      } finally {
        await client.end();
      }
    } else {
      const file = 'database.pglite.tar.gz';
      say(`database: PGlite's dump of ${from.dataDir}…`);
      const dump = Buffer.from(await (await dumpPglite(from.dataDir)).arrayBuffer());
      const tar = filterTar(gunzipSync(dump), notDatabase);
      await writeFile(join(work, file), gzipSync(tar));
      database = { kind: 'pglite', file, migrations: await pgliteMigrations(join(work, file)) };
    }
    say('files…');
    const files: BackupManifest['files'] = [];
    for await (const key of from.storage.keys()) {
      const dir = join(work, 'files', key.slice(0, 2));
      await mkdir(dir, { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      await pipeline(
        await from.storage.read(key),
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        }),
        createWriteStream(join(dir, key)),
      );
      files.push([key, size, hash.digest('hex')]);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database,
      files,
    };
    await writeFile(join(work, 'manifest.json'), JSON.stringify(manifest, null, 1));
    await rm(out, { recursive: true, force: true });
    await rename(work, out);
    say(`backup in ${out}: ${database.kind} database, ${files.length} files`);
    return manifest;
  } catch (err) {
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}

/** The migrations recorded in a PGlite dump (opened in memory: the dump itself is not touched). */
async function pgliteMigrations(file: string): Promise<number[]> {
  const lite = await PGlite.create({ loadDataDir: new Blob([await readFile(file)]) });
  try {
    return await migrationsOf(async (sql) => (await lite.query<{ id: number }>(sql)).rows);
  } finally {
    await lite.close();
  }
}

// --- verify and restore ---------------------------------------------------------------------------

/** Reads a backup's manifest and checks every file against it; throws naming what is wrong. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) throw new Error(`${dir} has no manifest.json: not a whole Sabaq backup`);
  const manifest = JSON.parse(await readFile(path, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION)
    throw new Error(`${dir}: not a Sabaq backup of version ${BACKUP_VERSION}`);
  if (!existsSync(join(dir, manifest.database.file)))
    throw new Error(`${dir}: the database file ${manifest.database.file} is missing`);
  const bad: string[] = [];
  for (const [key, size, sha] of manifest.files) {
    const file = join(dir, 'files', key.slice(0, 2), key);
    if (!existsSync(file) || (await stat(file)).size !== size) {
      bad.push(key);
      continue;
    }
    const hash = createHash('sha256');
    await pipeline(createReadStream(file), hash);
    if (hash.digest('hex') !== sha) bad.push(key);
  }
  if (bad.length > 0)
    throw new Error(
      `${dir}: ${bad.length} stored files are missing or damaged: ${bad.slice(0, 5).join(', ')}`,
    );
  return manifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** stored_files rows whose bytes are not in the restored storage (deleted during the backup). */
  missing: string[];
}

/**
 * Restores the backup in `dir` into `to`: an empty PostgreSQL database (or, with `force`, one
 * whose tables are dropped first) or an empty PGlite data folder, and its file storage.
 */
export async function restore(
  dir: string,
  to: Deployment,
  opts: { force?: boolean } = {},
  say: Say = () => undefined,
): Promise<RestoreResult> {
  const manifest = await verifyBackup(dir);
  const dbFile = join(dir, manifest.database.file);
  if (manifest.database.kind === 'postgres') {
    if (!to.databaseUrl)
      throw new Error('this backup is of PostgreSQL: set DATABASE_URL to restore it');
    const client = new pg.Client({ connectionString: to.databaseUrl });
    await client.connect();
    try {
      const [row] = (
        await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema()`,
        )
      ).rows;
      if ((row?.n ?? 0) > 0 && !opts.force)
        throw new Error(
          'the target database is not empty: restore into an empty one, or pass --force to replace it',
        );
    } finally {
      await client.end();
    }
    say('database: pg_restore…');
    await run(tool(to, 'pg_restore'), [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      ...(opts.force ? ['--clean', '--if-exists'] : []),
      `--dbname=${to.databaseUrl}`,
      dbFile,
    ]);
  } else {
    if (to.databaseUrl)
      throw new Error(
        'this backup is of PGlite: unset DATABASE_URL and set DATA_DIR to an empty folder',
      );
    if (hasPgliteDatabase(to.dataDir))
      throw new Error(
        `${to.dataDir} already holds a database: restore a PGlite backup into an empty folder`,
      );
    say(`database: PGlite into ${to.dataDir}…`);
    await loadPglite(to.dataDir, new Blob([await readFile(dbFile)]));
  }
  say('files…');
  const mimes = await storedFileTypes(to);
  for (const [key] of manifest.files)
    await to.storage.put(
      key,
      createReadStream(join(dir, 'files', key.slice(0, 2), key)),
      mimes.get(key) ?? 'application/octet-stream',
    );
  const missing: string[] = [];
  for (const key of mimes.keys()) if ((await to.storage.size(key)) === null) missing.push(key);
  say(
    `restored ${manifest.database.kind} database and ${manifest.files.length} files${missing.length ? `; ${missing.length} files the database names are not in the backup` : ''}`,
  );
  return { manifest, missing };
}

/** id → mime of every stored file the restored database knows. */
async function storedFileTypes(to: Deployment): Promise<Map<string, string>> {
  const sql = 'SELECT id::text AS id, mime FROM stored_files';
  let rows: Array<{ id: string; mime: string }>;
  if (to.databaseUrl) {
    const client = new pg.Client({ connectionString: to.databaseUrl });
    await client.connect();
    try {
      rows = (await client.query<{ id: string; mime: string }>(sql)).rows;
    } finally {
      await client.end();
    }
  } else {
    const release = lockDataDir(to.dataDir);
    try {
      const lite = await PGlite.create(to.dataDir);
      try {
        rows = (await lite.query<{ id: string; mime: string }>(sql)).rows;
      } finally {
        await lite.close();
      }
    } finally {
      release();
    }
  }
  return new Map(rows.map((r) => [r.id, r.mime]));
}
