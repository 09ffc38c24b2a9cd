import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchoolSettingsDataSchema } from '@sabaq/platform';
import type { SchoolSettings } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';

const P = '/api/v2/os/backoffice/school-settings';

describe.each(BACKENDS)('backoffice school settings on %s', (backend) => {
  let server: RunningServer;
  let director: string;
  let otherDirector: string;
  let base: SchoolSettings;
  beforeAll(async () => {
    server = await startTestServer(backend);
    director = (await login(server, 'director')).access_token;
    otherDirector = (await login(server, 'school2-director')).access_token;
    const first = await call(server, 'GET', P, { token: director });
    if (first.status !== 200) throw new Error(JSON.stringify(first.body));
    base = SchoolSettingsDataSchema.parse(first.body.data);
  });
  afterAll(async () => {
    await server?.close();
  });

  const save = (body: unknown, token = director, locale: 'kz' | 'ru' = 'ru') =>
    call(server, 'PUT', P, { token, locale, body });

  it("reads the caller's own school: name, BIN, bells of both shifts, four quarters, weights", async () => {
    expect(base.nameRu).toBe('Школа-лицей № 54 города Астаны');
    expect(base.schoolYear).toBe('2026-2027');
    expect(base.quarters.map((q) => q.quarter)).toEqual([1, 2, 3, 4]);
    expect(base.shifts.map((s) => s.shift)).toEqual([1, 2]);
    expect(base.shifts[0]?.bells[0]).toEqual({ startsAt: '08:00', endsAt: '08:40' });
    expect(base.weights).toEqual({ formative: 25, sor: 25, soch: 50 });
    const other = await call(server, 'GET', P, { token: otherDirector });
    expect(other.body.data.nameRu).toBe('Школа-гимназия № 81 города Астаны');
    expect(other.body.data.bin).not.toBe(base.bin);
  });

  it('saves every part and reads it back; periods keep their ids', async () => {
    const ids = await server.db.query<{ id: number }>(
      "SELECT id FROM periods WHERE school_id = (SELECT school_id FROM users WHERE login = 'director') ORDER BY quarter",
    );
    const next: SchoolSettings = {
      ...base,
      addressRu: 'г. Астана, проспект Туран, 37/1',
      shifts: [
        {
          shift: 1,
          bells: [
            { startsAt: '08:30', endsAt: '09:15' },
            { startsAt: '09:25', endsAt: '10:10' },
          ],
        },
        { shift: 2, bells: [{ startsAt: '14:00', endsAt: '14:45' }] },
      ],
      quarters: base.quarters.map((q) => (q.quarter === 4 ? { ...q, end: '2027-05-31' } : q)),
      holidays: [
        {
          start: '2026-12-16',
          end: '2026-12-17',
          nameKz: 'Тәуелсіздік күні',
          nameRu: 'День Независимости',
        },
      ],
      weights: { formative: 30, sor: 30, soch: 40 },
    };
    const res = await save(next);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual(next);
    const after = await server.db.query<{ id: number }>(
      "SELECT id FROM periods WHERE school_id = (SELECT school_id FROM users WHERE login = 'director') ORDER BY quarter",
    );
    expect(after).toEqual(ids);
    // The second school is untouched.
    const other = await call(server, 'GET', P, { token: otherDirector });
    expect(other.body.data.weights).toEqual({ formative: 25, sor: 25, soch: 50 });
    base = res.body.data;
    // The journal computes the quarter result with the school's weights.
    const page = await server.db.query<{ group_id: number; subject_id: number }>(
      `SELECT g.id AS group_id, s.id AS subject_id FROM groups g, subjects s, users u
        WHERE u.login = 'director' AND g.school_id = u.school_id AND g.parallel = 7
          AND g.letter = 'А' AND NOT g.archived AND s.code = 'algebra'`,
    );
    const grid = await call(
      server,
      'GET',
      `/api/v2/os/journal/groups/${page[0]?.group_id}/${page[0]?.subject_id}`,
      { token: director },
    );
    expect(grid.status).toBe(200);
    expect(grid.body.data.config.weights).toEqual({ formative: 30, sor: 30, soch: 40 });
    // A lesson shows the school's bell times.
    const lessons = await server.db.query<{ id: number; lesson_no: number; shift: number }>(
      `SELECT l.id, s.lesson_no, s.shift FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
         JOIN groups g ON g.id = s.group_id JOIN users u ON u.school_id = g.school_id
        WHERE u.login = 'director' AND s.shift = 1 AND s.lesson_no IN (1, 2) ORDER BY s.lesson_no LIMIT 1`,
    );
    const lesson = lessons[0];
    expect(lesson).toBeDefined();
    const shown = await call(server, 'GET', `/api/v2/os/schedule/lesson/${lesson?.id}`, {
      token: director,
    });
    expect(shown.status).toBe(200);
    const expected = lesson?.lesson_no === 1 ? ['08:30', '09:15'] : ['09:25', '10:10'];
    expect([shown.body.data.lesson.startsAt, shown.body.data.lesson.endsAt]).toEqual(expected);
  });

  it('refuses overlapping quarters, a quarter outside the year, a bad bell, weights not 100, a bad or taken BIN — writing nothing', async () => {
    const before = await fingerprint(server);
    const res = await save({
      ...base,
      quarters: [
        { quarter: 1, start: '2026-09-01', end: '2026-11-10', isCurrent: false },
        { quarter: 2, start: '2026-11-03', end: '2026-12-28', isCurrent: true },
        { quarter: 3, start: '2027-01-08', end: '2027-03-18', isCurrent: false },
        { quarter: 4, start: '2027-03-30', end: '2027-09-25', isCurrent: false },
      ],
      shifts: [{ shift: 1, bells: [{ startsAt: '09:00', endsAt: '08:40' }] }],
      weights: { formative: 30, sor: 30, soch: 30 },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors['quarters.1.start']).toEqual(['Четверти не должны пересекаться']);
    expect(res.body.errors['quarters.3.start'][0]).toMatch(/внутри учебного года/);
    expect(res.body.errors['shifts.0.bells.0.endsAt']).toBeDefined();
    expect(res.body.errors.weights).toEqual(['Сумма весов должна быть 100 %']);
    expect(await fingerprint(server)).toBe(before);
    const bin = await save({ ...base, bin: '123456789012' }, director, 'kz');
    expect(bin.status).toBe(422);
    expect(bin.body.errors.bin).toEqual(['БСН қате']);
    // Another school's BIN is refused too.
    const taken = await save({
      ...base,
      bin: (await call(server, 'GET', P, { token: otherDirector })).body.data.bin,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.bin[0]).toMatch(/другой организации/);
    const dropped = await save({ ...base, quarters: base.quarters.slice(0, 3) });
    expect(dropped.status).toBe(422);
    expect(dropped.body.errors.quarters[0]).toMatch(/4-й четверти/);
  });

  it('shows the public holidays the timetable uses; a day the school works on leaves the timetable (issue 30)', async () => {
    const read = SchoolSettingsDataSchema.parse(
      (await call(server, 'GET', P, { token: director, locale: 'ru' })).body.data,
    );
    const independence = read.publicHolidays?.find((d) => d.date === '2026-12-16');
    expect(independence).toEqual({
      date: '2026-12-16',
      nameKz: 'Тәуелсіздік күні',
      nameRu: 'День Независимости',
      worked: false,
    });
    const group = (
      await server.db.query<{ id: number }>(
        `SELECT g.id FROM groups g JOIN users u ON u.school_id = g.school_id
          WHERE u.login = 'director' AND NOT g.archived ORDER BY g.id LIMIT 1`,
      )
    )[0]!.id;
    const daysOff = async () =>
      (
        (
          await call(server, 'GET', `/api/v2/os/backoffice/schedules/${group}`, {
            token: director,
            locale: 'ru',
          })
        ).body.data.daysOff as { date: string }[]
      ).map((d) => d.date);
    // Without the school's own holidays the law's day is still off: the settings list it.
    expect((await save({ ...read, holidays: [] })).status).toBe(200);
    expect(await daysOff()).toContain('2026-12-16');
    const res = await save({
      ...read,
      holidays: [],
      publicHolidays: read.publicHolidays!.map((d) =>
        d.date === '2026-12-16' ? { ...d, worked: true } : d,
      ),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.data.publicHolidays.find((d: { date: string }) => d.date === '2026-12-16').worked,
    ).toBe(true);
    expect(await daysOff()).not.toContain('2026-12-16');
    // The dated lessons follow the same list: the class has its lessons that Wednesday.
    const lessonsOn = async (date: string) =>
      (
        (
          await call(server, 'GET', `/api/v2/os/schedule?date=${date}&groupId=${group}`, {
            token: director,
          })
        ).body.data.days as { date: string; lessons: unknown[] }[]
      ).find((d) => d.date === date)!.lessons.length;
    expect(await lessonsOn('2026-12-16')).toBeGreaterThan(0);
    // Back to the law's list.
    expect((await save(read)).status).toBe(200);
    expect(await daysOff()).toContain('2026-12-16');
    expect(await lessonsOn('2026-12-16')).toBe(0);
    base = read;
  });

  it('only management: a teacher is refused, a zavuch may save', async () => {
    const teacher = (await login(server, 'teacher')).access_token;
    expect((await call(server, 'GET', P, { token: teacher })).status).toBe(403);
    const zavuch = (await login(server, 'zavuch')).access_token;
    expect((await save(base, zavuch)).status).toBe(200);
  });
});
