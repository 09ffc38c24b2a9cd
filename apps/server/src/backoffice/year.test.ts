import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveJournalResponseSchema, YearPreviewResponseSchema } from '@sabaq/platform';
import type { YearPreview } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';
import { jobsOf } from '../jobs/job-runner';
import { dataPrint, settleJob } from '../test/jobs';
import { makeIin } from '../core/seed-data';

const B = '/api/v2/os/backoffice';

/** The second school's rows: classes, pupils, quarters. */
async function secondSchoolPrint(server: RunningServer): Promise<string> {
  const rows = await server.db.query<{ h: string }>(
    `SELECT (SELECT string_agg(g::text, '|' ORDER BY g.id) FROM groups g WHERE g.school_id = s.id)
         || (SELECT string_agg(u::text, '|' ORDER BY u.id) FROM users u WHERE u.school_id = s.id)
         || (SELECT string_agg(p::text, '|' ORDER BY p.id) FROM periods p WHERE p.school_id = s.id) AS h
       FROM schools s WHERE s.id = (SELECT school_id FROM users WHERE login = 'school2-director')`,
  );
  return rows[0]?.h ?? '';
}

describe.each(BACKENDS)('the school-year transition (%s)', (backend) => {
  let server: RunningServer;
  let director: string;
  let zavuch: string;
  let other: string;
  let preview: YearPreview;
  let g7a: number;

  const previewOf = async (token: string, body: unknown = {}, locale: 'kz' | 'ru' = 'ru') =>
    call(server, 'POST', `${B}/contingent/upgrade/preview`, { token, body, locale });

  beforeAll(async () => {
    server = await startTestServer(backend);
    director = (await login(server, 'director')).access_token;
    zavuch = (await login(server, 'zavuch')).access_token;
    other = (await login(server, 'school2-director')).access_token;
    g7a = (
      await server.db.query<{ id: number }>(
        `SELECT g.id FROM groups g JOIN users u ON u.school_id = g.school_id AND u.login = 'director'
          WHERE g.parallel = 7 AND g.letter = 'А' AND NOT g.archived`,
      )
    )[0]!.id;
    // Two pupils in 11А, to leave with it.
    const [g11a] = await server.db.query<{ id: number }>(
      `SELECT g.id FROM groups g JOIN users u ON u.school_id = g.school_id AND u.login = 'director'
        WHERE g.parallel = 11 AND g.letter = 'А' AND NOT g.archived`,
    );
    for (const [i, surname] of ['Бітіруов', 'Түлекова'].entries()) {
      const res = await call(server, 'POST', `${B}/groups/${g11a!.id}/pupils`, {
        token: director,
        body: {
          mode: 'new',
          iin: makeIin('2009-03-1' + i, i ? 'w' : 'm', 7100 + i),
          surname,
          firstname: 'Тест',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    }
  });
  afterAll(async () => server?.close());

  it('previews: classes up a parallel with their pupils, 11th classes out, first classes in, quarters', async () => {
    const res = await previewOf(director);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    preview = YearPreviewResponseSchema.parse(res.body).data;
    expect(preview).toMatchObject({ fromYear: '2026-2027', toYear: '2027-2028', state: 'ready' });
    expect(preview.moves.find((m) => m.groupId === g7a)).toEqual({
      groupId: g7a,
      from: '7А',
      to: '8А',
      pupils: 14,
    });
    expect(preview.graduates.map((g) => g.name).sort()).toEqual(['11А', '11Б', '11Ә']);
    expect(preview.graduates.find((g) => g.name === '11А')?.pupils).toBe(2);
    // This year's first classes open again by default, with their languages.
    expect(preview.opens.map((o) => o.name).sort()).toEqual(
      preview.moves
        .filter((m) => m.from.startsWith('1') && m.from.length === 2)
        .map((m) => m.from)
        .sort(),
    );
    expect(preview.periods.map((p) => [p.quarter, p.start, p.exists])).toEqual([
      [1, '2027-09-01', false],
      [2, '2027-11-03', false],
      [3, '2028-01-08', false],
      [4, '2028-03-30', false],
    ]);
    expect(preview.conflicts).toEqual([]);
    // The zavuch sees the same; the preview writes nothing.
    const before = await fingerprint(server);
    const again = await previewOf(zavuch);
    expect(YearPreviewResponseSchema.parse(again.body).data).toEqual(preview);
    expect(await fingerprint(server)).toBe(before);
  });

  it('names conflicts in kz/ru and refuses to start with them (409), a bad language (422) and a stale year (409); nothing written', async () => {
    const lang = preview.langs[0]!.id;
    const twice = [
      { letter: 'Ж', eduLang: lang },
      { letter: 'ж', eduLang: lang },
    ];
    const shown = YearPreviewResponseSchema.parse(
      (await previewOf(director, { newClasses: twice })).body,
    ).data;
    expect(shown.conflicts).toEqual([
      { code: 'new_class_repeated', name: '1Ж', message: 'Класс 1Ж назван дважды' },
    ]);
    const kz = YearPreviewResponseSchema.parse(
      (await previewOf(director, { newClasses: twice }, 'kz')).body,
    ).data;
    expect(kz.conflicts[0]!.message).toBe('1Ж сыныбы екі рет аталған');
    const before = await fingerprint(server);
    const refused = await call(server, 'POST', `${B}/contingent/upgrade`, {
      token: director,
      body: { fromYear: preview.fromYear, newClasses: twice },
      locale: 'ru',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Перевод на новый учебный год невозможен: Класс 1Ж назван дважды',
    );
    const badLang = await call(server, 'POST', `${B}/contingent/upgrade`, {
      token: director,
      body: { fromYear: preview.fromYear, newClasses: [{ letter: 'Ж', eduLang: 99_999 }] },
      locale: 'kz',
    });
    expect(badLang.status).toBe(422);
    expect(badLang.body.errors['newClasses.0.eduLang']).toEqual(['Мұндай оқыту тілі жоқ']);
    const stale = await call(server, 'POST', `${B}/contingent/upgrade`, {
      token: director,
      body: { fromYear: '2025-2026', newClasses: [] },
      locale: 'ru',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('Предпросмотр устарел');
    const badLetter = await call(server, 'POST', `${B}/contingent/upgrade`, {
      token: director,
      body: { fromYear: preview.fromYear, newClasses: [{ letter: '1!', eduLang: lang }] },
      locale: 'ru',
    });
    expect(badLetter.status).toBe(422);
    expect(Object.keys(badLetter.body.errors)).toEqual(['newClasses.0.letter']);
    expect(await fingerprint(server)).toBe(before);
  });

  it("a kindergarten's director is refused the school's year step in kz/ru (issue 30); nothing written", async () => {
    const garden = (await login(server, 'kindergarten-director')).access_token;
    const before = await fingerprint(server);
    const kz = await previewOf(garden, {}, 'kz');
    expect(kz.status).toBe(409);
    expect(kz.body.message).toMatch(/^Балабақшада сыныптар жоғары көшірілмейді/);
    const ru = await call(server, 'POST', `${B}/contingent/upgrade`, {
      token: garden,
      body: { fromYear: preview.fromYear, newClasses: [] },
      locale: 'ru',
    });
    expect(ru.status).toBe(409);
    expect(ru.body.message).toMatch(/^В детском саду классы не переводятся/);
    expect(await fingerprint(server)).toBe(before);
  });

  it('a failure halfway (after the moves, at the first classes) writes nothing', async () => {
    const before = await dataPrint(server);
    // A real database error in the middle of the transaction: inserting a first class fails.
    await server.db.exec(`CREATE FUNCTION year_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.parallel = 1 THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER year_test_refuse BEFORE INSERT ON groups FOR EACH ROW EXECUTE FUNCTION year_test_refuse();`);
    try {
      const started = await call(server, 'POST', `${B}/contingent/upgrade`, {
        token: director,
        body: {
          fromYear: preview.fromYear,
          newClasses: preview.opens.map((o) => ({ letter: o.letter, eduLang: o.eduLang.id })),
        },
        locale: 'ru',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const job = await settleJob(server, director, started.body.data.id);
      expect(job.status).toBe('failed');
      expect(job.error?.message).toBe(
        'Работа не завершилась: ничего не записано. Попробуйте позже',
      );
      expect(await dataPrint(server)).toBe(before);
    } finally {
      await server.db.exec(
        'DROP TRIGGER year_test_refuse ON groups; DROP FUNCTION year_test_refuse();',
      );
    }
  });

  it('does what the preview showed, in one job; the second school is untouched', async () => {
    const school2 = await secondSchoolPrint(server);
    const body = {
      fromYear: preview.fromYear,
      newClasses: preview.opens.map((o) => ({ letter: o.letter, eduLang: o.eduLang.id })),
    };
    const started = await call(server, 'POST', `${B}/contingent/upgrade`, {
      token: director,
      body,
      locale: 'ru',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await settleJob(server, director, started.body.data.id);
    expect(job.status, JSON.stringify(job.error)).toBe('done');
    if (job.kind !== 'year.transition' || !job.result) throw new Error('no result');
    const result = job.result;
    expect(result.moved).toEqual(preview.moves);
    expect(result.graduated).toEqual(preview.graduates);
    expect(result.opened.map((o) => o.name)).toEqual(preview.opens.map((o) => o.name));
    expect(result.leavers).toBe(preview.graduates.reduce((n, g) => n + g.pupils, 0));
    expect(result.periodsCreated).toBe(4);
    // 7А is 8А now, the same class with the same pupils.
    const [moved] = await server.db.query<{ parallel: number; letter: string; pupils: number }>(
      `SELECT parallel, letter, (SELECT count(*)::int FROM users WHERE group_id = g.id) AS pupils
         FROM groups g WHERE id = $1`,
      [g7a],
    );
    expect(moved).toEqual({ parallel: 8, letter: 'А', pupils: 14 });
    // The 11th classes are in the archive with their year; their pupils are leavers with marks.
    const graduated = await server.db.query<{
      archived: boolean;
      archived_year: string;
      left: number;
    }>(
      `SELECT archived, archived_year, (SELECT count(*)::int FROM users u WHERE u.archived_group_id = g.id
                AND u.group_id IS NULL AND u.archived_at IS NOT NULL) AS left
         FROM groups g WHERE id = ANY($1::int[])`,
      [preview.graduates.map((g) => g.groupId)],
    );
    expect(graduated.every((g) => g.archived && g.archived_year === '2026-2027')).toBe(true);
    expect(graduated.reduce((n, g) => n + g.left, 0)).toBe(result.leavers);
    // The archive shows 11А with the pupils who went with it (not as having left before).
    const eleven = preview.graduates.find((g) => g.name === '11А')!;
    const archived = await call(server, 'GET', `${B}/archive/${eleven.groupId}`, {
      token: director,
    });
    expect(archived.status).toBe(200);
    expect(archived.body.data.pupils).toHaveLength(2);
    expect(archived.body.data.pupils.every((p: { left: boolean }) => !p.left)).toBe(true);
    // The new year's quarters exist and its first is current.
    const current = await server.db.query<{ school_year: string; quarter: number }>(
      `SELECT school_year, quarter FROM periods p JOIN users u ON u.school_id = p.school_id
        WHERE u.login = 'director' AND p.is_current`,
    );
    expect(current).toEqual([{ school_year: '2027-2028', quarter: 1 }]);
    expect(await secondSchoolPrint(server)).toBe(school2);
    // The groups list shows 8А with its pupils and the new first classes.
    const list = await call(server, 'GET', `${B}/groups`, { token: director });
    const eighth = list.body.data.parallels.find((p: { parallel: number }) => p.parallel === 8);
    expect(eighth.groups.find((g: { id: number }) => g.id === g7a)).toMatchObject({
      name: '8А',
      pupils: 14,
    });
  });

  it('runs once per school year: a second start answers the first job, a rerun moves nothing', async () => {
    const before = await dataPrint(server);
    const again = await call(server, 'POST', `${B}/contingent/upgrade`, {
      token: zavuch,
      body: { fromYear: '2026-2027', newClasses: [] },
      locale: 'ru',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.status).toBe('done');
    // The same job run again (a process that died after committing): it finds the year done.
    const [row] = await server.db.query<{ id: number }>(
      `INSERT INTO jobs (kind, school_id, created_by, payload)
       SELECT 'year.transition', school_id, id, '{"fromYear":"2026-2027","newClasses":[]}'::jsonb
         FROM users WHERE login = 'director' RETURNING id`,
    );
    await jobsOf(server.db).flush();
    const rerun = await settleJob(server, director, row!.id);
    expect(rerun.status).toBe('done');
    expect(rerun.result).toEqual(again.body.data.result);
    expect(await dataPrint(server)).toBe(before);
    // The preview says it is done; next year's transition waits for that year to begin.
    const state = YearPreviewResponseSchema.parse((await previewOf(director)).body).data;
    expect(state).toMatchObject({ fromYear: '2027-2028', state: 'done', opensOn: '2027-09-01' });
    const early = await call(server, 'POST', `${B}/contingent/upgrade`, {
      token: director,
      body: { fromYear: '2027-2028', newClasses: [] },
      locale: 'kz',
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('2027-09-01');
    expect(await dataPrint(server)).toBe(before);
  });

  it("a job is read by its school's management only; another school's gets 404", async () => {
    const [job] = await server.db.query<{ id: number }>(
      "SELECT id FROM jobs WHERE kind = 'year.transition' AND dedupe_key IS NOT NULL AND status = 'done'",
    );
    const res = await call(server, 'GET', `/api/v2/os/jobs/${job!.id}`, {
      token: other,
      locale: 'ru',
    });
    expect(res.status).toBe(404);
    const own = YearPreviewResponseSchema.parse((await previewOf(other)).body).data;
    const ids = new Set(preview.moves.map((m) => m.groupId));
    expect(own.moves.some((m) => ids.has(m.groupId))).toBe(false);
  });
});

describe.each(BACKENDS)("an archived class's journal (%s)", (backend) => {
  let server: RunningServer;
  let director: string;
  let archived: { id: number; subject: number; lesson: number; student: number };

  beforeAll(async () => {
    server = await startTestServer(backend);
    director = (await login(server, 'director')).access_token;
    const [row] = await server.db.query<{
      id: number;
      subject: number;
      lesson: number;
      student: number;
    }>(
      `SELECT g.id, t.subject_id AS subject, l.id AS lesson,
              (SELECT u.id FROM users u WHERE u.group_id = g.id ORDER BY u.id LIMIT 1) AS student
         FROM groups g JOIN timetable_slots t ON t.group_id = g.id JOIN lessons l ON l.slot_id = t.id
        WHERE g.archived ORDER BY l.lesson_date DESC, t.lesson_no LIMIT 1`,
    );
    if (!row) throw new Error('the seed has no archived class with lessons');
    archived = row;
  });
  afterAll(async () => server?.close());

  it('shows the class journal of its year, read as stored: no lesson is made', async () => {
    const tokens = {
      director,
      zavuch: (await login(server, 'zavuch')).access_token,
      methodist: (await login(server, 'methodist')).access_token,
    };
    const before = await fingerprint(server);
    for (const [who, token] of Object.entries(tokens)) {
      const res = await call(
        server,
        'GET',
        `${B}/archive/${archived.id}/journal/${archived.subject}`,
        {
          token,
          locale: 'ru',
        },
      );
      expect(res.status, `${who} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      const data = ArchiveJournalResponseSchema.parse(res.body).data;
      expect(data.schoolYear).toBe('2025-2026');
      expect(data.periods.map((p) => p.name)).toEqual([
        'I четверть',
        'II четверть',
        'III четверть',
        'IV четверть',
      ]);
      expect(data.grid.group.name).toBe('11А');
      expect(data.grid.rows).toHaveLength(4);
      expect(data.grid.lessons.length).toBeGreaterThan(5);
      expect(data.grid.rows.some((r) => r.cells.some((c) => c.mark !== null))).toBe(true);
      expect(data.grid.rows.every((r) => r.result.grade !== null)).toBe(true);
    }
    // A quarter without lessons is empty, not made up: still nothing written.
    const first = ArchiveJournalResponseSchema.parse(
      (
        await call(server, 'GET', `${B}/archive/${archived.id}/journal/${archived.subject}`, {
          token: director,
        })
      ).body,
    ).data.periods[0]!.id;
    const empty = await call(
      server,
      'GET',
      `${B}/archive/${archived.id}/journal/${archived.subject}?periodId=${first}`,
      { token: director },
    );
    expect(empty.status).toBe(200);
    expect(empty.body.data.grid.lessons).toEqual([]);
    expect(await fingerprint(server)).toBe(before);
  });

  it("a split subject's subgroup page lists its members and its own lessons", async () => {
    // The archived 11А had its class split for one subject: a subgroup, two members, a lesson.
    const [sub] = await server.db.query<{ id: number }>(
      `INSERT INTO subgroups (group_id, subject_id, name) VALUES ($1, $2, '1-топ') RETURNING id`,
      [archived.id, archived.subject],
    );
    await server.db.query(
      `INSERT INTO subgroup_members (subgroup_id, user_id)
       SELECT $1, id FROM users WHERE group_id = $2 ORDER BY id LIMIT 2`,
      [sub!.id, archived.id],
    );
    const [slot] = await server.db.query<{ id: number }>(
      `INSERT INTO timetable_slots (group_id, period_id, weekday, lesson_no, shift, subject_id, subgroup_id)
       SELECT group_id, period_id, 6, 9, shift, subject_id, $2 FROM timetable_slots
        WHERE group_id = $1 AND subject_id = $3 LIMIT 1 RETURNING id`,
      [archived.id, sub!.id, archived.subject],
    );
    const [lesson] = await server.db.query<{ id: number }>(
      `INSERT INTO lessons (slot_id, lesson_date) VALUES ($1, (SELECT max(l.lesson_date) FROM lessons l
         JOIN timetable_slots t ON t.id = l.slot_id WHERE t.group_id = $2)) RETURNING id`,
      [slot!.id, archived.id],
    );
    const url = `${B}/archive/${archived.id}/journal/${archived.subject}`;
    const whole = ArchiveJournalResponseSchema.parse(
      (await call(server, 'GET', url, { token: director })).body,
    ).data.grid;
    expect(whole.subgroups.map((g) => g.name)).toEqual(['1-топ']);
    const before = await fingerprint(server);
    const page = await call(server, 'GET', `${url}?subgroupId=${sub!.id}`, { token: director });
    expect(page.status, JSON.stringify(page.body).slice(0, 200)).toBe(200);
    const grid = ArchiveJournalResponseSchema.parse(page.body).data.grid;
    expect(grid.subgroup?.name).toBe('1-топ');
    expect(grid.rows).toHaveLength(2);
    expect(grid.lessons.map((l) => l.id)).toContain(lesson!.id);
    expect(grid.rows.every((r) => r.cells.some((c) => c.lessonId === lesson!.id))).toBe(true);
    const other = await call(
      server,
      'GET',
      `${B}/archive/${archived.id}/journal/${archived.subject}?subgroupId=999999`,
      {
        token: director,
        locale: 'ru',
      },
    );
    expect(other.status).toBe(404);
    expect(await fingerprint(server)).toBe(before);
  });

  it("another school's director, an active class, an unknown quarter: 404 in kz/ru", async () => {
    const other = (await login(server, 'school2-director')).access_token;
    const url = `${B}/archive/${archived.id}/journal/${archived.subject}`;
    const res = await call(server, 'GET', url, { token: other, locale: 'ru' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Такого класса в архиве нет');
    const [active] = await server.db.query<{ id: number }>(
      "SELECT id FROM groups WHERE NOT archived AND parallel = 11 AND letter = 'А' ORDER BY id LIMIT 1",
    );
    expect(
      (
        await call(server, 'GET', `${B}/archive/${active!.id}/journal/${archived.subject}`, {
          token: director,
        })
      ).status,
    ).toBe(404);
    const bad = await call(server, 'GET', `${url}?periodId=999999`, {
      token: director,
      locale: 'kz',
    });
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe('Сыныптың оқу жылында мұндай тоқсан жоқ');
  });

  it('attendance and homework of an archived class are refused with 409 in kz/ru; nothing written', async () => {
    const before = await fingerprint(server);
    const absent = await call(
      server,
      'PUT',
      `/api/v2/os/schedule/lesson/${archived.lesson}/attendance`,
      { token: director, body: { userId: archived.student, status: 'absent' }, locale: 'ru' },
    );
    expect(absent.status, JSON.stringify(absent.body)).toBe(409);
    expect(absent.body.message).toBe('Класс в архиве: посещаемость его уроков не отмечается');
    const homework = await call(
      server,
      'POST',
      `/api/v2/os/homework/control/${archived.lesson}/create`,
      {
        token: director,
        body: { text: 'Оқу', deadline: new Date(Date.now() + 86_400_000).toISOString() },
        locale: 'kz',
      },
    );
    expect(homework.status, JSON.stringify(homework.body)).toBe(409);
    expect(homework.body.message).toBe(
      'Сынып мұрағатта: оған үй тапсырмасы берілмейді және тексерілмейді',
    );
    expect(await fingerprint(server)).toBe(before);
  });
});
