import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, login, startTestServer } from '../test/harness';
import { MAX_FILE_BYTES, fileLabel } from './files';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(
  server: RunningServer,
  token: string | null,
  file: { name: string; bytes: Buffer | Uint8Array; type?: string } | null,
  locale: 'kz' | 'ru' = 'kz',
) {
  const form = new FormData();
  if (file)
    form.append(
      'file',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  else form.append('note', 'no file');
  const headers: Record<string, string> = { accept: 'application/json', 'x-localization': locale };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/api/v2/os/files`, { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe.each(BACKENDS)('files on %s', (backend) => {
  let server: RunningServer;
  let methodist: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    methodist = (await login(server, 'methodist')).access_token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('stores a picture and serves it back by its random name, inline and not sniffable', async () => {
    const up = await upload(server, methodist, {
      name: 'C:\\Users\\me\\Сурет 1.PNG',
      bytes: PNG,
      type: 'image/png',
    });
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({
      label: 'Сурет 1.PNG',
      mime: 'image/png',
      size: PNG.length,
    });
    expect(up.body.data.name).toMatch(/^[0-9a-f-]{36}\.png$/);
    const res = await fetch(`${server.url}/api/v2/os/files/${up.body.data.name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename\*=UTF-8''/);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('makes office documents and text downloads, not pages', async () => {
    const up = await upload(server, methodist, {
      name: 'тапсырма.txt',
      bytes: Buffer.from('Сәлем, әлем!\n'),
    });
    expect(up.status).toBe(201);
    const res = await fetch(`${server.url}/api/v2/os/files/${up.body.data.name}`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await res.text()).toBe('Сәлем, әлем!\n');
  });

  it('refuses types that are not allowed, in the person’s language', async () => {
    const kz = await upload(server, methodist, {
      name: 'бет.html',
      bytes: Buffer.from('<script>alert(1)</script>'),
    });
    expect(kz.status).toBe(422);
    expect(kz.body.errors.file[0]).toMatch(/^Бұл файл түріне рұқсат жоқ/);
    const ru = await upload(
      server,
      methodist,
      { name: 'x.svg', bytes: Buffer.from('<svg/>') },
      'ru',
    );
    expect(ru.status).toBe(422);
    expect(ru.body.errors.file[0]).toMatch(/^Этот тип файла не разрешён/);
  });

  it('refuses content that does not match its extension (HTML posing as a picture)', async () => {
    const res = await upload(server, methodist, {
      name: 'сурет.png',
      bytes: Buffer.from('<html><script>x</script></html>'),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toBe('Файлдың мазмұны оның түріне сәйкес келмейді.');
  });

  it('refuses files over the size limit and empty or missing files', async () => {
    const big = Buffer.alloc(MAX_FILE_BYTES + 1, 0x20);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
    const tooBig = await upload(server, methodist, { name: 'үлкен.pdf', bytes: big });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.file[0]).toMatch(/^Файл тым үлкен/);
    const empty = await upload(server, methodist, { name: 'бос.pdf', bytes: Buffer.alloc(0) });
    expect(empty.status).toBe(422);
    const missing = await upload(server, methodist, null);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.file[0]).toBe('Файлды таңдаңыз.');
  });

  it('needs a builder to upload; students and anonymous callers are refused', async () => {
    expect((await upload(server, null, { name: 'a.png', bytes: PNG })).status).toBe(401);
    const student = (await login(server, 'student')).access_token;
    expect((await upload(server, student, { name: 'a.png', bytes: PNG })).status).toBe(403);
  });

  it('answers 404 for unknown or malformed names without touching the disk', async () => {
    for (const name of ['00000000-0000-0000-0000-000000000000.png', '..%2F..%2Fetc%2Fpasswd', 'x'])
      expect((await fetch(`${server.url}/api/v2/os/files/${name}`)).status).toBe(404);
  });
});

describe('fileLabel', () => {
  it('keeps the name, drops paths and control characters', () => {
    expect(fileLabel('../../etc/passwd')).toBe('passwd');
    expect(fileLabel('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(fileLabel('   ')).toBe('file');
    expect(fileLabel('х'.repeat(500)).length).toBe(200);
  });
});
