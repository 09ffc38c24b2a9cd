import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';
import { seedSubgroupMembers } from './seed';

interface Row {
  student: { id: number; fullname: string };
  cells: { lessonId: number; mark: number | null; absent: boolean }[];
  result: { grade: number | null; total: number | null };
}

describe.each(BACKENDS)('journal of a subgroup (%s)', (backend) => {
  let server: RunningServer;
  let english: string;
  let lead: string;
  let g7a: number;
  let englishId: number;
  let period2: number;
  let sg1: { id: number; name: string; students: number };
  let sg2: { id: number; name: string; students: number };
  const page = (subgroupId?: number, locale: 'kz' | 'ru' = 'kz') =>
    call(
      server,
      'GET',
      `/api/v2/os/journal/groups/${g7a}/${englishId}?periodId=${period2}${subgroupId ? `&subgroupId=${subgroupId}` : ''}`,
      { token: english, locale },
    );

  beforeAll(async () => {
    server = await startTestServer(backend);
    english = (await login(server, 'english-teacher')).access_token;
    lead = (await login(server, 'group-lead')).access_token;
    g7a = (
      await server.db.query<{ id: number }>(
        "SELECT id FROM groups WHERE parallel = 7 AND letter = 'А'",
      )
    )[0]!.id;
    englishId = (
      await server.db.query<{ id: number }>("SELECT id FROM subjects WHERE code = 'english'")
    )[0]!.id;
    period2 = (
      await server.db.query<{ id: number }>(
        'SELECT id FROM periods WHERE quarter = 2 ORDER BY id LIMIT 1',
      )
    )[0]!.id;
    const subjects = await call(server, 'GET', `/api/v2/os/journal/groups/${g7a}`, {
      token: lead,
    });
    const en = subjects.body.data.subjects.find((s: { id: number }) => s.id === englishId);
    [sg1, sg2] = en.subgroups;
  });
  afterAll(async () => server?.close());

  it('the subjects list shows the subgroups with how many pupils each has (split evenly)', async () => {
    expect(sg1).toEqual({ id: sg1.id, name: '1-топ', students: 7 });
    expect(sg2).toEqual({ id: sg2.id, name: '2-топ', students: 7 });
    const res = await call(server, 'GET', `/api/v2/os/journal/groups/${g7a}`, { token: lead });
    const split = res.body.data.subjects.filter(
      (s: { subgroups: unknown[] }) => s.subgroups.length > 0,
    );
    expect(split).toHaveLength(2); // english and informatics
  });

  it('the grid of a subgroup lists only its members; the two halves make the class', async () => {
    const whole = (await page()).body.data;
    const a = await page(sg1.id);
    const b = await page(sg2.id);
    expect(a.status).toBe(200);
    expect(a.body.data.subgroup).toEqual({ id: sg1.id, name: '1-топ' });
    expect(a.body.data.subgroups.map((x: { name: string }) => x.name)).toEqual(['1-топ', '2-топ']);
    const ids = (d: { rows: Row[] }) => d.rows.map((r) => r.student.id);
    expect(ids(a.body.data)).toHaveLength(7);
    expect(ids(b.body.data)).toHaveLength(7);
    expect(ids(a.body.data).filter((id) => ids(b.body.data).includes(id))).toEqual([]);
    expect([...ids(a.body.data), ...ids(b.body.data)].sort()).toEqual([...ids(whole)].sort());
    // Deterministic: the first half of the class list (journal order) is the first subgroup.
    expect(ids(a.body.data)).toEqual(ids(whole).slice(0, 7));
    // A subgroup of another subject is not a page of this journal.
    const informatics = (
      await server.db.query<{ id: number }>(
        "SELECT sg.id FROM subgroups sg JOIN subjects s ON s.id = sg.subject_id WHERE s.code = 'informatics' LIMIT 1",
      )
    )[0]!.id;
    const wrong = await page(informatics, 'ru');
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('У этого предмета нет такой подгруппы');
  });

  it('saves a member’s mark with the subgroup’s quarter result; refuses a non-member (422, kz/ru) and writes nothing', async () => {
    const a = (await page(sg1.id)).body.data;
    const b = (await page(sg2.id)).body.data;
    const member = a.rows[0].student.id as number;
    const outsider = b.rows[0].student.id as number;
    const lessonId = a.lessons[0].id as number;
    const put = (body: object, locale: 'kz' | 'ru') =>
      call(server, 'PUT', '/api/v2/os/journal/marks', { token: english, locale, body });

    const before = await fingerprint(server);
    const ru = await put({ lessonId, studentId: outsider, mark: 7, subgroupId: sg1.id }, 'ru');
    expect(ru.status).toBe(422);
    expect(ru.body.message).toBe('Ученик не входит в эту подгруппу');
    expect(ru.body.errors.studentId).toEqual(['Ученик не входит в эту подгруппу']);
    const kz = await put({ lessonId, studentId: outsider, absent: true, subgroupId: sg1.id }, 'kz');
    expect(kz.status).toBe(422);
    expect(kz.body.errors.studentId).toEqual(['Оқушы бұл топшада оқымайды']);
    const foreign = await put({ lessonId, studentId: member, mark: 7, subgroupId: 999999 }, 'ru');
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.subgroupId).toBeDefined();
    expect(await fingerprint(server)).toBe(before);

    const ok = await put({ lessonId, studentId: member, mark: 8, subgroupId: sg1.id }, 'kz');
    expect(ok.status).toBe(200);
    expect(ok.body.data.result).toMatchObject({ formative: 80, grade: 4 });

    // A SOR of the subgroup: points for members only, and they count in the quarter result.
    const sor = await call(
      server,
      'POST',
      `/api/v2/os/journal/groups/${g7a}/${englishId}/assessments`,
      {
        token: english,
        body: {
          kind: 'sor',
          title: 'Unit 3',
          maxPoints: 10,
          date: '2026-11-20',
          subgroupId: sg1.id,
        },
      },
    );
    expect(sor.status).toBe(201);
    const points = (studentId: number, p: number) =>
      call(server, 'PUT', `/api/v2/os/journal/assessments/${sor.body.data.id}/marks`, {
        token: english,
        locale: 'ru',
        body: { studentId, points: p },
      });
    const otherPage = await call(
      server,
      'PUT',
      `/api/v2/os/journal/assessments/${sor.body.data.id}/marks`,
      { token: english, locale: 'ru', body: { studentId: member, points: 5, subgroupId: sg2.id } },
    );
    expect(otherPage.status).toBe(422);
    expect(otherPage.body.errors.assessmentId).toEqual([
      'Это суммативное оценивание назначено другой подгруппе',
    ]);
    const refused = await points(outsider, 5);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.studentId).toEqual(['Ученик не входит в эту подгруппу']);
    const counted = await points(member, 6);
    // formative 80 and SOR 60, half each while there is no SOCh → 70 → 4
    expect(counted.body.data.result).toEqual({
      formative: 80,
      sor: 60,
      soch: null,
      total: 70,
      grade: 4,
    });

    // The grid agrees with what the saves answered; the other subgroup never sees the SOR.
    const after = (await page(sg1.id)).body.data;
    const row = after.rows.find((r: Row) => r.student.id === member) as Row;
    expect(row.result).toMatchObject({ total: 70, grade: 4 });
    expect(after.assessments.map((x: { id: number }) => x.id)).toContain(sor.body.data.id);
    const other = (await page(sg2.id)).body.data;
    expect(other.assessments.map((x: { id: number }) => x.id)).not.toContain(sor.body.data.id);

    // A whole-class SOCh shows on every subgroup page and counts in the member's result there.
    const soch = await call(
      server,
      'POST',
      `/api/v2/os/journal/groups/${g7a}/${englishId}/assessments`,
      {
        token: english,
        body: { kind: 'soch', title: 'II тоқсан', maxPoints: 20, date: '2026-12-20' },
      },
    );
    expect(soch.status).toBe(201);
    const sochMark = await call(
      server,
      'PUT',
      `/api/v2/os/journal/assessments/${soch.body.data.id}/marks`,
      { token: english, body: { studentId: member, points: 10, subgroupId: sg1.id } },
    );
    // formative 80 × 25 + SOR 60 × 25 + SOCh 50 × 50 = 60 → 3
    expect(sochMark.body.data.result).toEqual({
      formative: 80,
      sor: 60,
      soch: 50,
      total: 60,
      grade: 3,
    });
    const withSoch = (await page(sg1.id)).body.data;
    expect(withSoch.assessments.map((x: { id: number }) => x.id)).toEqual(
      expect.arrayContaining([sor.body.data.id, soch.body.data.id]),
    );
    expect((withSoch.rows.find((r: Row) => r.student.id === member) as Row).result).toMatchObject({
      total: 60,
      grade: 3,
    });
    expect((await page(sg2.id)).body.data.assessments.map((x: { id: number }) => x.id)).toContain(
      soch.body.data.id,
    );
  });

  it('exports only the subgroup’s members to Excel', async () => {
    const res = await fetch(
      `${server.url}/api/v2/os/journal/groups/${g7a}/${englishId}/export?periodId=${period2}&subgroupId=${sg2.id}`,
      { headers: { authorization: `Bearer ${english}`, 'x-localization': 'ru' } },
    );
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0]!;
    expect(String(ws.getCell('A1').value)).toContain('(2-топ)');
    const names: string[] = [];
    for (let i = 3; i <= ws.rowCount; i++) names.push(String(ws.getRow(i).getCell(2).value));
    const expected = (await page(sg2.id)).body.data.rows.map((r: Row) => r.student.fullname);
    expect(names).toEqual(expected);
    expect(names).toHaveLength(7);
  });

  it('a lesson timetabled for one subgroup takes marks of its members only, from any page', async () => {
    const b = (await page(sg2.id)).body.data;
    const a = (await page(sg1.id)).body.data;
    // The last lesson that has happened (issue 20: no marks on a lesson still to come).
    const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
    const lessonId = b.lessons.filter((l: { date: string }) => l.date <= today).at(-1).id as number;
    // Make that lesson's timetable slot the second subgroup's own.
    await server.db.query(
      'UPDATE timetable_slots SET subgroup_id = $1 WHERE id = (SELECT slot_id FROM lessons WHERE id = $2)',
      [sg2.id, lessonId],
    );
    const put = (body: object) =>
      call(server, 'PUT', '/api/v2/os/journal/marks', { token: english, locale: 'ru', body });
    const before = await fingerprint(server);
    const fromWholeClass = await put({ lessonId, studentId: a.rows[0].student.id, mark: 9 });
    expect(fromWholeClass.status).toBe(422);
    expect(fromWholeClass.body.errors.studentId).toEqual(['Ученик не входит в эту подгруппу']);
    const fromOtherPage = await put({
      lessonId,
      studentId: b.rows[0].student.id,
      mark: 9,
      subgroupId: sg1.id,
    });
    expect(fromOtherPage.status).toBe(422);
    expect(fromOtherPage.body.errors.lessonId).toBeDefined();
    expect(await fingerprint(server)).toBe(before);
    const ok = await put({ lessonId, studentId: b.rows[0].student.id, mark: 9 });
    expect(ok.status).toBe(200);
    // The first subgroup's page no longer shows the lesson; the second's still does.
    expect((await page(sg1.id)).body.data.lessons.map((l: { id: number }) => l.id)).not.toContain(
      lessonId,
    );
    expect((await page(sg2.id)).body.data.lessons.map((l: { id: number }) => l.id)).toContain(
      lessonId,
    );
  });

  it('seeding the membership again changes nothing', async () => {
    const count = async () =>
      (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM subgroup_members'))[0]!
        .n;
    const n = await count();
    expect(n).toBe(28); // 14 pupils × two split subjects
    await server.db.transaction((tx) => seedSubgroupMembers(tx, g7a));
    expect(await count()).toBe(n);
  });
});
