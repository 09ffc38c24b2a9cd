import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeIin } from '../core/seed-data';
import type { RunningServer } from '../server';
import { BACKENDS, call, mailsTo, settleMail, startTestServer } from '../test/harness';

/**
 * Issue 28: registration answers the same for taken and free e-mails and IINs — the letter says
 * what happened — and password recovery does the same work whether the address has an account.
 * Behaviour only; `npm run bench:auth -w @sabaq/server` prints the timing medians.
 */
describe.each(BACKENDS)('uniform answers of registration and recovery on %s', (backend) => {
  let server: RunningServer;
  let owner: { iin: string; email: string };

  beforeAll(async () => {
    server = await startTestServer(backend);
    const rows = await server.db.query<{ iin: string; email: string }>(
      "SELECT iin, lower(email) AS email FROM users WHERE login = 'teacher'",
    );
    owner = rows[0]!;
    expect(owner.iin).toMatch(/^\d{12}$/);
    expect(owner.email).toContain('@');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const jobsCount = async () =>
    (
      await server.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM jobs WHERE kind = 'auth-mail'",
      )
    )[0]!.n;

  const register = (iin: string, email: string, locale: 'kz' | 'ru') =>
    call(server, 'POST', '/api/v2/os/auth/register', {
      body: {
        iin,
        firstname: 'Дана',
        surname: 'Омарова',
        email,
        password: 'Omarova-2026!',
        password_confirmation: 'Omarova-2026!',
      },
      locale,
    });

  it('registration answers alike for a free, a taken e-mail, a taken IIN and a pending IIN', async () => {
    const fresh = makeIin('2002-02-02', 'w', 4242);
    const cases = [
      { name: 'free', iin: fresh, email: 'dana.omarova@mail.kz' },
      { name: 'email taken', iin: makeIin('2003-03-03', 'w', 4343), email: owner.email },
      { name: 'IIN taken', iin: owner.iin, email: 'someone.else@mail.kz' },
      { name: 'IIN pending', iin: fresh, email: 'late.comer@mail.kz' },
    ];
    for (const locale of ['ru', 'kz'] as const) {
      const answers = [];
      for (const c of cases) {
        const jobs = await jobsCount();
        const email = locale === 'ru' || c.email === owner.email ? c.email : `kz.${c.email}`;
        const res = await register(c.iin, email, locale);
        // The same work before the answer: one queued job, whatever the case.
        expect(await jobsCount(), c.name).toBe(jobs + 1);
        answers.push({ status: res.status, body: res.body });
        await settleMail(server);
      }
      for (const a of answers) expect(a).toEqual(answers[0]);
      expect(answers[0]!.status).toBe(200);
      expect(answers[0]!.body.message).toBe(
        locale === 'ru'
          ? 'На указанную почту отправлено письмо: в нём код подтверждения или что делать дальше'
          : 'Көрсетілген поштаға хат жіберілді: онда растау коды немесе келесі қадам жазылған',
      );
      if (locale === 'ru') {
        // …and each letter says what happened.
        expect(await mailsTo(server, 'dana.omarova@mail.kz')).toEqual([
          expect.objectContaining({
            kind: 'register-code',
            body: expect.stringMatching(/^Код подтверждения регистрации на платформе Sabaq: \d{6}/),
          }),
        ]);
        const toOwner = await mailsTo(server, owner.email);
        expect(toOwner.map((m) => m.kind)).toEqual(['register-attempt', 'register-attempt']);
        expect(toOwner[0]!.body).toMatch(
          /^Кто-то пытался зарегистрироваться на платформе Sabaq с вашим адресом электронной почты\. .*\/ru\/login\/forgot\)/,
        );
        expect(toOwner[1]!.body).toMatch(/^Кто-то пытался зарегистрироваться .* с вашим ИИН/);
        expect(await mailsTo(server, 'someone.else@mail.kz')).toEqual([
          expect.objectContaining({
            kind: 'register-iin-taken',
            body: expect.stringMatching(/учётная запись с указанным ИИН уже есть/),
          }),
        ]);
        const late = await mailsTo(server, 'late.comer@mail.kz');
        expect(late.map((m) => m.kind)).toEqual(['register-pending']);
        expect(late[0]!.body).not.toMatch(/\d{6}/);
      }
    }
    // Nothing was registered for the taken ones; the pending registration kept its owner.
    const pending = await server.db.query<{ data: unknown; attempts: number }>(
      'SELECT data, attempts FROM registrations WHERE iin = $1',
      [fresh],
    );
    expect(JSON.stringify(pending[0]?.data)).toContain('dana.omarova@mail.kz');
    expect(
      (
        await server.db.query('SELECT 1 FROM registrations WHERE iin = $1 OR iin = $2', [
          owner.iin,
          makeIin('2003-03-03', 'w', 4343),
        ])
      ).length,
    ).toBe(0);
    // The password hashes and addresses the jobs carried are gone once they are done.
    const left = await server.db.query<{ payload: unknown; status: string }>(
      "SELECT payload, status FROM jobs WHERE kind = 'auth-mail'",
    );
    expect(left.every((j) => j.status === 'done')).toBe(true);
    expect(left.every((j) => JSON.stringify(j.payload) === '{}')).toBe(true);
  });

  it('recovery does the same work and answers the same for a known and an unknown address', async () => {
    const answers = [];
    for (const email of [owner.email, 'nobody.here@mail.kz', owner.email.toUpperCase()]) {
      const jobs = await jobsCount();
      const res = await call(server, 'POST', '/api/v2/os/auth/password/forgot', {
        body: { email },
        locale: 'ru',
      });
      expect(await jobsCount()).toBe(jobs + 1);
      answers.push({ status: res.status, body: res.body });
    }
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      status: 200,
      body: {
        message: 'Если адрес зарегистрирован, на него отправлено письмо для восстановления пароля',
      },
    });
    const resets = (await mailsTo(server, owner.email)).filter((m) => m.kind === 'password-reset');
    expect(resets).toHaveLength(2);
    expect(resets[0]!.body).toMatch(/\/ru\/login\/forgot\/reset\?token=[\w-]{40,}/);
    // An address with no account gets no letter (nobody's mailbox is filled by strangers).
    expect(await mailsTo(server, 'nobody.here@mail.kz')).toEqual([]);
  });
});
