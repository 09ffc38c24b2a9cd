import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { DEMO_PASSWORD } from '../core/seed-data';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { fileLabel } from './file-access';
import { parseRange } from './file-download';
import { moveBlobsToStorage } from './move-blobs';
import { fileOfGrant, grantFor } from './stream-grant';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const P = '/api/v2/os';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

async function upload(
  server: RunningServer,
  token: string | null,
  file: { name: string; bytes: Buffer | Uint8Array } | null,
  opts: { use?: string; locale?: 'kz' | 'ru' } = {},
) {
  const form = new FormData();
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  else form.append('note', 'no file');
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-localization': opts.locale ?? 'kz',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const query = opts.use ? `?use=${opts.use}` : '';
  const res = await fetch(`${server.url}${P}/files${query}`, {
    method: 'POST',
    body: form,
    headers,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** A GET as a browser sends it (gzip and br accepted: stored files must still arrive intact). */
function get(server: RunningServer, path: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'gzip, br', ...headers } });
}

describe('parseRange', () => {
  it('reads one byte range, a suffix and an open end; refuses what lies past the end', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=95-500', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    // Several ranges, other units and junk: the whole file (RFC 9110 allows ignoring Range).
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=9-3', 100)).toBeNull();
  });

  it('signs stream grants: tampered, malformed or expired ones name no file', () => {
    const id = '0b6c2d4e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
    const { grant } = grantFor(id, 1_000_000);
    expect(fileOfGrant(grant, 1_000_000)).toBe(id);
    expect(
      fileOfGrant(
        grant.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        1_000_000,
      ),
    ).toBeNull();
    expect(fileOfGrant(grant.replace('0b6c', '1b6c'), 1_000_000)).toBeNull();
    expect(fileOfGrant('x.y.z', 1_000_000)).toBeNull();
    expect(fileOfGrant(grant, 1_000_000 + 16 * 60_000)).toBeNull();
  });

  it('keeps a file name only as a label', () => {
    expect(fileLabel('../../etc/passwd')).toBe('passwd');
    expect(fileLabel('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(fileLabel('   ')).toBe('file');
  });
});

describe.each(BACKENDS)('file service on %s', (backend) => {
  let server: RunningServer;
  let methodist: string;
  let teacher: string;
  let student: string;
  let outsider: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    methodist = (await login(server, 'methodist')).access_token;
    teacher = (await login(server, 'teacher')).access_token;
    student = (await login(server, 'student')).access_token;
    // A pupil of 8А, the same school as the demo 7А.
    await server.db.query(
      `INSERT INTO users (login, password_hash, role, firstname, surname, gender, school_id, group_id)
       SELECT 'files-8a', $1, 'student', 'Дана', 'Серікова', 'w', g.school_id, g.id
         FROM groups g WHERE g.parallel = 8 AND g.letter = 'А' AND NOT g.archived LIMIT 1`,
      [await hashPassword(DEMO_PASSWORD)],
    );
    outsider = (await login(server, 'files-8a')).access_token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('serves a builder asset with validators, caching and one byte range', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    const up = await upload(server, methodist, { name: 'C:\\Users\\me\\сандар.txt', bytes });
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({ use: 'builder', id: null, label: 'сандар.txt' });
    expect(up.body.data).toMatchObject({ mime: 'text/plain', size: 20 });
    const url = up.body.data.url as string;
    expect(url).toMatch(/^\/api\/v2\/os\/files\/[0-9a-f-]{36}\.txt$/);

    const whole = await get(server, url);
    expect(whole.status).toBe(200);
    expect(await whole.text()).toBe(bytes.toString());
    const etag = whole.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(whole.headers.get('last-modified')).toBeTruthy();
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');

    const part = await get(server, url, { range: 'bytes=3-7' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 3-7/20');
    expect(part.headers.get('content-length')).toBe('5');
    expect(await part.text()).toBe('34567');
    const tail = await get(server, url, { range: 'bytes=-4' });
    expect(await tail.text()).toBe('ghij');
    const past = await get(server, url, { range: 'bytes=20-' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */20');
    // If-Range with another validator: the whole file, not a piece of a different one.
    const stale = await get(server, url, { range: 'bytes=0-1', 'if-range': '"other"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(bytes.toString());
    expect((await get(server, url, { 'if-none-match': etag })).status).toBe(304);
  });

  it('answers HEAD with the length the GET would send, whole and by range (issue 28)', async () => {
    const bytes = Buffer.from('0123456789abcdefghij'.repeat(100));
    const up = await upload(server, methodist, { name: 'ұзын.txt', bytes });
    const url = up.body.data.url as string;
    const head = await fetch(`${server.url}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(await head.text()).toBe('');
    const part = await fetch(`${server.url}${url}`, {
      method: 'HEAD',
      headers: { range: 'bytes=10-109' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-length')).toBe('100');
    expect(part.headers.get('content-range')).toBe(`bytes 10-109/${bytes.length}`);
    // The GET agrees with what HEAD announced.
    const whole = await get(server, url);
    expect(whole.headers.get('content-length')).toBe(String(bytes.length));
  });

  it('decides the type from the content: a picture named .txt is a picture', async () => {
    const up = await upload(server, methodist, { name: 'жазба.txt', bytes: PNG });
    expect(up.status).toBe(201);
    expect(up.body.data.mime).toBe('image/png');
    expect(up.body.data.name).toMatch(/\.png$/);
    const res = await get(server, up.body.data.url);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses HTML renamed as a picture and SVG, in Kazakh and Russian', async () => {
    const html = await upload(server, methodist, {
      name: 'сурет.png',
      bytes: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
    });
    expect(html.status).toBe(422);
    expect(html.body.errors.file[0]).toMatch(/^«сурет\.png» файлының түріне \(text\/html\)/);
    const svg = await upload(
      server,
      methodist,
      { name: 'logo.jpg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      { locale: 'ru' },
    );
    expect(svg.status).toBe(422);
    expect(svg.body.errors.file[0]).toMatch(
      /^Тип файла «logo\.jpg» \(image\/svg\+xml\) здесь не разрешён/,
    );
    const rows = await server.db.query(
      "SELECT 1 FROM stored_files WHERE label IN ('сурет.png', 'logo.jpg')",
    );
    expect(rows).toHaveLength(0);
  });

  it('applies the limits of each use with a message naming the file and the limit', async () => {
    // Chat takes 25 MB: one byte more is refused while it streams, nothing is kept.
    const big = Buffer.alloc(25 * 1024 * 1024 + 1, 0x61);
    const kz = await upload(server, student, { name: 'үлкен.txt', bytes: big }, { use: 'chat' });
    expect(kz.status).toBe(422);
    expect(kz.body.errors.file[0]).toMatch(
      /^«үлкен\.txt» файлы тым үлкен \(\d+ МБ\): бұл жерге ең көбі 25 МБ жүктеуге болады/,
    );
    // Resumable: the declared length is refused before any byte is sent.
    const ru = await call(server, 'POST', `${P}/files/uploads`, {
      token: student,
      locale: 'ru',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(300 * 1024 * 1024),
        'upload-metadata': `filename ${Buffer.from('видео.mp4').toString('base64')},use ${Buffer.from('homework').toString('base64')}`,
      },
    });
    expect(ru.status).toBe(422);
    expect(ru.body.errors.file[0]).toBe(
      'Файл «видео.mp4» слишком большой (300 МБ): сюда можно загрузить не более 256 МБ. Остальные данные сохранены',
    );
    const empty = await upload(server, methodist, { name: 'бос.pdf', bytes: Buffer.alloc(0) });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.file[0]).toBe('Файл бос');
    const missing = await upload(server, methodist, null, { locale: 'ru' });
    expect(missing.body.errors.file[0]).toBe('Выберите файл');
  });

  it('lets each role upload only for its uses', async () => {
    expect((await upload(server, null, { name: 'a.png', bytes: PNG })).status).toBe(401);
    const builder = await upload(
      server,
      student,
      { name: 'a.png', bytes: PNG },
      { use: 'builder' },
    );
    expect(builder.status).toBe(403);
    expect(builder.body.message).toBe('Сіздің рөліңіз мұндай файлды жүктей алмайды');
    const own = await upload(server, student, { name: 'a.png', bytes: PNG }, { use: 'homework' });
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({ use: 'homework', name: 'a.png', mime: 'image/png' });
    expect(own.body.data.id).toBeGreaterThan(0);
  });

  it('gives a homework file to its class and 403 to a pupil of another class', async () => {
    const up = await upload(
      server,
      teacher,
      { name: 'тапсырма.txt', bytes: Buffer.from('§12, № 3–7') },
      { use: 'homework' },
    );
    expect(up.status).toBe(201);
    const week = await call(server, 'GET', `${P}/schedule?date=2026-11-18`, { token: teacher });
    const lessonId = week.body.data.days
      .flatMap((day: Json) => day.lessons)
      .find((lesson: Json) => lesson.group.name === '7А').id;
    const set = await call(server, 'POST', `${P}/homework/control/${lessonId}/create`, {
      token: teacher,
      body: {
        text: 'Файлды оқы',
        deadline: new Date(Date.now() + 86_400_000).toISOString(),
        files: [up.body.data.id],
      },
    });
    expect(set.status).toBe(201);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const mine = await get(server, up.body.data.url, auth(student));
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await mine.text()).toBe('§12, № 3–7');
    const piece = await get(server, up.body.data.url, { ...auth(student), range: 'bytes=0-3' });
    expect(piece.status).toBe(206);
    expect(Buffer.from(await piece.arrayBuffer())).toEqual(
      Buffer.from('§12, № 3–7').subarray(0, 4),
    );
    const other = await get(server, up.body.data.url, {
      ...auth(outsider),
      'x-localization': 'ru',
    });
    expect(other.status).toBe(403);
    expect(((await other.json()) as Json).message).toMatch(/^У вас нет права открыть этот файл/);
    const school2 = (await login(server, 'school2-student')).access_token;
    expect((await get(server, up.body.data.url, auth(school2))).status).toBe(404);

    // A player streams it by a grant handed out after the same check.
    const grantPath = `${P}/files/attachments/${up.body.data.id}/grant`;
    const grant = await call(server, 'GET', grantPath, { token: student });
    expect(grant.status).toBe(200);
    const stream = await get(server, grant.body.data.url, { range: 'bytes=4-' });
    expect(stream.status).toBe(206);
    expect(stream.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await stream.arrayBuffer())).toEqual(Buffer.from('§12, № 3–7').subarray(4));
    expect((await call(server, 'GET', grantPath, { token: outsider })).status).toBe(403);
    expect((await call(server, 'GET', grantPath, { token: school2 })).status).toBe(404);
    const forged = (grant.body.data.url as string).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await get(server, forged)).status).toBe(404);
  });

  it('resumes an interrupted upload where the bytes stopped and keeps them identical', async () => {
    const bytes = Buffer.concat([PNG, Buffer.alloc(200_000, 7)]);
    const created = await call(server, 'POST', `${P}/files/uploads`, {
      token: teacher,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${Buffer.from('сурет.png').toString('base64')},use ${Buffer.from('homework').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patch = (token: string, offset: number, body: Buffer) =>
      fetch(`${server.url}${location}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body,
      });
    expect((await patch(teacher, 0, bytes.subarray(0, 70_000))).status).toBe(204);
    const head = await fetch(`${server.url}${location}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${teacher}`, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('70000');
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));
    // A wrong offset, or someone else's upload.
    expect((await patch(teacher, 10, bytes.subarray(10))).status).toBe(409);
    expect((await patch(student, 70_000, bytes.subarray(70_000))).status).toBe(404);
    const last = await patch(teacher, 70_000, bytes.subarray(70_000));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(bytes.length));
    const status = await call(server, 'GET', location, { token: teacher });
    expect(status.body.data.file).toMatchObject({ use: 'homework', mime: 'image/png' });
    const file = await get(server, status.body.data.file.url, {
      authorization: `Bearer ${teacher}`,
    });
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(Buffer.from(await file.arrayBuffer()))).toBe(sha(bytes));
  });

  it('refuses a tus PATCH longer than Upload-Length with 413 and keeps nothing of it (issue 28)', async () => {
    const bytes = Buffer.concat([PNG, Buffer.alloc(5_000, 7)]);
    const created = await call(server, 'POST', `${P}/files/uploads`, {
      token: teacher,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${Buffer.from('сурет.png').toString('base64')},use ${Buffer.from('homework').toString('base64')}`,
      },
    });
    const location = created.headers.get('location')!;
    const patch = (offset: number, body: Buffer | ReadableStream, locale = 'ru') =>
      fetch(`${server.url}${location}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${teacher}`,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'x-localization': locale,
        },
        body,
        // A stream body is sent chunked (no Content-Length): the server finds the overflow itself.
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
    const offsetNow = async () =>
      (
        await fetch(`${server.url}${location}`, {
          method: 'HEAD',
          headers: { authorization: `Bearer ${teacher}`, 'tus-resumable': '1.0.0' },
        })
      ).headers.get('upload-offset');
    expect((await patch(0, bytes.subarray(0, 1000))).status).toBe(204);
    // Announced by Content-Length: refused before a byte is read.
    const over = await patch(1000, Buffer.concat([bytes.subarray(1000), Buffer.alloc(10, 1)]));
    expect(over.status).toBe(413);
    expect(over.headers.get('tus-resumable')).toBe('1.0.0');
    expect(over.headers.get('upload-offset')).toBe('1000');
    expect(((await over.json()) as Json).message).toBe(
      `Часть выходит за объявленный размер файла (${bytes.length} байт, с байта 1000): ничего не записано`,
    );
    expect(await offsetNow()).toBe('1000');
    // Chunked: the extra bytes arrive in the stream; what this PATCH appended is taken back.
    const tail = Buffer.concat([bytes.subarray(1000), Buffer.alloc(10, 1)]);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(tail.subarray(0, 2000));
        controller.enqueue(tail.subarray(2000));
        controller.close();
      },
    });
    const chunked = await patch(1000, stream, 'kz');
    expect(chunked.status).toBe(413);
    expect(((await chunked.json()) as Json).message).toMatch(
      /^Бөлік файлдың жарияланған өлшемінен асып/,
    );
    expect(await offsetNow()).toBe('1000');
    // A correct client resumes and finishes; the stored file is exactly the declared bytes.
    const last = await patch(1000, bytes.subarray(1000));
    expect(last.status).toBe(204);
    const status = await call(server, 'GET', location, { token: teacher });
    expect(status.body.data.file).toMatchObject({ size: bytes.length, mime: 'image/png' });
  });

  it('refuses a resumable upload of the wrong type as soon as its head arrives', async () => {
    const html = Buffer.from(`<html><body>${'x'.repeat(10_000)}</body></html>`);
    const created = await call(server, 'POST', `${P}/files/uploads`, {
      token: teacher,
      headers: {
        'upload-length': String(html.length),
        'upload-metadata': `filename ${Buffer.from('бет.pdf').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const res = await fetch(`${server.url}${location}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${teacher}`,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: html.subarray(0, 5000),
    });
    expect(res.status).toBe(422);
    expect((await call(server, 'GET', location, { token: teacher })).status).toBe(404);
  });

  it('moves attachments kept as bytes in the database into the storage (migration 2100)', async () => {
    const ownerId = (
      await server.db.query<{ id: number }>("SELECT id FROM users WHERE login = 'teacher'")
    )[0]!.id;
    const old = await server.db.query<{ id: number }>(
      `INSERT INTO teaching_files (owner_id, name, mime, size, data) VALUES ($1, 'ескі.txt', 'text/html', 5, $2)
       RETURNING id`,
      [ownerId, Buffer.from('ескі')],
    );
    const name = '11111111-2222-4333-8444-555555555555.png';
    await server.db.query(
      `INSERT INTO files (name, owner_id, school_id, label, mime, size, data) VALUES ($1, $2, NULL, 'old.png', 'image/png', $3, $4)`,
      [name, ownerId, PNG.length, PNG],
    );
    const moved = await moveBlobsToStorage(server.db, server.files.storage);
    expect(moved).toBe(2);
    const left = await server.db.query(
      'SELECT 1 FROM teaching_files WHERE data IS NOT NULL UNION ALL SELECT 1 FROM files WHERE data IS NOT NULL',
    );
    expect(left).toHaveLength(0);
    const asset = await get(server, `${P}/files/${name}`);
    expect(Buffer.from(await asset.arrayBuffer()).equals(PNG)).toBe(true);
    const text = await get(server, `${P}/teaching/files/${old[0]!.id}`, {
      authorization: `Bearer ${teacher}`,
    });
    expect(text.status).toBe(200);
    // The mime it was labelled with is not trusted: the content is text.
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await text.text()).toBe('ескі');
    expect(await moveBlobsToStorage(server.db, server.files.storage)).toBe(0);
  });
});
