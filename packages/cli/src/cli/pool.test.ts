import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../test/harness.js';
import { fixturesDir } from '../test/paths.js';
import { freshBundle, ensureBundle, workersWanted } from './bundle.js';
import { t } from './i18n.js';
import { chunkSizeFor, startPool, WorkerFailure, type PoolOptions } from './pool.js';
import type * as PoolModule from './pool.js';
import {
  chunkFiles,
  jsonDocument,
  validateChunk,
  validateFile,
  type ReportFormat,
} from './validateCore.js';
import { displayPath, expandInputs } from './io.js';

const tmp = mkdtempSync(join(tmpdir(), 'sabaq-pool-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// The CLI tests below swap in a broken worker through this (vi.mock of startPool).
const broken = vi.hoisted(() => ({ url: undefined as URL | undefined }));
vi.mock('./pool.js', async (importOriginal) => {
  const actual = await importOriginal<typeof PoolModule>();
  return {
    ...actual,
    startPool: (o: PoolOptions) =>
      actual.startPool(broken.url === undefined ? o : { ...o, workerUrl: broken.url }),
  };
});

const valid = join(fixturesDir, 'drafts/valid');
const invalid = join(fixturesDir, 'drafts/invalid');
const jsonIn = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));

/**
 * 60 files: valid and invalid drafts, a file that is not JSON, and a directory named like a
 * draft (cannot be read: EISDIR), the broken ones in the middle of the list.
 */
function mixedFiles(): string[] {
  const dir = join(tmp, 'mixed');
  mkdirSync(dir, { recursive: true });
  const sources = [...jsonIn(valid), ...jsonIn(invalid)];
  const files: string[] = [];
  for (let i = 0; i < 58; i++) {
    const src = sources[i % sources.length] as string;
    const f = join(dir, `${String(i).padStart(3, '0')}.json`);
    copyFileSync(src, f);
    files.push(f);
  }
  const notJson = join(dir, 'broken.json');
  writeFileSync(notJson, '{"id": "x",\n  "title": oops\n}');
  const unreadable = join(dir, 'folder.json');
  mkdirSync(unreadable, { recursive: true });
  files.splice(29, 0, notJson, unreadable);
  return files;
}

/** What one thread prints for the files (the reference the pool must equal). */
function oneThread(files: readonly string[], format: ReportFormat, lang: 'kz' | 'ru' = 'ru') {
  return validateChunk(files, { lang, format, cwd: tmp });
}

describe('chunks', () => {
  it('chunk size: at most 64 files, at least 4 chunks per thread when there are enough', () => {
    expect(chunkSizeFor(10_000, 2)).toBe(64);
    expect(chunkSizeFor(60, 2)).toBe(8);
    expect(chunkSizeFor(13, 2)).toBe(2);
    expect(chunkSizeFor(2, 4)).toBe(1);
  });
  it('the chunks cover every file once, in order', () => {
    const files = Array.from({ length: 130 }, (_, i) => `f${i}`);
    const size = chunkSizeFor(files.length, 3);
    const total = Math.ceil(files.length / size);
    const again = Array.from({ length: total }, (_, id) => chunkFiles(files, size, id)).flat();
    expect(again).toEqual(files);
    expect(chunkFiles(files, size, total)).toEqual([]);
  });
});

describe('file list', () => {
  it('a folder is listed in localeCompare order (Kazakh and Russian letters, case, digits)', () => {
    const dir = join(tmp, 'order');
    mkdirSync(dir, { recursive: true });
    const names = ['б', 'Б', 'a', 'A', 'ä', '10', '9', '_x', 'ё', 'е', 'ә', 'Ә', 'ž', 'a-b', 'ab'];
    for (const n of names) writeFileSync(join(dir, `${n}.json`), '{}');
    const { files } = expandInputs([dir], tmp, (f) => f.endsWith('.json'));
    const expected = names.map((n) => `${n}.json`).sort((a, b) => a.localeCompare(b));
    expect(files.map((f) => f.slice(dir.length + 1))).toEqual(expected);
  });
});

