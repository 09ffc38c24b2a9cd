import type { WsRegistry } from '../ws/registry';
import type { ConferenceConfig } from '../teaching/conference';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  API_ROUTES,
  ApiErrorSchema,
  BEHALF_FORBIDDEN_ROUTES,
  isAllowed,
  normalizeLocale,
} from '@sabaq/platform';
import type { Locale, Role, RouteId } from '@sabaq/platform';
import type { Db } from '../db/db';
import { authenticate } from '../auth/sessions';
import { audit, auditStatus } from '../auth/audit';
import { redactUrl } from './logging';
import { effectiveRole } from '../auth/user';
import type { OidcConfig } from '../auth/oidc';
import type { AiConfig } from '../ai/config';
import type { FilesSetup } from '../files/storage-config';
import type { RedisLink } from '../redis/link';
import { HttpError } from './errors';

export interface AuthContext {
  userId: number;
  role: Role;
  schoolId: number | null;
  sessionId: string;
  token: string;
  /** When the presented access token expires, epoch milliseconds (set by the policy hook). */
  expiresMs?: number;
  /** The director or zavuch who opened this session on the user's behalf (issue 28). */
  behalfOf?: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** X-Localization (kz|ru; default kz). */
    locale: Locale;
    /** X-Quarter (1..4) when sent and valid. */
    quarter: number | null;
    /** Set on routes that need a user, by the policy hook. */
    auth: AuthContext | null;
    /** The audit row of a write in a behalf session, completed with the answer's status. */
    auditId: number | null;
  }
  interface FastifyContextConfig {
    routeId?: RouteId;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface ServerConfig {
  accessTokenTtlSeconds: number;
  /** Login failures per account (any spelling of it) before 429, and the window they count in. */
  loginFailureLimit: number;
  loginFailureWindowMs: number;
  /** Requests per minute per address on the sensitive public routes. */
  authRateLimitPerMinute: number;
  /** PUBLIC_URL: the base of links in e-mails and of the OAuth redirect; https makes the refresh cookie Secure. */
  publicUrl: string | null;
  /**
   * The address the server listens on, filled in once it listens: the base of links when
   * PUBLIC_URL is not set. Links never come from request headers (Host, X-Forwarded-Host).
   */
  listenUrl?: string;
  oidc: OidcConfig | null;
  /** The AI assistant's chat-completions service; null = assistant off (503, flag off). */
  ai: AiConfig | null;
  /** The online lesson's Jitsi Meet; null = the conference block is off (spec §4). */
  conference: ConferenceConfig | null;
  /**
   * The statistics drill-down rolls up at most this many unsettled schools within a read; more
   * are left to the background roll-up (statistics/rollup-worker.ts). Default 60.
   */
  statisticsSyncSchools?: number;
  /**
   * A school marked stale within this many seconds of its last roll-up is left to the background
   * roll-up by the drill-down (counted as pending) instead of rolled up within the read: at the
   * quarter-end peak the same busy schools turn stale again at once. Default 60; 0 = never.
   */
  statisticsFreshSeconds?: number;
  /** Development without SMTP: letters shown at /api/dev/mail and in the log (mail/dev-mail.ts). */
  devMail?: boolean;
}

export interface AppContext {
  db: Db;
  config: ServerConfig;
  /** Route ids registered so far: startup fails when one of the policy table is missing. */
  registered: Set<RouteId>;
  /** WebSocket endpoints on the HTTP port; features mount their paths here (ws/registry.ts). */
  websockets: WsRegistry;
  /** The file service's storage and uploads folder (files/storage-config.ts). */
  files: FilesSetup;
  /** The process's link to Redis, shared by the features that reach other processes. */
  redis: RedisLink;
}

/** Reads the per-request headers every call carries (spec §7). */
export function readRequestHeaders(req: FastifyRequest): void {
  const lang = req.headers['x-localization'];
  req.locale = normalizeLocale(Array.isArray(lang) ? lang[0] : lang);
  const q = req.headers['x-quarter'];
  const quarter = Number(Array.isArray(q) ? q[0] : q);
  req.quarter = Number.isInteger(quarter) && quarter >= 1 && quarter <= 4 ? quarter : null;
  req.auth = null;
  req.auditId = null;
}

/** The base URL of links the server sends out: configuration only, never the request. */
export function publicBase(config: ServerConfig): string {
  return (config.publicUrl ?? config.listenUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
}

/** Whether cookies must be Secure: the public URL is https (or this request came over TLS). */
export function isSecureOrigin(config: ServerConfig, req: FastifyRequest): boolean {
  return req.protocol === 'https' || /^https:/i.test(config.publicUrl ?? '');
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1] ?? null;
}

/** The policy hook: authenticates when the route needs a user, then checks the role. */
function policyHook(ctx: AppContext, id: RouteId) {
  const policy = API_ROUTES[id].policy;
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    if (policy === 'public') {
      // Public routes still learn who is calling when a valid token comes along.
      const token = bearer(req);
      if (token) {
        const res = await authenticate(ctx.db, token);
        if (res.kind === 'ok') req.auth = toAuth(res.row, res.token);
      }
      return;
    }
    const token = bearer(req);
    if (!token) throw new HttpError(401, 'unauthorized', { action: 'login' });
    const res = await authenticate(ctx.db, token);
    if (res.kind === 'expired') throw new HttpError(426, 'token_expired', { action: 'refresh' });
    if (res.kind === 'invalid') throw new HttpError(401, 'token_invalid', { action: 'login' });
    const auth = toAuth(res.row, res.token);
    if (!isAllowed(policy, auth.role)) throw new HttpError(403, 'forbidden');
    req.auth = auth;
    if (auth.behalfOf) await behalfGate(ctx, id, req, auth, auth.behalfOf);
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A session opened on someone's behalf (issue 28): what it may never do is refused (and the
 * attempt audited); every write is audited before its handler runs — the director or zavuch as
 * the actor, the teacher or pupil as the target, the route, method and path — and completed
 * with the answer's status as it is sent (`auditOnSend`). Reads are not audited: the
 * behalf sign-in itself is.
 */
async function behalfGate(
  ctx: AppContext,
  id: RouteId,
  req: FastifyRequest,
  auth: AuthContext,
  actorId: number,
): Promise<void> {
  const forbidden = BEHALF_FORBIDDEN_ROUTES.has(id);
  if (READS.has(req.method) && !forbidden) return;
  const entry = {
    actorId,
    targetUserId: auth.userId,
    sessionId: auth.sessionId,
    route: id,
    meta: { method: req.method, path: redactUrl(req.url), ip: req.ip },
  };
  if (forbidden) {
    await audit(ctx.db, { ...entry, action: 'behalf_refused', status: 403 });
    throw new HttpError(403, 'behalf_not_allowed');
  }
  req.auditId = await audit(ctx.db, { ...entry, action: 'behalf_write' });
}

/**
 * Completes a behalf write's audit row with the status it is answered with, before the answer
 * leaves (so whoever reads the log after the answer finds it complete).
 */
function auditOnSend(ctx: AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (req.auditId === null) return payload;
    await auditStatus(ctx.db, req.auditId, reply.statusCode).catch((err: unknown) =>
      req.log.warn({ err }, 'audit: cannot record the status of a behalf write'),
    );
    return payload;
  };
}

