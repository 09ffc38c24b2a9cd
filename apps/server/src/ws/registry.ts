import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { Role } from '@sabaq/platform';
import { isAllowed } from '@sabaq/platform';
import type { Db } from '../db/db';
import { authenticate } from '../auth/sessions';
import { isUnavailable } from '../db/errors';
import { effectiveRole } from '../auth/user';
import { audit, auditStatus } from '../auth/audit';
import { redactUrl } from '../http/logging';

export interface WsUser {
  userId: number;
  role: Role;
  schoolId: number | null;
  sessionId: string;
  /** The director or zavuch who opened this session on the user's behalf (issue 28). */
  behalfOf?: number | null;
}

export interface WsEndpoint {
  /** Path pattern with `:params`, e.g. `/collab/:draftId`. */
  path: string;
  /** Who may connect: as in the HTTP policy table. */
  policy: 'public' | 'authenticated' | readonly Role[];
  onConnection(
    socket: WebSocket,
    ctx: { params: Record<string, string>; user: WsUser | null; req: IncomingMessage },
  ): void;
  /**
   * Planned shutdown: store what is queued, then close the endpoint's sockets with 1012
   * (restarting), so a client can tell a restart from a dropped line. Called once by
   * `WsRegistry.close()`, before it terminates whatever is still open.
   */
  onShutdown?(): Promise<void>;
}

/** Close codes the registry itself sends (endpoints document theirs). */
export const WS_CLOSE = {
  /** The socket's session ended (logout, revocation, its tokens expired unrefreshed). */
  sessionEnded: 4401,
  /** Planned shutdown or restart, after the last flush: reconnect. */
  restarting: 1012,
} as const;

export interface WsRegistryOptions {
  /**
   * How often open sockets' sessions are checked against the database (ms). One query per
   * process for all its sockets; the database is the truth, so a logout on any process reaches
   * sockets on every process within this interval.
   */
  sessionCheckMs?: number;
}

interface Compiled extends WsEndpoint {
  regex: RegExp;
  names: string[];
}

/**
 * WebSocket endpoints on the HTTP port. Later features (collab at /collab/{draftId}, chat)
 * mount a path here; the registry authenticates the token (`?token=` or the
 * `bearer.<token>` subprotocol, since browsers cannot set headers on a WebSocket) and checks the
 * policy before the upgrade, so a handler only ever sees allowed users.
 */
