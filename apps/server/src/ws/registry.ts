import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { Role } from '@sabaq/platform';
import { isAllowed } from '@sabaq/platform';
import type { Db } from '../db/db';
import { authenticate } from '../auth/sessions';
import { effectiveRole } from '../auth/user';

export interface WsUser {
  userId: number;
  role: Role;
  schoolId: number | null;
  sessionId: string;
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

  constructor(private readonly db: Db) {}

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

  get paths(): string[] {
    return this.endpoints.map((e) => e.path);
  }

  /** Fastify's server 'upgrade' listener. */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = this.match(url.pathname);
    if (!match) return reject(socket, 404, 'Not Found');
    const { endpoint, params } = match;
    let user: WsUser | null = null;
    const token = url.searchParams.get('token') ?? bearerProtocol(req);
    if (token) {
      const res = await authenticate(this.db, token).catch(() => ({ kind: 'invalid' }) as const);
      if (res.kind === 'expired') return reject(socket, 426, 'Upgrade Required');
      if (res.kind === 'ok') {
        user = {
          userId: res.row.user_id,
          role: effectiveRole(res.row.role, res.row.subrole),
          schoolId: res.row.school_id,
          sessionId: res.row.session_id,
        };
      }
    }
    if (endpoint.policy !== 'public' && !user) return reject(socket, 401, 'Unauthorized');
    if (!isAllowed(endpoint.policy, user?.role ?? null)) return reject(socket, 403, 'Forbidden');
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      endpoint.onConnection(ws, { params, user, req });
    });
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

  close(): void {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
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
