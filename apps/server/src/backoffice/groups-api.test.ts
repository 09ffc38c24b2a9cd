import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArchiveResponseSchema,
  ArchivedGroupResponseSchema,
  GroupCardResponseSchema,
  GroupListResponseSchema,
  SubgroupTransferResponseSchema,
  SubgroupsResponseSchema,
} from '@sabaq/platform';
import type { RunningServer } from '../server';
import { makeIin } from '../core/seed-data';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';

const B = '/api/v2/os/backoffice';

describe.each(BACKENDS)('backoffice classes, pupils, subgroups, archive (%s)', (backend) => {
  let server: RunningServer;
  let director: string;
  let lead: string;
  let other: string;
  let g7a: number;
  let g7b: number;
  let english: number;
  let teachers: number[];
  const id = async (sql: string) => (await server.db.query<{ id: number }>(sql))[0]!.id;

  beforeAll(async () => {
    server = await startTestServer(backend);
    director = (await login(server, 'director')).access_token;
    lead = (await login(server, 'group-lead')).access_token;
    other = (await login(server, 'school2-director')).access_token;
    g7a = await id("SELECT id FROM groups WHERE parallel = 7 AND letter = 'А' AND NOT archived");
    g7b = await id("SELECT id FROM groups WHERE parallel = 7 AND letter = 'Ә' AND NOT archived");
    english = await id("SELECT id FROM subjects WHERE code = 'english'");
    const dict = await call(server, 'GET', `${B}/personals/group`, { token: director });
    teachers = dict.body.personnels.map((p: { id: number }) => p.id);
  });
  afterAll(async () => server?.close());

  it('lists the classes by parallel; a class teacher sees only their class', async () => {
    const res = await call(server, 'GET', `${B}/groups`, { token: director, locale: 'ru' });
    expect(res.status).toBe(200);
    const list = GroupListResponseSchema.parse(res.body).data;
    expect(list.canManage).toBe(true);
    expect(list.parallels.map((p) => p.parallel)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const seventh = list.parallels.find((p) => p.parallel === 7)!;
    const a = seventh.groups.find((g) => g.id === g7a)!;
    expect(a).toMatchObject({ name: '7А', letter: 'А', pupils: 14 });
    expect(a.eduLang.name).toMatch(/язык/);
    expect(a.teachers).toHaveLength(2);
    // The archived 11А of last year is not among the classes.
    const eleventh = list.parallels.find((p) => p.parallel === 11)!.groups.map((g) => g.name);
    expect(eleventh.sort()).toEqual(['11А', '11Б', '11Ә']);
    const mine = GroupListResponseSchema.parse(
      (await call(server, 'GET', `${B}/groups`, { token: lead })).body,
    ).data;
    expect(mine.canManage).toBe(false);
    expect(mine.parallels.flatMap((p) => p.groups.map((g) => g.id))).toEqual([g7a]);
    expect((await call(server, 'GET', `${B}/groups/${g7b}/card`, { token: lead })).status).toBe(
      404,
    );
  });

  it('creates a class with two teachers, refuses a third, and deletes only an empty class', async () => {
    const three = await call(server, 'POST', `${B}/group`, {
      token: director,
      body: { name: 9, letter: 'Д', personnel_id: teachers.slice(0, 3), edu_lang: 1 },
      locale: 'ru',
    });
    expect(three.status).toBe(422);
    expect(three.body.errors.personnel_id).toEqual([
      'Для класса можно выбрать не более 2 учителей',
    ]);
    const badLetter = await call(server, 'POST', `${B}/group`, {
      token: director,
      body: { name: 9, letter: '1', personnel_id: [], edu_lang: 1 },
      locale: 'ru',
    });
    expect(badLetter.status).toBe(422);
    expect(Object.keys(badLetter.body.errors)).toEqual(['letter']);
    const created = await call(server, 'POST', `${B}/group`, {
      token: director,
      body: { name: 9, letter: 'Д', personnel_id: teachers.slice(0, 2), edu_lang: 1 },
    });
    expect(created.status).toBe(201);
    const newId = created.body.group.id as number;
    const card = GroupCardResponseSchema.parse(
      (await call(server, 'GET', `${B}/groups/${newId}/card`, { token: director })).body,
    ).data;
    expect(card.group.teachers.map((t) => t.id).sort()).toEqual(teachers.slice(0, 2).sort());
    expect(card.pupils).toEqual([]);

    const refused = await call(server, 'DELETE', `${B}/group/${g7a}`, {
      token: director,
      locale: 'ru',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Класс нельзя удалить: в нём есть ученики, расписание и уроки, суммативные оценивания, календарные планы. Сначала переведите их или отправьте в архив',
    );
    const deleted = await call(server, 'DELETE', `${B}/group/${newId}`, { token: director });
    expect(deleted.status).toBe(200);
    expect((await call(server, 'GET', `${B}/group/${newId}`, { token: director })).status).toBe(
      404,
    );
  });

  it('the class card: pupils and the teachers of each subject', async () => {
    const res = await call(server, 'GET', `${B}/groups/${g7a}/card`, { token: lead, locale: 'ru' });
    const card = GroupCardResponseSchema.parse(res.body).data;
    expect(card.pupils).toHaveLength(14);
    expect(card.canManage).toBe(false);
    expect(card.otherGroups).toEqual([]);
    const en = card.subjects.find((s) => s.id === english)!;
    expect(en.teachers).toHaveLength(1);
    expect(en.subgroups).toBe(2);
  });

  it('adds a new pupil (one-time password), moves them, removes them to the archive', async () => {
    const iin = makeIin('2013-04-05', 'w', 7001);
    const badIin = await call(server, 'POST', `${B}/groups/${g7a}/pupils`, {
      token: director,
      body: { mode: 'new', iin: '123456789012', surname: 'Әлиева', firstname: 'Дана' },
      locale: 'kz',
    });
    expect(badIin.status).toBe(422);
    expect(badIin.body.errors.iin).toEqual(['ЖСН қате']);
    const badName = await call(server, 'POST', `${B}/groups/${g7a}/pupils`, {
      token: director,
      body: { mode: 'new', iin, surname: 'Әлиева2', firstname: 'Дана' },
      locale: 'ru',
    });
    expect(Object.keys(badName.body.errors)).toEqual(['surname']);
    const added = await call(server, 'POST', `${B}/groups/${g7a}/pupils`, {
      token: director,
      body: { mode: 'new', iin, surname: 'Әлиева', firstname: 'Дана' },
    });
    expect(added.status).toBe(201);
    const pupilId = added.body.data.pupil.id as number;
    expect(added.body.data.pupil.fullname).toBe('Әлиева Дана');
    const password = added.body.data.initialPassword as string;
    const signIn = await call(server, 'POST', '/api/v2/os/auth/login', {
      body: { login: iin, password },
    });
    expect(signIn.status).toBe(200);
    const again = await call(server, 'POST', `${B}/groups/${g7a}/pupils`, {
      token: director,
      body: { mode: 'new', iin, surname: 'Әлиева', firstname: 'Дана' },
      locale: 'ru',
    });
    expect(again.body.errors.iin[0]).toMatch(/уже есть/);

    const moved = await call(server, 'PUT', `${B}/groups/${g7a}/pupils/${pupilId}`, {
      token: director,
      body: { groupId: g7b },
    });
    expect(moved.status).toBe(200);
    const cardB = GroupCardResponseSchema.parse(
      (await call(server, 'GET', `${B}/groups/${g7b}/card`, { token: director })).body,
    ).data;
    expect(cardB.pupils.map((p) => p.id)).toContain(pupilId);
    // Back to 7А as an existing account found by IIN.
    const back = await call(server, 'POST', `${B}/groups/${g7a}/pupils`, {
      token: director,
      body: { mode: 'existing', iin },
    });
    expect(back.status).toBe(201);
    expect(back.body.data.initialPassword).toBeNull();

    const archived = await call(server, 'DELETE', `${B}/groups/${g7a}/pupils/${pupilId}`, {
      token: director,
    });
    expect(archived.status).toBe(200);
    // The archived pupil's account is locked: the open session ends, sign-in is refused.
    const pupilToken = signIn.body.access_token as string;
    expect((await call(server, 'GET', '/api/v2/os/user-info', { token: pupilToken })).status).toBe(
      401,
    );
    const locked = await call(server, 'POST', '/api/v2/os/auth/login', {
      body: { login: iin, password },
    });
    expect(locked.status).not.toBe(200);
    const archive = ArchiveResponseSchema.parse(
      (await call(server, 'GET', `${B}/archive`, { token: director })).body,
    ).data;
    expect(archive.pupils.find((p) => p.id === pupilId)).toMatchObject({ groupName: '7А' });
    expect(archive.groups.map((g) => g.name)).toContain('11А');
    const leavers = ArchivedGroupResponseSchema.parse(
      (await call(server, 'GET', `${B}/archive/${g7a}`, { token: director })).body,
    ).data;
    expect(leavers.pupils).toEqual([{ id: pupilId, fullname: 'Әлиева Дана', left: true }]);
    const methodist = (await login(server, 'methodist')).access_token;
    const old = archive.groups.find((g) => g.name === '11А')!;
    const oldClass = ArchivedGroupResponseSchema.parse(
      (await call(server, 'GET', `${B}/archive/${old.id}`, { token: methodist })).body,
    ).data;
    expect(oldClass.group.archived).toBe(true);
    expect(oldClass.pupils).toHaveLength(4);
    // An archived class is not a class of the list, and takes no changes.
    expect(
      (await call(server, 'GET', `${B}/groups/${old.id}/card`, { token: director })).status,
    ).toBe(404);
    expect((await call(server, 'DELETE', `${B}/group/${old.id}`, { token: director })).status).toBe(
      409,
    );
  });

  it('splits a subject into subgroups and moves pupils between them; the journal follows', async () => {
    const subs = SubgroupsResponseSchema.parse(
      (await call(server, 'GET', `${B}/groups/${g7a}/subgroups`, { token: director })).body,
    ).data;
    const en = subs.subjects.find((s) => s.id === english)!;
    expect(en.subgroups.map((s) => [s.name, s.members])).toEqual([
      ['1-топ', 7],
      ['2-топ', 7],
    ]);
    const created = await call(server, 'POST', `${B}/groups/${g7a}/subgroups`, {
      token: director,
      body: { subjectId: english, name: '3-топ' },
    });
    expect(created.status).toBe(201);
    const third = created.body.data.id as number;
    const dup = await call(server, 'POST', `${B}/groups/${g7a}/subgroups`, {
      token: director,
      body: { subjectId: english, name: '3-ТОП' },
      locale: 'ru',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name).toEqual([
      'Подгруппа с таким названием по этому предмету уже есть',
    ]);
    const page = SubgroupTransferResponseSchema.parse(
      (await call(server, 'GET', `${B}/groups/${g7a}/subgroups/${english}`, { token: director }))
        .body,
    ).data;
    const mover = page.pupils[0]!;
    const bad = await call(server, 'PUT', `${B}/groups/${g7a}/subgroups/${english}`, {
      token: director,
      body: { members: [{ userId: mover.id, subgroupId: 999999 }] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['members.0.subgroupId']);
    const saved = await call(server, 'PUT', `${B}/groups/${g7a}/subgroups/${english}`, {
      token: director,
      body: { members: [{ userId: mover.id, subgroupId: third }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.pupils.find((p: { id: number }) => p.id === mover.id).subgroupId).toBe(
      third,
    );
    const teacher = (await login(server, 'english-teacher')).access_token;
    const journal = await call(
      server,
      'GET',
      `/api/v2/os/journal/groups/${g7a}/${english}?subgroupId=${third}`,
      { token: teacher },
    );
    expect(journal.status).toBe(200);
    expect(journal.body.data.rows.map((r: { student: { id: number } }) => r.student.id)).toEqual([
      mover.id,
    ]);
    const renamed = await call(server, 'PUT', `${B}/subgroups/${third}`, {
      token: director,
      body: { name: 'Қосымша топ' },
    });
    expect(renamed.body.data).toEqual({ id: third, name: 'Қосымша топ', members: 1 });
    expect(
      (await call(server, 'DELETE', `${B}/subgroups/${third}`, { token: director })).status,
    ).toBe(200);
    const after = await server.db.query('SELECT 1 FROM subgroup_members WHERE subgroup_id = $1', [
      third,
    ]);
    expect(after).toHaveLength(0);
  });

  it("a second school's director reaches none of the first school's classes (404, nothing written)", async () => {
    const sg = await id(
      `SELECT id FROM subgroups WHERE group_id = (SELECT id FROM groups WHERE parallel = 7 AND letter = 'А' AND NOT archived) ORDER BY id LIMIT 1`,
    );
    const pupil = await id(`SELECT id FROM users WHERE group_id = ${g7a} ORDER BY id LIMIT 1`);
    const before = await fingerprint(server);
    const tries: [string, string, unknown?][] = [
      ['GET', `${B}/groups/${g7a}/card`],
      ['GET', `${B}/group/${g7a}`],
      ['DELETE', `${B}/group/${g7a}`],
      ['PUT', `${B}/group/${g7a}`, { name: 7, letter: 'А', personnel_id: [], edu_lang: 1 }],
      [
        'POST',
        `${B}/groups/${g7a}/pupils`,
        { mode: 'existing', iin: makeIin('2013-04-05', 'w', 7001) },
      ],
      ['PUT', `${B}/groups/${g7a}/pupils/${pupil}`, { groupId: g7b }],
      ['DELETE', `${B}/groups/${g7a}/pupils/${pupil}`],
      ['GET', `${B}/groups/${g7a}/subgroups`],
      ['POST', `${B}/groups/${g7a}/subgroups`, { subjectId: english, name: 'Бөтен' }],
      ['PUT', `${B}/subgroups/${sg}`, { name: 'Бөтен' }],
      ['DELETE', `${B}/subgroups/${sg}`],
      ['GET', `${B}/groups/${g7a}/subgroups/${english}`],
      [
        'PUT',
        `${B}/groups/${g7a}/subgroups/${english}`,
        { members: [{ userId: pupil, subgroupId: sg }] },
      ],
      ['GET', `${B}/archive/${g7a}`],
    ];
    for (const [method, path, body] of tries) {
      const res = await call(server, method, path, { token: other, body, locale: 'ru' });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(typeof res.body.message).toBe('string');
    }
    const list = GroupListResponseSchema.parse(
      (await call(server, 'GET', `${B}/groups`, { token: other })).body,
    ).data;
    expect(list.parallels.flatMap((p) => p.groups.map((g) => g.name)).sort()).toEqual(['7В', '7Г']);
    expect(await fingerprint(server)).toBe(before);
  });
});
