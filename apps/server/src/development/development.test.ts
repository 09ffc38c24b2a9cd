import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DevelopmentCardResponseSchema,
  DevelopmentGroupsResponseSchema,
  GardenCompletionResponseSchema,
} from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

const P = '/api/v2/os/development';

describe.each(BACKENDS)('developmental cards (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['kindergarten', 'kindergarten-director', 'director', 'teacher'])
      tokens[name] = (await login(server, name)).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const groups = async (who: string) => {
    const res = await call(server, 'GET', `${P}/groups?stage=start`, {
      token: tokens[who],
      locale: 'ru',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return DevelopmentGroupsResponseSchema.parse(res.body).data.groups;
  };

  it('the teacher sees her group with its children; the director all groups', async () => {
    const mine = await groups('kindergarten');
    expect(mine.map((g) => g.ageGroup)).toEqual(['senior']);
    expect(mine[0]!.children).toHaveLength(12);
    expect(mine[0]!.children.filter((c) => c.overall !== null)).toHaveLength(10);
    const all = await groups('kindergarten-director');
    expect(all.map((g) => g.ageGroup)).toEqual(['senior', 'middle']);
    expect(await groups('director')).toEqual([]);
  });

  it('the teacher fills a card; others of another group or school get 404', async () => {
    const all = await groups('kindergarten-director');
    const unassessed = all[0]!.children.find((c) => c.overall === null)!;
    const other = all[1]!.children[0]!;
    const card = await call(server, 'GET', `${P}/cards/${unassessed.id}`, {
      token: tokens.kindergarten,
      locale: 'kz',
    });
    expect(card.status).toBe(200);
    const data = DevelopmentCardResponseSchema.parse(card.body).data;
    expect(data.canEdit).toBe(true);
    expect(data.overall.start).toBeNull();
    let last = data;
    for (const area of data.areas)
      for (const skill of area.skills) {
        const res = await call(server, 'PUT', `${P}/cards/${unassessed.id}`, {
          token: tokens.kindergarten,
          body: { skillId: skill.id, stage: 'start', level: 3 },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        last = DevelopmentCardResponseSchema.parse(res.body).data;
      }
    expect(last.overall.start).toBe(3);
    expect(last.areas.every((a) => a.levels.start === 3)).toBe(true);

    const director = await call(server, 'GET', `${P}/cards/${unassessed.id}`, {
      token: tokens['kindergarten-director'],
    });
    expect(director.status).toBe(200);
    expect(DevelopmentCardResponseSchema.parse(director.body).data.canEdit).toBe(false);
    const write = await call(server, 'PUT', `${P}/cards/${unassessed.id}`, {
      token: tokens['kindergarten-director'],
      body: { skillId: data.areas[0]!.skills[0]!.id, stage: 'start', level: 1 },
    });
    expect(write.status).toBe(403);
    expect(
      (await call(server, 'GET', `${P}/cards/${other.id}`, { token: tokens.kindergarten })).status,
    ).toBe(404);
    expect(
      (await call(server, 'GET', `${P}/cards/${unassessed.id}`, { token: tokens.director })).status,
    ).toBe(404);
    expect(
      (await call(server, 'GET', `${P}/groups/${all[1]!.id}`, { token: tokens.kindergarten }))
        .status,
    ).toBe(404);
    const bad = await call(server, 'PUT', `${P}/cards/${unassessed.id}`, {
      token: tokens.kindergarten,
      body: { skillId: 2_147_483_647, stage: 'start', level: 2 },
    });
    expect(bad.status).toBe(422);

    const monitoring = await call(server, 'POST', '/api/v1/questionnaire/completion/garden', {
      token: tokens['kindergarten-director'],
      body: { stage: 'start' },
    });
    expect(monitoring.status).toBe(200);
    const lines = GardenCompletionResponseSchema.parse(monitoring.body).data.groups;
    expect(lines[0]).toMatchObject({ children: 12, filled: 11 });
    expect(lines[1]).toMatchObject({ children: 12, filled: 0 });
  });

  it('the teacher writes, reads back and clears a note; others cannot', async () => {
    const all = await groups('kindergarten-director');
    const child = all[0]!.children[0]!;
    const other = all[1]!.children[0]!;
    const put = (who: string, id: number, body: unknown, locale: 'kz' | 'ru' = 'ru') =>
      call(server, 'PUT', `${P}/cards/${id}/notes`, { token: tokens[who], body, locale });
    const note = {
      stage: 'middle',
      area: 'cognition',
      comment: '  Санауды жақсы меңгерген  ',
      recommendation: 'Геометриялық пішіндермен ойындар',
    };
    const written = await put('kindergarten', child.id, note);
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const area = (card: unknown) =>
      DevelopmentCardResponseSchema.parse(card).data.areas.find((a) => a.area === 'cognition')!;
    expect(area(written.body).notes).toEqual({
      start: null,
      middle: { comment: 'Санауды жақсы меңгерген', recommendation: note.recommendation },
      end: null,
    });
    const read = await call(server, 'GET', `${P}/cards/${child.id}`, {
      token: tokens['kindergarten-director'],
    });
    expect(area(read.body).notes.middle?.comment).toBe('Санауды жақсы меңгерген');
    const healthArea = DevelopmentCardResponseSchema.parse(read.body).data.areas[0]!;
    expect(healthArea.notes).toEqual({ start: null, middle: null, end: null });

    const onlyRecommendation = await put('kindergarten', child.id, { ...note, comment: ' ' });
    expect(area(onlyRecommendation.body).notes.middle).toEqual({
      comment: '',
      recommendation: note.recommendation,
    });
    const cleared = await put('kindergarten', child.id, {
      ...note,
      comment: '',
      recommendation: '   ',
    });
    expect(cleared.status).toBe(200);
    expect(area(cleared.body).notes.middle).toBeNull();
    const rows = await server.db.query('SELECT 1 FROM development_notes WHERE child_id = $1', [
      child.id,
    ]);
    expect(rows).toHaveLength(0);

    expect((await put('kindergarten', other.id, note)).status).toBe(404);
    expect((await put('director', child.id, note)).status).toBe(403);
    expect((await put('kindergarten-director', child.id, note)).status).toBe(403);
    for (const [locale, text] of [
      ['kz', 'Мән тым ұзын'],
      ['ru', 'Слишком длинное значение'],
    ] as const) {
      const long = await put(
        'kindergarten',
        child.id,
        { ...note, comment: 'ә'.repeat(2001) },
        locale,
      );
      expect(long.status).toBe(422);
      expect(long.body.errors.comment).toEqual([text]);
    }
    const padded = await put('kindergarten', child.id, {
      ...note,
      recommendation: ` ${'ә'.repeat(2000)} `,
    });
    expect(padded.status).toBe(200);
    await put('kindergarten', child.id, { ...note, comment: '', recommendation: '' });
  });

  it('the seed holds skills of every age group in every area', async () => {
    const rows = await server.db.query<{ age: string; areas: number; skills: number }>(
      `SELECT age_group AS age, count(DISTINCT area)::int AS areas, count(*)::int AS skills
         FROM development_skills GROUP BY age_group ORDER BY age_group`,
    );
    expect(rows.map((r) => r.age)).toEqual(['early', 'junior', 'middle', 'preschool', 'senior']);
    for (const row of rows) {
      expect(row.areas).toBe(5);
      expect(row.skills).toBeGreaterThanOrEqual(20);
    }
  });

  it('the development map needs a kindergarden subscription (423 → tariffs)', async () => {
    expect((await call(server, 'GET', `${P}/map`, { token: tokens.kindergarten })).status).toBe(
      200,
    );
    const locked = await call(server, 'GET', `${P}/map`, { token: tokens.teacher, locale: 'ru' });
    expect(locked.status).toBe(423);
    expect(locked.body.redirect).toBe('/ru/tariffs');
  });
});