describe('output assembled from chunks', () => {
  it('the --json document is byte-identical to JSON.stringify of the whole report', () => {
    const files = mixedFiles();
    const summary = { files: files.length, valid: 0, invalid: 0, error: 0, elapsedMs: 12 };
    const reports = files.map((f) => {
      const r = validateFile(f, 'kz');
      summary[r.status] += 1;
      return { ...r, file: displayPath(f, tmp) };
    });
    // The migrated fixture and the unreadable directory give the optional and 'error' shapes.
    expect(reports.some((r) => r.status === 'error')).toBe(true);
    const expected = `${JSON.stringify({ files: reports, summary }, null, 2)}\n`;
    const size = 7;
    const chunks = Array.from({ length: Math.ceil(files.length / size) }, (_, id) =>
      validateChunk(chunkFiles(files, size, id), { lang: 'kz', format: 'json', cwd: tmp }),
    );
    expect(jsonDocument(chunks, summary)).toBe(expected);
    const none = { files: 0, valid: 0, invalid: 0, error: 0, elapsedMs: 0 };
    expect(jsonDocument([], none)).toBe(
      `${JSON.stringify({ files: [], summary: none }, null, 2)}\n`,
    );
  });
  it('text: problem lines for stdout, read errors (kz/ru) for stderr', () => {
    const files = mixedFiles();
    const ru = oneThread(files, 'text');
    expect(ru.err).toBe(`mixed/folder.json: ${t('ru', 'err.read', { detail: 'EISDIR' })}\n`);
    expect(ru.out).toContain(`mixed/broken.json: —: ${t('ru', 'err.json', { detail: '' })}`);
    expect(ru.error).toBe(1);
    expect(ru.valid + ru.invalid + ru.error).toBe(files.length);
    const kz = oneThread(files, 'text', 'kz');
    expect(kz.err).toBe(`mixed/folder.json: ${t('kz', 'err.read', { detail: 'EISDIR' })}\n`);
  });
});

describe('the worker pool', () => {
  it.each<[ReportFormat, number]>([
    ['json', 2],
    ['text', 3],
  ])(
    '%s, %i threads: every chunk comes back in input order, broken files in the middle included',
    async (format, concurrency) => {
      const files = mixedFiles();
      const pool = startPool({ lang: 'ru', format, cwd: tmp, concurrency, timing: true });
      const progress: number[] = [];
      try {
        const chunks = await pool.run(files, (n) => progress.push(n));
        const one = oneThread(files, format);
        expect(chunks.length).toBe(
          Math.ceil(files.length / chunkSizeFor(files.length, concurrency)),
        );
        // Joined, they are exactly what one thread prints.
        const joined = chunks
          .map((c) => c.out)
          .filter((s) => s !== '')
          .join(format === 'json' ? ',\n' : '\n');
        expect(joined).toBe(one.out);
        expect(chunks.map((c) => c.err).join('')).toBe(one.err);
        expect(chunks.reduce((n, c) => n + c.valid + c.invalid + c.error, 0)).toBe(files.length);
        expect(progress.at(-1)).toBe(files.length);
        // Every thread's figures are there (timing), and together they saw every file once.
        const threads = pool.threads();
        expect(threads).toHaveLength(concurrency);
        expect(threads.reduce((n, th) => n + (th.times?.files ?? 0), 0)).toBe(files.length);
        expect(threads.reduce((n, th) => n + th.chunks, 0)).toBe(chunks.length);
      } finally {
        await pool.close();
      }
    },
    60_000,
  );

  const workerFile = (name: string, code: string): URL => {
    const f = join(tmp, name);
    writeFileSync(f, code);
    return pathToFileURL(f);
  };
  it('a worker that throws in the middle of a chunk fails the run with its reason (no hang)', async () => {
    const url = workerFile(
      'throws.mjs',
      `import { parentPort } from 'node:worker_threads';
       parentPort.once('message', (job) => {
         Atomics.add(new Int32Array(job.next), 0, 1); // claims a chunk, then dies in it
         throw new Error('boom in worker');
       });`,
    );
    const pool = startPool({
      lang: 'kz',
      format: 'json',
      cwd: tmp,
      concurrency: 2,
      timing: false,
      workerUrl: url,
    });
    try {
      // Enough files that the main thread is still busy when the worker dies.
      const files = Array.from({ length: 400 }, () => join(valid, 'sor-math-7-kz.json'));
      const failure = await pool
        .run(files, () => undefined)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(failure).toBeInstanceOf(WorkerFailure);
      expect((failure as Error).message).toBe('boom in worker');
    } finally {
      await pool.close();
    }
  }, 30_000);
  it('a worker that exits after claiming a chunk fails the run (exit code in the reason)', async () => {
    const url = workerFile(
      'exits.mjs',
      `import { parentPort } from 'node:worker_threads';
       parentPort.once('message', (job) => { Atomics.add(new Int32Array(job.next), 0, 1); process.exit(3); });`,
    );
    const pool = startPool({
      lang: 'kz',
      format: 'text',
      cwd: tmp,
      concurrency: 2,
      timing: false,
      workerUrl: url,
    });
    try {
      const files = Array.from({ length: 400 }, () => join(valid, 'sor-math-7-kz.json'));
      await expect(pool.run(files, () => undefined)).rejects.toThrow(
        'validation worker exited with code 3',
      );
    } finally {
      await pool.close();
    }
  }, 30_000);
});

