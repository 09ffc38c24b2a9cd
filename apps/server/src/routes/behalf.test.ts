import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { jsonColumn } from '../db/db';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import type { Tokens } from '../test/harness';

/**
 * Issue 28: a session opened on someone's behalf cannot take the account over — no change of
 * e-mail, phone, password or sessions, no refresh token, no long-lived entry token — and every
 * write in it is audited with both people.
 */
describe.each(BACKENDS)('sessions on behalf on %s', (backend) => {
  let server: RunningServer;
  let director: Tokens;
  let pupil: Tokens;
  let onBehalf: string;

  interface AuditRow {
    action: string;
    actor_id: number;
    target_user_id: number;
    route: string | null;
    status: number | null;
    session_id: string | null;
    meta: unknown;
  }
  const auditSince = async (id: number) =>
    server.db.query<AuditRow>(
      `SELECT action, actor_id, target_user_id, route, status, session_id, meta
         FROM audit_log WHERE id > $1 ORDER BY id`,
      [id],
    );
  const lastAuditId = async () =>
    (
      await server.db.query<{ n: number }>('SELECT coalesce(max(id), 0)::int AS n FROM audit_log')
    )[0]!.n;

  beforeAll(async () => {
    server = await startTestServer(backend);
    director = await login(server, 'director');
    pupil = await login(server, 'student');
    const res = await call(server, 'POST', '/api/v2/os/auth/behalf', {
      token: director.access_token,
      body: { userId: pupil.user.userId, confirmed: true },
    });
    expect(res.status).toBe(200);
    // One access token, nothing to renew it with, and the director's cookie left alone.
    expect(res.body.refresh_token).toBeUndefined();
    expect(res.body.expires_in).toBe(900);
    expect(res.headers.get('set-cookie')).toBeNull();
    onBehalf = res.body.access_token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a change of e-mail or phone, keeps names editable, and audits both', async () => {
    const from = await lastAuditId();
    const before = await call(server, 'GET', '/api/v2/os/user-info', { token: pupil.access_token });
    const profile = {
      firstname: before.body.data.firstname,
      surname: before.body.data.surname,
    };
    const email = await call(server, 'PUT', '/api/v2/os/profile', {
      token: onBehalf,
      body: { ...profile, email: 'taken.over@mail.kz' },
      locale: 'ru',
    });
    expect(email.status).toBe(403);
    expect(email.body.message).toMatch(/^В сеансе от имени другого человека это недоступно/);
    expect(Object.keys(email.body.errors)).toEqual(['email']);
    const phone = await call(server, 'PUT', '/api/v2/os/profile', {
      token: onBehalf,
      body: { ...profile, phone: '+7 701 000 00 00' },
      locale: 'kz',
    });
    expect(phone.status).toBe(403);
    expect(phone.body.message).toMatch(/^Басқа адамның атынан ашылған сеанста/);
    expect(Object.keys(phone.body.errors)).toEqual(['phone']);
    const stored = await server.db.query<{ email: string | null; phone: string | null }>(
      'SELECT email, phone FROM users WHERE id = $1',
      [pupil.user.userId],
    );
    expect(stored[0]!.email).not.toBe('taken.over@mail.kz');
    // A correction of the name (the same e-mail and phone sent back) goes through.
    const names = await call(server, 'PUT', '/api/v2/os/profile', {
      token: onBehalf,
      body: { ...profile, lastname: 'Серікқызы', email: stored[0]!.email, phone: stored[0]!.phone },
    });
    expect(names.status).toBe(200);

    const rows = await auditSince(from);
    expect(rows.map((r) => [r.action, r.route, r.status])).toEqual([
      ['behalf_write', 'profile.update', 403],
      ['behalf_write', 'profile.update', 403],
      ['behalf_write', 'profile.update', 200],
    ]);
    for (const r of rows) {
      expect(r.actor_id).toBe(director.user.userId);
      expect(r.target_user_id).toBe(pupil.user.userId);
      expect(r.session_id).toBeTruthy();
      expect(jsonColumn<{ method: string; path: string }>(r.meta)).toMatchObject({
        method: 'PUT',
        path: '/api/v2/os/profile',
      });
    }
  });

  it('cannot change the password or sign the account out, and the refusals are audited', async () => {
    const from = await lastAuditId();
    const password = await call(server, 'POST', '/api/v2/os/auth/password/change', {
      token: onBehalf,
      body: {
        old_password: 'Sabaq-Demo-2026',
        password: 'Taken-Over-2026!',
        password_confirmation: 'Taken-Over-2026!',
      },
    });
    expect(password.status).toBe(403);
    const all = await call(server, 'DELETE', '/api/v2/os/profile/sessions', { token: onBehalf });
    expect(all.status).toBe(403);
    const own = await call(server, 'GET', '/api/v2/os/auth/sessions', {
      token: pupil.access_token,
    });
    const other = (own.body.data as { id: string; current: boolean }[]).find((s) => s.current)!;
    const one = await call(server, 'DELETE', `/api/v2/os/profile/sessions/${other.id}`, {
      token: onBehalf,
    });
    expect(one.status).toBe(403);
    // The pupil's own session still works and the password is still theirs.
    expect(
      (await call(server, 'GET', '/api/v2/os/user-info', { token: pupil.access_token })).status,
    ).toBe(200);
    expect((await login(server, 'student')).access_token).toBeTruthy();
    const rows = await auditSince(from);
    expect(rows.map((r) => [r.action, r.route, r.status])).toEqual([
      ['behalf_refused', 'auth.passwordChange', 403],
      ['behalf_refused', 'profile.sessionsRevokeOthers', 403],
      ['behalf_refused', 'profile.sessionRevoke', 403],
    ]);
    expect(new Set(rows.map((r) => r.actor_id))).toEqual(new Set([director.user.userId]));
  });

  it('mints nothing long-lived: no refresh, no second behalf, the cookie stays the director’s', async () => {
    // The director's own refresh cookie renews the director, never the pupil.
    const renewed = await call(server, 'POST', '/api/v2/os/auth/refresh', {
      headers: { cookie: `sabaq_refresh=${director.refresh_token}` },
      body: {},
    });
    expect(renewed.status).toBe(200);
    const who = await call(server, 'GET', '/api/v2/os/user-info', {
      token: renewed.body.access_token,
    });
    expect(who.body.data.userId).toBe(director.user.userId);
    const rows = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id
        WHERE s.behalf_of IS NOT NULL`,
    );
    expect(rows[0]!.n).toBe(0);
    // A teacher's session on behalf gets no entry token to the video lesson either.
    const teacherId = (await login(server, 'teacher')).user.userId;
    const asTeacher = await call(server, 'POST', '/api/v2/os/auth/behalf', {
      token: director.access_token,
      body: { userId: teacherId, confirmed: true },
    });
    const lesson = await server.db.query<{ id: number }>(
      `SELECT l.id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
        WHERE s.teacher_id = $1 LIMIT 1`,
      [teacherId],
    );
    const conference = await call(
      server,
      'GET',
      `/api/v2/os/schedule/lesson/${lesson[0]!.id}/conference`,
      { token: asTeacher.body.access_token },
    );
    expect(conference.status).toBe(403);
    // Nor can a behalf session open another.
    const nested = await call(server, 'POST', '/api/v2/os/auth/behalf', {
      token: asTeacher.body.access_token,
      body: { userId: pupil.user.userId, confirmed: true },
    });
    expect(nested.status).toBe(403);
  });

  it('audits a socket opened in a behalf session, with the messages it carried', async () => {
    const from = await lastAuditId();
    const url = `${server.url.replace('http', 'ws')}/ws/chat?token=${onBehalf}`;
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'typing', peerId: 1 }));
    socket.send(JSON.stringify({ type: 'typing', peerId: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.close();
    let rows: AuditRow[] = [];
    for (let i = 0; i < 50; i++) {
      rows = await auditSince(from);
      if (rows[0]?.status !== null && rows[0]?.status !== undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'behalf_socket',
      actor_id: director.user.userId,
      target_user_id: pupil.user.userId,
      route: 'ws:/ws/chat',
    });
    const meta = jsonColumn<{ messages: number; path: string }>(rows[0]!.meta);
    expect(meta.messages).toBe(2);
    // The socket's token is not in the audit row.
    expect(meta.path).toBe('/ws/chat?token=[redacted]');
  });

  it('reads are not refused nor audited; the pupil sees the behalf session in their list', async () => {
    const from = await lastAuditId();
    expect(
      (await call(server, 'GET', '/api/v2/os/user-info', { token: onBehalf })).body.data.userId,
    ).toBe(pupil.user.userId);
    expect(await auditSince(from)).toEqual([]);
    const list = await call(server, 'GET', '/api/v2/os/auth/sessions', {
      token: pupil.access_token,
    });
    expect(
      (list.body.data as { behalfOf: number | null }[]).some(
        (s) => s.behalfOf === director.user.userId,
      ),
    ).toBe(true);
  });
});
