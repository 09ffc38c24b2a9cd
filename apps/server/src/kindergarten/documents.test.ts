import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentDetailResponseSchema, DocumentListResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { sampleDocument } from './kindergarten-samples';

const P = '/api/v2/os/kindergarten/documents';

describe.each(BACKENDS)('kindergarten document sections (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of [
      'kindergarten',
      'methodist',
      'kindergarten-methodist',
      'teacher',
      'student',
      'school2-director',
    ])
      tokens[name] = (await login(server, name)).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = async (who: string, section: string, query = '', locale: 'kz' | 'ru' = 'ru') => {
    const res = await call(server, 'GET', `${P}/${section}${query}`, {
      token: tokens[who],
      locale,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return DocumentListResponseSchema.parse(res.body).data;
  };

  it('shows the subscribed kindergarten teacher the published documents of each section', async () => {
    for (const section of ['nomenclature', 'methodical', 'steam', 'regime-process']) {
      const data = await list('kindergarten', section);
      expect(data.items.length, section).toBeGreaterThanOrEqual(2);
      expect(data.items.every((d) => d.status === 'published')).toBe(true);
      expect(data.canManage).toBe(false);
    }
  });

  it('opens the STEAM document "Круговорот воды" with its rich text in the reader language', async () => {
    const found = await list('kindergarten', 'steam', `?q=${encodeURIComponent('круговорот')}`);
    expect(found.items.map((d) => d.title)).toEqual(['Круговорот воды']);
    const id = found.items[0]!.id;
    const res = await call(server, 'GET', `${P}/steam/${id}`, {
      token: tokens.kindergarten,
      locale: 'kz',
    });
    expect(res.status).toBe(200);
    const doc = DocumentDetailResponseSchema.parse(res.body).data;
    expect(doc.title).toBe('Су айналымы');
    expect(JSON.stringify(doc.body)).toContain('Материалдар');
    // The same document under another section is not found.
    const other = await call(server, 'GET', `${P}/methodical/${id}`, {
      token: tokens.kindergarten,
    });
    expect(other.status).toBe(404);
  });

  it('searches case-insensitively with Kazakh letters, filters by age group and area, pages', async () => {
    const upper = await list('kindergarten', 'steam', `?q=${encodeURIComponent('СУ АЙНАЛЫМЫ')}`);
    expect(upper.items).toHaveLength(1);
    const kazakh = await list('kindergarten', 'methodical', `?q=${encodeURIComponent('ҰЛТТЫҚ')}`);
    expect(kazakh.items).toHaveLength(1);
    const senior = await list('kindergarten', 'steam', '?age=senior');
    expect(senior.items.map((d) => d.ageGroup)).toEqual(['senior']);
    const health = await list('kindergarten', 'regime-process', '?area=health');
    expect(health.items.length).toBe(2);
    const none = await list('kindergarten', 'steam', '?area=society');
    expect(none.items).toHaveLength(0);
    const page2 = await list('kindergarten', 'steam', '?page=2');
    expect(page2).toMatchObject({ items: [], page: 2, pageSize: 20 });
  });

  it('gives a staff member without the kindergarden subscription the gate (423 → tariffs)', async () => {
    for (const locale of ['kz', 'ru'] as const) {
      const res = await call(server, 'GET', `${P}/steam`, { token: tokens.teacher, locale });
      expect(res.status).toBe(423);
      expect(res.body.redirect).toBe(locale === 'kz' ? '/kk/tariffs' : '/ru/tariffs');
      expect(res.body.message).toMatch(locale === 'kz' ? /жазылым/ : /подписк/);
    }
    const other = await call(server, 'GET', `${P}/steam`, { token: tokens['school2-director'] });
    expect(other.status).toBe(423);
  });

  it("lets the kindergarten's own methodist (with the subscription) write and see drafts", async () => {
    const data = await list('kindergarten-methodist', 'steam');
    expect(data.canManage).toBe(true);
    expect(data.items.some((d) => d.status === 'draft')).toBe(true);
  });

  it('refuses pupils (403) and writing by anyone but the methodist', async () => {
    expect((await call(server, 'GET', `${P}/steam`, { token: tokens.student })).status).toBe(403);
    const res = await call(server, 'POST', `${P}/steam`, {
      token: tokens.kindergarten,
      body: sampleDocument('Тыйым'),
    });
    expect(res.status).toBe(403);
  });

  it('lets the methodist write a draft that readers never see, publish, change and delete it', async () => {
    const created = await call(server, 'POST', `${P}/methodical`, {
      token: tokens.methodist,
      body: { ...sampleDocument('Жоба құжаты'), status: 'draft' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await list('methodist', 'methodical')).items.some((d) => d.id === id)).toBe(true);
    expect((await list('kindergarten', 'methodical')).items.some((d) => d.id === id)).toBe(false);
    const hidden = await call(server, 'GET', `${P}/methodical/${id}`, {
      token: tokens.kindergarten,
    });
    expect(hidden.status).toBe(404);

    const published = await call(server, 'PUT', `${P}/methodical/${id}`, {
      token: tokens.methodist,
      body: sampleDocument('Жарияланды'),
    });
    expect(published.status).toBe(200);
    const shown = await call(server, 'GET', `${P}/methodical/${id}`, {
      token: tokens.kindergarten,
      locale: 'kz',
    });
    expect(shown.status).toBe(200);
    expect(shown.body.data.title).toBe('Жарияланды (kz)');

    const removed = await call(server, 'DELETE', `${P}/methodical/${id}`, {
      token: tokens.methodist,
    });
    expect(removed.status).toBe(200);
    const gone = await call(server, 'GET', `${P}/methodical/${id}`, { token: tokens.methodist });
    expect(gone.status).toBe(404);
  });

  it('answers bad input with 422 per field in kz and ru, never a 500', async () => {
    for (const locale of ['kz', 'ru'] as const) {
      const res = await call(server, 'POST', `${P}/steam`, {
        token: tokens.methodist,
        locale,
        body: { ...sampleDocument('x'), title: { kz: '', ru: 'a'.repeat(201) }, ageGroup: 'baby' },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(
        expect.arrayContaining(['title.kz', 'title.ru', 'ageGroup']),
      );
      expect(res.body.errors['title.kz'][0]).toMatch(locale === 'kz' ? /[әіңғүұқөһ]/i : /[а-я]/i);
    }
    const badSection = await call(server, 'GET', `${P}/toys`, { token: tokens.methodist });
    expect(badSection.status).toBe(422);
    const hugeId = await call(server, 'GET', `${P}/steam/99999999999`, {
      token: tokens.methodist,
    });
    expect(hugeId.status).toBe(422);
    const badBody = await call(server, 'POST', `${P}/steam`, {
      token: tokens.methodist,
      body: { ...sampleDocument('x'), body: { kz: '<p>html</p>', ru: null } },
    });
    expect(badBody.status).toBe(422);
  });

  it('serves a document’s files with the document’s rights only', async () => {
    const form = new FormData();
    const bytes = new TextEncoder().encode('Су айналымы: тәжірибе жоспары');
    form.append('file', new Blob([bytes]), 'тәжірибе.txt');
    const up = await fetch(`${server.url}/api/v2/os/files?use=kindergarten`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${tokens.methodist}`, accept: 'application/json' },
    });
    expect(up.status).toBe(201);
    const fileId = ((await up.json()) as { data: { name: string } }).data.name;
    // Only the methodist uploads here.
    const refused = await fetch(`${server.url}/api/v2/os/files?use=kindergarten`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${tokens.kindergarten}`, accept: 'application/json' },
    });
    expect(refused.status).toBe(403);

    const bad = await call(server, 'POST', `${P}/steam`, {
      token: tokens.methodist,
      body: { ...sampleDocument('Файлмен'), fileIds: ['00000000-0000-4000-8000-000000000000'] },
      locale: 'ru',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.fileIds).toEqual(['Сначала загрузите файл: такой файл не найден']);
    const created = await call(server, 'POST', `${P}/steam`, {
      token: tokens.methodist,
      body: { ...sampleDocument('Файлмен'), fileIds: [fileId] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;

    const detail = DocumentDetailResponseSchema.parse(
      (await call(server, 'GET', `${P}/steam/${id}`, { token: tokens.kindergarten })).body,
    ).data;
    expect(detail.files).toEqual([
      { id: fileId, name: 'тәжірибе.txt', mime: 'text/plain', size: bytes.length },
    ]);
    const file = await fetch(`${server.url}${P}/steam/${id}/files/${fileId}`, {
      headers: { authorization: `Bearer ${tokens.kindergarten}` },
    });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    // Through another document, without the subscription, or once taken off: refused.
    const other = (await list('kindergarten', 'steam')).items.find((d) => d.id !== id)!;
    const elsewhere = await call(server, 'GET', `${P}/steam/${other.id}/files/${fileId}`, {
      token: tokens.kindergarten,
    });
    expect(elsewhere.status).toBe(404);
    const locked = await call(server, 'GET', `${P}/steam/${id}/files/${fileId}`, {
      token: tokens.teacher,
    });
    expect(locked.status).toBe(423);
    await call(server, 'PUT', `${P}/steam/${id}`, {
      token: tokens.methodist,
      body: { ...sampleDocument('Файлсыз'), fileIds: [] },
    });
    const detached = await call(server, 'GET', `${P}/steam/${id}/files/${fileId}`, {
      token: tokens.kindergarten,
    });
    expect(detached.status).toBe(404);
  });
});
