import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueListResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { CATALOGUE_SAMPLES } from './catalogue-demo';
import { sampleDraft } from './catalogue-seed';
import { listCatalogue, type CatalogueFilter } from './catalogue-queries';

const P = '/api/v2/os/catalogue';

describe.each(BACKENDS)('content catalogue (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['teacher', 'guest', 'student', 'individual', 'school2-teacher'])
      tokens[name] = (await login(server, name)).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = async (who: string, query = '', locale: 'kz' | 'ru' = 'kz') => {
    const res = await call(server, 'GET', `${P}${query}`, { token: tokens[who], locale });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CatalogueListResponseSchema.parse(res.body).data;
  };
  const titles = async (who: string, query: string) =>
    (await list(who, query)).items.map((i) => i.title);

  it('lists the demo content: ≥ 20 items, subjects and parallels vary', async () => {
    const all = await list('teacher', '?perPage=50');
    expect(all.total).toBeGreaterThanOrEqual(20);
    expect(new Set(all.items.map((i) => i.subject)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(all.items.map((i) => i.parallel)).size).toBeGreaterThanOrEqual(5);
    expect(all.canCopy).toBe(true);
  });

  it('finds Kazakh words with their suffixes, and Russian forms', async () => {
    expect(await titles('teacher', `?q=${encodeURIComponent('су')}`)).toContain('Судың айналымы');
    expect(await titles('teacher', `?q=${encodeURIComponent('судың')}`)).toContain(
      'Судың айналымы',
    );
    expect(await titles('teacher', `?q=${encodeURIComponent('мектептегі')}`)).toContain(
      'Менің мектебім',
    );
    expect(await titles('teacher', `?q=${encodeURIComponent('жануарлар')}`)).toContain(
      'Қазақстанның жабайы жануарлары',
    );
    expect(await titles('teacher', `?q=${encodeURIComponent('воды')}`)).toContain(
      'Круговорот воды в природе',
    );
    // Every word must match.
    expect(await titles('teacher', `?q=${encodeURIComponent('судың барыс')}`)).toEqual([]);
    // Relevance first: the title holding the word before those whose summary does.
    const first = (await list('teacher', `?q=${encodeURIComponent('судың')}`)).items[0]!;
    expect(first.title.toLocaleLowerCase('kk')).toContain('су');
  });

  it('filters by kind, subject, parallel, language; pages', async () => {
    const lectures = await list('teacher', '?kind=lecture&perPage=50');
    expect(lectures.items.every((i) => i.type === 'lecture')).toBe(true);
    const bio7 = await list('teacher', '?subject=biology&parallel=7&perPage=50');
    expect(bio7.items.length).toBeGreaterThan(0);
    expect(bio7.items.every((i) => i.subject === 'biology' && i.parallel === 7)).toBe(true);
    const ru = await list('teacher', '?lang=ru&perPage=50');
    expect(ru.items.every((i) => i.lang === 'ru')).toBe(true);
    const p1 = await list('teacher', '?perPage=5&page=1');
    const p2 = await list('teacher', '?perPage=5&page=2');
    expect(p1.items).toHaveLength(5);
    expect(p2.total).toBe(p1.total);
    expect(p2.items.map((i) => i.id)).not.toContain(p1.items[0]!.id);
  });

  it('school=mine is the caller’s own school only', async () => {
    const mine1 = await list('teacher', '?school=mine&perPage=50');
    const mine2 = await list('school2-teacher', '?school=mine&perPage=50');
    expect(mine1.items.map((i) => i.title)).not.toContain('Туған өлкем — Қарасай');
    expect(mine2.items.map((i) => i.title)).toContain('Туған өлкем — Қарасай');
    const ids1 = new Set(mine1.items.map((i) => i.id));
    expect(mine2.items.some((i) => ids1.has(i.id))).toBe(false);
    expect(new Set(mine2.items.map((i) => i.schoolName)).size).toBe(1);
  });

  it('exams are for staff: pupils and guests see no SOR/SOCh', async () => {
    expect((await list('teacher', '?kind=exam')).total).toBeGreaterThan(0);
    expect((await list('student', '?kind=exam')).total).toBe(0);
    const guestAll = await list('guest', '?perPage=50');
    expect(guestAll.items.some((i) => i.type === 'sor' || i.type === 'soch')).toBe(false);
    const sor = (await list('teacher', '?kind=exam')).items[0]!;
    expect((await call(server, 'GET', `${P}/${sor.id}`, { token: tokens.student })).status).toBe(
      404,
    );
  });

  it('unpublished drafts never appear; the published snapshot is what shows', async () => {
    const sample = { ...CATALOGUE_SAMPLES[0]!, title: 'Жасырын жоба Зымыран', summary: '' };
    const created = await call(server, 'POST', '/api/v2/os/drafts', {
      token: tokens.teacher,
      body: { draft: sampleDraft(sample, 'x') },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.draft.id as string;
    const q = `?q=${encodeURIComponent('зымыранның')}`;
    expect((await list('teacher', q)).total).toBe(0);
    const pub = await call(server, 'POST', `/api/v2/os/drafts/${id}/publish`, {
      token: tokens.teacher,
    });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect(await titles('teacher', q)).toEqual(['Жасырын жоба Зымыран']);
    // Editing the live draft after publishing does not change the catalogue.
    const version = created.body.data.draft.version as number;
    const edit = await call(server, 'POST', `/api/v2/os/drafts/${id}/commands`, {
      token: tokens.teacher,
      body: {
        expectedVersion: version,
        commands: [{ type: 'draft/setMeta', patch: { title: 'Өзгертілген атау' } }],
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await titles('teacher', q)).toEqual(['Жасырын жоба Зымыран']);
    const shown = await call(server, 'GET', `${P}/${id}`, { token: tokens.guest });
    expect(shown.status).toBe(200);
    expect(shown.body.data.draft.title).toBe('Жасырын жоба Зымыран');
  });

  it('copy: a new draft of the caller naming its origin; the original never changes', async () => {
    const item = (await list('teacher', `?q=${encodeURIComponent('судың')}`)).items[0]!;
    const before = await server.db.query<{ doc: unknown; version: number; updated_at: string }>(
      'SELECT doc, version, updated_at::text FROM drafts WHERE id = $1',
      [item.id],
    );
    const copied = await call(server, 'POST', `${P}/${item.id}/copy`, {
      token: tokens['school2-teacher'],
    });
    expect(copied.status, JSON.stringify(copied.body)).toBe(201);
    const copy = copied.body.data;
    expect(copy.originDraftId).toBe(item.id);
    expect(copy.originVersion).toBe(item.version);
    expect(copy.id).not.toBe(item.id);
    // The copy is the caller's own draft, with no history of the original.
    const got = await call(server, 'GET', `/api/v2/os/drafts/${copy.id}`, {
      token: tokens['school2-teacher'],
    });
    expect(got.status).toBe(200);
    expect(got.body.data.summary.status).toBe('draft');
    const history = await call(server, 'GET', `/api/v2/os/drafts/${copy.id}/history`, {
      token: tokens['school2-teacher'],
    });
    expect(history.body.data).toEqual([]);
    const origin = await call(server, 'GET', `/api/v2/os/catalogue-origin/${copy.id}`, {
      token: tokens['school2-teacher'],
    });
    expect(origin.body.data.origin).toEqual({
      draftId: item.id,
      version: item.version,
      title: item.title,
    });
    // Someone else's draft: 404.
    expect(
      (
        await call(server, 'GET', `/api/v2/os/catalogue-origin/${copy.id}`, {
          token: tokens.teacher,
        })
      ).status,
    ).toBe(404);
    // Editing the copy leaves the original alone.
    const edit = await call(server, 'POST', `/api/v2/os/drafts/${copy.id}/commands`, {
      token: tokens['school2-teacher'],
      body: {
        expectedVersion: got.body.data.draft.version,
        commands: [{ type: 'draft/setMeta', patch: { title: 'Менің көшірмем' } }],
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const after = await server.db.query<{ doc: unknown; version: number; updated_at: string }>(
      'SELECT doc, version, updated_at::text FROM drafts WHERE id = $1',
      [item.id],
    );
    expect(after).toEqual(before);
    expect((await list('teacher', `?q=${encodeURIComponent('көшірмем')}`)).total).toBe(0);
  });

  it("attach: the teacher's lesson carries their published copy; others' lessons are refused", async () => {
    const item = (await list('teacher', `?q=${encodeURIComponent('судың')}`)).items[0]!;
    const [lesson] = await server.db.query<{ id: number }>(
      `SELECT l.id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
         JOIN users u ON u.id = s.teacher_id WHERE u.login = 'teacher' ORDER BY l.id LIMIT 1`,
    );
    const originalBefore = await server.db.query(
      'SELECT doc, version, updated_at::text FROM drafts WHERE id = $1',
      [item.id],
    );
    const itemsBefore = (await list('teacher')).total;
    const attached = await call(server, 'POST', `${P}/${item.id}/attach`, {
      token: tokens.teacher,
      body: { scheduleId: lesson!.id },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    const { draftId, version } = attached.body.data;
    expect(draftId).not.toBe(item.id);
    // The lesson shows it, pinned to the copy's published version.
    const shown = await call(server, 'GET', `/api/v2/os/schedule/lesson/${lesson!.id}`, {
      token: tokens.teacher,
    });
    expect(shown.body.data.lesson.content).toMatchObject({ draftId, version, title: item.title });
    // The copy is the teacher's, published, and names the item it came from.
    const [copy] = await server.db.query<{ status: string; origin_draft_id: string }>(
      'SELECT status, origin_draft_id FROM drafts WHERE id = $1 AND owner_id = (SELECT id FROM users WHERE login = $2)',
      [draftId, 'teacher'],
    );
    expect(copy).toEqual({ status: 'published', origin_draft_id: item.id });
    // The original is untouched and the catalogue has no duplicate.
    expect(
      await server.db.query('SELECT doc, version, updated_at::text FROM drafts WHERE id = $1', [
        item.id,
      ]),
    ).toEqual(originalBefore);
    expect((await list('teacher')).total).toBe(itemsBefore);

    // Another school's teacher: the lesson is not theirs to see (404), and nothing is written.
    const drafts = async () =>
      (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM drafts'))[0]!.n;
    const count = await drafts();
    const foreign = await call(server, 'POST', `${P}/${item.id}/attach`, {
      token: tokens['school2-teacher'],
      body: { scheduleId: lesson!.id },
    });
    expect(foreign.status).toBe(404);
    // Pupils and guests have no lessons to manage; bad bodies are 422 naming the field.
    for (const who of ['student', 'guest'])
      expect(
        (
          await call(server, 'POST', `${P}/${item.id}/attach`, {
            token: tokens[who],
            body: { scheduleId: lesson!.id },
          })
        ).status,
      ).toBe(403);
    for (const locale of ['kz', 'ru'] as const) {
      const bad = await call(server, 'POST', `${P}/${item.id}/attach`, {
        token: tokens.teacher,
        locale,
        body: { scheduleId: 'бірінші' },
      });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors)).toContain('scheduleId');
    }
    expect(
      (
        await call(server, 'POST', `${P}/${item.id}/attach`, {
          token: tokens.teacher,
          body: { scheduleId: 2_000_000_000 },
        })
      ).status,
    ).toBe(404);
    expect(await drafts()).toBe(count);
  });

  it('the total without words is exact: the counts per type follow inserts, type changes, sharing, deletes', async () => {
    const rollback = new Error('rollback');
    const run = server.db.transaction(async (tx) => {
      const totals = async () => {
        const [exact] = await tx.query(
          `SELECT count(*)::int AS "all", count(*) FILTER (WHERE type = 'lecture')::int AS lectures,
                  count(*) FILTER (WHERE type NOT IN ('sor', 'soch'))::int AS "noExams",
                  count(*) FILTER (WHERE type IN ('sor', 'soch'))::int AS exams
             FROM catalogue_items WHERE shared`,
        );
        const listed = async (f: Partial<CatalogueFilter>) =>
          (await listCatalogue(tx, { page: 1, perPage: 1, ...f }, 'kz')).total;
        expect({
          all: await listed({}),
          lectures: await listed({ kind: 'lecture' }),
          noExams: await listed({ excludeExams: true }),
          exams: (await listed({ type: 'sor' })) + (await listed({ type: 'soch' })),
        }).toEqual(exact);
        // Past the last page too (the count runs on its own there).
        expect((await listCatalogue(tx, { page: 100_000, perPage: 50 }, 'kz')).total).toBe(
          exact!.all,
        );
      };
      await totals();
      const ids = ['count-a', 'count-b', 'count-c'];
      const [teacher] = await tx.query<{ id: number; school_id: number }>(
        "SELECT id, school_id FROM users WHERE login = 'teacher'",
      );
      await tx.query(
        `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, status, doc, initial)
         SELECT id, $2, $3, type, id, 'kz', 1, 'published', '{}'::jsonb, '{}'::jsonb
           FROM unnest($1::text[], $4::text[]) AS t(id, type)`,
        [ids, teacher!.id, teacher!.school_id, ['lecture', 'lecture', 'sor']],
      );
      await tx.query(
        `INSERT INTO catalogue_items (draft_id, version, owner_id, school_id, type, title, doc, search_terms)
         SELECT id, 1, owner_id, school_id, type, title, '{}'::jsonb, '{}'::text[]
           FROM drafts WHERE id = ANY($1::text[])`,
        [ids],
      );
      await totals();
      await tx.query("UPDATE catalogue_items SET type = 'soch' WHERE draft_id = 'count-a'");
      await totals();
      await tx.query("UPDATE catalogue_items SET title = 'again' WHERE draft_id = ANY($1)", [ids]);
      await totals();
      // Issue 28: an exam its author stops sharing leaves the counts, and comes back.
      await tx.query("UPDATE catalogue_items SET shared = false WHERE draft_id = 'count-c'");
      await totals();
      await tx.query("UPDATE catalogue_items SET shared = true WHERE draft_id = 'count-c'");
      await totals();
      await tx.query("DELETE FROM drafts WHERE id IN ('count-a', 'count-c')");
      await totals();
      await tx.exec('TRUNCATE catalogue_items CASCADE');
      await totals();
      throw rollback;
    });
    await expect(run).rejects.toBe(rollback);
    expect((await list('teacher')).total).toBeGreaterThanOrEqual(20);
  });

  it('guests read catalogues and lectures but cannot write', async () => {
    const lectures = await list('guest', '?kind=lecture');
    expect(lectures.total).toBeGreaterThan(0);
    expect(lectures.canCopy).toBe(false);
    const id = lectures.items[0]!.id;
    expect((await call(server, 'GET', `${P}/${id}`, { token: tokens.guest })).status).toBe(200);
    expect((await call(server, 'POST', `${P}/${id}/copy`, { token: tokens.guest })).status).toBe(
      403,
    );
    expect(
      (await call(server, 'POST', '/api/v2/os/drafts', { token: tokens.guest, body: {} })).status,
    ).toBe(403);
    expect((await call(server, 'GET', P)).status).toBe(401);
  });

  it('422 in kz and ru naming the field; 404 for an unknown item', async () => {
    for (const locale of ['kz', 'ru'] as const) {
      const res = await call(server, 'GET', `${P}?parallel=99&perPage=1000`, {
        token: tokens.teacher,
        locale,
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['parallel', 'perPage']));
      expect(JSON.stringify(res.body.errors)).toMatch(locale === 'kz' ? /[әіңғүұқөһ]/ : /[а-я]/);
    }
    expect((await call(server, 'GET', `${P}/nope`, { token: tokens.teacher })).status).toBe(404);
  });
});
