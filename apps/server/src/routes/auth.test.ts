import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionUserSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { DEFAULT_PASSWORD_EMPLOYEE, DEMO_PASSWORD, makeIin } from '../core/seed-data';
import { BACKENDS, call, lastMail, login, startTestServer } from '../test/harness';
import { sha256 } from '../auth/passwords';

describe.each(BACKENDS)('accounts and sessions on %s', (backend) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { accessTokenTtlSeconds: 600 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('logs in by demo login, IIN and e-mail, sets the refresh cookie', async () => {
    const res = await call(server, 'POST', '/api/v2/os/auth/login', {
      body: { login: 'teacher', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.refresh_token).toMatch(/^[\w-]{40,}$/);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`sabaq_refresh=${res.body.refresh_token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const iin = res.body.user.iin as string;
    expect(
      (
        await call(server, 'POST', '/api/v2/os/auth/login', {
          body: { login: iin, password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(server, 'POST', '/api/v2/os/auth/login', {
          body: { login: 'GULNAR.AKHMETOVA@demo.sabaq.kz', password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses wrong credentials with a 422 field error in the request language', async () => {
    const ru = await call(server, 'POST', '/api/v2/os/auth/login', {
      body: { login: 'director', password: 'wrong-Password1!' },
      locale: 'ru',
    });
    expect(ru.status).toBe(422);
    expect(ru.body).toEqual({
      message: 'Неверный логин или пароль',
      errors: { login: ['Неверный логин или пароль'] },
    });
    const kz = await call(server, 'POST', '/api/v2/os/auth/login', {
      body: { login: 'nobody-here', password: 'x' },
    });
    expect(kz.status).toBe(422);
    expect(kz.body.message).toBe('Логин немесе құпиясөз қате');
  });

  it('rate-limits repeated failures with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await call(server, 'POST', '/api/v2/os/auth/login', {
        body: { login: 'methodist', password: `wrong-${i}` },
        locale: 'ru',
      });
      statuses.push(r.status);
      if (r.status === 429) {
        expect(r.body.message).toMatch(/Слишком много неудачных попыток/);
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // The right password is refused too while blocked: guessing gains nothing.
    expect(
      (
        await call(server, 'POST', '/api/v2/os/auth/login', {
          body: { login: 'methodist', password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(429);
  });

  it('user-info is the spec §3 session user; subrole replaces role; w → f', async () => {
    const t = await login(server, 'group-lead');
    const res = await call(server, 'GET', '/api/v2/os/user-info', {
      token: t.access_token,
      locale: 'ru',
    });
    expect(res.status).toBe(200);
    const user = SessionUserSchema.parse(res.body.data);
    expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(SessionUserSchema.shape).sort());
    expect(user.role).toBe('group-lead');
    expect(user.gender).toBe('f');
    expect(user.token).toBe(t.access_token);
    expect(user.school?.name).toBe('Школа-лицей № 54 города Астаны');
    expect(user.group).toEqual({ name: '7А' });
    expect(user.bornDate).toBe('23.07.1988');
    const kz = await call(server, 'GET', '/api/v2/os/user-info', {
      token: t.access_token,
      headers: { 'x-quarter': '3' },
    });
    expect(kz.body.data.school.name).toBe('Астана қаласының № 54 мектеп-лицейі');
    expect(kz.body.data.quarter).toBe(3);

    const ind = await login(server, 'individual');
    const me = (await call(server, 'GET', '/api/v2/os/user-info', { token: ind.access_token })).body
      .data;
    expect(me.hasSubscription).toBe(true);
    expect(me.subscription).toEqual({ type: 'personal', isDemo: false, group: null });
    expect(me.subscriptions).toEqual([{ tariff_type: 'personal-year', type: 'personal' }]);
    expect(me.gender).toBe('m');
    expect(me.school).toBeNull();
  });

  it('401 without or with an invalid token; 426 once it has expired', async () => {
    expect((await call(server, 'GET', '/api/v2/os/user-info')).status).toBe(401);
    const bad = await call(server, 'GET', '/api/v2/os/user-info', {
      token: 'x'.repeat(43),
      locale: 'ru',
    });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('Сессия недействительна, войдите снова');
    const t = await login(server, 'student');
    expect(t).toMatchObject({ expires_in: 600 });
    const rows = await server.db.query<{ s: number }>(
      'SELECT extract(epoch FROM expires_at - now())::float8 AS s FROM access_tokens WHERE token_hash = $1',
      [sha256(t.access_token)],
    );
    expect(rows[0]?.s).toBeGreaterThan(590);
    expect(rows[0]?.s).toBeLessThanOrEqual(600);
    // Expire it in the database: timing-free, whatever the machine's load.
    await server.db.query(
      "UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [sha256(t.access_token)],
    );
    const expired = await call(server, 'GET', '/api/v2/os/user-info', { token: t.access_token });
    expect(expired.status).toBe(426);
    expect(expired.body.action).toBe('refresh');
    // …and the refresh token gets a working access token again.
    const refreshed = await call(server, 'POST', '/api/v2/os/auth/refresh', {
      body: { refreshToken: t.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(
      (await call(server, 'GET', '/api/v2/os/user-info', { token: refreshed.body.access_token }))
        .status,
    ).toBe(200);
  });

  it('refresh rotates; reusing an old refresh token revokes the whole family', async () => {
    const t = await login(server, 'zavuch');
    const r1 = await call(server, 'POST', '/api/v2/os/auth/refresh', {
      body: { refreshToken: t.refresh_token },
    });
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(t.refresh_token);
    // By cookie, as the browser does.
    const r2 = await call(server, 'POST', '/api/v2/os/auth/refresh', {
      headers: { cookie: `sabaq_refresh=${r1.body.refresh_token}` },
    });
    expect(r2.status).toBe(200);
    // The new refresh token comes back in the HttpOnly cookie only, not in the body a page's
    // script could read.
    expect(r2.body.refresh_token).toBeUndefined();
    const r2Refresh = /sabaq_refresh=([\w-]+)/.exec(r2.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(r2Refresh).toMatch(/^[\w-]{40,}$/);
    // Reuse of the first one: the family (r2 included) is revoked.
    const reuse = await call(server, 'POST', '/api/v2/os/auth/refresh', {
      body: { refreshToken: t.refresh_token },
      locale: 'ru',
    });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toMatch(/использован повторно/);
    expect(
      (
        await call(server, 'POST', '/api/v2/os/auth/refresh', {
          body: { refreshToken: r2Refresh },
        })
      ).status,
    ).toBe(401);
    expect(
      (await call(server, 'GET', '/api/v2/os/user-info', { token: r2.body.access_token })).status,
    ).toBe(401);
  });

  it('a refresh whose answer was lost may be presented again shortly, until its successor is used (issue 31)', async () => {
    const t = await login(server, 'zavuch');
    const refresh = (token: string, locale?: 'ru') =>
      call(server, 'POST', '/api/v2/os/auth/refresh', {
        body: { refreshToken: token },
        ...(locale ? { locale } : {}),
      });
    // The first answer never arrived (a reload, a dropped link): the client still holds t.
    const lost = await refresh(t.refresh_token);
    expect(lost.status).toBe(200);
    const again = await refresh(t.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).not.toBe(lost.body.refresh_token);
    // The undelivered successor is withdrawn without ending the session…
    expect((await refresh(lost.body.refresh_token)).status).toBe(401);
    expect(
      (await call(server, 'GET', '/api/v2/os/user-info', { token: again.body.access_token }))
        .status,
    ).toBe(200);
    // …and once the new successor is used, the spent token is a copy: the session ends.
    const next = await refresh(again.body.refresh_token);
    expect(next.status).toBe(200);
    const copy = await refresh(t.refresh_token, 'ru');
    expect(copy.status).toBe(401);
    expect(copy.body.message).toMatch(/использован повторно/);
    expect((await refresh(next.body.refresh_token)).status).toBe(401);

    // Past the leeway a spent token revokes even when its successor was never used.
    const u = await login(server, 'zavuch');
    const spent = await refresh(u.refresh_token);
    expect(spent.status).toBe(200);
    await server.db.query(
      `UPDATE refresh_tokens SET used_at = used_at - interval '2 minutes',
              created_at = created_at - interval '2 minutes'
        WHERE session_id = (SELECT session_id FROM refresh_tokens WHERE token_hash = $1)`,
      [sha256(u.refresh_token)],
    );
    expect((await refresh(u.refresh_token)).status).toBe(401);
    expect(
      (await call(server, 'GET', '/api/v2/os/user-info', { token: spent.body.access_token }))
        .status,
    ).toBe(401);
  });

  it('check-token reports the token without renewing it; logout revokes the session and clears the cookie', async () => {
    const t = await login(server, 'director');
    const c = await call(server, 'GET', '/api/v2/os/auth/check-token', { token: t.access_token });
    expect(c.status).toBe(200);
    expect(c.body.data).toEqual({ valid: true, expires_in: expect.any(Number) });
    const fresh = t.access_token;
    expect((await call(server, 'GET', '/api/v2/os/user-info', { token: fresh })).status).toBe(200);
    const sessions = await call(server, 'GET', '/api/v2/os/auth/sessions', { token: fresh });
    expect(sessions.status).toBe(200);
    expect(sessions.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const out = await call(server, 'GET', '/api/v2/os/auth/logout', { token: fresh });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/sabaq_refresh=;/);
    expect((await call(server, 'GET', '/api/v2/os/user-info', { token: fresh })).status).toBe(401);
    expect(
      (await call(server, 'GET', '/api/v2/os/user-info', { token: t.access_token })).status,
    ).toBe(401);
    expect(
      (
        await call(server, 'POST', '/api/v2/os/auth/refresh', {
          body: { refreshToken: t.refresh_token },
        })
      ).status,
    ).toBe(401);
  });

  it('password change: spec §5 rules as 422 field errors in kz/ru, then the new password works', async () => {
    const t = await login(
      server,
      DEFAULT_PASSWORD_EMPLOYEE.login,
      DEFAULT_PASSWORD_EMPLOYEE.password,
    );
    const need = await call(server, 'GET', '/api/v2/os/profile/need-pass-change', {
      token: t.access_token,
    });
    expect(need.body).toEqual({ defaultPass: true });
    const path = '/api/v2/os/auth/password/change';
    const cases = [
      [
        { password: 'Ab1! cdefg', password_confirmation: 'Ab1! cdefg', old_password: 'x' },
        'password',
        'Пароль не должен содержать пробелов',
      ],
      [
        { password: 'Ab1!', password_confirmation: 'Ab1!', old_password: 'x' },
        'password',
        'Пароль должен содержать не менее 8 символов',
      ],
      [
        { password: 'abcdefgh1!', password_confirmation: 'abcdefgh1!', old_password: 'x' },
        'password',
        'Пароль должен содержать строчную и заглавную буквы, цифру и специальный символ',
      ],
      [
        { password: 'Abcdefgh1!', password_confirmation: 'Abcdefgh1?', old_password: 'x' },
        'password_confirmation',
        'Пароли не совпадают',
      ],
      [
        { password: 'Abcdefgh1!', password_confirmation: 'Abcdefgh1!' },
        'old_password',
        'Обязательное поле',
      ],
      [
        { password: 'Abcdefgh1!', password_confirmation: 'Abcdefgh1!', old_password: 'Wrong-1234' },
        'old_password',
        'Текущий пароль указан неверно',
      ],
    ] as const;
    for (const [body, field, text] of cases) {
      const r = await call(server, 'POST', path, { token: t.access_token, body, locale: 'ru' });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors[field]).toContain(text);
    }
    const kz = await call(server, 'POST', path, {
      token: t.access_token,
      body: { password: 'Ab1!', password_confirmation: 'Ab1!', old_password: 'x' },
    });
    expect(kz.body.errors.password).toContain('Құпиясөз кемінде 8 таңбадан тұруы керек');
    const ok = await call(server, 'POST', path, {
      token: t.access_token,
      body: {
        password: 'Жаңа-Құпия-2026',
        password_confirmation: 'Жаңа-Құпия-2026',
        old_password: DEFAULT_PASSWORD_EMPLOYEE.password,
      },
    });
    expect(ok.status).toBe(200);
    expect(
      (await call(server, 'GET', '/api/v2/os/profile/need-pass-change', { token: t.access_token }))
        .body,
    ).toEqual({ defaultPass: false });
    await login(server, DEFAULT_PASSWORD_EMPLOYEE.login, 'Жаңа-Құпия-2026');
  });

  it('forgot/reset by e-mail token from the outbox; the token works once', async () => {
    const email = 'olga.kim@demo.sabaq.kz';
    const f = await call(server, 'POST', '/api/v2/os/auth/password/forgot', {
      body: { email },
      locale: 'ru',
    });
    expect(f.status).toBe(200);
    const unknown = await call(server, 'POST', '/api/v2/os/auth/password/forgot', {
      body: { email: 'nobody@demo.sabaq.kz' },
      locale: 'ru',
    });
    expect(unknown.body).toEqual(f.body);
    const token = /token=([\w-]+)/.exec(await lastMail(server, email))?.[1] ?? '';
    const body = { token, password: 'Новый-Пароль-1', password_confirmation: 'Новый-Пароль-1' };
    expect((await call(server, 'POST', '/api/v2/os/auth/password/reset', { body })).status).toBe(
      200,
    );
    const again = await call(server, 'POST', '/api/v2/os/auth/password/reset', {
      body,
      locale: 'ru',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.token).toEqual([
      'Ссылка для восстановления недействительна или устарела',
    ]);
    await login(server, 'guest', 'Новый-Пароль-1');
  });

  it('registers by IIN with a confirm code and signs in', async () => {
    const iin = makeIin('2001-03-15', 'w', 7777);
    const bad = await call(server, 'POST', '/api/v2/os/auth/register', {
      body: {
        iin: '123456789012',
        firstname: 'R2D2',
        surname: 'Бекова',
        email: 'bad',
        password: 'short',
        password_confirmation: 'other',
      },
      locale: 'ru',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      iin: ['Неверный ИИН'],
      firstname: ['Допустимы только буквы кириллицы и латиницы, пробел и дефис'],
      email: ['Неверный адрес электронной почты'],
      password: ['Пароль должен содержать не менее 8 символов'],
      password_confirmation: ['Пароли не совпадают'],
    });
    const email = 'aruzhan.bekova@mail.kz';
    const reg = await call(server, 'POST', '/api/v2/os/auth/register', {
      body: {
        iin,
        firstname: 'Аружан',
        surname: 'Бекова',
        email,
        phone: '+7 701 555 12 34',
        password: 'Aruzhan-2026',
        password_confirmation: 'Aruzhan-2026',
      },
    });
    expect(reg.status).toBe(200);
    const code = /(\d{6})/.exec(await lastMail(server, email))?.[1] ?? '';
    const wrong = await call(server, 'POST', '/api/v2/os/auth/register/confirm', {
      body: { iin, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    const ok = await call(server, 'POST', '/api/v2/os/auth/register/confirm', {
      body: { iin, code },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({
      iin,
      gender: 'f',
      bornDate: '15.03.2001',
      role: 'guest',
      phone: '77015551234',
    });
    const taken = await call(server, 'POST', '/api/v2/os/auth/register', {
      body: {
        iin,
        firstname: 'Аружан',
        surname: 'Бекова',
        email: 'other@mail.kz',
        password: 'Aruzhan-2026',
        password_confirmation: 'Aruzhan-2026',
      },
      locale: 'ru',
    });
    // Issue 28: the answer does not tell that the IIN is taken; the letter to the address given
    // does, and the IIN's own account hears of the attempt.
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({
      message:
        'На указанную почту отправлено письмо: в нём код подтверждения или что делать дальше',
    });
    expect(await lastMail(server, 'other@mail.kz')).toMatch(
      /^На платформе Sabaq начали регистрацию с этим адресом, но учётная запись с указанным ИИН уже есть/,
    );
    expect(await lastMail(server, email)).toMatch(/^Кто-то пытался зарегистрироваться .* ИИН/);
  });

  it('behalf: management of the same school only, audited', async () => {
    const dir = await login(server, 'director');
    const student = await login(server, 'student');
    const res = await call(server, 'POST', '/api/v2/os/auth/behalf', {
      token: dir.access_token,
      body: { userId: student.user.userId, confirmed: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.userId).toBe(student.user.userId);
    const audit = await server.db.query<{
      action: string;
      actor_id: number;
      target_user_id: number;
    }>('SELECT action, actor_id, target_user_id FROM audit_log ORDER BY id DESC LIMIT 1');
    expect(audit[0]).toEqual({
      action: 'behalf_auth',
      actor_id: dir.user.userId,
      target_user_id: student.user.userId,
    });
    const sessions = await call(server, 'GET', '/api/v2/os/auth/sessions', {
      token: res.body.access_token,
    });
    expect(sessions.body.data.find((s: { current: boolean }) => s.current).behalfOf).toBe(
      dir.user.userId,
    );

    const zavuch = await login(server, 'zavuch');
    const onDirector = await call(server, 'POST', '/api/v2/os/auth/behalf', {
      token: zavuch.access_token,
      body: { userId: dir.user.userId, confirmed: true },
      locale: 'ru',
    });
    expect(onDirector.status).toBe(403);
    expect(onDirector.body.message).toBe('Нельзя войти от имени этого пользователя');
    const teacher = await login(server, 'teacher');
    const byTeacher = await call(server, 'POST', '/api/v2/os/auth/behalf', {
      token: teacher.access_token,
      body: { userId: student.user.userId, confirmed: true },
      locale: 'ru',
    });
    expect(byTeacher.status).toBe(403);
    expect(byTeacher.body.message).toBe('Недостаточно прав для этого действия');
  });
});
