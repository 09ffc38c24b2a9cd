import { randomUUID } from 'node:crypto';
import { REFRESH_TTL_SECONDS } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import { newToken, sha256 } from './passwords';

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  /** Null for a session on someone's behalf: it is not renewed (issue 28). */
  refreshToken: string | null;
}

export interface AuthRow {
  session_id: string;
  user_id: number;
  role: string;
  subrole: string | null;
  school_id: number | null;
  /** The director or zavuch who opened this session on the user's behalf, or null. */
  behalf_of: number | null;
  /** Access-token expiry, epoch milliseconds. */
  expires_ms: number;
  revoked: boolean;
}

/**
 * A short-lived per-process cache of token → session, so a busy client does not cost a
 * database round trip per request. Entries live at most AUTH_CACHE_MS and never past the
 * token's expiry; revoking a session (logout, refresh reuse, password change) drops its entries
 * at once in this process. Other processes on the same PostgreSQL see a revocation within
 * AUTH_CACHE_MS.
 */
export const AUTH_CACHE_MS = 2000;
const AUTH_CACHE_MAX = 20_000;
const authCache = new Map<string, { row: AuthRow; until: number }>();

function forgetSessions(predicate: (row: AuthRow) => boolean): void {
  for (const [key, entry] of authCache) if (predicate(entry.row)) authCache.delete(key);
}

export type AuthResult =
  { kind: 'ok'; row: AuthRow; token: string } | { kind: 'expired' } | { kind: 'invalid' };

function inSeconds(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString();
}

export async function issueAccessToken(
  q: Queryable,
  sessionId: string,
  ttlSeconds: number,
): Promise<string> {
  const token = newToken();
  await q.query(
    'INSERT INTO access_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)',
    [sha256(token), sessionId, inSeconds(ttlSeconds)],
  );
  return token;
}

async function issueRefreshToken(q: Queryable, sessionId: string): Promise<string> {
  const token = newToken();
  await q.query(
    'INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)',
    [sha256(token), sessionId, inSeconds(REFRESH_TTL_SECONDS)],
  );
  return token;
}

/**
 * A new session (a refresh-token family) with its first access and refresh tokens. A session on
 * someone's behalf gets no refresh token: it lasts one access token (issue 28), so nobody keeps
 * a pupil's or teacher's session beyond a short look, and it cannot be renewed into a long one.
 */
export async function createSession(
  db: Db,
  userId: number,
  ttlSeconds: number,
  meta: { userAgent?: string | undefined; ip?: string | undefined; behalfOf?: number },
): Promise<IssuedTokens> {
  return db.transaction(async (tx) => {
    const sessionId = randomUUID();
    await tx.query(
      'INSERT INTO sessions (id, user_id, behalf_of, user_agent, ip) VALUES ($1, $2, $3, $4, $5)',
      [
        sessionId,
        userId,
        meta.behalfOf ?? null,
        meta.userAgent?.slice(0, 300) ?? null,
        meta.ip ?? null,
      ],
    );
    const accessToken = await issueAccessToken(tx, sessionId, ttlSeconds);
    const refreshToken =
      meta.behalfOf === undefined ? await issueRefreshToken(tx, sessionId) : null;
    return { sessionId, accessToken, refreshToken };
  });
}

/** Bearer token → session and user, or why not. One indexed query per request. */
export async function authenticate(db: Db, token: string): Promise<AuthResult> {
  if (token.length < 20 || token.length > 200) return { kind: 'invalid' };
  const hash = sha256(token);
  const now = Date.now();
  const cached = authCache.get(hash);
  if (cached && cached.until > now) return { kind: 'ok', row: cached.row, token };
  const rows = await db.query<AuthRow>(
    `SELECT s.id AS session_id, u.id AS user_id, u.role, u.subrole, u.school_id, s.behalf_of,
            (extract(epoch FROM a.expires_at) * 1000)::float8 AS expires_ms,
            (s.revoked_at IS NOT NULL OR u.dismissed_at IS NOT NULL OR u.archived_at IS NOT NULL) AS revoked
       FROM access_tokens a
       JOIN sessions s ON s.id = a.session_id
       JOIN users u ON u.id = s.user_id
      WHERE a.token_hash = $1`,
    [hash],
  );
  const row = rows[0];
  if (!row || row.revoked) return { kind: 'invalid' };
  if (row.expires_ms <= now) {
    authCache.delete(hash);
    return { kind: 'expired' };
  }
  if (authCache.size >= AUTH_CACHE_MAX) authCache.clear();
  authCache.set(hash, { row, until: Math.min(now + AUTH_CACHE_MS, row.expires_ms) });
  return { kind: 'ok', row, token };
}

