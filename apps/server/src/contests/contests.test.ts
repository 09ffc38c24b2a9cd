import {
  ContestDetailResponseSchema,
  ContestEntriesResponseSchema,
  ContestJuryResponseSchema,
  ContestListResponseSchema,
} from '@sabaq/platform';
import type { ContestSummary } from '@sabaq/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

const P = '/api/v2/os/contests';

describe.each(BACKENDS)('contests (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};
  let contests: ContestSummary[] = [];
  const byStage = (stage: string) => contests.find((c) => c.stage === stage)!;

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['teacher', 'school2-teacher', 'methodist', 'student', 'director'])
      tokens[name] = (await login(server, name)).access_token;
    const res = await call(server, 'GET', P, { locale: 'ru' });
    contests = ContestListResponseSchema.parse(res.body).data.items;
  });
  afterAll(async () => {
    await server?.close();
  });

  const show = async (id: number, who?: string, locale: 'kz' | 'ru' = 'ru') => {
    const res = await call(server, 'GET', `${P}/${id}`, { token: who && tokens[who], locale });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ContestDetailResponseSchema.parse(res.body).data;
  };

  it('lists contests to anyone, with the §3 filters', async () => {
    expect(contests.map((c) => c.stage).sort()).toEqual([
      'finished',
      'judging',
      'open',
      'upcoming',
    ]);
    const filtered = async (query: string) =>
      ContestListResponseSchema.parse((await call(server, 'GET', `${P}?${query}`)).body).data;
    expect((await filtered('lessonType=sor')).items.map((c) => c.lessonType)).toEqual(['sor']);
    expect((await filtered('type=innovation')).total).toBe(1);
    const list = await filtered('page=1');
    const school = list.schools[0]!;
    const withEntries = await filtered(`school=${school.id}`);
    expect(withEntries.items.every((c) => c.entries > 0)).toBe(true);
    expect(withEntries.total).toBe(2);
    expect((await call(server, 'GET', `${P}?page=0`)).status).toBe(422);
    expect((await call(server, 'GET', `${P}/999999`)).status).toBe(404);
  });

  it('a teacher enters their own published lesson while the contest is open, once', async () => {
    const open = byStage('open');
    const before = await show(open.id, 'teacher');
    expect(before.canEnter).toBe(true);
    expect(before.eligible.length).toBeGreaterThan(0);
    const draftId = before.eligible[0]!.draftId;
    const enter = (who: string, id = open.id, draft = draftId) =>
      call(server, 'POST', `${P}/${id}/entries`, {
        token: tokens[who],
        body: { draftId: draft },
        locale: 'kz',
      });
    expect((await enter('teacher')).status).toBe(200);
    const twice = await enter('teacher');
    expect(twice.status).toBe(409);
    expect(twice.body.errors.draftId).toEqual(['Бұл материал байқауға бұрын ұсынылған']);
    // Someone else's lesson, and a student: refused.
    expect((await enter('school2-teacher')).status).toBe(422);
    expect((await enter('student')).status).toBe(403);
    // Closed contests take no entry.
    expect((await enter('teacher', byStage('judging').id)).status).toBe(409);
    const after = await show(open.id, 'teacher');
    const mine = after.list.find((e) => e.mine)!;
    expect(mine.draftId).toBe(draftId);
    expect(after.eligible.map((e) => e.draftId)).not.toContain(draftId);
    // Scores stay hidden before the results.
    expect(mine.score).toBeNull();
    // Withdrawn by its author only.
    const foreign = await call(server, 'DELETE', `${P}/${open.id}/entries/${mine.id}`, {
      token: tokens['school2-teacher'],
    });
    expect(foreign.status).toBe(404);
    const withdraw = await call(server, 'DELETE', `${P}/${open.id}/entries/${mine.id}`, {
      token: tokens.teacher,
    });
    expect(withdraw.status).toBe(200);
  });

  it('the jury scores every entry after entries close, then publishes places', async () => {
    const judging = byStage('judging');
    const jury = async () =>
      ContestJuryResponseSchema.parse(
        (await call(server, 'GET', `${P}/${judging.id}/jury`, { token: tokens.methodist })).body,
      ).data;
    const view = await jury();
    expect(view.canPublish).toBe(false);
    expect(view.entries.length).toBe(2);
    expect(
      (await call(server, 'GET', `${P}/${judging.id}/jury`, { token: tokens.teacher })).status,
    ).toBe(403);
    const early = await call(server, 'POST', `${P}/${judging.id}/results`, {
      token: tokens.methodist,
      locale: 'ru',
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/не оценено: 2/);

    const score = (entryId: number, points: number[], locale: 'kz' | 'ru' = 'ru') =>
      call(server, 'PUT', `${P}/${judging.id}/entries/${entryId}/score`, {
        token: tokens.methodist,
        locale,
        body: {
          criteria: view.criteria.map((c, i) => ({ id: c.id, points: points[i] ?? 0 })),
          comment: 'Жақсы жұмыс',
        },
      });
    const over = await score(view.entries[0]!.id, [11, 1, 1, 1]);
    expect(over.status).toBe(422);
    expect(over.body.errors['criteria.content']).toEqual(['Не больше 10 баллов']);
    expect((await score(view.entries[0]!.id, [9, 9, 8, 5])).status).toBe(200);
    expect((await score(view.entries[1]!.id, [6, 7, 5, 3])).status).toBe(200);
    // A second score by the same juror replaces the first.
    const again = await score(view.entries[1]!.id, [7, 7, 5, 3]);
    const scored = ContestJuryResponseSchema.parse(again.body).data;
    expect(scored.entries[1]!.mine!.total).toBe(22);
    expect(scored.entries[1]!.jurors).toBe(1);
    expect(scored.canPublish).toBe(true);

    const published = await call(server, 'POST', `${P}/${judging.id}/results`, {
      token: tokens.methodist,
    });
    expect(published.status).toBe(200);
    const detail = await show(judging.id);
    expect(detail.stage).toBe('finished');
    expect(detail.list.map((e) => [e.place, e.score])).toEqual([
      [1, 31],
      [2, 22],
    ]);
    // Results stand: no more scores, no second publication.
    expect((await score(view.entries[0]!.id, [1, 1, 1, 1])).status).toBe(409);
    expect(
      (await call(server, 'POST', `${P}/${judging.id}/results`, { token: tokens.methodist }))
        .status,
    ).toBe(409);
  });

  it('shows a finished contest with places in Kazakh, and its rules and criteria', async () => {
    const finished = await show(byStage('finished').id, undefined, 'kz');
    expect(finished.title).toBe('Инновациялық сабақ');
    expect(finished.rules).toHaveLength(3);
    expect(finished.criteria.map((c) => c.name)).toContain('Әдістемесі');
    expect(finished.list[0]!.place).toBe(1);
    expect(finished.canEnter).toBe(false);
  });

  it('the catalogue of contest lessons lists entries, places of finished contests first', async () => {
    const res = await call(server, 'GET', '/api/v2/os/contest-entries', {
      token: tokens.student,
      locale: 'ru',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = ContestEntriesResponseSchema.parse(res.body).data;
    expect(data.total).toBeGreaterThanOrEqual(4);
    expect(data.items[0]!.place).toBe(1);
    expect(data.items[0]!.stage).toBe('finished');
    const finished = byStage('finished');
    const one = await call(server, 'GET', `/api/v2/os/contest-entries?contestId=${finished.id}`, {
      token: tokens.teacher,
    });
    const only = ContestEntriesResponseSchema.parse(one.body).data;
    expect(only.items.every((item) => item.contest.id === finished.id)).toBe(true);
    expect(only.items.map((item) => item.place)).toEqual([1, 2]);
    expect((await call(server, 'GET', '/api/v2/os/contest-entries')).status).toBe(401);
  });
});
