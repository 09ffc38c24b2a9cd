import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CheckTokenResponseSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  NeedPassChangeResponseSchema,
  PasswordChangeRequestSchema,
  REFRESH_COOKIE,
  REFRESH_TTL_SECONDS,
  RefreshRequestSchema,
  RefreshResponseSchema,
  RegisterConfirmRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SessionsResponseSchema,
  UserInfoResponseSchema,
  message,
} from '@sabaq/platform';
import { LoginLimiter } from '../auth/login-limiter';
import { hashPassword, sha256, verifyPassword } from '../auth/passwords';
import {
  createSession,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
} from '../auth/sessions';
import { loadSessionUser } from '../auth/user';
import type { App, AppContext } from '../http/context';
import { isSecureOrigin, requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError, fieldError } from '../http/errors';
import { registerBehalfRoutes } from './behalf';
import { queueAuthMail, registerAuthMail } from './auth-mail';

/**
 * The refresh token's HttpOnly cookie. Secure whenever the public URL is https: behind a TLS
 * proxy the request itself arrives over plain http, and the cookie must still never travel
 * unencrypted.
 */
export function setRefreshCookie(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/api',
    maxAge: REFRESH_TTL_SECONDS,
    secure: isSecureOrigin(ctx.config, req),
  });
}

function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
}

/** Sign-in answer shared by login, registration confirm and behalf. */
export async function signIn(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) {
  return (await openSession(ctx, req, reply, userId)).body;
}

/**
 * A new session of `userId` and its sign-in answer; `behalfOf`: opened by that director or zavuch
 * on the user's behalf — no refresh token, and the browser's cookie stays the signed-in person's
 * own, so a reload or the access token's end brings back their own session (issue 28).
 */
export async function openSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  behalfOf?: number,
) {
  const tokens = await createSession(ctx.db, userId, ctx.config.accessTokenTtlSeconds, {
    userAgent: req.headers['user-agent'],
    ip: req.ip,
    ...(behalfOf !== undefined ? { behalfOf } : {}),
  });
  const user = await loadSessionUser(ctx.db, userId, tokens.accessToken, req.locale, req.quarter);
  if (!user) throw new HttpError(404, 'not_found');
  const answer = { access_token: tokens.accessToken, expires_in: ctx.config.accessTokenTtlSeconds };
  if (tokens.refreshToken === null)
    return { sessionId: tokens.sessionId, body: { ...answer, user } };
  setRefreshCookie(ctx, req, reply, tokens.refreshToken);
  return {
    sessionId: tokens.sessionId,
    body: { ...answer, refresh_token: tokens.refreshToken, user },
  };
}

const authRoutesRateLimit = (ctx: AppContext) => ({
  rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 },
});

