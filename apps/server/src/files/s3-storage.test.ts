import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { randomUUID } from 'node:crypto';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { login, startTestServer } from '../test/harness';
import { S3Storage } from './s3-storage';
import type { S3Config } from './s3-storage';

/**
 * The S3 adapter against a local S3-compatible server: s3rver (from the npm registry), run in
 * this process on a loopback port with its files in a temporary folder. The same adapter talks
 * to AWS S3, MinIO or any other S3-compatible storage through SABAQ_S3_*.
 */
describe('S3 storage (s3rver)', () => {
  let s3: S3rver;
  let folder: string;
  let config: S3Config;
  let server: RunningServer;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'sabaq-s3rver-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: folder,
      configureBuckets: [{ name: 'sabaq-files', configs: [] }],
    });
    const { port } = await s3.run();
    config = {
      bucket: 'sabaq-files',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      prefix: 'test/',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };
    server = await startTestServer('pglite', { s3: config });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await s3?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('puts a stream, reads it whole and by range, knows its size, removes it', async () => {
    const storage = new S3Storage(config);
    const key = randomUUID();
    const body = Buffer.from('Сабақ: 0123456789');
    await storage.put(key, Readable.from([body]), 'text/plain');
    expect(await storage.size(key)).toBe(body.length);
    expect(await text(await storage.read(key))).toBe(body.toString());
    const range = await storage.read(key, { start: body.length - 4, end: body.length - 1 });
    expect(await text(range)).toBe('6789');
    await storage.remove(key);
    expect(await storage.size(key)).toBeNull();
  });

  it('streams a file larger than one multipart part (lib-storage Upload)', async () => {
    const storage = new S3Storage(config);
    const key = randomUUID();
    const part = Buffer.alloc(1024 * 1024, 0x41);
    const chunks = Array.from({ length: 9 }, () => part); // 9 MiB: two parts of 8 MiB
    await storage.put(key, Readable.from(chunks), 'application/octet-stream');
    expect(await storage.size(key)).toBe(9 * 1024 * 1024);
    const tail = await storage.read(key, { start: 9 * 1024 * 1024 - 3, end: 9 * 1024 * 1024 - 1 });
    expect(await text(tail)).toBe('AAA');
    await storage.remove(key);
  });

  it('serves uploads of the platform from S3 with Range', async () => {
    const token = (await login(server, 'methodist')).access_token;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('abcdefghij')]), 'әріптер.txt');
    const up = await fetch(`${server.url}/api/v2/os/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(up.status).toBe(201);
    const { url } = ((await up.json()) as { data: { url: string } }).data;
    const part = await fetch(`${server.url}${url}`, { headers: { range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('cde');
    expect(server.files.storage.kind).toBe('s3');
  });
});
