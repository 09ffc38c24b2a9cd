import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaCatalogueResponseSchema, MediaDetailResponseSchema } from '@sabaq/platform';
import type { MediaDetail } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { DEMO_FILES } from './demo-media/demo-files';
import { melodyWav } from './demo-media/wav';

const P = '/api/v2/os/media';
const cartoon = readFileSync(new URL('./demo-media/cartoon.webm', import.meta.url));

describe.each(BACKENDS)('media sections (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of [
      'student',
      'methodist',
      'locked',
      'guest',
      'individual',
      'teacher',
      'school2-student',
    ])
      tokens[name] = (await login(server, name)).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const catalogue = async (who: string, query = '') => {
    const res = await call(server, 'GET', `${P}${query}`, { token: tokens[who], locale: 'ru' });
    expect(res.status).toBe(200);
    return MediaCatalogueResponseSchema.parse(res.body).data;
  };
  const videoId = async () => (await catalogue('student', '?kind=video')).items[0]!.id;
  const detail = async (who: string, id: number): Promise<MediaDetail> => {
    const res = await call(server, 'GET', `${P}/${id}`, { token: tokens[who], locale: 'kz' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return MediaDetailResponseSchema.parse(res.body).data;
  };
  async function upload(who: string, name: string, bytes: Buffer | string, use = 'media') {
    const form = new FormData();
    form.append('file', new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : bytes]), name);
    const res = await fetch(`${server.url}/api/v2/os/files?use=${use}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[who]}`, 'x-localization': 'ru' },
      body: form,
    });
    const body = (await res.json()) as { data: { name: string; id: number | null; mime: string } };
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.data;
  }
  const entry = (over: Record<string, unknown>) => ({
    kind: 'audio',
    title: { kz: 'Әндер', ru: 'Песни' },
    description: { kz: 'Сипаттама', ru: 'Описание' },
    ageGroup: 'primary',
    subjectId: null,
    posterId: null,
    fileId: null,
    durationSeconds: null,
    captions: { kz: null, ru: null },
    tracks: [],
    ...over,
  });

  it('shows the demo catalogue to everyone signed in, with filters and search', async () => {
    const all = await catalogue('student');
    expect(all.items.map((item) => item.title.kz).sort()).toEqual(
      ['Бесік жыры', 'Күн мен бұлт', 'Таңғы жаттығу әуендері'].sort(),
    );
    expect(all.open).toBe(true);
    expect(all.canManage).toBe(false);
    const video = all.items.find((item) => item.kind === 'video')!;
    expect(video).toMatchObject({ durationSeconds: 6, trackCount: 1, ageGroup: 'preschool' });
    expect(video.subject?.name).toBe('География');
    expect(video.posterUrl).toMatch(/^\/api\/v2\/os\/files\/stream\//);
    const songs = all.items.find((item) => item.title.ru === 'Мелодии для зарядки')!;
    expect(songs.trackCount).toBe(2);
    expect(songs.durationSeconds).toBe(melodyWav('cheerful').seconds + melodyWav('dance').seconds);

    expect((await catalogue('student', '?kind=video')).items).toHaveLength(1);
    expect((await catalogue('student', '?kind=audio')).items).toHaveLength(2);
    expect((await catalogue('student', '?age=preschool')).items).toHaveLength(2);
    expect((await catalogue('student', '?age=senior')).items).toHaveLength(0);
    expect(
      (await catalogue('student', `?subjectId=${songs.subject!.id}`)).items.map((i) => i.id),
    ).toEqual([songs.id]);
    // Words of either language, any case (Kazakh letters too).
    expect((await catalogue('student', `?q=${encodeURIComponent('БЕСІК')}`)).items).toHaveLength(1);
    expect(
      (await catalogue('student', `?q=${encodeURIComponent('колыбельная')}`)).items,
    ).toHaveLength(1);
    expect((await catalogue('student', '?q=zzz')).items).toHaveLength(0);
    const bad = await call(server, 'GET', `${P}?age=adult`, {
      token: tokens.student,
      locale: 'ru',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.age).toEqual(['Недопустимое значение']);
    // The platform's catalogue: the second school's pupil sees the same entries.
    expect((await catalogue('school2-student')).items).toHaveLength(3);
    // The shop window: anonymous visitors see the catalogue, never the players.
    const anonymous = await call(server, 'GET', P);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data).toMatchObject({ open: false, canManage: false });
    expect((await call(server, 'GET', `${P}/${all.items[0]!.id}`)).status).toBe(401);
  });

  it('gates details and streams: 423 with the redirect to /{lang}/media without a subscription', async () => {
    const id = await videoId();
    expect((await catalogue('locked')).open).toBe(false);
    const ru = await call(server, 'GET', `${P}/${id}`, { token: tokens.locked, locale: 'ru' });
    expect(ru.status).toBe(423);
    expect(ru.body).toMatchObject({ redirect: '/ru/media' });
    expect(ru.body.message).toContain('по подписке');
    expect(ru.body.url).toBeUndefined();
    const kz = await call(server, 'GET', `${P}/${id}`, { token: tokens.guest, locale: 'kz' });
    expect(kz.status).toBe(423);
    expect(kz.body).toMatchObject({ redirect: '/kk/media' });
    expect(kz.body.message).toContain('жазылыммен');
    // B2B pupil (the school pays), a live personal subscription, and the editor play.
    for (const who of ['student', 'individual', 'methodist']) {
      const data = await detail(who, id);
      expect(data.url).toMatch(/^\/api\/v2\/os\/files\/stream\//);
    }
    expect((await call(server, 'GET', `${P}/999999`, { token: tokens.student })).status).toBe(404);
  });

  it('streams the cartoon with Range, and its captions as WebVTT', async () => {
    const data = await detail('student', await videoId());
    expect(data.mime).toBe('video/webm');
    const part = await fetch(server.url + data.url!, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${cartoon.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(cartoon.subarray(100, 1100))).toBe(true);
    const whole = await fetch(server.url + data.url!);
    expect(Buffer.from(await whole.arrayBuffer()).equals(cartoon)).toBe(true);
    // Captions: the reader's language first (kz here), served as text/vtt.
    expect(data.captions.map((c) => c.srclang)).toEqual(['kk', 'ru']);
    const track = await fetch(server.url + data.captions[0]!.url);
    expect(track.headers.get('content-type')).toContain('text/vtt');
    expect(await track.text()).toMatch(/^WEBVTT\n\n00:00\.000 --> 00:02\.000\nТаң атты/);
    // A tampered stream URL is nobody's permission.
    expect((await fetch(server.url + data.url!.replace(/.$/, 'x'))).status).toBe(404);
  });

  it('plays a playlist in order, each track a WAV by Range', async () => {
    const songs = (await catalogue('student', '?kind=audio')).items.find(
      (item) => item.trackCount === 2,
    )!;
    const data = await detail('student', songs.id);
    expect(data.url).toBeNull();
    expect(data.tracks.map((t) => t.title.kz)).toEqual(['Көңілді әуен', 'Қуыршақ биі']);
    const head = await fetch(server.url + data.tracks[0]!.url, {
      headers: { range: 'bytes=0-11' },
    });
    expect(head.status).toBe(206);
    expect(Buffer.from(await head.arrayBuffer()).toString('latin1')).toBe(
      'RIFF' + melodyWav('cheerful').bytes.subarray(4, 8).toString('latin1') + 'WAVE',
    );
  });

  it('lets only the editors publish, change and delete', async () => {
    const body = entry({
      tracks: [{ title: { kz: 'А', ru: 'А' }, fileId: DEMO_FILES.lullaby.id, durationSeconds: 5 }],
    });
    for (const who of ['student', 'teacher', 'individual']) {
      const res = await call(server, 'POST', P, { token: tokens[who], body, locale: 'ru' });
      expect(res.status, who).toBe(403);
      expect(res.body.message).toBe('Недостаточно прав для этого действия');
    }
    const id = await videoId();
    expect((await call(server, 'DELETE', `${P}/${id}`, { token: tokens.student })).status).toBe(
      403,
    );
    expect(
      (await call(server, 'POST', '/api/v2/os/files?use=media', { token: tokens.teacher })).status,
    ).toBe(403);
  });

  it('publishes a cartoon from uploads, with captions, and refuses files that do not fit', async () => {
    const video = await upload('methodist', 'мультфильм.webm', cartoon);
    expect(video.mime).toBe('video/webm');
    expect(video.id).toBeNull();
    const poster = await upload('methodist', 'poster.png', DEMO_FILES.cartoonPoster.make());
    const kz = await upload('methodist', 'kz.vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\nСәлем!\n');
    const notVtt = await upload('methodist', 'ru.vtt', 'Просто текст, не субтитры');
    const sound = await upload('methodist', 'ән.wav', melodyWav('dance').bytes);
    const homework = await upload('teacher', 'үй жұмысы.wav', melodyWav('dance').bytes, 'homework');

    const video422 = async (over: Record<string, unknown>, field: string, text: RegExp) => {
      const res = await call(server, 'POST', P, {
        token: tokens.methodist,
        locale: 'ru',
        body: entry({ kind: 'video', fileId: video.name, durationSeconds: 6, ...over }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[field]?.[0], JSON.stringify(res.body)).toMatch(text);
    };
    await video422({ posterId: sound.name }, 'posterId', /не картинка \(audio\/wav\)/);
    await video422(
      { captions: { kz: kz.name, ru: notVtt.name } },
      'captions.ru',
      /не субтитры WebVTT/,
    );
    await video422({ fileId: sound.name }, 'fileId', /не видео/);
    await video422({ durationSeconds: null }, 'durationSeconds', /длительность/);
    await video422({ subjectId: 999999 }, 'subjectId', /Такого предмета нет/);
    // Another use's file (a homework upload) is not the catalogue's.
    await video422(
      {
        kind: 'audio',
        fileId: null,
        durationSeconds: null,
        tracks: [{ title: { kz: 'А', ru: 'А' }, fileId: crypto.randomUUID(), durationSeconds: 3 }],
      },
      'tracks.0.fileId',
      /Файл не найден/,
    );
    const viaHomework = await call(server, 'POST', P, {
      token: tokens.methodist,
      locale: 'kz',
      body: entry({
        tracks: [
          {
            title: { kz: 'А', ru: 'А' },
            fileId: (
              await server.db.query<{ stored_id: string }>(
                'SELECT stored_id FROM teaching_files WHERE id = $1',
                [homework.id],
              )
            )[0]!.stored_id,
            durationSeconds: 3,
          },
        ],
      }),
    });
    expect(viaHomework.status).toBe(422);
    expect(viaHomework.body.errors['tracks.0.fileId'][0]).toContain('Файл табылмады');
    const empty = await call(server, 'POST', P, {
      token: tokens.methodist,
      body: entry({}),
      locale: 'ru',
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.tracks[0]).toContain('хотя бы одно аудио');

    const created = await call(server, 'POST', P, {
      token: tokens.methodist,
      body: entry({
        kind: 'video',
        title: { kz: 'Жаңа мультфильм', ru: 'Новый мультфильм' },
        fileId: video.name,
        durationSeconds: 6,
        posterId: poster.name,
        captions: { kz: kz.name, ru: null },
        ageGroup: 'middle',
      }),
    });
    expect(created.status).toBe(201);
    const shown = await detail('student', created.body.data.id);
    expect(shown.captions).toHaveLength(1);
    const track = await fetch(server.url + shown.captions[0]!.url);
    expect(track.headers.get('content-type')).toContain('text/vtt');
    expect((await catalogue('student', '?age=middle')).items.map((i) => i.title.ru)).toEqual([
      'Новый мультфильм',
    ]);
  });

  it('changes a playlist, removing the files it stopped using, and deletes it', async () => {
    const first = await upload('methodist', 'бір.wav', melodyWav('cheerful').bytes);
    const second = await upload('methodist', 'екі.wav', melodyWav('lullaby').bytes);
    const track = (fileId: string) => ({
      title: { kz: 'Ән', ru: 'Песня' },
      fileId,
      durationSeconds: 6,
    });
    const created = await call(server, 'POST', P, {
      token: tokens.methodist,
      body: entry({ tracks: [track(first.name), track(DEMO_FILES.lullaby.id)] }),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const storage = server.files.storage;
    expect(await storage.size(first.name)).not.toBeNull();

    const changed = await call(server, 'PUT', `${P}/${id}`, {
      token: tokens.methodist,
      body: entry({
        title: { kz: 'Жаңа атау', ru: 'Новое название' },
        tracks: [track(second.name)],
      }),
    });
    expect(changed.status).toBe(200);
    const after = await detail('methodist', id);
    expect(after.title.ru).toBe('Новое название');
    expect(after.tracks.map((t) => t.fileId)).toEqual([second.name]);
    // Its own old file left the storage; the demo track another playlist plays stayed.
    expect(await storage.size(first.name)).toBeNull();
    expect(await storage.size(DEMO_FILES.lullaby.id)).not.toBeNull();
    const kind = await call(server, 'PUT', `${P}/${id}`, {
      token: tokens.methodist,
      locale: 'ru',
      body: entry({ kind: 'video', fileId: null }),
    });
    expect(kind.status).toBe(422);
    expect(kind.body.errors.kind[0]).toContain('Тип записи изменить нельзя');

    expect((await call(server, 'DELETE', `${P}/${id}`, { token: tokens.methodist })).status).toBe(
      200,
    );
    expect((await call(server, 'GET', `${P}/${id}`, { token: tokens.methodist })).status).toBe(404);
    expect((await call(server, 'DELETE', `${P}/${id}`, { token: tokens.methodist })).status).toBe(
      404,
    );
    expect(await storage.size(second.name)).toBeNull();
    expect(
      (await server.db.query('SELECT 1 FROM stored_files WHERE id = $1', [second.name])).length,
    ).toBe(0);
  });
});