export type RefreshResult =
  { kind: 'ok'; tokens: IssuedTokens; userId: number } | { kind: 'invalid' } | { kind: 'reused' };

/**
 * Rotation: a refresh token works once. Presenting one that was already used means it was
 * copied, so the whole family (session) is revoked — the thief and the owner both sign in again.
 */
export async function rotateRefreshToken(
  db: Db,
  refreshToken: string,
  ttlSeconds: number,
): Promise<RefreshResult> {
  if (refreshToken.length < 20 || refreshToken.length > 200) return { kind: 'invalid' };
  return db.transaction(async (tx): Promise<RefreshResult> => {
    const rows = await tx.query<{
      session_id: string;
      user_id: number;
      used: boolean;
      expired: boolean;
      revoked: boolean;
    }>(
      // A behalf session never has a refresh token; were one ever found, it renews nothing.
      `SELECT r.session_id, s.user_id, r.used_at IS NOT NULL AS used, r.expires_at < now() AS expired,
              (s.revoked_at IS NOT NULL OR s.behalf_of IS NOT NULL) AS revoked
         FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id
        WHERE r.token_hash = $1
        FOR UPDATE OF r`,
      [sha256(refreshToken)],
    );
    const row = rows[0];
    if (!row || row.revoked || row.expired) return { kind: 'invalid' };
    if (row.used) {
      if (!(await lostAnswer(tx, row.session_id, sha256(refreshToken)))) {
        await revokeSessionIn(tx, row.session_id);
        return { kind: 'reused' };
      }
    } else {
      await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1', [
        sha256(refreshToken),
      ]);
    }
    await tx.query('UPDATE sessions SET last_used_at = now() WHERE id = $1', [row.session_id]);
    const accessToken = await issueAccessToken(tx, row.session_id, ttlSeconds);
    const newRefresh = await issueRefreshToken(tx, row.session_id);
    return {
      kind: 'ok',
      userId: row.user_id,
      tokens: { sessionId: row.session_id, accessToken, refreshToken: newRefresh },
    };
  });
}

/**
 * Seconds after its use in which a spent refresh token may be presented again as a lost answer.
 * Short, so that a copied token is still caught; long enough for a reload or a dropped link.
 */
export const LOST_ANSWER_SECONDS = 60;

/**
 * Issue 31: on a dropping link (or a page reloaded while its refresh was under way) the server
 * rotates the token but the answer with the new cookie never arrives, and the client presents the
 * spent token again. That is no theft when it comes within `LOST_ANSWER_SECONDS` and the token it
 * was replaced by has never been used (nobody holds it): the undelivered successor is withdrawn
 * and the rotation is repeated. Once the successor has been used, the spent token can only be a
 * copy, and the session is revoked as before.
 */
async function lostAnswer(tx: Queryable, sessionId: string, tokenHash: string): Promise<boolean> {
  const rows = await tx.query<{ retry: boolean }>(
    `SELECT r.used_at > now() - make_interval(secs => $3)
            AND NOT EXISTS (SELECT 1 FROM refresh_tokens n
                             WHERE n.session_id = $1 AND n.created_at >= r.used_at
                               AND n.used_at IS NOT NULL) AS retry
       FROM refresh_tokens r WHERE r.token_hash = $2`,
    [sessionId, tokenHash, LOST_ANSWER_SECONDS],
  );
  if (!rows[0]?.retry) return false;
  await tx.query(
    `DELETE FROM refresh_tokens n USING refresh_tokens r
      WHERE r.token_hash = $2 AND n.session_id = $1 AND n.used_at IS NULL
        AND n.created_at >= r.used_at`,
    [sessionId, tokenHash],
  );
  return true;
}

async function revokeSessionIn(q: Queryable, sessionId: string): Promise<void> {
  forgetSessions((row) => row.session_id === sessionId);
  await q.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
  ]);
  await q.query('DELETE FROM access_tokens WHERE session_id = $1', [sessionId]);
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.transaction((tx) => revokeSessionIn(tx, sessionId));
}

/** Every session of a user (after a password change or reset). */
export async function revokeUserSessions(
  q: Queryable,
  userId: number,
  except?: string,
): Promise<void> {
  const ids = await q.query<{ id: string }>(
    'SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND id <> $2',
    [userId, except ?? ''],
  );
  for (const { id } of ids) await revokeSessionIn(q, id);
}
