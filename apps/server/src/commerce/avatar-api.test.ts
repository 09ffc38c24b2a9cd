import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AVATAR_LIMITS, AvatarResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

const P = '/api/v2/os';
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A 600×400 photo as a phone takes it: EXIF with a description and the GPS location. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: 'SECRET-HOME-43.2389N', Artist: 'Secret Artist' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '43/1 14/1 20/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '76/1 53/1 0/1',
      },
    })
    .toBuffer();
}

async function upload(
  server: RunningServer,
  token: string | undefined,
  file: { name: string; bytes: Buffer },
  locale: 'kz' | 'ru' = 'ru',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const headers: Record<string, string> = { accept: 'application/json', 'x-localization': locale };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}${P}/profile/avatar`, {
    method: 'POST',
    body: form,
    headers,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

describe.each(BACKENDS)('profile picture (%s)', (backend) => {
  let server: RunningServer;
  const tokens = new Map<string, string>();
  const token = async (name: string) => {
    if (!tokens.has(name)) tokens.set(name, (await login(server, name)).access_token);
    return tokens.get(name)!;
  };
  const avatarOf = async (name: string) =>
    (await call(server, 'GET', `${P}/user-info`, { token: await token(name) })).body.data.avatar as
      string | null;
  const storedAvatars = async () =>
    Number(
      (
        await server.db.query<{ n: number }>(
          "SELECT count(*) AS n FROM stored_files WHERE use = 'avatar'",
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores a 256×256 WebP without the photo’s EXIF location, served immutable to anyone with the URL', async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes('SECRET-HOME')).toBe(true);
    const res = await upload(server, await token('teacher'), { name: 'фото.jpg', bytes: photo });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const avatar = AvatarResponseSchema.parse(res.body).data;
    expect(avatar).toMatchObject({ width: 256, height: 256 });
    expect(avatar.url).toMatch(/^\/api\/v2\/os\/profile\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect(await avatarOf('teacher')).toBe(avatar.url);

    // No token: an <img> sends none; the random name is the permission.
    const got = await fetch(`${server.url}${avatar.url}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(bytes.length).toBe(avatar.size);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes('SECRET-HOME')).toBe(false);
    expect(bytes.includes('Secret Artist')).toBe(false);
    // Cover crop: the whole square is the photo's colour, no letterbox bands.
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs(data[0]! - 0x33)).toBeLessThan(8);
    expect(Math.abs(data[data.length - 1]! - 0xaa)).toBeLessThan(8);
    const etag = got.headers.get('etag')!;
    const again = await fetch(`${server.url}${avatar.url}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('lets every signed-in role have one; a new picture replaces the old (old URL gone, one file kept)', async () => {
    const png = await sharp({
      create: { width: 300, height: 900, channels: 4, background: '#00aa0080' },
    })
      .png()
      .toBuffer();
    for (const name of ['student', 'guest', 'admin', 'region_worker']) {
      const res = await upload(server, await token(name), { name: 'me.png', bytes: png });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    const first = (await upload(server, await token('student'), { name: 'a.png', bytes: png })).body
      .data.url as string;
    const count = await storedAvatars();
    const second = await upload(server, await token('student'), {
      name: 'b.jpg',
      bytes: await phonePhoto(),
    });
    expect(second.status).toBe(201);
    expect(second.body.data.url).not.toBe(first);
    expect(await storedAvatars()).toBe(count);
    expect((await fetch(`${server.url}${first}`)).status).toBe(404);
    expect((await fetch(`${server.url}${second.body.data.url}`)).status).toBe(200);
    expect(await avatarOf('student')).toBe(second.body.data.url);
  });

  it('refuses a corrupt picture, a renamed HTML page and an oversized file in kz/ru, storing nothing', async () => {
    const before = await storedAvatars();
    const teacherBefore = await avatarOf('teacher');
    const photo = await phonePhoto();
    const corrupt = Buffer.concat([photo.subarray(0, 300), Buffer.alloc(2000, 0x41)]);
    const ru = await upload(server, await token('teacher'), { name: 'сынық.jpg', bytes: corrupt });
    expect(ru.status).toBe(422);
    expect(ru.body.errors.file[0]).toBe(
      'Изображение «сынық.jpg» не открылось: файл повреждён или это не картинка. Выберите другое',
    );
    const kz = await upload(
      server,
      await token('teacher'),
      { name: 'сынық.jpg', bytes: corrupt },
      'kz',
    );
    expect(kz.body.errors.file[0]).toMatch(/^«сынық\.jpg» суреті ашылмады/);

    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const page = await upload(server, await token('teacher'), { name: 'photo.png', bytes: html });
    expect(page.status).toBe(422);
    expect(page.body.errors.file[0]).toBe(
      'Тип файла «photo.png» (text/html) здесь не разрешён. Разрешены: png, jpg, gif, webp',
    );
    const pdf = await upload(server, await token('teacher'), {
      name: 'a.png',
      bytes: Buffer.from(
        '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF',
        'latin1',
      ),
    });
    expect(pdf.status).toBe(422);

    const big = Buffer.alloc(AVATAR_LIMITS.maxBytes + 10, 0);
    photo.copy(big);
    const large = await upload(
      server,
      await token('teacher'),
      { name: 'үлкен.jpg', bytes: big },
      'kz',
    );
    expect(large.status).toBe(422);
    expect(large.body.errors.file[0]).toMatch(/^«үлкен\.jpg» файлы тым үлкен \(5\.1 МБ\)/);

    expect(await storedAvatars()).toBe(before);
    expect(await avatarOf('teacher')).toBe(teacherBefore);
  });

  it('removes the picture: the user has none, its URL is gone, its file is removed', async () => {
    const res = await upload(server, await token('director'), {
      name: 'me.jpg',
      bytes: await phonePhoto(),
    });
    const url = res.body.data.url as string;
    const before = await storedAvatars();
    const removed = await call(server, 'DELETE', `${P}/profile/avatar`, {
      token: await token('director'),
      locale: 'kz',
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Профиль суреті өшірілді');
    expect(await avatarOf('director')).toBeNull();
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
    expect(await storedAvatars()).toBe(before - 1);
    // Again: nothing left to remove, still fine.
    expect(
      (await call(server, 'DELETE', `${P}/profile/avatar`, { token: await token('director') }))
        .status,
    ).toBe(200);
    expect((await fetch(`${server.url}${P}/profile/avatars/not-a-name`)).status).toBe(404);
    expect(
      (await upload(server, undefined, { name: 'a.jpg', bytes: await phonePhoto() })).status,
    ).toBe(401);
  });
});