export function registerAuthRoutes(app: App, ctx: AppContext): void {
  const limiter = new LoginLimiter(ctx.config.loginFailureLimit, ctx.config.loginFailureWindowMs);
  const ttl = ctx.config.accessTokenTtlSeconds;

  defineRoute(app, ctx, 'auth.login', {
    config: authRoutesRateLimit(ctx),
    body: LoginRequestSchema,
    response: { 200: LoginResponseSchema },
    handler: async (req, reply) => {
      const login = req.body.login.trim();
      const rows = await ctx.db.query<{ id: number; password_hash: string | null }>(
        `SELECT id, password_hash FROM users
            WHERE (login = $1 OR iin = $1 OR lower(email) = lower($1))
              AND dismissed_at IS NULL AND archived_at IS NULL -- dismissed staff and archived pupils are locked
            ORDER BY id LIMIT 1`,
        [login],
      );
      const row = rows[0];
      // Failures count per account, whichever spelling (login, IIN, e-mail) named it, and from
      // every address; a name that is no account counts on its own.
      const key = row ? `user:${row.id}` : `name:${login.toLowerCase()}`;
      const wait = limiter.blockedFor(key);
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        throw new HttpError(429, 'too_many_attempts', {
          params: { minutes: Math.max(1, Math.ceil(wait / 60_000)) },
        });
      }
      const ok = await verifyPassword(req.body.password, row?.password_hash ?? null);
      if (!row || !ok) {
        limiter.fail(key);
        throw new HttpError(422, 'login_failed', { errors: { login: ['login_failed'] } });
      }
      limiter.succeed(key);
      return signIn(ctx, req, reply, row.id);
    },
  });

  defineRoute(app, ctx, 'auth.refresh', {
    config: authRoutesRateLimit(ctx),
    body: RefreshRequestSchema.nullish(),
    response: { 200: RefreshResponseSchema },
    handler: async (req, reply) => {
      const fromBody = req.body?.refreshToken;
      const token = fromBody ?? req.cookies[REFRESH_COOKIE];
      if (!token) throw new HttpError(401, 'refresh_invalid', { action: 'login' });
      const res = await rotateRefreshToken(ctx.db, token, ttl);
      if (res.kind !== 'ok') {
        clearRefreshCookie(reply);
        throw new HttpError(401, res.kind === 'reused' ? 'refresh_reused' : 'refresh_invalid', {
          action: 'login',
        });
      }
      const next = res.tokens.refreshToken!;
      setRefreshCookie(ctx, req, reply, next);
      return {
        access_token: res.tokens.accessToken,
        // Echoed only to a caller that sent it in the body (apps); browsers keep it HttpOnly.
        ...(fromBody ? { refresh_token: next } : {}),
        expires_in: ttl,
      };
    },
  });

  defineRoute(app, ctx, 'auth.checkToken', {
    response: { 200: CheckTokenResponseSchema },
    handler: async (req) => {
      // Says whether the token is good and for how long; it never issues one. Renewal is
      // auth/refresh, which needs the refresh token and rotates it.
      const auth = requireAuth(req);
      const left = Math.max(0, Math.floor(((auth.expiresMs ?? Date.now()) - Date.now()) / 1000));
      return { data: { valid: true as const, expires_in: left } };
    },
  });

  defineRoute(app, ctx, 'auth.logout', {
    response: { 200: MessageResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await revokeSession(ctx.db, auth.sessionId);
      // Open sockets of this session close now (4401), not at the next periodic check.
      void ctx.websockets.checkSessions().catch(() => undefined);
      clearRefreshCookie(reply);
      return { message: message('success', req.locale) };
    },
  });

  defineRoute(app, ctx, 'auth.sessions', {
    response: { 200: SessionsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const rows = await ctx.db.query<{
        id: string;
        created_at: string;
        last_used_at: string;
        user_agent: string | null;
        ip: string | null;
        behalf_of: number | null;
      }>(
        `SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
                  to_char(last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_used_at,
                  user_agent, ip, behalf_of
             FROM sessions WHERE user_id = $1 AND revoked_at IS NULL
            ORDER BY last_used_at DESC LIMIT 100`,
        [auth.userId],
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          createdAt: r.created_at,
          lastUsedAt: r.last_used_at,
          userAgent: r.user_agent,
          ip: r.ip,
          current: r.id === auth.sessionId,
          behalfOf: r.behalf_of,
        })),
      };
    },
  });

  defineRoute(app, ctx, 'auth.userInfo', {
    response: { 200: UserInfoResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const user = await loadSessionUser(ctx.db, auth.userId, auth.token, req.locale, req.quarter);
      if (!user) throw new HttpError(401, 'token_invalid', { action: 'login' });
      return { data: user };
    },
  });

  defineRoute(app, ctx, 'auth.passwordChange', {
    body: PasswordChangeRequestSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const rows = await ctx.db.query<{ password_hash: string | null }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [auth.userId],
      );
      if (!(await verifyPassword(req.body.old_password, rows[0]?.password_hash ?? null))) {
        throw fieldError('old_password', 'old_password_wrong');
      }
      if (req.body.old_password === req.body.password) {
        throw fieldError('password', 'password_same');
      }
      const hash = await hashPassword(req.body.password);
      await ctx.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $1, default_pass = false WHERE id = $2', [
          hash,
          auth.userId,
        ]);
        // Other devices sign in again with the new password; this one stays signed in.
        await revokeUserSessions(tx, auth.userId, auth.sessionId);
      });
      void ctx.websockets.checkSessions().catch(() => undefined);
      return { message: message('password_changed', req.locale) };
    },
  });

  defineRoute(app, ctx, 'profile.needPassChange', {
    response: { 200: NeedPassChangeResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const rows = await ctx.db.query<{ default_pass: boolean }>(
        'SELECT default_pass FROM users WHERE id = $1',
        [auth.userId],
      );
      return { defaultPass: rows[0]?.default_pass ?? false };
    },
  });

  defineRoute(app, ctx, 'auth.passwordForgot', {
    config: authRoutesRateLimit(ctx),
    body: ForgotPasswordRequestSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      // The same answer after the same work whether or not the address has an account: the
      // lookup and the letter happen after the answer (auth-mail.ts).
      await queueAuthMail(ctx, {
        what: 'forgot',
        email: req.body.email.toLowerCase(),
        locale: req.locale,
      });
      return { message: message('reset_sent', req.locale) };
    },
  });

  defineRoute(app, ctx, 'auth.passwordReset', {
    config: authRoutesRateLimit(ctx),
    body: ResetPasswordRequestSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const hash = await hashPassword(req.body.password);
      const done = await ctx.db.transaction(async (tx) => {
        const rows = await tx.query<{ user_id: number }>(
          `UPDATE password_resets SET used_at = now()
              WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
              RETURNING user_id`,
          [sha256(req.body.token)],
        );
        const row = rows[0];
        if (!row) return false;
        await tx.query('UPDATE users SET password_hash = $1, default_pass = false WHERE id = $2', [
          hash,
          row.user_id,
        ]);
        await revokeUserSessions(tx, row.user_id);
        return true;
      });
      if (!done) throw fieldError('token', 'reset_token_invalid');
      void ctx.websockets.checkSessions().catch(() => undefined);
      return { message: message('password_changed', req.locale) };
    },
  });

  defineRoute(app, ctx, 'auth.register', {
    config: authRoutesRateLimit(ctx),
    body: RegisterRequestSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const body = req.body;
      // Whether the e-mail or IIN is taken, or a registration of the IIN is pending, is told
      // only in the letter (auth-mail.ts): the answer and the work before it are the same.
      await queueAuthMail(ctx, {
        what: 'register',
        locale: req.locale,
        iin: body.iin,
        email: body.email.toLowerCase(),
        firstname: body.firstname,
        surname: body.surname,
        lastname: body.lastname ?? null,
        phone: body.phone ?? null,
        passwordHash: await hashPassword(body.password),
      });
      return { message: message('register_code_sent', req.locale) };
    },
  });

  defineRoute(app, ctx, 'auth.registerConfirm', {
    config: authRoutesRateLimit(ctx),
    body: RegisterConfirmRequestSchema,
    response: { 200: LoginResponseSchema },
    handler: async (req, reply) => {
      const { iin, code } = req.body;
      const userId = await ctx.db.transaction(async (tx) => {
        const rows = await tx.query<{ data: unknown; code_hash: string; attempts: number }>(
          `SELECT data, code_hash, attempts FROM registrations
              WHERE iin = $1 AND expires_at > now() FOR UPDATE`,
          [iin],
        );
        const reg = rows[0];
        if (!reg || reg.attempts >= 5) return null;
        if (reg.code_hash !== sha256(`${iin}:${code}`)) {
          await tx.query('UPDATE registrations SET attempts = attempts + 1 WHERE iin = $1', [iin]);
          return null;
        }
        const data = (typeof reg.data === 'string' ? JSON.parse(reg.data) : reg.data) as {
          firstname: string;
          surname: string;
          lastname: string | null;
          email: string;
          phone: string | null;
          passwordHash: string;
        };
        const inserted = await tx.query<{ id: number }>(
          `INSERT INTO users (iin, email, password_hash, role, firstname, surname, lastname, gender, born_date, phone)
             VALUES ($1, $2, $3, 'guest', $4, $5, $6, $7, $8, $9)
             ON CONFLICT DO NOTHING RETURNING id`,
          [
            iin,
            data.email,
            data.passwordHash,
            data.firstname,
            data.surname,
            data.lastname,
            // 7th digit: odd = male, even = female
            Number(iin[6]) % 2 === 0 ? 'w' : 'm',
            bornDateFromIin(iin),
            data.phone,
          ],
        );
        await tx.query('DELETE FROM registrations WHERE iin = $1', [iin]);
        return inserted[0]?.id ?? null;
      });
      if (userId === null) throw fieldError('code', 'register_code_invalid');
      return signIn(ctx, req, reply, userId);
    },
  });

  registerBehalfRoutes(app, ctx);
  registerAuthMail(app, ctx);
}

function bornDateFromIin(iin: string): string | null {
  const c = Number(iin[6]);
  const century = c <= 2 ? 1800 : c <= 4 ? 1900 : 2000;
  return `${century + Number(iin.slice(0, 2))}-${iin.slice(2, 4)}-${iin.slice(4, 6)}`;
}
