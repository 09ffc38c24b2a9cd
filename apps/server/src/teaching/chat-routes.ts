import {
  ChatContactsResponseSchema,
  ChatHistoryQuerySchema,
  ChatHistoryResponseSchema,
  ChatMessageResponseSchema,
  ChatReadResponseSchema,
  ChatSendRequestSchema,
  PeerParamsSchema,
} from '@sabaq/platform';
import type { ChatContact, ChatMessage, ChatServerEvent, Locale, Role } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { TeachingError } from './errors';
import { assertOwnFiles, fileRefs } from './files';
import { route } from './http';
import type { TeachingHub } from './hub';
import { groupName, isManagement } from './lessons';
import type { ChatSocketHandler } from './sockets';

/**
 * One-to-one chat between a student and the staff who teach or lead the student's group. The
 * database holds every message; live delivery goes through the hub (Redis across processes).
 */
interface Me {
  userId: number;
  role: Role;
  schoolId: number | null;
}

interface ContactRow {
  id: number;
  fullname: string;
  group_id: number | null;
  parallel: number | null;
  letter: string | null;
  subjects: string[] | null;
  unread: number;
  last_at: string | null;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

async function contacts(q: Queryable, me: Me, locale: Locale): Promise<ChatContact[]> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  const stats = `(SELECT count(*)::int FROM chat_messages m WHERE m.sender_id = u.id AND m.recipient_id = $1 AND m.read_at IS NULL) AS unread,
      (SELECT to_char(max(m.created_at) AT TIME ZONE 'UTC', ${ISO}) FROM chat_messages m
        WHERE (m.sender_id = u.id AND m.recipient_id = $1) OR (m.sender_id = $1 AND m.recipient_id = u.id)) AS last_at`;
  let rows: ContactRow[];
  if (me.role === 'student') {
    // The student's teachers: whoever teaches their group, and its class teachers.
    rows = await q.query<ContactRow>(
      `SELECT u.id, concat_ws(' ', u.surname, u.firstname, u.lastname) AS fullname, NULL::int AS group_id,
              NULL::int AS parallel, NULL AS letter,
              (SELECT array_agg(DISTINCT sub.${name}) FROM timetable_slots t JOIN subjects sub ON sub.id = t.subject_id
                WHERE t.teacher_id = u.id AND t.group_id = me.group_id) AS subjects, ${stats}
         FROM users me JOIN users u ON u.id IN (
               SELECT teacher_id FROM timetable_slots WHERE group_id = me.group_id AND teacher_id IS NOT NULL
               UNION SELECT user_id FROM group_personnel WHERE group_id = me.group_id)
        WHERE me.id = $1
        ORDER BY u.surname, u.firstname`,
      [me.userId],
    );
  } else {
    rows = await q.query<ContactRow>(
      `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname, g.id AS group_id, g.parallel, g.letter,
              NULL::text[] AS subjects, ${stats}
         FROM users u JOIN groups g ON g.id = u.group_id
        WHERE u.role = 'student' AND g.school_id = $2 AND (
              $3 OR g.id IN (SELECT group_id FROM timetable_slots WHERE teacher_id = $1
                             UNION SELECT group_id FROM group_personnel WHERE user_id = $1))
        ORDER BY g.parallel, g.letter, u.surname, u.firstname`,
      [me.userId, me.schoolId ?? -1, isManagement({ ...me, sessionId: '', token: '' })],
    );
  }
  return rows.map((r) => ({
    id: r.id,
    fullname: r.fullname,
    group:
      r.group_id !== null
        ? { id: r.group_id, name: groupName(r.parallel ?? 0, r.letter ?? '') }
        : null,
    subjects: r.subjects ?? [],
    unread: r.unread,
    lastAt: r.last_at,
  }));
}

/** The peer if the two may talk (a student and one of their teachers); 404 otherwise. */
async function peerOf(q: Queryable, me: Me, peerId: number): Promise<ChatContact> {
  const list = await contacts(q, me, 'kz');
  const peer = list.find((c) => c.id === peerId);
  if (!peer) throw new TeachingError(404, 'chat_peer_unknown');
  return peer;
}

interface MessageRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  text: string;
  files: number[];
  at: string;
  read_at: string | null;
}

const MESSAGE_COLS = `id, sender_id, recipient_id, text, files, to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS at,
  to_char(read_at AT TIME ZONE 'UTC', ${ISO}) AS read_at`;

