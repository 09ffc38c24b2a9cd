import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftSchema } from '@sabaq/engine';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { DEMO_SOCH_ID, DEMO_SOR_ID } from '../teaching/demo-content';
import { SECOND_SCHOOL_SOR_ID } from '../teaching/seed-school2';

/**
 * Issue 28: a SOR/SOCh enters the shared catalogue only when its author shares it, and no one
 * outside its school reads its keys, copies it or puts it on a lesson while any lesson window of
 * it (or of a copy of it) is open or still to come. The demo data: school 1's SOR is on the next
 * 7А algebra lesson (its window open for a fortnight) and shared; its SOCh and the second
 * school's SOR are not.
 */
const C = '/api/v2/os/catalogue';

/** Every right answer a task of a draft carries (empty when the keys were taken out). */
function keysOf(doc: unknown): string[] {
  const draft = DraftSchema.parse(doc);
  return draft.pages.flatMap((p) =>
    p.modules.flatMap((m) => {
      const o = m.options;
      if (!o) return [];
      if (o.kind === 'select') return o.rightId ? [o.rightId] : [];
      if (o.kind === 'choice') return o.items.filter((i) => i.right).map((i) => i.id);
      return o.links.map((l) => `${l.left}-${l.right}`);
    }),
  );
}

