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
import type { Db } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { assertOwnFiles, loadFileRefs } from './file-queries';
import { defineRoute } from '../http/define-route';
import { schoolOf } from './tenancy';
import type { TeachingHub } from './hub';
import { isManagement } from './lessons';
import type { ChatSocketHandler } from './sockets';
import { assertMessageNotEmpty, assertPeer } from './chat-access';
import { presentContact, presentMessage } from './chat-present';
import {
  insertMessage,
  listMessages,
  listStaffContacts,
  listStudentContacts,
  markMessagesRead,
} from './chat-queries';
import type { MessageRow } from './chat-queries';

/**
 * One-to-one chat between a student and the staff who teach or lead the student's group. The
 * database holds every message; live delivery goes through the hub (Redis across processes).
 */
interface Me {
  userId: number;
  role: Role;
  schoolId: number | null;
}

/** Whom the user may talk to, with unread counts: a student their teachers, staff their students. */
async function loadContacts(db: Db, me: Me, locale: Locale): Promise<ChatContact[]> {
  const rows =
    me.role === 'student'
      ? await listStudentContacts(db, me.userId, locale)
      : await listStaffContacts(db, {
          userId: me.userId,
          schoolId: schoolOf(me),
          isManagement: isManagement({ ...me, sessionId: '', token: '' }),
        });
  return rows.map(presentContact);
}

async function loadPeer(db: Db, me: Me, peerId: number): Promise<ChatContact> {
  return assertPeer(await loadContacts(db, me, 'kz'), peerId);
}

async function loadMessageView(db: Db, row: MessageRow): Promise<ChatMessage> {
  return presentMessage(row, await loadFileRefs(db, row.files));
}

export function registerChatRoutes(app: App, ctx: AppContext, hub: TeachingHub): ChatSocketHandler {
  const db = ctx.db;

  async function send(
    me: Me,
    peerId: number,
    text: string,
    fileIds: readonly number[],
  ): Promise<ChatMessage> {
    await loadPeer(db, me, peerId);
    assertMessageNotEmpty(text, fileIds.length);
    const files = await assertOwnFiles(db, me.userId, fileIds, 'files');
    const row = await insertMessage(db, {
      senderId: me.userId,
      recipientId: peerId,
      text: text.trim(),
      files,
    });
    const message = await loadMessageView(db, row);
    const event: ChatServerEvent = { type: 'message', message };
    await hub.deliver([me.userId, peerId], event);
    return message;
  }

  async function markRead(me: Me, peerId: number): Promise<number> {
    await loadPeer(db, me, peerId);
    const read = await markMessagesRead(db, me.userId, peerId);
    if (read > 0) {
      const event: ChatServerEvent = { type: 'read', readerId: me.userId, peerId };
      await hub.deliver([peerId, me.userId], event);
    }
    return read;
  }

  defineRoute(app, ctx, 'chat.contacts', {
    response: { 200: ChatContactsResponseSchema },
    handler: async (req) => {
      const list = await loadContacts(db, requireAuth(req), req.locale);
      return { data: { contacts: list, unread: list.reduce((a, c) => a + c.unread, 0) } };
    },
  });

  defineRoute(app, ctx, 'chat.history', {
    params: PeerParamsSchema,
    querystring: ChatHistoryQuerySchema,
    response: { 200: ChatHistoryResponseSchema },
    handler: async (req) => {
      const me = requireAuth(req);
      const peer = await loadPeer(db, me, req.params.peerId);
      const rows = await listMessages(db, me.userId, peer.id, req.query);
      const hasMore = rows.length > req.query.limit;
      const page = rows.slice(0, req.query.limit).reverse();
      return {
        data: {
          peer: { id: peer.id, fullname: peer.fullname },
          messages: await Promise.all(page.map((row) => loadMessageView(db, row))),
          hasMore,
        },
      };
    },
  });

  defineRoute(app, ctx, 'chat.send', {
    params: PeerParamsSchema,
    body: ChatSendRequestSchema,
    response: { 201: ChatMessageResponseSchema },
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

  defineRoute(app, ctx, 'chat.read', {
    params: PeerParamsSchema,
    response: { 200: ChatReadResponseSchema },
    handler: async (req) => ({
      data: { read: await markRead(requireAuth(req), req.params.peerId) },
    }),
  });

  return async (user, event) => {
    const me: Me = { userId: user.userId, role: user.role, schoolId: user.schoolId };
    if (event.type === 'send') await send(me, event.to, event.text, event.files);
    else await markRead(me, event.peerId);
  };
}