export class WsRegistry {
  private readonly endpoints: Compiled[] = [];
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });
  /** Open sockets of signed-in users, with the session each was opened under. */
  private readonly sessions = new Map<WebSocket, string>();
  private sessionTimer: ReturnType<typeof setInterval> | null = null;
  private closing: Promise<void> | null = null;
  readonly sessionCheckMs: number;

  constructor(
    private readonly db: Db,
    opts: WsRegistryOptions = {},
  ) {
    this.sessionCheckMs = opts.sessionCheckMs ?? 2000;
  }

  register(endpoint: WsEndpoint): void {
    const names: string[] = [];
    const pattern = endpoint.path
      .split('/')
      .map((part) => {
        if (part.startsWith(':')) {
          names.push(part.slice(1));
          return '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    this.endpoints.push({ ...endpoint, regex: new RegExp(`^${pattern}$`), names });
  }

  /** Open WebSockets of this process (metrics). */
  get openSockets(): number {
    return this.wss.clients.size;
  }

  get paths(): string[] {
    return this.endpoints.map((e) => e.path);
  }

  /** Fastify's server 'upgrade' listener. */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (this.closing) return reject(socket, 503, 'Service Unavailable');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = this.match(url.pathname);
    if (!match) return reject(socket, 404, 'Not Found');
    const { endpoint, params } = match;
    let user: WsUser | null = null;
    const token = url.searchParams.get('token') ?? bearerProtocol(req);
    if (token) {
      const res = await authenticate(this.db, token).catch((err: unknown) =>
        // The database is away: the token may be fine, so no 4401 the client would stop on.
        isUnavailable(err) ? ({ kind: 'unavailable' } as const) : ({ kind: 'invalid' } as const),
      );
      if (res.kind === 'unavailable') return reject(socket, 503, 'Service Unavailable');
      if (res.kind === 'expired') return reject(socket, 426, 'Upgrade Required');
      if (res.kind === 'ok') {
        user = {
          userId: res.row.user_id,
          role: effectiveRole(res.row.role, res.row.subrole),
          schoolId: res.row.school_id,
          sessionId: res.row.session_id,
          behalfOf: res.row.behalf_of,
        };
      }
    }
    if (endpoint.policy !== 'public' && !user) return reject(socket, 401, 'Unauthorized');
    if (!isAllowed(endpoint.policy, user?.role ?? null)) return reject(socket, 403, 'Forbidden');
    const audited = user?.behalfOf ? await this.auditOpen(user, endpoint.path, req) : null;
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      if (user) this.watch(ws, user.sessionId);
      if (audited !== null) this.auditMessages(ws, audited);
      endpoint.onConnection(ws, { params, user, req });
    });
  }

  /**
   * A socket of a session on someone's behalf (issue 28): what comes through it (chat messages,
   * co-editing) is written as the session's user, so the socket is audited like a write — the
   * director or zavuch as actor, the teacher or pupil as target, the endpoint — when it opens.
   */
  private auditOpen(user: WsUser, path: string, req: IncomingMessage): Promise<number> {
    return audit(this.db, {
      actorId: user.behalfOf ?? null,
      action: 'behalf_socket',
      targetUserId: user.userId,
      sessionId: user.sessionId,
      route: `ws:${path}`,
      meta: { path: redactUrl(req.url ?? '/') },
    });
  }

  /** …and when it closes, how many messages it carried and the close code as its status. */
  private auditMessages(ws: WebSocket, id: number): void {
    let messages = 0;
    ws.on('message', () => {
      messages += 1;
    });
    ws.once('close', (code: number) => {
      void auditStatus(this.db, id, code, { messages }).catch(() => undefined);
    });
  }

  /** Keeps an eye on a socket's session until it closes. */
  private watch(ws: WebSocket, sessionId: string): void {
    this.sessions.set(ws, sessionId);
    ws.once('close', () => {
      this.sessions.delete(ws);
      if (this.sessions.size === 0 && this.sessionTimer) {
        clearInterval(this.sessionTimer);
        this.sessionTimer = null;
      }
    });
    if (!this.sessionTimer && this.sessionCheckMs > 0) {
      this.sessionTimer = setInterval(
        () => void this.checkSessions().catch(() => undefined),
        this.sessionCheckMs,
      );
      this.sessionTimer.unref();
    }
  }

  /**
   * Closes (4401) every open socket whose session ended: revoked (logout, password change, a
   * reused refresh token) or without an unexpired access token (expired and not refreshed).
   * Runs every `sessionCheckMs`; callers that just ended a session may call it at once.
   */
  async checkSessions(): Promise<void> {
    const ids = [...new Set(this.sessions.values())];
    if (ids.length === 0) return;
    const rows = await this.db.query<{ id: string }>(
      `SELECT s.id FROM sessions s
        WHERE s.id = ANY($1::text[]) AND s.revoked_at IS NULL
          AND EXISTS (SELECT 1 FROM access_tokens a
                       WHERE a.session_id = s.id AND a.expires_at > now())`,
      [ids],
    );
    const alive = new Set(rows.map((r) => r.id));
    for (const [ws, sessionId] of this.sessions)
      if (!alive.has(sessionId)) {
        this.sessions.delete(ws);
        ws.close(WS_CLOSE.sessionEnded, 'session ended');
      }
  }

  private match(pathname: string): { endpoint: Compiled; params: Record<string, string> } | null {
    for (const endpoint of this.endpoints) {
      const m = endpoint.regex.exec(pathname);
      if (!m) continue;
      const params: Record<string, string> = {};
      endpoint.names.forEach((n, i) => {
        params[n] = decodeURIComponent(m[i + 1] ?? '');
      });
      return { endpoint, params };
    }
    return null;
  }

  /**
   * Planned shutdown: refuses new upgrades, lets every endpoint store what it holds and close
   * its sockets with 1012 (`onShutdown`), and only then terminates what is still open.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.sessionTimer) clearInterval(this.sessionTimer);
      this.sessionTimer = null;
      // Endpoints sharing a service (chat and lesson) share its idempotent close.
      await Promise.allSettled(this.endpoints.map(async (e) => e.onShutdown?.()));
      for (const client of this.wss.clients) client.terminate();
      this.wss.close();
    })();
    return this.closing;
  }
}

function bearerProtocol(req: IncomingMessage): string | null {
  const header = req.headers['sec-websocket-protocol'];
  if (!header) return null;
  for (const p of header.split(',').map((s) => s.trim())) {
    if (p.startsWith('bearer.')) return p.slice('bearer.'.length);
  }
  return null;
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
