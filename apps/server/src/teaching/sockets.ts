import type { IncomingMessage } from 'node:http';
import {
  ChatClientEventSchema,
  LOCALES,
  TEACHING_SOCKETS,
  inGroup,
  normalizeLocale,
} from '@sabaq/platform';
import type { WebSocket } from 'ws';
import type { Db } from '../db/db';
import type { AuthContext } from '../http/context';
import type { WsEndpoint, WsUser } from '../ws/registry';
import { teachingMessage } from './errors';
import type { TeachingHub } from './hub';
import { canManageLesson, viewerOf, visibleLesson } from './lessons';

/** What the chat socket does with a client's message (set by the chat slice). */
export type ChatSocketHandler = (
  user: WsUser,
  event: ReturnType<typeof ChatClientEventSchema.parse>,
  socket: WebSocket,
) => Promise<void>;

function asAuth(user: WsUser): AuthContext {
  return {
    userId: user.userId,
    role: user.role,
    schoolId: user.schoolId,
    sessionId: user.sessionId,
    token: '',
  };
}

function localeOf(req: IncomingMessage) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const lang = url.searchParams.get('lang');
  return normalizeLocale(
    lang && (LOCALES as readonly string[]).includes(lang) ? lang : lang === 'kk' ? 'kz' : lang,
  );
}

/**
 * Pings a lesson socket may send: a burst of `LESSON_PING_BURST`, refilled at one per
 * `LESSON_PING_REFILL_MS` (the client pings every ~20 s; a reconnecting one sends a few at once).
 */
export const LESSON_PING_BURST = 5;
export const LESSON_PING_REFILL_MS = 5000;

/** A token bucket per socket: `take()` is false when the ping must be dropped. */
export function pingBucket(now: () => number = Date.now) {
  let tokens = LESSON_PING_BURST;
  let at = now();
  return {
    take(): boolean {
      const t = now();
      tokens = Math.min(LESSON_PING_BURST, tokens + (t - at) / LESSON_PING_REFILL_MS);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

export function teachingEndpoints(
  db: Db,
  hub: TeachingHub,
  onChat: ChatSocketHandler,
): WsEndpoint[] {
  const lesson: WsEndpoint = {
    path: TEACHING_SOCKETS.lesson.path,
    policy: TEACHING_SOCKETS.lesson.policy,
    onShutdown: () => hub.close(),
    onConnection(socket, { params, user, req }) {
      if (!user) return socket.close(4401, 'unauthorized');
      const locale = localeOf(req);
      const id = Number(params.scheduleId);
      void (async () => {
        try {
          const v = await viewerOf(db, asAuth(user));
          if (!Number.isInteger(id) || id <= 0) throw new Error('bad id');
          const l = await visibleLesson(db, v, id, locale);
          const who = await db.query<{ fullname: string }>(
            "SELECT concat_ws(' ', surname, firstname) AS fullname FROM users WHERE id = $1",
            [user.userId],
          );
          const client = {
            socket,
            user: { id: user.userId, fullname: who[0]?.fullname ?? '' },
            staff: canManageLesson(v, l),
            locale,
          };
          // The socket may have closed while the lesson was looked up (a page left at once, a
          // reconnect): joining now would leave a presence no 'close' event ever removes.
          if (socket.readyState !== socket.OPEN) return;
          hub.joinLesson(l.id, client);
          const pings = pingBucket();
          socket.on('message', (raw) => {
            // The only thing a client says is "still here" ({"type":"ping"}), every ~20 s.
            if (!String(raw).includes('"ping"')) return;
            // Each ping is re-announced to the lesson (and every process): a client that
            // floods is throttled; its excess pings are dropped (it stays in the lesson).
            if (pings.take()) void hub.ping(l.id);
          });
          socket.on('close', () => hub.leaveLesson(l.id, client));
        } catch {
          // Someone else's lesson, or a lesson that does not exist: the same answer for both.
          socket.close(4404, teachingMessage('lesson_not_found', locale).slice(0, 100));
        }
      })();
    },
  };
  const chat: WsEndpoint = {
    path: TEACHING_SOCKETS.chat.path,
    policy: TEACHING_SOCKETS.chat.policy,
    onShutdown: () => hub.close(),
    onConnection(socket, { user, req }) {
      if (!user) return socket.close(4401, 'unauthorized');
      const locale = localeOf(req);
      if (user.role !== 'student' && !inGroup(user.role, 'employees'))
        return socket.close(4403, 'forbidden');
      hub.joinChat(user.userId, socket);
      socket.on('close', () => hub.leaveChat(user.userId, socket));
      socket.on('message', (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(raw));
        } catch {
          parsed = null;
        }
        const event = ChatClientEventSchema.safeParse(parsed);
        if (!event.success) {
          socket.send(
            JSON.stringify({
              type: 'error',
              message: teachingMessage('chat_peer_unknown', locale),
            }),
          );
          return;
        }
        onChat(user, event.data, socket).catch((err: unknown) => {
          const text =
            err && typeof err === 'object' && 'toBody' in err && typeof err.toBody === 'function'
              ? String((err.toBody as (l: string) => { message: string })(locale).message)
              : teachingMessage('chat_peer_unknown', locale);
          socket.send(JSON.stringify({ type: 'error', message: text }));
        });
      });
    },
  };
  return [lesson, chat];
}