describe.each(BACKENDS)('exams in the shared catalogue on %s', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['teacher', 'methodist', 'individual', 'school2-teacher', 'english-teacher'])
      tokens[name] = (await login(server, name)).access_token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const as = (who: string, method: string, path: string, body?: unknown, locale = 'ru') =>
    call(server, method, path, { token: tokens[who], body, locale: locale as 'kz' | 'ru' });
  const listed = async (who: string) =>
    (await as(who, 'GET', `${C}?kind=exam&perPage=50`)).body.data.items as {
      id: string;
      inUseUntil: string | null;
    }[];

  it('another school sees a shared exam in use without its keys, and cannot copy or attach it', async () => {
    const mine = await as('teacher', 'GET', `${C}/${DEMO_SOR_ID}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.keysHidden).toBe(false);
    expect(mine.body.data.item.inUseUntil).toBeNull();
    expect(keysOf(mine.body.data.draft).length).toBeGreaterThan(0);

    const theirs = await as('school2-teacher', 'GET', `${C}/${DEMO_SOR_ID}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.keysHidden).toBe(true);
    const until = theirs.body.data.item.inUseUntil as string;
    expect(Date.parse(until)).toBeGreaterThan(Date.now());
    expect(keysOf(theirs.body.data.draft)).toEqual([]);
    const text = JSON.stringify(theirs.body);
    expect(text).not.toMatch(/"right":true/);
    expect(text).not.toMatch(/"descriptorList":\[\{/);
    expect((await listed('school2-teacher')).find((i) => i.id === DEMO_SOR_ID)?.inUseUntil).toBe(
      until,
    );

    for (const locale of ['ru', 'kz']) {
      const copy = await as('school2-teacher', 'POST', `${C}/${DEMO_SOR_ID}/copy`, {}, locale);
      expect(copy.status).toBe(409);
      expect(copy.body.message).toMatch(
        locale === 'ru'
          ? /^Эту работу классы ещё пишут или будут писать: её ответы и копирование откроются другим школам после \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/
          : /^Бұл жұмысты сыныптар әлі жазып жатыр немесе жазады/,
      );
    }
    const lesson = await server.db.query<{ id: number }>(
      `SELECT l.id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
         JOIN users u ON u.id = s.teacher_id WHERE u.login = 'school2-teacher' LIMIT 1`,
    );
    const attach = await as('school2-teacher', 'POST', `${C}/${DEMO_SOR_ID}/attach`, {
      scheduleId: lesson[0]!.id,
    });
    expect(attach.status).toBe(409);
    // Individuals and pupils never see exams in the catalogue at all.
    expect((await as('individual', 'GET', `${C}/${DEMO_SOR_ID}`)).status).toBe(404);
  });

  it('an exam its author has not shared is nobody’s catalogue item; the author shares it and takes it back', async () => {
    for (const who of ['school2-teacher', 'teacher', 'methodist']) {
      expect((await as(who, 'GET', `${C}/${DEMO_SOCH_ID}`)).status, who).toBe(404);
      expect((await listed(who)).map((i) => i.id)).not.toContain(DEMO_SOCH_ID);
    }
    expect((await as('teacher', 'GET', `${C}/${SECOND_SCHOOL_SOR_ID}`)).status).toBe(404);
    const sharing = `/api/v2/os/drafts/${DEMO_SOCH_ID}/sharing`;
    // Only its author decides; a lesson has nothing to decide; a draft must be published first.
    const colleague = await as('english-teacher', 'PUT', sharing, { shared: true });
    expect(colleague.status).toBe(403);
    expect(colleague.body.message).toBe('Делиться работой в каталоге может решить только её автор');
    const lessonDraft = await server.db.query<{ id: string }>(
      `SELECT d.id FROM drafts d JOIN users u ON u.id = d.owner_id
        WHERE u.login = 'teacher' AND d.type = 'lecture' AND d.status = 'published' LIMIT 1`,
    );
    const lessonShare = await as(
      'teacher',
      'PUT',
      `/api/v2/os/drafts/${lessonDraft[0]!.id}/sharing`,
      {
        shared: false,
      },
    );
    expect(lessonShare.status).toBe(422);
    expect(lessonShare.body.errors.shared).toBeDefined();
    const fresh = await as('teacher', 'POST', '/api/v2/os/drafts', {
      init: { type: 'soch', title: 'Жаңа ТЖБ', lang: 'kz' },
    });
    const unpublished = await as(
      'teacher',
      'PUT',
      `/api/v2/os/drafts/${fresh.body.data.summary.id}/sharing`,
      { shared: true },
      'kz',
    );
    expect(unpublished.status).toBe(422);
    expect(unpublished.body.message).toBe(
      'Алдымен жұмысты жариялаңыз: каталогта жарияланған нұсқасы көрінеді',
    );

    const on = await as('teacher', 'PUT', sharing, { shared: true });
    expect(on.status).toBe(200);
    expect(on.body.data.summary.shared).toBe(true);
    // On no lesson: free, keys and all, to another school's staff.
    const seen = await as('school2-teacher', 'GET', `${C}/${DEMO_SOCH_ID}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.keysHidden).toBe(false);
    expect(keysOf(seen.body.data.draft).length).toBeGreaterThan(0);
    const mine = await as('teacher', 'GET', '/api/v2/os/drafts?scope=mine&limit=200');
    expect(mine.body.data.find((d: { id: string }) => d.id === DEMO_SOCH_ID).shared).toBe(true);

    const off = await as('teacher', 'PUT', sharing, { shared: false });
    expect(off.body.data.summary.shared).toBe(false);
    expect((await as('school2-teacher', 'GET', `${C}/${DEMO_SOCH_ID}`)).status).toBe(404);
    expect((await as('school2-teacher', 'POST', `${C}/${DEMO_SOCH_ID}/copy`, {})).status).toBe(404);
  });

  it('sharing on publishing is the author’s choice; a later publish keeps it', async () => {
    const created = await as('teacher', 'POST', '/api/v2/os/drafts', {
      draft: {
        ...DraftSchema.parse(
          (await as('teacher', 'GET', `/api/v2/os/drafts/${DEMO_SOCH_ID}`)).body.data.draft,
        ),
        title: 'Алгебра: жаңа ТЖБ',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.summary.id as string;
    const publish = (body?: unknown) =>
      as('teacher', 'POST', `/api/v2/os/drafts/${id}/publish`, body);
    expect((await publish()).body.data.summary.shared).toBe(false);
    expect((await as('school2-teacher', 'GET', `${C}/${id}`)).status).toBe(404);
    expect((await publish({ share: true })).body.data.summary.shared).toBe(true);
    expect((await as('school2-teacher', 'GET', `${C}/${id}`)).status).toBe(200);
    expect((await publish()).body.data.summary.shared).toBe(true);
    expect((await publish({ share: false })).body.data.summary.shared).toBe(false);
    expect((await as('school2-teacher', 'GET', `${C}/${id}`)).status).toBe(404);
  });

  it('once every window has closed the keys and copies open; a copy on a coming lesson closes them again', async () => {
    const windows = await server.db.query<{ id: number; opens: string; closes: string }>(
      `SELECT id, exam_opens_at::text AS opens, exam_closes_at::text AS closes FROM lessons
        WHERE content_draft_id = $1`,
      [DEMO_SOR_ID],
    );
    expect(windows.length).toBeGreaterThan(0);
    await server.db.query(
      `UPDATE lessons SET exam_opens_at = now() - interval '2 days', exam_closes_at = now() - interval '1 day'
        WHERE content_draft_id = $1`,
      [DEMO_SOR_ID],
    );
    try {
      const free = await as('school2-teacher', 'GET', `${C}/${DEMO_SOR_ID}`);
      expect(free.body.data.keysHidden).toBe(false);
      expect(free.body.data.item.inUseUntil).toBeNull();
      expect(keysOf(free.body.data.draft).length).toBeGreaterThan(0);
      // The second school puts it on its own coming lesson (its own copy, naming the origin).
      const lesson = await server.db.query<{ id: number }>(
        `SELECT l.id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
           JOIN users u ON u.id = s.teacher_id
          WHERE u.login = 'school2-teacher' AND l.lesson_date >= current_date + 1
          ORDER BY l.lesson_date LIMIT 1`,
      );
      const attached = await as('school2-teacher', 'POST', `${C}/${DEMO_SOR_ID}/attach`, {
        scheduleId: lesson[0]!.id,
      });
      expect(attached.status, JSON.stringify(attached.body)).toBe(201);
      // The copy carries the same keys: while its lesson is to come, the family is in use again
      // for everyone outside school 1 — the second school included — and not for school 1.
      const again = await as('school2-teacher', 'GET', `${C}/${DEMO_SOR_ID}`);
      expect(again.body.data.keysHidden).toBe(true);
      expect((await as('teacher', 'GET', `${C}/${DEMO_SOR_ID}`)).body.data.keysHidden).toBe(false);
      await server.db.query(
        'UPDATE lessons SET content_draft_id = NULL, content_version = NULL WHERE id = $1',
        [lesson[0]!.id],
      );
    } finally {
      for (const w of windows)
        await server.db.query(
          'UPDATE lessons SET exam_opens_at = $2::timestamptz, exam_closes_at = $3::timestamptz WHERE id = $1',
          [w.id, w.opens, w.closes],
        );
    }
  });
});