async function present(q: Queryable, r: MessageRow): Promise<ChatMessage> {
  return {
    id: r.id,
    senderId: r.sender_id,
    recipientId: r.recipient_id,
    text: r.text,
    files: await fileRefs(q, r.files),
    at: r.at,
    readAt: r.read_at,
  };
}

export function registerChatRoutes(app: App, ctx: AppContext, hub: TeachingHub): ChatSocketHandler {
  const db = ctx.db;

  async function send(
    me: Me,
    peerId: number,
    text: string,
    fileIds: readonly number[],
  ): Promise<ChatMessage> {
    await peerOf(db, me, peerId);
    if (!text.trim() && fileIds.length === 0) throw new TeachingError(422, 'answer_empty', 'text');
    const files = await assertOwnFiles(db, me.userId, fileIds, 'files');
    const rows = await db.query<MessageRow>(
      `INSERT INTO chat_messages (sender_id, recipient_id, text, files) VALUES ($1, $2, $3, $4) RETURNING ${MESSAGE_COLS}`,
      [me.userId, peerId, text.trim(), files],
    );
    const message = await present(db, rows[0] as MessageRow);
    const event: ChatServerEvent = { type: 'message', message };
    await hub.deliver([me.userId, peerId], event);
    return message;
  }

  async function markRead(me: Me, peerId: number): Promise<number> {
    await peerOf(db, me, peerId);
    const rows = await db.query<{ id: number }>(
      'UPDATE chat_messages SET read_at = now() WHERE sender_id = $1 AND recipient_id = $2 AND read_at IS NULL RETURNING id',
      [peerId, me.userId],
    );
    if (rows.length > 0) {
      const event: ChatServerEvent = { type: 'read', readerId: me.userId, peerId };
      await hub.deliver([peerId, me.userId], event);
    }
    return rows.length;
  }

  {
    const r = route(ctx, 'chat.contacts');
    app.route({
      ...r.base,
      schema: { ...r.meta, response: { 200: ChatContactsResponseSchema, ...r.errors } },
      handler: async (req) => {
        const list = await contacts(db, requireAuth(req), req.locale);
        return { data: { contacts: list, unread: list.reduce((a, c) => a + c.unread, 0) } };
      },
    });
  }

  {
    const r = route(ctx, 'chat.history');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: PeerParamsSchema,
        querystring: ChatHistoryQuerySchema,
        response: { 200: ChatHistoryResponseSchema, ...r.errors },
      },
      handler: async (req) => {
        const me = requireAuth(req);
        const peer = await peerOf(db, me, req.params.peerId);
        const rows = await db.query<MessageRow>(
          `SELECT ${MESSAGE_COLS} FROM chat_messages
            WHERE ((sender_id = $1 AND recipient_id = $2) OR (sender_id = $2 AND recipient_id = $1))
              AND ($3::int IS NULL OR id < $3)
            ORDER BY id DESC LIMIT $4`,
          [me.userId, peer.id, req.query.before ?? null, req.query.limit + 1],
        );
        const hasMore = rows.length > req.query.limit;
        const page = rows.slice(0, req.query.limit).reverse();
        return {
          data: {
            peer: { id: peer.id, fullname: peer.fullname },
            messages: await Promise.all(page.map((m) => present(db, m))),
            hasMore,
          },
        };
      },
    });
  }

  {
    const r = route(ctx, 'chat.send');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: PeerParamsSchema,
        body: ChatSendRequestSchema,
        response: { 201: ChatMessageResponseSchema, ...r.errors },
      },
      handler: async (req, reply) => {
        const message = await send(
          requireAuth(req),
          req.params.peerId,
          req.body.text,
          req.body.files,
        );
        return reply.code(201).send({ data: message });
      },
    });
  }

  {
    const r = route(ctx, 'chat.read');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        params: PeerParamsSchema,
        response: { 200: ChatReadResponseSchema, ...r.errors },
      },
      handler: async (req) => ({
        data: { read: await markRead(requireAuth(req), req.params.peerId) },
      }),
    });
  }

  return async (user, event) => {
    const me: Me = { userId: user.userId, role: user.role, schoolId: user.schoolId };
    if (event.type === 'send') await send(me, event.to, event.text, event.files);
    else await markRead(me, event.peerId);
  };
}