describe('sabaq validate with a broken worker', () => {
  it('exits 2 with a kz/ru message and prints no report', async () => {
    broken.url = pathToFileURL(join(tmp, 'throws.mjs'));
    writeFileSync(
      join(tmp, 'throws.mjs'),
      `import { parentPort } from 'node:worker_threads';
       parentPort.once('message', (job) => {
         Atomics.add(new Int32Array(job.next), 0, 1); // claims a chunk, then dies in it
         throw new Error('boom in worker');
       });`,
    );
    try {
      const dir = join(tmp, 'many');
      mkdirSync(dir, { recursive: true });
      for (let i = 0; i < 300; i++)
        copyFileSync(join(valid, 'sor-math-7-kz.json'), join(dir, `${i}.json`));
      for (const lang of ['kz', 'ru'] as const) {
        const r = await runCli(['validate', dir, '--json', '--concurrency', '2', '--lang', lang], {
          cwd: tmp,
        });
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toBe(`${t(lang, 'err.worker', { detail: 'boom in worker' })}\n`);
      }
    } finally {
      broken.url = undefined;
    }
  }, 60_000);
  it('a healthy run through the same path still gives the one-thread output', async () => {
    const one = await runCli(['validate', 'fixtures/drafts', '--lang', 'ru']);
    const two = await runCli(['validate', 'fixtures/drafts', '--lang', 'ru', '--concurrency', '2']);
    expect(two).toEqual(one);
  }, 60_000);
});

describe('bundle and launcher', () => {
  it('how many workers the launcher starts early', () => {
    expect(workersWanted(['validate', 'd', '--concurrency', '2'])).toBe(1);
    expect(workersWanted(['--lang', 'ru', 'validate', '--concurrency=4', 'd'])).toBe(3);
    expect(workersWanted(['validate', 'd'])).toBe(0);
    expect(workersWanted(['validate', 'd', '--concurrency', 'x'])).toBe(0);
    expect(workersWanted(['stats', 'validate', '--concurrency', '2'])).toBe(0);
    expect(workersWanted(['validate', '--', '--concurrency', '2'])).toBe(0);
  });
  it('the bundle is reused while its sources are unchanged', async () => {
    const b = await ensureBundle();
    expect(b).not.toBeNull();
    expect(freshBundle()).toEqual(b);
    expect(b?.main).toMatch(/main\.mjs$/);
    expect(b?.worker).toMatch(/worker\.mjs$/);
  }, 60_000);
});
