/**
 * `sabaq-server`: the operator's command (bin/sabaq-server.mjs). `backup` and `restore` work on
 * the deployment the environment describes, as the server reads it: DATABASE_URL (PostgreSQL) or
 * DATA_DIR (PGlite, default the repository's `.data/`), the stored files in SABAQ_S3_* or
 * DATA_DIR/files, SABAQ_PG_BIN for pg_dump/pg_restore. Exit 0 done, 1 failed, 2 usage.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { s3ConfigFromEnv, setUpFiles } from '../files/storage-config';
import { backup, restore, verifyBackup, type Deployment } from './backup';

function deployment(
  env: NodeJS.ProcessEnv = process.env,
): Deployment & { dispose(): Promise<void> } {
  const dataDir = env.DATA_DIR ?? resolve(fileURLToPath(import.meta.url), '../../../../../.data');
  const files = setUpFiles(dataDir, s3ConfigFromEnv(env));
  return {
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    storage: files.storage,
    pgBin: env.SABAQ_PG_BIN || null,
    dispose: () => files.dispose(),
  };
}

export function program(say: (line: string) => void = (line) => console.log(line)): Command {
  const p = new Command('sabaq-server')
    .description('Sabaq server operations: backups and restores of a deployment')
    .exitOverride();
  p.command('backup')
    .description(
      'back up the database and every stored file into a new folder (PostgreSQL: while running; PGlite: stop the server first)',
    )
    .requiredOption('--out <dir>', 'the new folder to write')
    .action(async (o: { out: string }) => {
      const d = deployment();
      try {
        await backup(d, resolve(o.out), say);
      } finally {
        await d.dispose();
      }
    });
  p.command('restore')
    .description('restore a backup into an empty database (or --force) and the file storage')
    .requiredOption('--from <dir>', 'the backup folder')
    .option('--force', 'PostgreSQL: drop what the target database holds first')
    .action(async (o: { from: string; force?: boolean }) => {
      const d = deployment();
      try {
        const { missing } = await restore(resolve(o.from), d, { force: o.force ?? false }, say);
        if (missing.length > 0) process.exitCode = 1;
      } finally {
        await d.dispose();
      }
    });
  p.command('verify')
    .description("check a backup folder: its manifest, the database file, every file's sha256")
    .requiredOption('--from <dir>', 'the backup folder')
    .action(async (o: { from: string }) => {
      const m = await verifyBackup(resolve(o.from));
      say(
        `backup of ${m.createdAt}: ${m.database.kind} database (${m.database.migrations.length} migrations), ${m.files.length} files — all whole`,
      );
    });
  return p;
}

/** Runs the command line; `say` gets what it reports (stdout by default). */
export async function main(
  argv: string[],
  say: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  try {
    await program(say).parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    console.error(`sabaq-server: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
