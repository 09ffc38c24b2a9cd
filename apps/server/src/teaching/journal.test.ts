import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';

describe.each(BACKENDS)('journal (%s)', (backend) => {
  let server: RunningServer;
  let teacher: string;
  let lead: string;
  let english: string;
  let director: string;
  let student: string;
  let studentId: number;
  let g7a: number;
  let g8a: number;
  let algebra: number;
  let english_: number;
  let period2: number;
  const grid = (token: string, subject = algebra, q = `periodId=${period2}`) =>
    call(server, 'GET', `/api/v2/os/journal/groups/${g7a}/${subject}?${q}`, {
      token,
      locale: 'kz',
    });

  beforeAll(async () => {
    server = await startTestServer(backend);
    teacher = (await login(server, 'teacher')).access_token;
    lead = (await login(server, 'group-lead')).access_token;
    english = (await login(server, 'english-teacher')).access_token;
    director = (await login(server, 'director')).access_token;
    const s = await login(server, 'student');
    student = s.access_token;
    studentId = s.user.userId;
    g7a = (
      await server.db.query<{ id: number }>(
        "SELECT id FROM groups WHERE parallel = 7 AND letter = 'А'",
      )
    )[0]!.id;
    g8a = (
      await server.db.query<{ id: number }>(
        "SELECT id FROM groups WHERE parallel = 8 AND letter = 'А'",
      )
    )[0]!.id;
    algebra = (
      await server.db.query<{ id: number }>("SELECT id FROM subjects WHERE code = 'algebra'")
    )[0]!.id;
    english_ = (
      await server.db.query<{ id: number }>("SELECT id FROM subjects WHERE code = 'english'")
    )[0]!.id;
    period2 = (
      await server.db.query<{ id: number }>(
        'SELECT id FROM periods WHERE quarter = 2 ORDER BY id LIMIT 1',
      )
    )[0]!.id;
  });
  afterAll(async () => server?.close());

  it('lists the groups each employee keeps', async () => {
    const t = await call(server, 'GET', '/api/v2/os/journal/groups', { token: teacher });
    expect(t.body.data.map((g: { name: string }) => g.name)).toEqual(['7А', '7Ә', '7Б']);
    expect(t.body.data[0].students).toBe(14);
    const d = await call(server, 'GET', '/api/v2/os/journal/groups', { token: director });
    expect(d.body.data).toHaveLength(33);
    const g7b = (
      await server.db.query<{ id: number }>(
        "SELECT id FROM groups WHERE parallel = 7 AND letter = 'Ә'",
      )
    )[0]!.id;
    const subjects = await call(server, 'GET', `/api/v2/os/journal/groups/${g7b}`, {
      token: teacher,
      locale: 'ru',
    });
    expect(subjects.body.data.subjects.map((s: { name: string }) => s.name).sort()).toEqual([
      'Алгебра',
      'Геометрия',
    ]);
    const all = await call(server, 'GET', `/api/v2/os/journal/groups/${g7a}`, { token: lead });
    expect(all.body.data.subjects.length).toBeGreaterThan(10);
    const informatics = all.body.data.subjects.find(
      (s: { subgroups: unknown[] }) => s.subgroups.length > 0,
    );
    expect(informatics.subgroups.map((x: { name: string }) => x.name)).toEqual(['1-топ', '2-топ']);
    expect(
      (await call(server, 'GET', `/api/v2/os/journal/groups/${g8a}`, { token: teacher })).status,
    ).toBe(404);
    expect(
      (await call(server, 'GET', '/api/v2/os/journal/groups', { token: student })).status,
    ).toBe(403);
  });

  it('the demo journal is lived in: earlier lessons of the current period carry marks and a SOR', async () => {
    const current = (
      await server.db.query<{ start: string }>(
        "SELECT to_char(start_date, 'YYYY-MM-DD') AS start FROM periods WHERE is_current ORDER BY id LIMIT 1",
      )
    )[0]!;
    const today = new Date().toISOString().slice(0, 10);
    const res = await call(server, 'GET', `/api/v2/os/journal/groups/${g7a}/${algebra}`, {
      token: teacher,
    });
    const d = res.body.data;
    const others = d.rows.filter((r: { student: { id: number } }) => r.student.id !== studentId);
    const me = d.rows.find((r: { student: { id: number } }) => r.student.id === studentId);
    expect(
      me.cells.every((c: { mark: number | null; absent: boolean }) => c.mark === null && !c.absent),
    ).toBe(true);
    if (today <= current.start) return; // the first day of a period: nothing has happened yet
    const marks = others
      .flatMap((r: { cells: { mark: number | null }[] }) => r.cells.map((c) => c.mark))
      .filter((m: number | null) => m !== null);
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((m: number) => m >= 5 && m <= 10)).toBe(true);
    expect(
      d.assessments.some(
        (a: { kind: string; maxPoints: number }) => a.kind === 'sor' && a.maxPoints === 20,
      ),
    ).toBe(true);
    expect(others.every((r: { result: { grade: number | null } }) => r.result.grade !== null)).toBe(
      true,
    );
  });

  it('shows students × lesson dates of the period', async () => {
    const res = await grid(teacher);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.period).toMatchObject({ quarter: 2, startDate: '2026-11-03', endDate: '2026-12-28' });
    expect(d.rows).toHaveLength(14);
    expect(d.lessons.length).toBeGreaterThan(15);
    expect(
      d.lessons.every((l: { date: string }) => l.date >= '2026-11-03' && l.date <= '2026-12-28'),
    ).toBe(true);
    expect(d.rows[0].cells).toHaveLength(d.lessons.length);
    expect(d.config.weights).toEqual({ formative: 25, sor: 25, soch: 50 });
    // X-Quarter picks the period when none is named.
    const q1 = await call(server, 'GET', `/api/v2/os/journal/groups/${g7a}/${algebra}`, {
      token: teacher,
      headers: { 'x-quarter': '1' },
    });
    expect(q1.body.data.period.quarter).toBe(1);
    // Someone else's subject in a group the teacher teaches (not as its class teacher): forbidden;
    // a stranger group: missing. The class teachers of 7А (group_personnel) keep all its subjects.
    const g7b = (
      await server.db.query<{ id: number }>(
        "SELECT id FROM groups WHERE parallel = 7 AND letter = 'Ә'",
      )
    )[0]!.id;
    const other = await call(server, 'GET', `/api/v2/os/journal/groups/${g7b}/${english_}`, {
      token: teacher,
      locale: 'ru',
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('У вас нет права вести этот журнал');
    expect((await grid(teacher, english_)).status).toBe(200);
    expect((await grid(english)).status).toBe(403);
    expect(
      (await call(server, 'GET', `/api/v2/os/journal/groups/${g8a}/${algebra}`, { token: teacher }))
        .status,
    ).toBe(404);
  });

  it('saves marks as you go and computes the quarter grade (worked example)', async () => {
    const g = (await grid(teacher)).body.data;
    const [l1, l2, l3] = g.lessons as { id: number }[];
    const put = (body: object) =>
      call(server, 'PUT', '/api/v2/os/journal/marks', { token: teacher, locale: 'ru', body });
    expect((await put({ lessonId: l1!.id, studentId, mark: 8 })).body.data.result).toMatchObject({
      formative: 80,
      grade: 4,
    });
    await put({ lessonId: l2!.id, studentId, mark: 9 });
    const third = await put({ lessonId: l3!.id, studentId, mark: 10 });
    expect(third.body.data.result).toMatchObject({ formative: 90, total: 90, grade: 5 });
    const outOfRange = await put({ lessonId: l3!.id, studentId, mark: 11 });
    expect(outOfRange.status).toBe(422);
    expect(outOfRange.body.errors.mark).toBeDefined();
    const nothing = await put({ lessonId: l3!.id, studentId });
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toBe('Укажите оценку или отметку о посещении');

    const sor = await call(
      server,
      'POST',
      `/api/v2/os/journal/groups/${g7a}/${algebra}/assessments`,
      {
        token: teacher,
        body: { kind: 'sor', title: 'Сызықтық теңдеулер', maxPoints: 20, date: '2026-11-20' },
      },
    );
    expect(sor.status).toBe(201);
    const soch = await call(
      server,
      'POST',
      `/api/v2/os/journal/groups/${g7a}/${algebra}/assessments`,
      {
        token: teacher,
        body: { kind: 'soch', title: 'II тоқсан', maxPoints: 30, date: '2026-12-20' },
      },
    );
    const outside = await call(
      server,
      'POST',
      `/api/v2/os/journal/groups/${g7a}/${algebra}/assessments`,
      {
        token: teacher,
        locale: 'ru',
        body: { kind: 'soch', title: 'x', maxPoints: 30, date: '2026-10-30' },
      },
    );
    expect(outside.status).toBe(422);
    expect(outside.body.errors.date[0]).toMatch(/четверти/);
    const mark = (id: number, points: number | null) =>
      call(server, 'PUT', `/api/v2/os/journal/assessments/${id}/marks`, {
        token: teacher,
        body: { studentId, points },
      });
    expect((await mark(sor.body.data.id, 21)).status).toBe(422);
    await mark(sor.body.data.id, 18);
    const last = await mark(soch.body.data.id, 21);
    // formative 90, SOR 18/20 = 90, SOCh 21/30 = 70 → 22.5 + 22.5 + 35 = 80 → 4
    expect(last.body.data.result).toEqual({
      formative: 90,
      sor: 90,
      soch: 70,
      total: 80,
      grade: 4,
    });

    // Absent, then the mark cleared: the cell keeps only the absence.
    const absent = await put({ lessonId: l1!.id, studentId, absent: true, mark: null });
    expect(absent.body.data).toMatchObject({ mark: null, absent: true });
    const after = (await grid(teacher)).body.data;
    const row = after.rows.find((r: { student: { id: number } }) => r.student.id === studentId);
    expect(row.cells[0]).toEqual({ lessonId: l1!.id, mark: null, absent: true });
    expect(row.points[String(sor.body.data.id)]).toBe(18);
    // formative now 95 (9, 10): 23.75 + 22.5 + 35 = 81.25 → 81.3 → 4
    expect(row.result).toEqual({ formative: 95, sor: 90, soch: 70, total: 81.3, grade: 4 });
  });

  it('an offline write whose cell someone else changed meanwhile gets 409 with the cell now and who wrote it (issue 31)', async () => {
    const g = (await grid(teacher)).body.data;
    const lesson = (g.lessons as { id: number; date: string }[]).filter(
      (l) => l.date <= '2026-11-20',
    )[3]!;
    const put = (token: string, body: object, locale: 'kz' | 'ru' = 'kz') =>
      call(server, 'PUT', '/api/v2/os/journal/marks', {
        token,
        locale,
        body: { lessonId: lesson.id, studentId, ...body },
      });
    const original = await server.db.query<{ mark: number | null; absent: boolean }>(
      'SELECT mark, absent FROM journal_marks WHERE lesson_id = $1 AND student_id = $2',
      [lesson.id, studentId],
    );
    expect((await put(teacher, { mark: 5 })).status).toBe(200);
    // The class lead changes it while the teacher is offline with their own edit.
    expect((await put(lead, { mark: 7 })).status).toBe(200);
    const leadName = (
      await server.db.query<{ n: string }>(
        "SELECT concat_ws(' ', surname, firstname) AS n FROM users WHERE login = 'group-lead'",
      )
    )[0]!.n;
    const clash = await put(teacher, { mark: 9, expected: { mark: 5, absent: false } });
    expect(clash.status).toBe(409);
    expect(clash.body.conflict).toEqual({ mark: 7, absent: false, by: leadName });
    expect(clash.body.message).toBe(
      `Бұл ұяшықты сіз желісіз жұмыс істеп жатқанда ${leadName} өзгертті: қазір «7»`,
    );
    const ru = await put(teacher, { absent: true, expected: { mark: 5, absent: false } }, 'ru');
    expect(ru.body.message).toBe(
      `Пока вы работали без сети, эту ячейку изменил(а) ${leadName}: сейчас «7»`,
    );
    // Nothing was written by the refused ones.
    const stored = async () =>
      (
        await server.db.query<{ mark: number; absent: boolean }>(
          'SELECT mark, absent FROM journal_marks WHERE lesson_id = $1 AND student_id = $2',
          [lesson.id, studentId],
        )
      )[0];
    expect(await stored()).toEqual({ mark: 7, absent: false });
    // The teacher keeps theirs, knowing the cell now: written.
    expect((await put(teacher, { mark: 9, expected: { mark: 7, absent: false } })).status).toBe(
      200,
    );
    expect(await stored()).toEqual({ mark: 9, absent: false });
    // The teacher's own earlier value, or the same value as now, is no conflict.
    expect((await put(teacher, { mark: 8, expected: { mark: 5, absent: false } })).status).toBe(
      200,
    );
    expect((await put(lead, { mark: 6 })).status).toBe(200);
    expect((await put(teacher, { mark: 6, expected: { mark: 8, absent: false } })).status).toBe(
      200,
    );
    // Without `expected` (online), the last write wins as before.
    expect((await put(teacher, { mark: 10 })).status).toBe(200);
    expect(await stored()).toEqual({ mark: 10, absent: false });
    // The cell as the demo had it, for the tests after this one.
    const was = original[0];
    await put(
      teacher,
      was ? { mark: was.mark, absent: was.absent } : { mark: null, absent: false },
    );
  });

  it('refuses students of other groups and writes nothing', async () => {
    const g = (await grid(teacher)).body.data;
    const before = await fingerprint(server);
    const teacherId = (
      await server.db.query<{ id: number }>("SELECT id FROM users WHERE login = 'teacher'")
    )[0]!.id;
    const res = await call(server, 'PUT', '/api/v2/os/journal/marks', {
      token: teacher,
      body: { lessonId: g.lessons[0].id, studentId: teacherId, mark: 5 },
    });
    expect(res.status).toBe(422);
    const byOther = await call(server, 'PUT', '/api/v2/os/journal/marks', {
      token: english,
      body: { lessonId: g.lessons[0].id, studentId, mark: 5 },
    });
    expect(byOther.status).toBe(403);
    expect(await fingerprint(server)).toBe(before);
  });

  it('exports the page to Excel', async () => {
    const res = await fetch(
      `${server.url}/api/v2/os/journal/groups/${g7a}/${algebra}/export?periodId=${period2}`,
      {
        headers: { authorization: `Bearer ${teacher}`, 'x-localization': 'ru' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0]!;
    expect(String(ws.getCell('A1').value)).toContain('7А — Алгебра');
    const header = (ws.getRow(2).values as unknown[]).slice(1);
    expect(header.slice(-5)).toEqual(['ФО, %', 'СОР, %', 'СОЧ, %', 'Итого, %', 'Оценка']);
    const rows = [];
    for (let i = 3; i <= ws.rowCount; i++) rows.push((ws.getRow(i).values as unknown[]).slice(1));
    const me = rows.find((r) => r[1] === 'Серікбаев Әлихан')!;
    expect(me.slice(-2)).toEqual([81.3, 4]);
    expect(me[2]).toBe('н');
  });

  it('lists periods with is_current; management may make the first one current', async () => {
    const list = await call(server, 'GET', '/api/v2/os/journal/periods', {
      token: teacher,
      locale: 'ru',
    });
    expect(list.body.data).toHaveLength(4);
    expect(list.body.data.filter((p: { is_current: boolean }) => p.is_current)).toHaveLength(1);
    const first = list.body.data[0].id;
    expect(
      (await call(server, 'PUT', `/api/v2/os/journal/periods/${first}/current`, { token: teacher }))
        .status,
    ).toBe(403);
    const set = await call(server, 'PUT', `/api/v2/os/journal/periods/${first}/current`, {
      token: director,
    });
    expect(set.status).toBe(200);
    expect(set.body.data.map((p: { is_current: boolean }) => p.is_current)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(
      (await call(server, 'PUT', '/api/v2/os/journal/periods/99999/current', { token: director }))
        .status,
    ).toBe(404);
  });

  it("periods belong to a school: another school's director never switches ours (issue 12)", async () => {
    const other = (await login(server, 'school2-director')).access_token;
    const ours = await call(server, 'GET', '/api/v2/os/journal/periods', { token: director });
    const theirs = await call(server, 'GET', '/api/v2/os/journal/periods', { token: other });
    expect(theirs.body.data).toHaveLength(4);
    const ourIds = ours.body.data.map((p: { id: number }) => p.id);
    const theirIds = theirs.body.data.map((p: { id: number }) => p.id);
    expect(ourIds.filter((id: number) => theirIds.includes(id))).toEqual([]);
    // The dictionary route lists the caller's school's periods too.
    const dict = await call(server, 'GET', '/api/v2/os/periods', { token: other });
    expect(dict.body.data.map((p: { id: number }) => p.id)).toEqual(theirIds);

    const fp = await fingerprint(server);
    // Our period's id in their director's hands: not found, nothing written.
    const foreign = await call(server, 'PUT', `/api/v2/os/journal/periods/${ourIds[3]}/current`, {
      token: other,
      locale: 'ru',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Учебный период не найден');
    expect(await fingerprint(server)).toBe(fp);

    // Their own switch moves their current quarter only.
    const before = ours.body.data.map((p: { is_current: boolean }) => p.is_current);
    const set = await call(server, 'PUT', `/api/v2/os/journal/periods/${theirIds[3]}/current`, {
      token: other,
    });
    expect(set.status).toBe(200);
    expect(set.body.data.map((p: { is_current: boolean }) => p.is_current)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    const after = await call(server, 'GET', '/api/v2/os/journal/periods', { token: director });
    expect(after.body.data.map((p: { is_current: boolean }) => p.is_current)).toEqual(before);
  });
});
