import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TimetableGroupResponseSchema,
  TimetableListResponseSchema,
  TimetableSlotResponseSchema,
  WeekResponseSchema,
} from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';

const B = '/api/v2/os/backoffice';
const S = `${B}/schedules`;

describe.each(BACKENDS)('backoffice timetables (%s)', (backend) => {
  let server: RunningServer;
  let director: string;
  let zavuch: string;
  let lead: string;
  let other: string;
  let g7a: number;
  let g7b: number;
  let g9d: number;
  let q2: number;
  let q3: number;
  let otherQ2: number;
  let math: number;
  let english: number;
  /** The demo teacher's first-shift lesson in the second quarter (another class). */
  let busy: { teacher_id: number; weekday: number; lesson_no: number; group: string };
  /** A teacher of the school with no lesson at all on that weekday. */
  let free: number;
  const one = async <T = { id: number }>(sql: string, params: unknown[] = []) =>
    (await server.db.query<T>(sql, params))[0]!;

  beforeAll(async () => {
    server = await startTestServer(backend);
    director = (await login(server, 'director')).access_token;
    zavuch = (await login(server, 'zavuch')).access_token;
    lead = (await login(server, 'group-lead')).access_token;
    other = (await login(server, 'school2-director')).access_token;
    const school = (
      await one<{ school_id: number }>("SELECT school_id FROM users WHERE login = 'director'")
    ).school_id;
    g7a = (
      await one(
        `SELECT id FROM groups WHERE school_id = $1 AND parallel = 7 AND letter = 'А' AND NOT archived`,
        [school],
      )
    ).id;
    g7b = (
      await one(
        `SELECT id FROM groups WHERE school_id = $1 AND parallel = 7 AND letter = 'Ә' AND NOT archived`,
        [school],
      )
    ).id;
    q2 = (await one('SELECT id FROM periods WHERE school_id = $1 AND quarter = 2', [school])).id;
    q3 = (await one('SELECT id FROM periods WHERE school_id = $1 AND quarter = 3', [school])).id;
    otherQ2 = (await one('SELECT id FROM periods WHERE school_id <> $1 AND quarter = 2', [school]))
      .id;
    math = (await one("SELECT id FROM subjects WHERE code = 'math'")).id;
    english = (await one("SELECT id FROM subjects WHERE code = 'english'")).id;
    busy = await one(
      `SELECT s.teacher_id, s.weekday, s.lesson_no, g.parallel || g.letter AS group
         FROM timetable_slots s JOIN groups g ON g.id = s.group_id JOIN users u ON u.id = s.teacher_id
        WHERE u.login = 'teacher' AND s.period_id = $1 AND s.shift = 1 ORDER BY s.weekday, s.lesson_no LIMIT 1`,
      [q2],
    );
    free = (
      await one(
        `SELECT u.id FROM users u WHERE u.school_id = $1 AND u.role = 'teacher' AND NOT EXISTS
           (SELECT 1 FROM timetable_slots s WHERE s.teacher_id = u.id AND s.period_id = $2 AND s.weekday = $3)
         ORDER BY u.id LIMIT 1`,
        [school, q2, busy.weekday],
      )
    ).id;
    const created = await call(server, 'POST', `${B}/group`, {
      token: director,
      body: { name: 9, letter: 'Д', personnel_id: [], edu_lang: 1 },
    });
    expect(created.status).toBe(201);
    g9d = created.body.group.id;
  });
  afterAll(async () => server?.close());

  const place = (groupId: number, body: Record<string, unknown>, token = director) =>
    call(server, 'POST', `${S}/${groupId}/slots`, {
      token,
      locale: 'ru',
      body: { periodId: q2, shift: 1, subgroupId: null, teacherId: null, room: '', ...body },
    });

  it('lists the classes with their week; a class teacher sees only their class', async () => {
    const res = await call(server, 'GET', S, { token: director, locale: 'ru' });
    expect(res.status).toBe(200);
    const list = TimetableListResponseSchema.parse(res.body).data;
    expect(list.periodId).toBe(q2);
    expect(list.periods.map((p) => p.quarter)).toEqual([1, 2, 3, 4]);
    expect(list.groups.find((g) => g.id === g7a)).toMatchObject({ name: '7А', state: 'filled' });
    expect(list.groups.find((g) => g.id === g9d)).toMatchObject({ lessons: 0, state: 'empty' });
    const mine = TimetableListResponseSchema.parse(
      (await call(server, 'GET', S, { token: lead })).body,
    ).data;
    expect(mine.canManage).toBe(false);
    expect(mine.groups.map((g) => g.id)).toEqual([g7a]);
    expect((await call(server, 'GET', `${S}/${g7b}`, { token: lead })).status).toBe(404);
    const own = TimetableGroupResponseSchema.parse(
      (await call(server, 'GET', `${S}/${g7a}`, { token: lead })).body,
    ).data;
    expect(own.canManage).toBe(false);
    expect(own.slots.length).toBeGreaterThan(20);
    // The second school lists its own classes only and never opens the first school's.
    const theirs = TimetableListResponseSchema.parse(
      (await call(server, 'GET', S, { token: other })).body,
    ).data;
    expect(theirs.groups.map((g) => g.id)).not.toContain(g7a);
    expect((await call(server, 'GET', `${S}/${g7a}`, { token: other })).status).toBe(404);
    expect(
      (await call(server, 'GET', `${S}?periodId=${otherQ2}`, { token: director })).status,
    ).toBe(404);
  });

  it("names each staff member's subjects as the personnel screen does: declared and taught this year (issue 30)", async () => {
    const week = TimetableGroupResponseSchema.parse(
      (await call(server, 'GET', `${S}/${g7a}`, { token: director })).body,
    ).data;
    // The demo teacher teaches in the timetable: those subjects are theirs for the picker.
    const taught = await server.db.query<{ subject_id: number }>(
      `SELECT DISTINCT t.subject_id FROM timetable_slots t JOIN periods p ON p.id = t.period_id
        WHERE t.teacher_id = $1 AND p.school_id = (SELECT school_id FROM users WHERE login = 'director')`,
      [busy.teacher_id],
    );
    const teacher = week.teachers.find((p) => p.id === busy.teacher_id);
    expect(taught.length).toBeGreaterThan(0);
    expect(teacher?.subjectIds).toEqual(expect.arrayContaining(taught.map((r) => r.subject_id)));
    // Someone who neither declared nor teaches a subject is not offered first for it.
    const director_ = (await one("SELECT id FROM users WHERE login = 'director'")).id;
    const declared = await server.db.query<{ subject_id: number }>(
      `SELECT subject_id FROM personnel_subjects WHERE user_id = $1
       UNION SELECT subject_id FROM timetable_slots WHERE teacher_id = $1`,
      [director_],
    );
    expect(week.teachers.find((p) => p.id === director_)?.subjectIds.sort()).toEqual(
      declared.map((r) => r.subject_id).sort(),
    );
    expect(week.teachers.some((p) => p.subjectIds.length === 0)).toBe(true);
  });

  it('refuses a teacher in two places at once, naming the teacher and the class (kz/ru)', async () => {
    const before = await fingerprint(server);
    const res = await place(g9d, {
      weekday: busy.weekday,
      lessonNo: busy.lesson_no,
      subjectId: math,
      teacherId: busy.teacher_id,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(
      /^Конфликт в расписании: учитель .+ в это время ведёт урок в /,
    );
    expect(res.body.message).toContain(busy.group);
    expect(await fingerprint(server)).toBe(before);
    const kz = await call(server, 'POST', `${S}/${g9d}/slots`, {
      token: director,
      locale: 'kz',
      body: {
        periodId: q2,
        weekday: busy.weekday,
        lessonNo: busy.lesson_no,
        shift: 1,
        subjectId: math,
        teacherId: busy.teacher_id,
      },
    });
    expect(kz.body.message).toMatch(/мұғалімі бұл уақытта .+ сыныбында сабақ береді/);
    const ok = await place(g9d, {
      weekday: busy.weekday,
      lessonNo: busy.lesson_no,
      subjectId: math,
      teacherId: free,
      room: '305',
    });
    expect(ok.status).toBe(201);
    const slot = TimetableSlotResponseSchema.parse(ok.body).data;
    expect(slot).toMatchObject({ subject: { id: math }, teacher: { id: free }, room: '305' });
    expect(slot.startsAt).toMatch(/^\d\d:\d\d$/);
    // The room is now taken at that time: another class cannot have it (case and spaces aside).
    const room = await place(g7b, {
      weekday: busy.weekday,
      lessonNo: busy.lesson_no,
      subjectId: math,
      room: ' 305 ',
    });
    expect(room.status).toBe(409);
    expect(room.body.conflicts.join(' ')).toContain('кабинет 305 в это время занят: 9Д');
  });

  it('the teacher sees the new lesson in their week at once', async () => {
    const slot = await one<{ id: number }>(
      'SELECT id FROM timetable_slots WHERE group_id = $1 AND teacher_id = $2',
      [g9d, free],
    );
    expect(slot).toBeDefined();
    const freeLogin = (
      await one<{ login: string | null }>('SELECT login FROM users WHERE id = $1', [free])
    ).login;
    const token = freeLogin ? (await login(server, freeLogin)).access_token : undefined;
    // A Monday–Saturday of the second quarter with no public holiday: 2026-11-16.
    const date = [
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ][busy.weekday - 1]!;
    const week = await call(server, 'GET', `/api/v2/os/schedule?date=${date}&groupId=${g9d}`, {
      token: director,
    });
    const days = WeekResponseSchema.parse(week.body).data.days;
    const lessons = days.find((d) => d.date === date)!.lessons;
    expect(lessons.map((l) => [l.group.name, l.subject.id, l.teacher?.id])).toEqual([
      ['9Д', math, free],
    ]);
    if (token) {
      const own = WeekResponseSchema.parse(
        (await call(server, 'GET', `/api/v2/os/schedule?date=${date}`, { token })).body,
      ).data;
      expect(own.days.flatMap((d) => d.lessons).some((l) => l.group.name === '9Д')).toBe(true);
    }
  });

  it('two subgroups of one subject share a slot; the whole class and a subgroup do not', async () => {
    // A subject is split only once the class learns it: a whole-class English lesson first.
    expect((await place(g9d, { weekday: 5, lessonNo: 1, subjectId: english })).status).toBe(201);
    const ids: number[] = [];
    for (const name of ['1-топ', '2-топ']) {
      const r = await call(server, 'POST', `${B}/groups/${g9d}/subgroups`, {
        token: director,
        body: { subjectId: english, name },
      });
      expect(r.status).toBe(201);
      ids.push(r.body.data.id);
    }
    for (const subgroupId of ids)
      expect(
        (await place(g9d, { weekday: 2, lessonNo: 3, subjectId: english, subgroupId })).status,
      ).toBe(201);
    const whole = await place(g9d, { weekday: 2, lessonNo: 3, subjectId: math });
    expect(whole.status).toBe(409);
    expect(whole.body.message).toContain('у подгруппы «1-топ» класса 9Д в это время урок');
    const again = await place(g9d, {
      weekday: 2,
      lessonNo: 3,
      subjectId: english,
      subgroupId: ids[0],
    });
    expect(again.status).toBe(409);
    // And the other way round: a subgroup lesson against a whole-class one.
    expect((await place(g9d, { weekday: 2, lessonNo: 4, subjectId: math })).status).toBe(201);
    const sub = await place(g9d, {
      weekday: 2,
      lessonNo: 4,
      subjectId: english,
      subgroupId: ids[1],
    });
    expect(sub.status).toBe(409);
    expect(sub.body.message).toContain('у 9Д в это время урок всего класса');
  });

  it('bad input is named per field in kz/ru and writes nothing', async () => {
    const before = await fingerprint(server);
    const bell = await place(g9d, { weekday: 3, lessonNo: 9, subjectId: math });
    expect(bell.status).toBe(422);
    expect(bell.body.errors.lessonNo[0]).toBe('В 1-й смене школы 7 звонков: 9-го урока нет');
    const sg7a = (await one('SELECT id FROM subgroups WHERE group_id = $1 LIMIT 1', [g7a])).id;
    const foreign = await place(g9d, {
      weekday: 3,
      lessonNo: 1,
      subjectId: english,
      subgroupId: sg7a,
    });
    expect(Object.keys(foreign.body.errors)).toEqual(['subgroupId']);
    const theirTeacher = (await one("SELECT id FROM users WHERE login = 'school2-teacher'")).id;
    const t = await place(g9d, {
      weekday: 3,
      lessonNo: 1,
      subjectId: math,
      teacherId: theirTeacher,
    });
    expect(t.status).toBe(422);
    expect(t.body.errors.teacherId).toEqual(['Учитель не работает в этой школе']);
    const shift = await place(g9d, { weekday: 3, lessonNo: 1, subjectId: math, shift: 2 });
    expect(shift.status).toBe(422);
    expect(Object.keys(shift.body.errors)).toEqual(['shift']);
    const day = await place(g9d, { weekday: 7, lessonNo: 1, subjectId: math });
    expect(day.status).toBe(422);
    expect(Object.keys(day.body.errors)).toEqual(['weekday']);
    const otherPeriod = await place(g9d, {
      weekday: 3,
      lessonNo: 1,
      subjectId: math,
      periodId: otherQ2,
    });
    expect(otherPeriod.status).toBe(404);
    expect(await fingerprint(server)).toBe(before);
  });

  it('rights: a class teacher changes nothing; the second school reaches none of it', async () => {
    const slot = await one(
      'SELECT id FROM timetable_slots WHERE group_id = $1 ORDER BY id LIMIT 1',
      [g9d],
    );
    const before = await fingerprint(server);
    expect((await place(g7a, { weekday: 6, lessonNo: 1, subjectId: math }, lead)).status).toBe(403);
    expect((await place(g9d, { weekday: 6, lessonNo: 1, subjectId: math }, other)).status).toBe(
      404,
    );
    const body = { weekday: 6, lessonNo: 2, shift: 1, subjectId: math };
    expect(
      (await call(server, 'PUT', `${B}/schedule-slots/${slot.id}`, { token: other, body })).status,
    ).toBe(404);
    expect(
      (await call(server, 'DELETE', `${B}/schedule-slots/${slot.id}`, { token: other })).status,
    ).toBe(404);
    const copy = await call(server, 'POST', `${S}/copy`, {
      token: other,
      body: { fromPeriodId: q2, toPeriodId: q3, groupId: null, replace: true },
    });
    expect(copy.status).toBe(404);
    expect(await fingerprint(server)).toBe(before);
    // Zavuch builds too: moves the lesson to Saturday.
    const moved = await call(server, 'PUT', `${B}/schedule-slots/${slot.id}`, {
      token: zavuch,
      body,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ weekday: 6, lessonNo: 2 });
  });

  it('copies a class week and the whole quarter; replaces only when asked', async () => {
    const count = async (groupId: number | null, period: number) =>
      (
        await one<{ n: number }>(
          `SELECT count(*)::int AS n FROM timetable_slots s JOIN groups g ON g.id = s.group_id
            WHERE s.period_id = $1 AND ($2::int IS NULL OR s.group_id = $2) AND g.school_id =
                  (SELECT school_id FROM periods WHERE id = $1) AND NOT g.archived`,
          [period, groupId],
        )
      ).n;
    const week = await count(g9d, q2);
    const copied = await call(server, 'POST', `${S}/copy`, {
      token: director,
      locale: 'ru',
      body: { fromPeriodId: q2, toPeriodId: q3, groupId: g9d },
    });
    expect(copied.status).toBe(200);
    expect(copied.body.data).toEqual({ groups: 1, slots: week });
    expect(await count(g9d, q3)).toBe(week);
    const twice = await call(server, 'POST', `${S}/copy`, {
      token: director,
      locale: 'ru',
      body: { fromPeriodId: q2, toPeriodId: q3, groupId: g9d },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain(`уже ${week} уроков`);
    const same = await call(server, 'POST', `${S}/copy`, {
      token: director,
      body: { fromPeriodId: q2, toPeriodId: q2, groupId: null, replace: true },
    });
    expect(same.status).toBe(422);
    const all = await count(null, q2);
    const whole = await call(server, 'POST', `${S}/copy`, {
      token: director,
      body: { fromPeriodId: q2, toPeriodId: q3, groupId: null, replace: true },
    });
    expect(whole.status).toBe(200);
    expect(whole.body.data.slots).toBe(all);
    expect(await count(null, q3)).toBe(all);
  });

  it('no lessons on public holidays or the school holidays; untouched ones already made go', async () => {
    const weekOf = async (date: string) =>
      WeekResponseSchema.parse(
        (
          await call(server, 'GET', `/api/v2/os/schedule?date=${date}&groupId=${g7a}`, {
            token: director,
          })
        ).body,
      ).data.days;
    // 16 December (Independence Day) is a Wednesday of the second quarter.
    const december = await weekOf('2026-12-16');
    expect(december.find((d) => d.date === '2026-12-16')!.lessons).toEqual([]);
    expect(december.find((d) => d.date === '2026-12-15')!.lessons.length).toBeGreaterThan(0);
    // 25 October 2026 is a Sunday: Monday the 26th is the day off carried over.
    const october = await weekOf('2026-10-26');
    expect(october.find((d) => d.date === '2026-10-26')!.lessons).toEqual([]);
    const mondayBefore = await weekOf('2026-10-19');
    expect(mondayBefore.find((d) => d.date === '2026-10-19')!.lessons.length).toBeGreaterThan(0);
    // A school holiday set after the week was looked at takes its untouched lessons away; a
    // lesson that already holds work (the demo SOR, seeded on 7А's nearest algebra lesson from
    // today on) stays, so no work is lost. The dates follow the clock: the SOR's day, and the
    // next school day after today with lessons and nothing on them.
    const plusDays = (date: string, n: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const [sorLesson] = await server.db.query<{ date: string }>(
      `SELECT to_char(lesson_date, 'YYYY-MM-DD') AS date FROM lessons
        WHERE content_draft_id = 'demo-sor-algebra-7-kz' ORDER BY lesson_date LIMIT 1`,
    );
    const sorDate = sorLesson!.date;
    const today = new Date().toISOString().slice(0, 10);
    let freeDate = '';
    for (let n = 1; n <= 21 && !freeDate; n++) {
      const date = plusDays(today, n);
      if (date === sorDate) continue;
      const lessons = (await weekOf(date)).find((d) => d.date === date)?.lessons ?? [];
      if (lessons.length > 1 && lessons.every((l) => !l.content && l.homeworkCount === 0))
        freeDate = date;
    }
    expect(freeDate, 'a school day with untouched lessons in the next three weeks').not.toBe('');
    for (const date of [sorDate, freeDate])
      expect((await weekOf(date)).find((d) => d.date === date)!.lessons.length).toBeGreaterThan(1);
    const settings = (await call(server, 'GET', `${B}/school-settings`, { token: director })).body
      .data;
    const saved = await call(server, 'PUT', `${B}/school-settings`, {
      token: director,
      body: {
        ...settings,
        holidays: [
          ...settings.holidays,
          { start: sorDate, end: sorDate, nameKz: 'Мектеп күні', nameRu: 'День школы' },
          {
            start: freeDate,
            end: freeDate,
            nameKz: 'Әдістемелік күн',
            nameRu: 'Методический день',
          },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const after = await weekOf(freeDate);
    expect(after.find((d) => d.date === freeDate)!.lessons).toEqual([]);
    // The rest of that week keeps its lessons.
    expect(
      after.some((d) => d.date !== freeDate && d.date !== sorDate && d.lessons.length > 0),
    ).toBe(true);
    const kept = (await weekOf(sorDate)).find((d) => d.date === sorDate)!.lessons;
    expect(kept.map((l) => l.content?.type)).toEqual(['sor']);
    const group = TimetableGroupResponseSchema.parse(
      (await call(server, 'GET', `${S}/${g7a}`, { token: director, locale: 'ru' })).body,
    ).data;
    expect(group.daysOff).toContainEqual({ date: sorDate, name: 'День школы' });
    expect(group.daysOff).toContainEqual({ date: '2026-12-16', name: 'День Независимости' });
  });

  it('a lesson whose dated lessons hold marks is not taken off or moved; its teacher may change', async () => {
    const lesson = await one<{
      id: number;
      slot_id: number;
      teacher_id: number | null;
      weekday: number;
      lesson_no: number;
      subject_id: number;
      room: string;
    }>(
      `SELECT l.id, l.slot_id, s.teacher_id, s.weekday, s.lesson_no, s.subject_id, s.room
         FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
        WHERE s.group_id = $1 AND s.period_id = $2 AND s.subgroup_id IS NULL ORDER BY l.id LIMIT 1`,
      [g7a, q2],
    );
    const pupil = (
      await one("SELECT id FROM users WHERE role = 'student' AND group_id = $1 LIMIT 1", [g7a])
    ).id;
    await server.db.query(
      `INSERT INTO journal_marks (lesson_id, student_id, mark) VALUES ($1, $2, 9)
       ON CONFLICT (lesson_id, student_id) DO UPDATE SET mark = 9`,
      [lesson.id, pupil],
    );
    const before = await fingerprint(server);
    const del = await call(server, 'DELETE', `${B}/schedule-slots/${lesson.slot_id}`, {
      token: director,
      locale: 'ru',
    });
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/уже есть оценки, домашние задания или темы/);
    expect(await fingerprint(server)).toBe(before);
    const room = await call(server, 'PUT', `${B}/schedule-slots/${lesson.slot_id}`, {
      token: director,
      body: {
        weekday: lesson.weekday,
        lessonNo: lesson.lesson_no,
        shift: 1,
        subjectId: lesson.subject_id,
        teacherId: lesson.teacher_id,
        room: 'Спортзал',
      },
    });
    expect(room.status).toBe(200);
    expect(room.body.data.room).toBe('Спортзал');
    const marks = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM journal_marks WHERE lesson_id = $1',
      [lesson.id],
    );
    expect(marks.n).toBe(1);
  });
});
