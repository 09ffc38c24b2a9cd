import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffListResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { makeIin } from '../core/seed-data';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';
import { callJob } from '../test/jobs';
import { hireBody, staffXlsx } from './personnel-samples';

const P = '/api/v2/os/backoffice/personnel';

describe.each(BACKENDS)('backoffice personnel on %s', (backend) => {
  let server: RunningServer;
  let director: string;
  let zavuch: string;
  let otherDirector: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    director = (await login(server, 'director')).access_token;
    zavuch = (await login(server, 'zavuch')).access_token;
    otherDirector = (await login(server, 'school2-director')).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function hire(iin: string, token = director, over: Record<string, unknown> = {}) {
    return call(server, 'POST', P, { token, locale: 'ru', body: { ...hireBody(iin), ...over } });
  }

  it('lists the school staff with role, subrole, subjects, classes and contact', async () => {
    const res = await call(server, 'GET', P, { token: director, locale: 'ru' });
    expect(res.status).toBe(200);
    const { staff, subjects } = StaffListResponseSchema.parse(res.body).data;
    expect(subjects.map((s) => s.name)).toContain('Математика');
    const lead = staff.find((m) => m.subrole === 'DCR');
    expect(lead?.role).toBe('teacher');
    const teacher = staff.find((m) => m.email === 'gulnar.akhmetova@demo.sabaq.kz');
    expect(teacher?.subjects.length).toBeGreaterThan(0);
    expect(teacher?.classes.length).toBeGreaterThan(0);
    expect(teacher?.phone).toMatch(/^\d+$/);
    expect(teacher?.manageable).toBe(true);
    // Only this school's people: none of the second school's staff.
    const other = await call(server, 'GET', P, { token: otherDirector });
    const otherIds = new Set(other.body.data.staff.map((m: { id: number }) => m.id));
    expect(staff.some((m) => otherIds.has(m.id))).toBe(false);
    expect(staff.find((m) => m.role === 'director')?.manageable).toBe(false);
  });

  it('hires by IIN: a default password that must be changed at first sign-in', async () => {
    const iin = makeIin('1990-05-20', 'm', 7001);
    const res = await hire(iin, director, { role: 'teacher', subrole: 'DCR', email: '' });
    expect(res.status).toBe(201);
    const { member, password } = res.body.data;
    expect(member).toMatchObject({ iin, role: 'teacher', subrole: 'DCR', defaultPass: true });
    expect(member.phone).toBe('77015551234');
    const signed = await login(server, iin, password);
    expect(signed.user.role).toBe('group-lead');
    const need = await call(server, 'GET', '/api/v2/os/profile/need-pass-change', {
      token: signed.access_token,
    });
    expect(need.body.defaultPass).toBe(true);
    const audit = await server.db.query(
      "SELECT 1 FROM audit_log WHERE action = 'personnel_hire' AND target_user_id = $1",
      [member.id],
    );
    expect(audit).toHaveLength(1);
  });

  it('refuses a bad IIN, a bad name, a taken IIN, per field in kz and ru', async () => {
    const bad = await hire('123456789012', director, { surname: 'Ivanov1' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.iin).toEqual(['Неверный ИИН']);
    expect(bad.body.errors.surname).toBeDefined();
    const teacherIin = (
      await server.db.query<{ iin: string }>("SELECT iin FROM users WHERE login = 'teacher'")
    )[0]?.iin as string;
    const taken = await call(server, 'POST', P, {
      token: director,
      locale: 'kz',
      body: hireBody(teacherIin),
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.iin[0]).toBe('Бұл ЖСН-мен басқа пайдаланушы тіркелген');
  });

  it('a zavuch hires and edits teachers but cannot make or change a deputy', async () => {
    const made = await hire(makeIin('1992-01-10', 'w', 7002), zavuch, { role: 'zavuch' });
    expect(made.status).toBe(403);
    const ok = await hire(makeIin('1992-01-10', 'w', 7003), zavuch);
    expect(ok.status).toBe(201);
    const id = ok.body.data.member.id;
    const edit = await call(server, 'PUT', `${P}/${id}`, {
      token: zavuch,
      body: { ...hireBody('x'), surname: 'Жаңа-Тегі', subjectIds: [1] },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data.member.surname).toBe('Жаңа-Тегі');
    expect(edit.body.data.member.subjects.map((s: { id: number }) => s.id)).toContain(1);
    const zavuchId = (
      await server.db.query<{ id: number }>("SELECT id FROM users WHERE login = 'zavuch'")
    )[0]?.id;
    const self = await call(server, 'POST', `${P}/${zavuchId}/password-reset`, { token: zavuch });
    expect(self.status).toBe(403);
  });

  it('dismiss locks the account, ends its sessions and keeps its history', async () => {
    const iin = makeIin('1987-09-09', 'w', 7004);
    const res = await hire(iin);
    const { member, password } = res.body.data;
    const session = await login(server, iin, password);
    await server.db.query(
      "INSERT INTO audit_log (actor_id, action, target_user_id) VALUES ($1, 'history', $1)",
      [member.id],
    );
    const out = await call(server, 'POST', `${P}/${member.id}/dismiss`, { token: director });
    expect(out.status).toBe(200);
    const me = await call(server, 'GET', '/api/v2/os/user-info', { token: session.access_token });
    expect(me.status).toBe(401);
    const again = await call(server, 'POST', '/api/v2/os/auth/login', {
      body: { login: iin, password },
    });
    expect(again.status).toBe(422);
    const behalf = await call(server, 'GET', `/api/v2/os/auth/behalf/${member.id}`, {
      token: director,
    });
    expect(behalf.status).toBe(404);
    const kept = await server.db.query('SELECT 1 FROM audit_log WHERE target_user_id = $1', [
      member.id,
    ]);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    const list = await call(server, 'GET', P, { token: director });
    expect(list.body.data.staff.some((m: { id: number }) => m.id === member.id)).toBe(false);
    const all = await call(server, 'GET', `${P}?status=all`, { token: director });
    const gone = all.body.data.staff.find((m: { id: number }) => m.id === member.id);
    expect(gone.dismissedAt).not.toBeNull();
    expect(gone.manageable).toBe(false);
    const twice = await call(server, 'POST', `${P}/${member.id}/password-reset`, {
      token: director,
    });
    expect(twice.status).toBe(409);
  });

  it('password reset gives a new default password and ends old sessions', async () => {
    const iin = makeIin('1989-12-01', 'm', 7005);
    const { member, password } = (await hire(iin)).body.data;
    const old = await login(server, iin, password);
    const res = await call(server, 'POST', `${P}/${member.id}/password-reset`, {
      token: director,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.password).not.toBe(password);
    expect(
      (await call(server, 'GET', '/api/v2/os/user-info', { token: old.access_token })).status,
    ).toBe(401);
    const fresh = await login(server, iin, res.body.data.password);
    expect(fresh.user.userId).toBe(member.id);
  });

  it("a second school's director gets 404 on this school's staff and changes nothing", async () => {
    const { member } = (await hire(makeIin('1986-02-02', 'm', 7006))).body.data;
    const before = await fingerprint(server);
    for (const [method, path] of [
      ['PUT', `${P}/${member.id}`],
      ['POST', `${P}/${member.id}/dismiss`],
      ['POST', `${P}/${member.id}/password-reset`],
    ] as const) {
      const res = await call(server, method, path, {
        token: otherDirector,
        body: method === 'PUT' ? { ...hireBody('x') } : {},
      });
      expect(res.status, path).toBe(404);
    }
    expect(await fingerprint(server)).toBe(before);
  });

  it('import: a bad row is named in kz and ru and nothing is written; fixed, it imports', async () => {
    const good = makeIin('1993-04-04', 'w', 7007);
    const rows = [
      [good, 'Серікова', 'Әсел', 'Нұрланқызы', 'Мұғалім'],
      ['990101300000', 'Қате', 'Жол', '', 'Мұғалім'],
      [makeIin('1994-06-06', 'm', 7008), 'Бекұлы', 'Арман', '', 'Космонавт'],
    ];
    const before = await fingerprint(server);
    const bad = await callJob(server, 'POST', `${P}/import`, {
      token: director,
      locale: 'ru',
      body: { xlsx: await staffXlsx(rows) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['rows.3']).toEqual(['Строка 3: неверный ИИН']);
    expect(bad.body.errors['rows.4']).toEqual(['Строка 4: неизвестная роль']);
    expect(bad.body.errors['rows.2']).toBeUndefined();
    expect(await fingerprint(server)).toBe(before);
    const kz = await callJob(server, 'POST', `${P}/import`, {
      token: director,
      locale: 'kz',
      body: { xlsx: await staffXlsx(rows) },
    });
    expect(kz.body.errors['rows.3']).toEqual(['3-жол: ЖСН қате']);

    const fixed = [
      rows[0] ?? [],
      [makeIin('1994-06-06', 'm', 7008), 'Бекұлы', 'Арман', '', 'Сынып жетекшісі'],
    ];
    const ok = await callJob(server, 'POST', `${P}/import`, {
      token: director,
      body: { xlsx: await staffXlsx(fixed) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.created).toHaveLength(2);
    expect(ok.body.data.created[0].password).toMatch(/.{8,}/);
    // The same file again updates the two people instead of creating them twice.
    const again = await callJob(server, 'POST', `${P}/import`, {
      token: director,
      body: { xlsx: await staffXlsx(fixed) },
    });
    expect(again.body.data).toEqual({ updated: 2, created: [] });
  });

  it('exports the staff list as .xlsx that imports back unchanged', async () => {
    const res = await fetch(`${server.url}${P}/export`, {
      headers: { authorization: `Bearer ${director}`, 'x-localization': 'ru' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const xlsx = Buffer.from(await res.arrayBuffer()).toString('base64');
    const back = await callJob(server, 'POST', `${P}/import`, { token: director, body: { xlsx } });
    expect(back.status, JSON.stringify(back.body).slice(0, 400)).toBe(200);
    expect(back.body.data.created).toEqual([]);
    expect(back.body.data.updated).toBeGreaterThan(2);
    // A Russian export keeps the Kazakh job titles as they were.
    const kept = await server.db.query<{ position: string; position_ru: string | null }>(
      "SELECT position, position_ru FROM users WHERE login = 'teacher'",
    );
    expect(kept[0]?.position).toBe('Математика пәнінің мұғалімі');
    expect(kept[0]?.position_ru).not.toBeNull();
  });
});
