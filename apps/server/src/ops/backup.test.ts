import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { RunningServer } from '../server';
import { setUpFiles } from '../files/storage-config';
import { call, fingerprint, login, startTestServer } from '../test/harness';
import { postgresBin, postgresMissing, startPostgres, type LocalPostgres } from '../test/services';
import { backup, restore, verifyBackup, type Deployment } from './backup';
import { main } from './cli';

/**
 * Restore drills: a deployment with its demo data, a draft and an uploaded file is backed up
 * (`sabaq-server backup`), restored into an empty database and storage, and a server started on
 * the copy serves the same data: every table's rows hash the same, the demo teacher signs in,
 * the draft opens, the file downloads with the same bytes. PGlite (server stopped, as the command
 * requires) and PostgreSQL (backed up while the server runs, on a PostgreSQL this test owns).
 */
const P = '/api/v2/os';

/** A draft and an uploaded file, so the copy has more than the seed to prove. */
async function addData(server: RunningServer): Promise<{ draftId: string; fileUrl: string }> {
  const methodist = (await login(server, 'methodist')).access_token;
  const draft = await call(server, 'POST', `${P}/drafts`, {
    token: methodist,
    body: { init: { type: 'lesson', title: 'Сақтық көшірме', lang: 'kz' } },
  });
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('резервная копия\n')]), 'көшірме.txt');
  const up = await fetch(`${server.url}${P}/files`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${methodist}`, accept: 'application/json' },
  });
  const body = (await up.json()) as { data: { url: string } };
  return { draftId: draft.body.data.draft.id as string, fileUrl: body.data.url };
}

/** What a server on the copy must show: the draft and the file's bytes. */
async function served(server: RunningServer, data: { draftId: string; fileUrl: string }) {
  const methodist = (await login(server, 'methodist')).access_token;
  const draft = await call(server, 'GET', `${P}/drafts/${data.draftId}`, { token: methodist });
  const file = await fetch(`${server.url}${data.fileUrl}`);
  return { title: draft.body?.data?.draft?.title as string, bytes: await file.text() };
}

describe('restore drill on PGlite', () => {
  const dirs: string[] = [];
  const temp = (name: string) => {
    const d = mkdtempSync(join(tmpdir(), `sabaq-${name}-`));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('a copy restored from `sabaq-server backup` serves the same data', async () => {
    const from = temp('from');
    const source = await startTestServer('pglite', { dataDir: from });
    const data = await addData(source);
    const expected = await served(source, data);
    const before = await fingerprint(source);
    await source.close();

    const out = join(temp('backup'), 'b1');
    // The operator's command, as `DATA_DIR=… sabaq-server backup --out …` runs it.
    // A PGlite deployment's environment: the suite's own DATABASE_URL (set when the server tests
    // also run on PostgreSQL) must not point the command at another database.
    const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
    process.env.DATA_DIR = from;
    delete process.env.DATABASE_URL;
    try {
      const said: string[] = [];
      expect(await main(['backup', '--out', out], (line) => said.push(line))).toBe(0);
      expect(said.at(-1)).toMatch(/^backup in .*: pglite database, \d+ files$/);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const manifest = await verifyBackup(out);
    expect(manifest.database.kind).toBe('pglite');
    expect(manifest.files.length).toBeGreaterThan(1);

    const to = temp('to');
    const files = setUpFiles(to, null);
    const { missing } = await restore(out, { dataDir: to, storage: files.storage });
    expect(missing).toEqual([]);
    const copy = await startTestServer('pglite', { dataDir: to });
    try {
      expect(await fingerprint(copy)).toBe(before);
      expect(await served(copy, data)).toEqual(expected);
    } finally {
      await copy.close();
    }
  });

  it('refuses what would lose or corrupt data', async () => {
    // A data folder some other live process holds (its pid in the lock) is not dumped under it.
    const held = temp('held');
    writeFileSync(join(held, 'sabaq.pid'), String(process.ppid));
    const d: Deployment = { dataDir: held, storage: setUpFiles(held, null).storage };
    await expect(backup(d, join(temp('x'), 'b'))).rejects.toThrow(/in use by process/);
    // A backup goes into a new folder; a restore needs a whole backup.
    const full = temp('full');
    writeFileSync(join(full, 'something'), 'x');
    await expect(backup(d, full)).rejects.toThrow(/not empty/);
    await expect(verifyBackup(temp('empty'))).rejects.toThrow(/no manifest/);
  });
});

const missing = postgresMissing();

describe.skipIf(missing !== null)(
  `restore drill on PostgreSQL${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let pgs: LocalPostgres;
    const dirs: string[] = [];
    beforeAll(async () => {
      pgs = await startPostgres();
      const admin = new pg.Client({ connectionString: pgs.url });
      await admin.connect();
      await admin.query('CREATE DATABASE live');
      await admin.query('CREATE DATABASE copy');
      await admin.end();
    });
    afterAll(async () => {
      await pgs?.dispose();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    it('a backup taken while the server runs restores into an empty database that serves the same data', async () => {
      const url = (db: string) => pgs.url.replace(/\/postgres$/, `/${db}`);
      const liveFiles = mkdtempSync(join(tmpdir(), 'sabaq-live-'));
      const copyFiles = mkdtempSync(join(tmpdir(), 'sabaq-copy-'));
      dirs.push(liveFiles, copyFiles);
      const live = await startTestServer('postgres', {
        databaseUrl: url('live'),
        databaseSchema: undefined,
        dataDir: liveFiles,
      });
      let expectedHash: string;
      let expected: { title: string; bytes: string };
      let data: { draftId: string; fileUrl: string };
      const out = join(copyFiles, '..', `backup-${process.pid}`);
      dirs.push(out);
      try {
        data = await addData(live);
        expected = await served(live, data);
        expectedHash = await fingerprint(live);
        const from: Deployment = {
          databaseUrl: url('live'),
          dataDir: liveFiles,
          storage: live.files.storage,
          pgBin: postgresBin(),
        };
        const manifest = await backup(from, out);
        expect(manifest.database.kind).toBe('postgres');
        // Nothing was written meanwhile: the hash still holds on the running server.
        expect(await fingerprint(live)).toBe(expectedHash);
      } finally {
        await live.close();
      }

      const to: Deployment = {
        databaseUrl: url('copy'),
        dataDir: copyFiles,
        storage: setUpFiles(copyFiles, null).storage,
        pgBin: postgresBin(),
      };
      expect((await restore(out, to)).missing).toEqual([]);
      // A second restore into the now full database is refused without --force.
      await expect(restore(out, to)).rejects.toThrow(/not empty/);
      const copy = await startTestServer('postgres', {
        databaseUrl: url('copy'),
        databaseSchema: undefined,
        dataDir: copyFiles,
      });
      try {
        expect(await fingerprint(copy)).toBe(expectedHash);
        expect(await served(copy, data)).toEqual(expected);
      } finally {
        await copy.close();
      }
    });
  },
);