function toAuth(
  row: {
    user_id: number;
    role: string;
    subrole: string | null;
    school_id: number | null;
    session_id: string;
    behalf_of: number | null;
    expires_ms: number;
  },
  token: string,
): AuthContext {
  return {
    userId: row.user_id,
    role: effectiveRole(row.role, row.subrole),
    schoolId: row.school_id,
    sessionId: row.session_id,
    token,
    expiresMs: row.expires_ms,
    behalfOf: row.behalf_of,
  };
}

const STANDARD_ERRORS = {
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  422: ApiErrorSchema,
  426: ApiErrorSchema,
  429: ApiErrorSchema,
  500: ApiErrorSchema,
} as const;

/**
 * Method, URL, policy hook and OpenAPI metadata of a route, from the policy table; records the id
 * as registered. Used by `defineRoute` (define-route.ts), the one way every API route is
 * registered, so no route can exist without a policy.
 */
export function routeBase<Id extends RouteId>(ctx: AppContext, id: Id) {
  const entry = API_ROUTES[id];
  ctx.registered.add(id);
  return {
    method: entry.method as (typeof API_ROUTES)[Id]['method'],
    url: entry.path,
    config: { routeId: id },
    onRequest: policyHook(ctx, id),
    onSend: auditOnSend(ctx),
    meta: {
      operationId: id,
      summary: entry.summary,
      tags: [id.split('.')[0] ?? 'api'],
      description:
        entry.policy === 'public'
          ? 'Public.'
          : entry.policy === 'authenticated'
            ? 'Any signed-in user.'
            : `Roles: ${entry.policy.join(', ')}.`,
      ...(entry.policy === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    },
    errors: STANDARD_ERRORS,
  };
}

/** The signed-in user of a route whose policy needs one (the hook guarantees it). */
export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new HttpError(401, 'unauthorized', { action: 'login' });
  return req.auth;
}
