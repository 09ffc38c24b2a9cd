import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupDetailResponseSchema, GroupDictionariesResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

describe.each(BACKENDS)('backoffice groups and dictionaries on %s', (backend) => {
  let server: RunningServer;
  let director: string;
  let teacherIds: number[];
  beforeAll(async () => {
    server = await startTestServer(backend);
    director = (await login(server, 'director')).access_token;
    const dict = await call(server, 'GET', '/api/v2/os/backoffice/personals/group', {
      token: director,
      locale: 'ru',
    });
    teacherIds = GroupDictionariesResponseSchema.parse(dict.body).personnels.map((p) => p.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('dictionaries: parallels 1–11, languages, the school teachers', async () => {
    const res = await call(server, 'GET', '/api/v2/os/backoffice/personals/group', {
      token: director,
      locale: 'ru',
    });
    expect(res.status).toBe(200);
    expect(res.body.groups).toHaveLength(11);
    expect(res.body.groups[6]).toEqual({ id: 7, name: '7 класс' });
    expect(res.body.langs.map((l: { name: string }) => l.name)).toContain('Казахский язык');
    expect(res.body.personnels.length).toBeGreaterThanOrEqual(3);
    expect(res.body.personnels[0].fullname).toMatch(/\S+ \S+/);
  });

  it('create, read and update a group in the spec §3 shapes', async () => {
    const created = await call(server, 'POST', '/api/v2/os/backoffice/group', {
      token: director,
      body: { name: 5, letter: 'В', personnel_id: [teacherIds[0]], edu_lang: 2 },
    });
    expect(created.status).toBe(201);
    const detail = GroupDetailResponseSchema.parse(created.body);
    expect(detail.group).toMatchObject({
      letter: 'В',
      bl_name: { id: 5 },
      edu_lang: 2,
      personnel_id: [teacherIds[0]],
    });
    const id = detail.group.id;
    const got = await call(server, 'GET', `/api/v2/os/backoffice/group/${id}`, { token: director });
    expect(got.body).toEqual(created.body);
    const put = await call(server, 'PUT', `/api/v2/os/backoffice/group/${id}`, {
      token: director,
      body: { name: 6, letter: 'Г', personnel_id: teacherIds.slice(0, 2), edu_lang: 1 },
    });
    expect(put.status).toBe(200);
    expect(put.body.group).toMatchObject({ letter: 'Г', bl_name: { id: 6 }, edu_lang: 1 });
    expect(put.body.group.personnel_id).toHaveLength(2);
  });

  it('rules: letter, parallel, language required; at most 2 teachers; no duplicates', async () => {
    const path = '/api/v2/os/backoffice/group';
    const missing = await call(server, 'POST', path, {
      token: director,
      body: { personnel_id: [] },
      locale: 'ru',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      name: ['Обязательное поле'],
      letter: ['Обязательное поле'],
      edu_lang: ['Обязательное поле'],
    });
    const three = await call(server, 'POST', path, {
      token: director,
      body: { name: 3, letter: 'Д', personnel_id: [1, 2, 3], edu_lang: 1 },
      locale: 'kz',
    });
    expect(three.status).toBe(422);
    expect(three.body.errors.personnel_id).toEqual(['Сыныпқа ең көбі 2 мұғалім таңдауға болады']);
    const dup = await call(server, 'POST', path, {
      token: director,
      body: { name: 7, letter: 'А', personnel_id: [], edu_lang: 1 },
      locale: 'ru',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.letter).toEqual(['Такой класс уже существует']);
    const stranger = await call(server, 'POST', path, {
      token: director,
      body: { name: 8, letter: 'Ж', personnel_id: [999999], edu_lang: 1 },
      locale: 'ru',
    });
    expect(stranger.body.errors.personnel_id).toEqual([
      'Учитель не является сотрудником этой школы',
    ]);
    expect(
      (await call(server, 'GET', '/api/v2/os/backoffice/group/999999', { token: director })).status,
    ).toBe(404);
    expect(
      (await call(server, 'GET', '/api/v2/os/backoffice/group/abc', { token: director })).status,
    ).toBe(422);
  });

  it('dictionaries for the shell: flags, translations, periods, groups, banners, domains, permissions', async () => {
    const flags = await call(server, 'GET', '/api/v2/os/feature-flags');
    expect(Object.keys(flags.body.data).sort()).toEqual([
      'gpt-feature',
      'individual-card',
      'landing-feature',
      'methodical-cabinet',
      'tariff-b2c',
      'tariff-versian-b2c',
    ]);
    const tr = await call(server, 'GET', '/api/v2/os/translations/kk');
    expect(tr.body.data['footer.support_email']).toBe('support@sabaq.kz');
    expect(
      (await call(server, 'GET', '/api/v2/os/translations/ru')).body.data['footer.copyright'],
    ).toMatch(/все права/);
    const teacher = (await login(server, 'teacher')).access_token;
    const periods = await call(server, 'GET', '/api/v2/os/periods', {
      token: teacher,
      locale: 'ru',
    });
    expect(periods.body.data).toHaveLength(4);
    expect(periods.body.data.filter((p: { is_current: boolean }) => p.is_current)).toHaveLength(1);
    const groups = await call(server, 'GET', '/api/v2/os/groups/ru', { token: teacher });
    expect(groups.body.data.groups.length).toBeGreaterThanOrEqual(33);
    expect(groups.body.data.subjects.map((s: { name: string }) => s.name)).toContain(
      'История Казахстана',
    );
    const student = (await login(server, 'student')).access_token;
    const forbidden = await call(server, 'GET', '/api/v2/os/groups/kz', {
      token: student,
      locale: 'ru',
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Недостаточно прав для этого действия');
    expect(
      (await call(server, 'GET', '/api/v2/os/banners', { locale: 'ru' })).body.data[0].title,
    ).toMatch(/Конкурс/);
    expect((await call(server, 'GET', '/api/v2/os/domains')).body.data.length).toBe(3);
    const perms = await call(server, 'GET', '/api/v2/os/permissions/ru', { token: student });
    expect(perms.body.data.paths).toContain('homework/list');
    expect(perms.body.data.meta[0]).toEqual({ path: 'schedule', name: 'Расписание' });
    expect(
      (await call(server, 'GET', '/api/v2/os/permissions/en', { token: student })).status,
    ).toBe(422);
  });

  it('unknown API paths are 404 in the spec shape; OpenAPI lists every route', async () => {
    const res = await call(server, 'GET', '/api/v2/os/nothing', { locale: 'ru' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Такого адреса не существует' });
    const spec = await call(server, 'GET', '/api/openapi.json');
    expect(spec.body.openapi).toBe('3.1.0');
    expect(Object.keys(spec.body.paths)).toContain('/api/v2/os/backoffice/group/{groupId}');
    expect(spec.body.paths['/api/v2/os/auth/login'].post.requestBody).toBeDefined();
  });

  it('malformed JSON is a 422, never a 500', async () => {
    const res = await call(server, 'POST', '/api/v2/os/backoffice/group', {
      token: director,
      rawBody: '{"name": 5,',
      locale: 'ru',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Тело запроса не является корректным JSON');
  });
});
