import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KatalogResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { sampleMaterial } from './kindergarten-samples';

const K = '/api/v2/os/kindergarten/katalog';

describe.each(BACKENDS)('kindergarten katalog (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};
  let foreignId = 0;

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['kindergarten', 'teacher', 'student', 'school2-director'])
      tokens[name] = (await login(server, name)).access_token;
    // Another kindergarten with a row of its own.
    const [other] = await server.db.query<{ id: number }>(
      `INSERT INTO schools (kind, name_kz, name_ru, address_kz, address_ru, bin)
       VALUES ('kindergarten', '«Айгөлек» балабақшасы', 'Детский сад «Айгөлек»', 'Алматы қ.',
               'г. Алматы', '120340057319') RETURNING id`,
    );
    const [row] = await server.db.query<{ id: number }>(
      `INSERT INTO kindergarten_materials (school_id, name_kz, name_ru, kind, age_group, quantity,
          condition) VALUES ($1, 'Бөтен доп', 'Чужой мяч', 'toy', 'senior', 1, 'good') RETURNING id`,
      [other!.id],
    );
    foreignId = row!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const katalog = async (who: string, query = '') => {
    const res = await call(server, 'GET', `${K}${query}`, { token: tokens[who], locale: 'ru' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return KatalogResponseSchema.parse(res.body).data;
  };

  it("shows the kindergarten teacher her kindergarten's materials only, with filters and search", async () => {
    const all = await katalog('kindergarten');
    expect(all.kindergarten).toBe('Детский сад «Балбобек»');
    expect(all.canEdit).toBe(true);
    expect(all.items.length).toBeGreaterThanOrEqual(9);
    expect(all.items.some((m) => m.id === foreignId)).toBe(false);
    const games = await katalog('kindergarten', '?kind=game');
    expect(games.items.every((m) => m.kind === 'game')).toBe(true);
    const found = await katalog('kindergarten', `?q=${encodeURIComponent('ДОМБЫРА')}`);
    expect(found.items.map((m) => m.name.ru)).toEqual(['Домбра (детская)']);
    const health = await katalog('kindergarten', '?area=health&age=senior');
    expect(health.items.map((m) => m.name.kz)).toEqual(['Гимнастикалық төсеніштер']);
  });

  it('gives users of no kindergarten an honest empty answer and refuses their writes', async () => {
    for (const who of ['teacher', 'student', 'school2-director']) {
      const data = await katalog(who);
      expect(data).toEqual({ kindergarten: null, items: [], canEdit: false });
    }
    const res = await call(server, 'POST', K, {
      token: tokens.teacher,
      locale: 'kz',
      body: sampleMaterial('Доп'),
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Каталогты тек балабақша қызметкерлері толтырады');
    const pupil = await call(server, 'POST', K, {
      token: tokens.student,
      body: sampleMaterial('x'),
    });
    expect(pupil.status).toBe(403);
  });

  it('lets the kindergarten teacher add, change and remove; another kindergarten row is 404', async () => {
    const created = await call(server, 'POST', K, {
      token: tokens.kindergarten,
      body: sampleMaterial('Доп'),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const changed = await call(server, 'PUT', `${K}/${id}`, {
      token: tokens.kindergarten,
      body: { ...sampleMaterial('Доп'), quantity: 7, condition: 'worn' },
    });
    expect(changed.status).toBe(200);
    const row = (await katalog('kindergarten')).items.find((m) => m.id === id);
    expect(row).toMatchObject({ quantity: 7, condition: 'worn' });
    for (const method of ['PUT', 'DELETE']) {
      const res = await call(server, method, `${K}/${foreignId}`, {
        token: tokens.kindergarten,
        ...(method === 'PUT' ? { body: sampleMaterial('x') } : {}),
      });
      expect(res.status).toBe(404);
    }
    const [still] = await server.db.query<{ name_kz: string }>(
      'SELECT name_kz FROM kindergarten_materials WHERE id = $1',
      [foreignId],
    );
    expect(still?.name_kz).toBe('Бөтен доп');
    const removed = await call(server, 'DELETE', `${K}/${id}`, { token: tokens.kindergarten });
    expect(removed.status).toBe(200);
    expect((await katalog('kindergarten')).items.some((m) => m.id === id)).toBe(false);
  });

  it('answers bad input with 422 per field in kz and ru', async () => {
    for (const locale of ['kz', 'ru'] as const) {
      const res = await call(server, 'POST', K, {
        token: tokens.kindergarten,
        locale,
        body: { ...sampleMaterial('x'), name: { kz: '', ru: 'Мяч' }, quantity: -1, kind: 'car' },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(
        expect.arrayContaining(['name.kz', 'quantity', 'kind']),
      );
    }
    const huge = await call(server, 'PUT', `${K}/99999999999`, {
      token: tokens.kindergarten,
      body: sampleMaterial('x'),
    });
    expect(huge.status).toBe(422);
  });
});
