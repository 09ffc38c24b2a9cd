import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { parseDate, readText, validateRows } from './calendar-plan-import';
import { DEMO_LECTURE_ID } from './calendar-plan-seed';

const P = '/api/v2/os';

/* eslint-disable @typescript-eslint/no-explicit-any */
describe('calendar plan rows (pure)', () => {
  const year = { start: '2026-09-01', end: '2027-05-25' };
  it('reads pasted rows split by tabs, | or ;, skips the header and blank lines', () => {
    const rows = validateRows(
      readText(
        '№\tТақырып/Тема\tСағат/Часы\tТоқсан/Четверть\tКүні/Дата\n1\tБірінші\t2\t1\t02.09.2026\n\n2 | Екінші | 1 | 2 |\n3;Үшінші;3;4;2027-05-20',
      ),
      year,
    );
    expect(rows).toEqual([
      { topic: 'Бірінші', hours: 2, quarter: 1, date: '2026-09-02' },
      { topic: 'Екінші', hours: 1, quarter: 2, date: null },
      { topic: 'Үшінші', hours: 3, quarter: 4, date: '2027-05-20' },
    ]);
  });

  it('takes rows pasted without the № column and skips title rows', () => {
    const raw = readText('КТЖ 7А География\nМатериктер\t2\t1\nМұхиттар | 1 | 2 | 03.09.2026');
    expect(validateRows(raw, year)).toEqual([
      { topic: 'Материктер', hours: 2, quarter: 1, date: null },
      { topic: 'Мұхиттар', hours: 1, quarter: 2, date: '2026-09-03' },
    ]);
  });

  it('dates: DD.MM.YYYY and ISO, real days only', () => {
    expect(parseDate('2.9.2026')).toBe('2026-09-02');
    expect(parseDate('2026-09-02')).toBe('2026-09-02');
    expect(parseDate('31.02.2027')).toBeNull();
    expect(parseDate('ертең')).toBeNull();
  });
});

