import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuilderDictionariesResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { migrate } from '../db/migrations';
import { MIGRATIONS } from '../server';

const PATH = '/api/v2/os/builder/dictionaries';

describe.each(BACKENDS)('builder.dictionaries on %s', (backend) => {
  let server: RunningServer;
  let teacher: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    teacher = (await login(server, 'teacher')).access_token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers every dictionary in Kazakh by default and in Russian when asked', async () => {
    const kz = await call(server, 'GET', PATH, { token: teacher });
    expect(kz.status).toBe(200);
    const body = BuilderDictionariesResponseSchema.parse(kz.body);
    expect(body.data.skillLevels.map((e) => e.title)).toEqual([
      'Білу және түсіну',
      'Қолдану',
      'Жоғары деңгей дағдылары',
    ]);
    expect(body.data.speechActivities.map((e) => e.title)).toEqual([
      'Тыңдалым',
      'Айтылым',
      'Оқылым',
      'Жазылым',
    ]);
    expect(body.data.taskTypes.map((e) => e.id)).toContain('matching');
    expect(body.data.themeTypes.length).toBeGreaterThan(0);

    const ru = await call(server, 'GET', PATH, { token: teacher, locale: 'ru' });
    expect(ru.status).toBe(200);
    expect(ru.body.data.skillLevels.map((e: { title: string }) => e.title)).toEqual([
      'Знание и понимание',
      'Применение',
      'Навыки высокого порядка',
    ]);
    // Ids do not depend on the language: a draft built in kz references the same entries.
    expect(ru.body.data.taskTypes.map((e: { id: string }) => e.id)).toEqual(
      body.data.taskTypes.map((e) => e.id),
    );
  });

  it('is for builders only: 401 without a token, 403 for a student', async () => {
    expect((await call(server, 'GET', PATH)).status).toBe(401);
    const student = (await login(server, 'student')).access_token;
    const res = await call(server, 'GET', PATH, { token: student });
    expect(res.status).toBe(403);
    expect(typeof res.body.message).toBe('string');
  });

  it('is not applied twice when the server starts again', async () => {
    expect(await migrate(server.db, MIGRATIONS)).toEqual([]);
  });
});
