import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MethodicalDetailResponseSchema, MethodicalListResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { sampleMethodical } from './methodical-samples';

const P = '/api/v2/os/methodical/materials';

describe.each(BACKENDS)('methodical cabinet (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['teacher', 'methodist', 'director', 'student'])
      tokens[name] = (await login(server, name)).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = async (who: string, query = '', locale: 'kz' | 'ru' = 'ru') => {
    const res = await call(server, 'GET', `${P}${query}`, { token: tokens[who], locale });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return MethodicalListResponseSchema.parse(res.body).data;
  };
  const subjectId = async (code: string) =>
    (await server.db.query<{ id: number }>('SELECT id FROM subjects WHERE code = $1', [code]))[0]!
      .id;

  it('shows a teacher the published demo materials only, the methodist the draft too', async () => {
    const teacher = await list('teacher');
    expect(teacher.total).toBe(7);
    expect(teacher.items.every((m) => m.status === 'published')).toBe(true);
    expect(teacher.canManage).toBe(false);
    expect(teacher.subjects.length).toBeGreaterThan(10);
    const methodist = await list('methodist');
    expect(methodist.total).toBe(8);
    expect(methodist.canManage).toBe(true);
    const draft = methodist.items.find((m) => m.status === 'draft')!;
    // The draft is not found for a teacher, nor is its file route.
    const res = await call(server, 'GET', `${P}/${draft.id}`, { token: tokens.teacher });
    expect(res.status).toBe(404);
  });

  it('filters by subject, kind and parallel, and pages', async () => {
    const math = await list('teacher', `?subject=${await subjectId('math')}`);
    expect(math.items.map((m) => m.title)).toEqual(['Сложение и вычитание обыкновенных дробей']);
    const assessments = await list('director', '?kind=assessment');
    expect(assessments.items.map((m) => m.subject.name)).toEqual(['Физика']);
    // Parallel 8: the range 8–9 (informatics), 6–9 (history) and the material for all parallels.
    const eighth = await list('teacher', '?parallel=8');
    expect(eighth.items.map((m) => m.subject.name).sort()).toEqual(
      ['Информатика', 'История Казахстана', 'Русский язык'].sort(),
    );
    const late = await list('teacher', '?page=2');
    expect(late.items).toEqual([]);
    expect(late.total).toBe(7);
    const bad = await call(server, 'GET', `${P}?parallel=14`, { token: tokens.teacher });
    expect(bad.status).toBe(422);
  });

  it('finds a material by a Kazakh word with another suffix, and by a Russian one', async () => {
    // «бөлшектермен» is in no title: its stem «бөлшек» is («бөлшектерді»).
    const kz = await list('teacher', `?q=${encodeURIComponent('бөлшектермен')}`, 'kz');
    expect(kz.items.map((m) => m.title)).toEqual(['Жай бөлшектерді қосу және азайту']);
    const kz2 = await list('teacher', `?q=${encodeURIComponent('мәтіндермен')}`, 'kz');
    expect(kz2.items.map((m) => m.title)).toEqual([
      'Оқу сауаттылығын дамыту: мәтінмен жұмыс стратегиялары',
    ]);
    const ru = await list('teacher', `?q=${encodeURIComponent('источника')}`);
    expect(ru.items.map((m) => m.title)).toEqual([
      'Работа с историческими источниками на уроках истории Казахстана',
    ]);
    expect((await list('teacher', `?q=${encodeURIComponent('фотосинтезбен')}`)).total).toBe(0);
  });

  it('opens a material with its rich text and downloads its file', async () => {
    const [found] = (await list('teacher', `?q=${encodeURIComponent('давление')}`)).items;
    const res = await call(server, 'GET', `${P}/${found!.id}`, {
      token: tokens.teacher,
      locale: 'kz',
    });
    expect(res.status).toBe(200);
    const material = MethodicalDetailResponseSchema.parse(res.body).data;
    expect(material.title).toBe('Бөлім бойынша жиынтық бағалау: «Қысым»');
    expect(JSON.stringify(material.body)).toContain('Бағалау критерийлері');
    expect(material.files).toHaveLength(1);
    const file = await call(server, 'GET', `${P}/${found!.id}/files/${material.files[0]!.id}`, {
      token: tokens.teacher,
    });
    expect(file.status).toBe(200);
    expect(String(file.body)).toContain('10 балл');
    expect(file.headers.get('cache-control')).toContain('private');
    // The file through another material: 404.
    const other = (await list('teacher', `?q=${encodeURIComponent('дробей')}`)).items[0]!;
    const wrong = await call(server, 'GET', `${P}/${other.id}/files/${material.files[0]!.id}`, {
      token: tokens.teacher,
    });
    expect(wrong.status).toBe(404);
  });

  it('refuses a student (403) and a teacher writing (403)', async () => {
    expect((await call(server, 'GET', P, { token: tokens.student })).status).toBe(403);
    const write = await call(server, 'POST', P, {
      token: tokens.teacher,
      body: sampleMethodical('Мұғалім'),
    });
    expect(write.status).toBe(403);
  });

  it('lets the methodist create a draft, publish, edit and remove it', async () => {
    const body = {
      ...sampleMethodical('Жобалау әдісі', 'draft'),
      subjectId: await subjectId('geography'),
    };
    const created = await call(server, 'POST', P, { token: tokens.methodist, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const open = (who: string) => call(server, 'GET', `${P}/${id}`, { token: tokens[who] });
    expect((await open('teacher')).status).toBe(404);

    const published = await call(server, 'PUT', `${P}/${id}`, {
      token: tokens.methodist,
      body: { ...body, status: 'published' },
    });
    expect(published.status).toBe(200);
    expect((await open('teacher')).status).toBe(200);
    const found = await list('teacher', `?q=${encodeURIComponent('жобалау')}`, 'kz');
    expect(found.items.map((m) => m.id)).toEqual([id]);

    const edited = await call(server, 'PUT', `${P}/${id}`, {
      token: tokens.methodist,
      body: { ...body, status: 'published', title: { kz: 'Жаңа атау', ru: 'Новое название' } },
    });
    expect(edited.status).toBe(200);
    const view = MethodicalDetailResponseSchema.parse((await open('teacher')).body).data;
    expect(view.title).toBe('Жаңа атау'); // Kazakh when no language is asked
    expect((await list('teacher', `?q=${encodeURIComponent('жобалау')}`)).total).toBe(0);

    const removed = await call(server, 'DELETE', `${P}/${id}`, { token: tokens.methodist });
    expect(removed.status).toBe(200);
    expect((await open('methodist')).status).toBe(404);
  });

  it('answers 422 per field: a missing title, a wrong range, a file of another use', async () => {
    const bad = await call(server, 'POST', P, {
      token: tokens.methodist,
      locale: 'kz',
      body: {
        ...sampleMethodical(''),
        title: { kz: '', ru: 'Есть' },
        parallelFrom: 9,
        parallelTo: 5,
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining(['title.kz', 'parallelTo']),
    );
    const foreign = await call(server, 'POST', P, {
      token: tokens.methodist,
      body: { ...sampleMethodical('Файл'), fileIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors)).toEqual(['fileIds']);
  });

  it('answers 404 everywhere while the flag is off', async () => {
    const [first] = (await list('teacher')).items;
    await server.db.query(
      "UPDATE feature_flags SET enabled = false WHERE key = 'methodical-cabinet'",
    );
    try {
      expect((await call(server, 'GET', P, { token: tokens.teacher })).status).toBe(404);
      expect(
        (await call(server, 'GET', `${P}/${first!.id}`, { token: tokens.methodist })).status,
      ).toBe(404);
      const write = await call(server, 'POST', P, {
        token: tokens.methodist,
        body: sampleMethodical('Жабық'),
      });
      expect(write.status).toBe(404);
    } finally {
      await server.db.query(
        "UPDATE feature_flags SET enabled = true WHERE key = 'methodical-cabinet'",
      );
    }
  });
});