describe.each(BACKENDS)('editing calendar plans (%s)', (backend) => {
  let server: RunningServer;
  let teacher: string;
  let director: string;
  let english: string;
  let student: string;
  let g7a: number;
  let g8a: number;
  let planId: number;
  let subjectId: number;
  let year: { start: string; end: string };

  const req = (
    method: string,
    path: string,
    token: string,
    body?: unknown,
    locale: 'kz' | 'ru' = 'ru',
  ) => call(server, method, `${P}/${path}`, { token, body, locale });
  const plan = async (id = planId) => (await req('GET', `calendar-plans/${id}`, teacher)).body.data;
  /**
   * The demo student answers the demo lecture in the dated lesson `scheduleId`; the answer goes
   * again with the function this answers.
   */
  const answerDemoLecture = async (scheduleId: number) => {
    const key = [scheduleId, (await login(server, 'student')).user.userId, DEMO_LECTURE_ID];
    await server.db.query(
      `INSERT INTO attempts (lesson_id, user_id, draft_id, version, answers, results, score, max_score)
       VALUES ($1, $2, $3, (SELECT max(version) FROM content_versions WHERE draft_id = $3), '{}', '[]', 0, 4)`,
      key,
    );
    return async () => {
      await server.db.query(
        'DELETE FROM attempts WHERE lesson_id = $1 AND user_id = $2 AND draft_id = $3',
        key,
      );
    };
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    teacher = (await login(server, 'teacher')).access_token;
    director = (await login(server, 'director')).access_token;
    english = (await login(server, 'english-teacher')).access_token;
    student = (await login(server, 'student')).access_token;
    const g = await server.db.query<{ id: number; parallel: number }>(
      "SELECT g.id, g.parallel FROM groups g JOIN schools s ON s.id = g.school_id WHERE s.kind = 'school' AND g.letter = 'А' AND g.parallel IN (7, 8)",
    );
    g7a = g.find((x) => x.parallel === 7)!.id;
    g8a = g.find((x) => x.parallel === 8)!.id;
  });
  afterAll(async () => server?.close());

  it('every demo plan of 7А has plan lessons of at most 10 hours and round-trips through .xlsx', async () => {
    const list = await req('GET', `calendar-plans?groupId=${g7a}`, director);
    expect(list.body.data.plans.length).toBeGreaterThan(5);
    for (const p of list.body.data.plans) {
      const before = (await req('GET', `calendar-plans/${p.id}`, director)).body.data;
      for (const l of before.lessons) expect(l.hours).toBeLessThanOrEqual(10);
      const res = await fetch(`${server.url}${P}/calendar-plans/${p.id}/export`, {
        headers: { authorization: `Bearer ${director}` },
      });
      const xlsx = Buffer.from(await res.arrayBuffer()).toString('base64');
      const back = await req('PUT', `calendar-plans/${p.id}/lessons`, director, { xlsx });
      expect(back.status, `${p.subject.name}: ${JSON.stringify(back.body).slice(0, 300)}`).toBe(
        200,
      );
      expect(back.body.data.lessons).toEqual(before.lessons);
    }
  });

  it('deletes a plan nobody answered, which frees its subject', async () => {
    // The demo plans every subject of 7А; the geography plan has no materials and no answers.
    const list = await req('GET', `calendar-plans?groupId=${g7a}`, teacher);
    expect(list.body.data.available).toEqual([]);
    const geo = list.body.data.plans.find(
      (p: any) => p.linked === 0 && p.subject.name === 'География',
    );
    expect(geo).toBeDefined();
    expect((await req('DELETE', `calendar-plans/${geo.id}`, english)).status).toBe(403);
    const del = await req('DELETE', `calendar-plans/${geo.id}`, teacher);
    expect(del.status).toBe(200);
    const after = await req('GET', `calendar-plans?groupId=${g7a}`, teacher, undefined, 'kz');
    expect(after.body.data.available).toEqual([{ id: geo.subject.id, name: 'География' }]);
    expect(after.body.data.plans.map((p: any) => p.id)).not.toContain(geo.id);
  });

  it('creates a plan for a subject of the group without one; a duplicate is a clear 422', async () => {
    const list = await req('GET', `calendar-plans?groupId=${g7a}`, teacher);
    expect(list.status).toBe(200);
    expect(list.body.data.schoolYear).toMatch(/^\d{4}-\d{4}$/);
    const available = list.body.data.available;
    expect(available.length).toBeGreaterThan(0);
    const planned = list.body.data.plans.map((p: any) => p.subject.id);
    for (const s of available) expect(planned).not.toContain(s.id);
    subjectId = available[0].id;
    // The English teacher teaches 7А but not this subject and does not lead the class: 403.
    const denied = await req('POST', 'calendar-plans', english, { groupId: g7a, subjectId }, 'kz');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(
      'Бұл жоспарды пән мұғалімі, сынып жетекшісі немесе әкімшілік өзгертеді',
    );
    // A group the teacher has nothing to do with: 404; students: 403 by role.
    expect((await req('POST', 'calendar-plans', teacher, { groupId: g8a, subjectId })).status).toBe(
      404,
    );
    expect((await req('POST', 'calendar-plans', student, { groupId: g7a, subjectId })).status).toBe(
      403,
    );
    const created = await req('POST', 'calendar-plans', teacher, { groupId: g7a, subjectId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.lessons).toEqual([]);
    expect(created.body.data.plan.canManage).toBe(true);
    expect(created.body.data.plan.schoolYear).toBe(list.body.data.schoolYear);
    planId = created.body.data.plan.id;
    const dup = await req('POST', 'calendar-plans', director, { groupId: g7a, subjectId }, 'kz');
    expect(dup.status).toBe(422);
    expect(dup.body.errors.subjectId).toEqual([
      'Бұл сыныптың осы пәні бойынша осы оқу жылына жоспар бар',
    ]);
    const after = await req('GET', `calendar-plans?groupId=${g7a}`, teacher);
    expect(after.body.data.available.map((s: any) => s.id)).not.toContain(subjectId);
    // A subject the group does not have: 422; an unknown school year: 422.
    const notTaught = await server.db.query<{ id: number }>(
      'SELECT id FROM subjects WHERE id NOT IN (SELECT subject_id FROM timetable_slots WHERE group_id = $1) LIMIT 1',
      [g7a],
    );
    const nt = await req('POST', 'calendar-plans', director, {
      groupId: g7a,
      subjectId: notTaught[0]!.id,
    });
    expect(nt.status).toBe(422);
    expect(nt.body.errors.subjectId).toEqual([
      'Этого предмета нет в расписании класса в этом учебном году',
    ]);
    const ny = await req('POST', 'calendar-plans', director, {
      groupId: g7a,
      subjectId,
      schoolYear: '1990-1991',
    });
    expect(ny.status).toBe(422);
    expect(Object.keys(ny.body.errors)).toEqual(['schoolYear']);
    const r = await server.db.query<{ start: string; end: string }>(
      `SELECT to_char(min(start_date), 'YYYY-MM-DD') AS start, to_char(max(end_date), 'YYYY-MM-DD') AS end
         FROM periods WHERE school_year = $1`,
      [list.body.data.schoolYear],
    );
    year = r[0]!;
  });

  it('adds lessons (validated in kz/ru), at the end or at a position; numbers stay 1..n', async () => {
    const url = `calendar-plans/${planId}/lessons`;
    const bad = await req('POST', url, teacher, { topic: ' ', hours: 11, quarter: 5 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['hours', 'quarter', 'topic']);
    const outside = await req(
      'POST',
      url,
      teacher,
      { topic: 'Сабақ', hours: 1, quarter: 1, date: '1999-01-01' },
      'kz',
    );
    expect(outside.status).toBe(422);
    expect(outside.body.errors.date[0]).toBe(
      `Күн жоспардың оқу жылының ішінде болуы керек (${year.start} – ${year.end})`,
    );
    expect((await req('POST', url, english, { topic: 'X', hours: 1, quarter: 1 })).status).toBe(
      403,
    );
    for (const [topic, hours] of [
      ['Екінші', 2],
      ['Үшінші', 1],
    ] as const) {
      const r = await req('POST', url, teacher, { topic, hours, quarter: 1 });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const first = await req('POST', url, director, {
      topic: 'Бірінші',
      hours: 3,
      quarter: 1,
      date: year.start,
      position: 1,
    });
    expect(first.status).toBe(201);
    const ls = first.body.data.lessons;
    expect(ls.map((l: any) => [l.number, l.topic, l.hours])).toEqual([
      [1, 'Бірінші', 3],
      [2, 'Екінші', 2],
      [3, 'Үшінші', 1],
    ]);
    expect(ls[0].date).toBe(year.start);
    expect(first.body.data.plan.hours).toBe(6);
  });

  it('hours are laid over the dated lessons after every edit', async () => {
    const check = (data: any) => {
      const ls = data.lessons;
      for (const l of ls) expect(l.lessons).toHaveLength(l.hours);
      const all = ls.flatMap((l: any) => l.lessons.map((d: any) => d.scheduleId));
      expect(new Set(all).size).toBe(all.length);
      for (let i = 1; i < ls.length; i++)
        expect(ls[i].lessons[0].date >= ls[i - 1].lessons.at(-1).date).toBe(true);
      return all;
    };
    const before = check(await plan());
    const ls = (await plan()).lessons;
    const edited = await req('PUT', `calendar-plan-lessons/${ls[0].uuid}`, teacher, { hours: 1 });
    expect(edited.status).toBe(200);
    const after = check(edited.body.data);
    // The first plan lesson now covers one dated lesson; the next starts at the old second one.
    expect(after[0]).toBe(before[0]);
    expect(edited.body.data.lessons[1].lessons[0].scheduleId).toBe(before[1]);
    const back = await req('PUT', `calendar-plan-lessons/${ls[0].uuid}`, teacher, { hours: 3 });
    expect(check(back.body.data)).toEqual(before);
  });

  it('edits topic, quarter and date; clears the date; rights and 404s', async () => {
    const ls = (await plan()).lessons;
    const url = `calendar-plan-lessons/${ls[1].uuid}`;
    const r = await req('PUT', url, teacher, { topic: '  Жаңа тақырып ', quarter: 2, date: null });
    expect(r.status).toBe(200);
    const l = r.body.data.lessons[1];
    expect([l.topic, l.quarter, l.hours]).toEqual(['Жаңа тақырып', 2, 2]);
    expect(l.date).toBe(l.lessons[0].date); // no planned date: the first dated lesson's
    expect((await req('PUT', url, teacher, {})).status).toBe(422);
    expect((await req('PUT', url, teacher, { hours: 0 })).status).toBe(422);
    expect((await req('PUT', url, teacher, { date: '2026-02-30' })).status).toBe(422);
    const en = await req('PUT', url, english, { topic: 'X' });
    expect(en.status).toBe(403);
    const missing = await req(
      'PUT',
      'calendar-plan-lessons/00000000-0000-4000-8000-000000000000',
      teacher,
      { topic: 'X' },
    );
    expect(missing.status).toBe(404);
    // A plan lesson of 8А (the maths teacher has nothing to do with it): 404, not 403.
    const other = await server.db.query<{ uuid: string }>(
      `SELECT l.uuid::text AS uuid FROM calendar_plan_lessons l JOIN calendar_plans cp ON cp.id = l.plan_id
        WHERE cp.group_id <> $1 LIMIT 1`,
      [g7a],
    );
    if (other[0])
      expect(
        (await req('PUT', `calendar-plan-lessons/${other[0].uuid}`, teacher, { topic: 'X' }))
          .status,
      ).toBe(404);
  });

  it('moves a lesson to a position; numbers stay 1..n', async () => {
    const ls = (await plan()).lessons;
    const moved = await req('POST', `calendar-plan-lessons/${ls[2].uuid}/move`, teacher, {
      position: 1,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.lessons.map((l: any) => l.uuid)).toEqual([
      ls[2].uuid,
      ls[0].uuid,
      ls[1].uuid,
    ]);
    expect(moved.body.data.lessons.map((l: any) => l.number)).toEqual([1, 2, 3]);
    const last = await req('POST', `calendar-plan-lessons/${ls[2].uuid}/move`, teacher, {
      position: 99,
    });
    expect(last.body.data.lessons.map((l: any) => l.uuid)).toEqual([
      ls[0].uuid,
      ls[1].uuid,
      ls[2].uuid,
    ]);
    expect(
      (await req('POST', `calendar-plan-lessons/${ls[0].uuid}/move`, teacher, { position: 0 }))
        .status,
    ).toBe(422);
    expect(
      (await req('POST', `calendar-plan-lessons/${ls[0].uuid}/move`, english, { position: 2 }))
        .status,
    ).toBe(403);
  });

  it('concurrent moves and adds are serialised: numbers stay 1..n, nothing lost', async () => {
    const ls = (await plan()).lessons;
    const results = await Promise.all([
      req('POST', `calendar-plan-lessons/${ls[0].uuid}/move`, teacher, { position: 3 }),
      req('POST', `calendar-plan-lessons/${ls[2].uuid}/move`, director, { position: 1 }),
      req('POST', `calendar-plans/${planId}/lessons`, teacher, {
        topic: 'Қосымша',
        hours: 1,
        quarter: 1,
        position: 2,
      }),
      req('POST', `calendar-plan-lessons/${ls[1].uuid}/move`, teacher, { position: 4 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    const after = (await plan()).lessons;
    expect(after.map((l: any) => l.number)).toEqual([1, 2, 3, 4]);
    expect(new Set(after.map((l: any) => l.uuid)).size).toBe(4);
    // Back to the three lessons in their old order for the next steps.
    const extra = after.find((l: any) => l.topic === 'Қосымша');
    expect((await req('DELETE', `calendar-plan-lessons/${extra.uuid}`, teacher)).status).toBe(200);
    for (const [i, l] of ls.entries())
      await req('POST', `calendar-plan-lessons/${l.uuid}/move`, teacher, { position: i + 1 });
    expect((await plan()).lessons.map((l: any) => l.uuid)).toEqual(ls.map((l: any) => l.uuid));
  });

  it('a linked published lecture follows its plan lesson onto the dated lessons when it moves', async () => {
    const ls = (await plan()).lessons;
    const link = await req('PUT', `calendar-plan-lessons/${ls[2].uuid}/content`, teacher, {
      kind: 'lecture',
      draftId: DEMO_LECTURE_ID,
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const carried = link.body.data.lesson.lessons.map((d: any) => d.contentDraftId);
    expect(carried).toEqual([DEMO_LECTURE_ID]);
    const moved = await req('POST', `calendar-plan-lessons/${ls[2].uuid}/move`, teacher, {
      position: 1,
    });
    const now = moved.body.data.lessons;
    expect(now[0].uuid).toBe(ls[2].uuid);
    expect(now[0].lessons.map((d: any) => d.contentDraftId)).toEqual([DEMO_LECTURE_ID]);
    // The dated lesson it left (now under another plan lesson) dropped it.
    for (const l of now.slice(1))
      for (const d of l.lessons) expect(d.contentDraftId).not.toBe(DEMO_LECTURE_ID);
  });

  it('refuses to delete a lesson (409) whose material pupils answered; deletes others and renumbers', async () => {
    const ls = (await plan()).lessons;
    const withdraw = await answerDemoLecture(ls[0].lessons[0].scheduleId);
    const refused = await req(
      'DELETE',
      `calendar-plan-lessons/${ls[0].uuid}`,
      teacher,
      undefined,
      'kz',
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Оқушылар №1 сабақтың материалдарына жауап берген: оны жоюға болмайды',
    );
    expect((await plan()).lessons).toHaveLength(3);
    const planDel = await req('DELETE', `calendar-plans/${planId}`, director);
    expect(planDel.status).toBe(409);
    expect(planDel.body.message).toBe(
      'Ученики уже ответили на материалы этого плана: план нельзя удалить',
    );
    expect((await req('DELETE', `calendar-plan-lessons/${ls[1].uuid}`, english)).status).toBe(403);
    const ok = await req('DELETE', `calendar-plan-lessons/${ls[1].uuid}`, teacher);
    expect(ok.status).toBe(200);
    expect(ok.body.data.lessons.map((l: any) => [l.number, l.uuid])).toEqual([
      [1, ls[0].uuid],
      [2, ls[2].uuid],
    ]);
    await withdraw();
  });

  it('import: every bad row named with its number (kz/ru), nothing written', async () => {
    const before = (await plan()).lessons;
    const url = `calendar-plans/${planId}/lessons`;
    const text = [
      '№\tТақырып\tСағат\tТоқсан\tКүні',
      '1\tДұрыс\t1\t1\t',
      '2\t\t1\t1\t',
      '3\tСағаты жоқ\tбір\t1\t',
      '4\tТоқсаны бес\t2\t5\t31.02.2027',
      '5\tЖылдан тыс\t1\t1\t01.01.1999',
    ].join('\n');
    const kz = await req('PUT', url, teacher, { text }, 'kz');
    expect(kz.status).toBe(422);
    expect(kz.body.message).toBe('Жолдарда қате бар (4): ештеңе сақталмады');
    expect(kz.body.errors).toEqual({
      'rows.3': ['3-жол: тақырып бос'],
      'rows.4': ['4-жол: сағат саны 1-ден 10-ға дейінгі бүтін сан болуы керек'],
      'rows.5': ['5-жол: тоқсан 1, 2, 3 немесе 4 болуы керек; күн КК.АА.ЖЖЖЖ түрінде болуы керек'],
      'rows.6': ['6-жол: күн жоспардың оқу жылынан тыс'],
    });
    const ru = await req('PUT', url, teacher, { text }, 'ru');
    expect(ru.body.errors['rows.3']).toEqual(['Строка 3: тема пустая']);
    expect((await plan()).lessons).toEqual(before);
    const empty = await req('PUT', url, teacher, { text: '\n\n' });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('В списке нет ни одного урока');
    const long = Array.from({ length: 401 }, (_, i) => `${i + 1}\tТақырып ${i + 1}\t1\t1`);
    const tooLong = await req('PUT', url, teacher, { text: long.join('\n') }, 'kz');
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.rows).toEqual(['Тізім тым ұзын: ең көбі 400 сабақ']);
    const junk = await req('PUT', url, teacher, {
      xlsx: Buffer.from('not a zip').toString('base64'),
    });
    expect(junk.status).toBe(422);
    expect(junk.body.errors.xlsx).toEqual(['Не удалось прочитать файл .xlsx']);
    expect((await req('PUT', url, english, { text: '1\tX\t1\t1' })).status).toBe(403);
  });

  it('import replaces the lessons in order, keeping row n on plan lesson n (and its links)', async () => {
    const before = (await plan()).lessons;
    const r = await req('PUT', `calendar-plans/${planId}/lessons`, teacher, {
      text: `1\tА тақырып\t2\t1\t${year.start.split('-').reverse().join('.')}\n2\tӘ тақырып\t1\t2\n3\tБ тақырып\t1\t3`,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ls = r.body.data.lessons;
    expect(ls.map((l: any) => [l.number, l.topic, l.hours, l.quarter])).toEqual([
      [1, 'А тақырып', 2, 1],
      [2, 'Ә тақырып', 1, 2],
      [3, 'Б тақырып', 1, 3],
    ]);
    expect(ls[0].date).toBe(year.start);
    expect(ls[0].uuid).toBe(before[0].uuid);
    expect(ls[1].uuid).toBe(before[1].uuid);
    expect(ls[0].content.map((c: any) => c.draftId)).toEqual([DEMO_LECTURE_ID]);
    for (const l of ls) expect(l.lessons).toHaveLength(l.hours);
  });

  it('export → import round-trips the plan (.xlsx, the same columns)', async () => {
    const res = await fetch(`${server.url}${P}/calendar-plans/${planId}/export`, {
      headers: { authorization: `Bearer ${english}` }, // readers export too
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const buf = Buffer.from(await res.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      '№',
      'Тақырып/Тема',
      'Сағат/Часы',
      'Тоқсан/Четверть',
      'Күні/Дата',
    ]);
    expect(ws.getRow(2).getCell(2).value).toBe('А тақырып');
    const before = (await plan()).lessons;
    // Someone edits, then the exported file is imported back: the plan is what it was.
    await req('PUT', `calendar-plan-lessons/${before[1].uuid}`, teacher, {
      topic: 'Өзгерді',
      hours: 4,
    });
    await req('POST', `calendar-plans/${planId}/lessons`, teacher, {
      topic: 'Артық',
      hours: 1,
      quarter: 4,
    });
    const back = await req('PUT', `calendar-plans/${planId}/lessons`, teacher, {
      xlsx: buf.toString('base64'),
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const strip = (ls: any[]) =>
      ls.map((l) => ({
        uuid: l.uuid,
        number: l.number,
        topic: l.topic,
        hours: l.hours,
        quarter: l.quarter,
        date: l.date,
      }));
    expect(strip(back.body.data.lessons)).toEqual(strip(before));
  });

  it('imports an .xlsx sent to the file service first ({fileId}); only the uploader’s own', async () => {
    const res = await fetch(`${server.url}${P}/calendar-plans/${planId}/export`, {
      headers: { authorization: `Bearer ${teacher}` },
    });
    const buf = Buffer.from(await res.arrayBuffer());
    const send = async (token: string, name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const up = await fetch(`${server.url}${P}/files?use=ktp`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}`, 'x-localization': 'ru' },
      });
      return { status: up.status, body: (await up.json()) as any };
    };
    const up = await send(teacher, 'ktp.xlsx', buf);
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({ use: 'ktp', id: null, url: '' });
    const before = (await plan()).lessons;
    const back = await req('PUT', `calendar-plans/${planId}/lessons`, teacher, {
      fileId: up.body.data.name,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.lessons.map((l: any) => l.topic)).toEqual(
      before.map((l: any) => l.topic),
    );
    // Another person's upload is not theirs to import; a text is not a spreadsheet.
    const others = await send(english, 'ktp.xlsx', buf);
    const foreign = await req('PUT', `calendar-plans/${planId}/lessons`, teacher, {
      fileId: others.body.data.name,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.fileId[0]).toBe('Не удалось прочитать файл .xlsx');
    const text = await send(teacher, 'ktp.xlsx', Buffer.from('1\tтема\t1\t1'));
    expect(text.status).toBe(422);
    expect(text.body.errors.file[0]).toMatch(
      /^Тип файла «ktp\.xlsx» \(text\/plain\) здесь не разрешён/,
    );
  });

  it('a shorter import that would drop an answered lesson is refused (409), nothing written', async () => {
    const ls = (await plan()).lessons;
    const withdraw = await answerDemoLecture(ls[0].lessons[0].scheduleId);
    // Move the answered lesson last (its hours now fall elsewhere: still answered), then import
    // one row: plan lesson 3 would go.
    await req('POST', `calendar-plan-lessons/${ls[0].uuid}/move`, teacher, { position: 3 });
    const moved = (await plan()).lessons;
    expect(moved[2].uuid).toBe(ls[0].uuid);
    const r = await req('PUT', `calendar-plans/${planId}/lessons`, teacher, {
      text: '1\tЖалғыз\t1\t1',
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Ученики уже ответили на материалы урока №3: его нельзя удалить');
    expect((await plan()).lessons).toEqual(moved);
    await withdraw();
  });

  it('deletes a plan nobody answered (rights first); the dated lessons drop its materials', async () => {
    expect((await req('DELETE', `calendar-plans/${planId}`, english)).status).toBe(403);
    expect((await req('DELETE', `calendar-plans/${planId}`, student)).status).toBe(403);
    const ids = (await plan()).lessons.flatMap((l: any) => l.lessons.map((d: any) => d.scheduleId));
    const r = await req('DELETE', `calendar-plans/${planId}`, teacher);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ deleted: true });
    expect((await req('GET', `calendar-plans/${planId}`, teacher)).status).toBe(404);
    const carried = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM lessons WHERE id = ANY($1::int[]) AND content_draft_id = $2',
      [ids, DEMO_LECTURE_ID],
    );
    expect(carried[0]!.n).toBe(0);
    expect((await req('DELETE', `calendar-plans/${planId}`, teacher)).status).toBe(404);
  });
});
