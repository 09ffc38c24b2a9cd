import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContingentListResponseSchema,
  JobResponseSchema,
  RosterImportResponseSchema,
} from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { callJob, dataPrint as fingerprint, settleJob } from '../test/jobs';
import { PUPIL_BORN, pupilIin, rosterXlsx } from './roster-samples';
import { parseBirthDate, parseClassName } from './roster-sheet';

const P = '/api/v2/os/backoffice/contingent';
const LIST = '/api/v1/monitoring/contingent-list';

describe('roster sheet cells', () => {
  it('reads DD.MM.YYYY and class names, refuses what is not', () => {
    expect(parseBirthDate('10.04.2012')).toBe('2012-04-10');
    expect(parseBirthDate('2012-04-10')).toBe('2012-04-10');
    expect(parseBirthDate('31.02.2012')).toBeNull();
    expect(parseBirthDate('2012.04.10')).toBeNull();
    expect(parseClassName('7А')).toEqual({ parallel: 7, letter: 'А' });
    expect(parseClassName('11 - ә')).toEqual({ parallel: 11, letter: 'Ә' });
    expect(parseClassName('13А')).toBeNull();
    expect(parseClassName('А7')).toBeNull();
  });
});

describe.each(BACKENDS)('pupils roster on %s', (backend) => {
  let server: RunningServer;
  let director: string;
  let otherDirector: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    director = (await login(server, 'director')).access_token;
    otherDirector = (await login(server, 'school2-director')).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function exported(token: string, locale: 'kz' | 'ru' = 'ru') {
    const res = await fetch(`${server.url}${P}/export`, {
      headers: { authorization: `Bearer ${token}`, 'x-localization': locale },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    return Buffer.from(await res.arrayBuffer());
  }

  /** An import as the screen sees it: the job it starts (202), followed to its result. */
  async function importFile(xlsx: string, token = director, locale: 'kz' | 'ru' = 'ru') {
    return callJob(server, 'POST', `${P}/import`, { token, locale, body: { xlsx } });
  }

  async function pupilsOf(cls: string, token = director): Promise<number> {
    const res = await call(server, 'POST', `${LIST}?archive=0`, { token, body: {} });
    const { pupils } = ContingentListResponseSchema.parse(res.body).data;
    return pupils.filter((p) => p.className === cls).length;
  }

  it('exports the roster (IIN, names, DD.MM.YYYY, class, language) that imports back unchanged', async () => {
    const file = await exported(director);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).getCell(2).value).toBe('ЖСН / ИИН');
    const first = ws?.getRow(2);
    expect(String(first?.getCell(2).value)).toMatch(/^\d{12}$/);
    expect(String(first?.getCell(6).value)).toMatch(/^\d\d\.\d\d\.\d{4}$/);
    expect(String(first?.getCell(7).value)).toMatch(/^\d{1,2}\p{L}$/u);
    expect(String(first?.getCell(8).value)).toMatch(/язык/);
    const before = await fingerprint(server);
    const back = await importFile(file.toString('base64'));
    expect(back.status, JSON.stringify(back.body).slice(0, 400)).toBe(200);
    const result = RosterImportResponseSchema.parse(back.body).data;
    expect(result).toMatchObject({ moved: 0, created: [] });
    expect(result.unchanged).toBe((ws?.actualRowCount ?? 0) - 1);
    expect(await fingerprint(server)).toBe(before);
  });

  it('names every bad row in ru and kz and writes nothing; fixed, it creates and moves', async () => {
    const teacherIin = (
      await server.db.query<{ iin: string }>("SELECT iin FROM users WHERE login = 'teacher'")
    )[0]?.iin as string;
    const mover = (
      await server.db.query<{ iin: string; id: number }>(
        `SELECT u.iin, u.id FROM users u JOIN groups g ON g.id = u.group_id
          WHERE u.role = 'student' AND u.login IS NULL AND g.parallel = 7 AND g.letter = 'А'
            AND u.iin IS NOT NULL LIMIT 1`,
      )
    )[0];
    expect(mover).toBeDefined();
    const fresh = pupilIin(901);
    const rows = [
      [fresh, 'Жаңабаев', 'Нұрлан', 'Асқарұлы', PUPIL_BORN, '7А', 'Қазақ тілі'],
      ['120410500000', 'Қате', 'ЖСН', '', PUPIL_BORN, '7А', ''],
      [pupilIin(902), 'Класы', 'Жоқ', '', PUPIL_BORN, '9Я', ''],
      [pupilIin(903), 'Күні', 'Қате', '', '31.02.2012', '7А', ''],
      [fresh, 'Қайта', 'Жол', '', PUPIL_BORN, '7А', ''],
      [teacherIin, 'Мұғалім', 'Емес', '', '', '7А', ''],
      [pupilIin(904), 'Тілі', 'Басқа', '', PUPIL_BORN, '7А', 'Орыс тілі'],
      [mover?.iin ?? '', 'Ауысады', 'Оқушы', '', '', '7Б', ''],
    ];
    const before = await fingerprint(server);
    const bad = await importFile(await rosterXlsx(rows));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'rows.3': ['Строка 3: неверный ИИН'],
      'rows.4': ['Строка 4: такого класса в школе нет'],
      'rows.5': ['Строка 5: дата рождения — в виде ДД.ММ.ГГГГ'],
      'rows.6': ['Строка 6: этот ИИН в файле дважды'],
      'rows.7': ['Строка 7: с этим ИИН зарегистрирован другой пользователь'],
      'rows.8': ['Строка 8: язык обучения не совпадает с языком класса'],
    });
    expect(bad.body.message).toBe('Ошибки в строках (6): ничего не сохранено');
    const kz = await importFile(await rosterXlsx(rows), director, 'kz');
    expect(kz.body.errors['rows.3']).toEqual(['3-жол: ЖСН қате']);
    expect(await fingerprint(server)).toBe(before);

    const in7b = await pupilsOf('7Б');
    const ok = await importFile(await rosterXlsx([rows[0] ?? [], rows[7] ?? []]));
    expect(ok.status, JSON.stringify(ok.body).slice(0, 400)).toBe(200);
    const result = RosterImportResponseSchema.parse(ok.body).data;
    expect(result.moved).toBe(1);
    expect(result.created).toMatchObject([
      { iin: fresh, fullname: 'Жаңабаев Нұрлан Асқарұлы', className: '7А' },
    ]);
    expect(await pupilsOf('7Б')).toBe(in7b + 1);
    // The new account signs in with its one-time password and must change it.
    const signed = await login(server, fresh, result.created[0]?.password ?? undefined);
    expect(signed.user.role).toBe('student');
    const need = await call(server, 'GET', '/api/v2/os/profile/need-pass-change', {
      token: signed.access_token,
    });
    expect(need.body.defaultPass).toBe(true);
    const born = await server.db.query<{ d: string }>(
      "SELECT to_char(born_date, 'DD.MM.YYYY') AS d FROM users WHERE iin = $1",
      [fresh],
    );
    expect(born[0]?.d).toBe(PUPIL_BORN);
  });

  it("keeps schools apart: another school's director neither reads nor takes these pupils", async () => {
    const ours = (
      await server.db.query<{ iin: string }>(
        `SELECT u.iin FROM users u JOIN groups g ON g.id = u.group_id
          WHERE u.role = 'student' AND g.school_id = (SELECT school_id FROM users WHERE login = 'director')
            AND u.iin IS NOT NULL LIMIT 1`,
      )
    )[0]?.iin as string;
    const theirs = await exported(otherDirector);
    expect(theirs.toString('latin1')).not.toContain(ours);
    const list = await call(server, 'POST', `${LIST}?archive=0`, {
      token: otherDirector,
      body: {},
    });
    expect(list.status).toBe(200);
    expect(list.body.data.pupils.some((p: { iin: string }) => p.iin === ours)).toBe(false);
    const cls = await server.db.query<{ name: string }>(
      `SELECT parallel || letter AS name FROM groups
        WHERE school_id = (SELECT school_id FROM users WHERE login = 'school2-director')
          AND NOT archived LIMIT 1`,
    );
    const before = await fingerprint(server);
    const take = await importFile(
      await rosterXlsx([[ours, 'Бөтен', 'Оқушы', '', '', cls[0]?.name ?? '5А', '']]),
      otherDirector,
    );
    expect(take.status).toBe(422);
    expect(take.body.errors['rows.2']).toEqual([
      'Строка 2: с этим ИИН зарегистрирован другой пользователь',
    ]);
    expect(await fingerprint(server)).toBe(before);
  });

  it('lists the archive of a period; a teacher may not call it; an unknown period is 404', async () => {
    const pupil = (
      await server.db.query<{ id: number; group_id: number }>(
        `SELECT u.id, u.group_id FROM users u JOIN groups g ON g.id = u.group_id
          WHERE u.role = 'student' AND u.login IS NULL AND NOT g.archived
            AND g.school_id = (SELECT school_id FROM users WHERE login = 'director')
          ORDER BY u.id DESC LIMIT 1`,
      )
    )[0];
    const gone = await call(
      server,
      'DELETE',
      `/api/v2/os/backoffice/groups/${pupil?.group_id}/pupils/${pupil?.id}`,
      { token: director },
    );
    expect(gone.status).toBe(200);
    const current = await server.db.query<{ id: number }>(
      `SELECT id FROM periods WHERE is_current
          AND (school_id = (SELECT school_id FROM users WHERE login = 'director') OR school_id IS NULL)
        ORDER BY school_id NULLS LAST LIMIT 1`,
    );
    const res = await call(server, 'POST', `${LIST}?periodId=${current[0]?.id}&archive=1`, {
      token: director,
      locale: 'kz',
      body: {},
    });
    expect(res.status).toBe(200);
    const data = ContingentListResponseSchema.parse(res.body).data;
    expect(data.archive).toBe(true);
    const row = data.pupils.find((p) => p.id === pupil?.id);
    expect(row?.archivedAt).toMatch(/^\d\d\.\d\d\.\d{4}$/);
    expect(row?.className).toMatch(/^\d{1,2}\p{L}$/u);
    const active = await call(server, 'POST', `${LIST}?archive=0`, { token: director, body: {} });
    expect(active.body.data.pupils.some((p: { id: number }) => p.id === pupil?.id)).toBe(false);
    const teacher = (await login(server, 'teacher')).access_token;
    expect((await call(server, 'POST', LIST, { token: teacher, body: {} })).status).toBe(403);
    const unknown = await call(server, 'POST', `${LIST}?periodId=999999`, {
      token: director,
      locale: 'ru',
      body: {},
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Такой четверти нет');
  });
  it('runs as a job: 202 at once, progress, the passwords shown once and to the starter only', async () => {
    const iin = pupilIin(900);
    const xlsx = await rosterXlsx([[iin, 'Жұмысов', 'Ерлан', '', PUPIL_BORN, '7А', 'Қазақ тілі']]);
    const started = await call(server, 'POST', `${P}/import`, { token: director, body: { xlsx } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const queued = JobResponseSchema.parse(started.body).data;
    expect(queued).toMatchObject({ kind: 'roster.import', error: null });
    expect(['queued', 'running', 'done']).toContain(queued.status);
    const zavuch = (await login(server, 'zavuch')).access_token;
    expect(
      (await call(server, 'GET', `/api/v2/os/jobs/${queued.id}`, { token: zavuch })).status,
    ).toBe(404);
    const done = await settleJob(server, director, queued.id);
    expect(done).toMatchObject({ status: 'done', stage: 'done', done: 1, total: 1 });
    if (done.kind !== 'roster.import' || !done.result) throw new Error('no result');
    const password = done.result.created[0]?.password;
    expect(password).toMatch(/^[A-Z]{2}[a-z]{4}-\d{4}$/);
    // Read again: the one-time password is no longer kept.
    const again = JobResponseSchema.parse(
      (await call(server, 'GET', `/api/v2/os/jobs/${queued.id}`, { token: director })).body,
    ).data;
    if (again.kind !== 'roster.import') throw new Error('kind');
    expect(again.result?.created[0]).toMatchObject({ iin, password: null });
    const stored = await server.db.query<{ result: string }>(
      'SELECT result::text FROM jobs WHERE id = $1',
      [queued.id],
    );
    expect(stored[0]?.result).not.toContain(password as string);
    // The account signs in with it (hashed at the one-time cost, verified as any password).
    expect((await login(server, iin, password as string)).user.role).toBe('student');
  });
});
