import {
  LESSON_CHAT_SOCKET,
  LessonChatHistoryQuerySchema,
  LessonChatHistoryResponseSchema,
  LessonChatMessageParamsSchema,
  LessonChatMessageResponseSchema,
  LessonChatParamsSchema,
  LessonChatSendRequestSchema,
  normalizeLocale,
} from '@sabaq/platform';
import type { LessonChatServerEvent, Locale } from '@sabaq/platform';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { WsEndpoint } from '../ws/registry';
import { teachingMessage } from './errors';
import type { TeachingHub } from './hub';
import { lessonStudents, viewerOf, visibleLesson } from './lessons';
import type { LessonRow } from './lessons';
import { assertMayDelete, assertParticipant, messageText } from './lesson-chat-access';
import type { Participant } from './lesson-chat-access';
import { LessonChatError } from './lesson-chat-errors';
import { presentLessonMessage } from './lesson-chat-present';
import {
  deleteLessonMessage,
  insertLessonMessage,
  listLessonMessages,
  loadLessonMessage,
} from './lesson-chat-queries';

/**
 * The lesson chat (issue 20, spec §4 `lesson-chat`): its teacher and its pupils talk within one
 * lesson. The database holds every message (history over HTTP, newest last); the socket only
 * carries what was stored, through the hub, so processes sharing Redis share the chat.
 */
export function registerLessonChatRoutes(app: App, ctx: AppContext, hub: TeachingHub): WsEndpoint {
  const db = ctx.db;

  /** The lesson (404 when the user may not read it) and the user as its participant (403). */
  async function participantOf(
    auth: AuthContext,
    lessonId: number,
    locale: Locale,
  ): Promise<{ lesson: LessonRow; me: Participant }> {
    const lesson = await visibleLesson(db, await viewerOf(db, auth), lessonId, locale);
    const students = auth.role === 'student' ? await lessonStudents(db, lesson) : [];
    return { lesson, me: assertParticipant(auth, lesson, students) };
  }

  defineRoute(app, ctx, 'lessonChat.history', {
    params: LessonChatParamsSchema,
    querystring: LessonChatHistoryQuerySchema,
    response: { 200: LessonChatHistoryResponseSchema },
    handler: async (req) => {
      const { lesson, me } = await participantOf(
        requireAuth(req),
        req.params.scheduleId,
        req.locale,
      );
      const rows = await listLessonMessages(db, lesson.id, req.query);
      const page = rows.slice(0, req.query.limit).reverse();
      return {
        data: {
          messages: page.map((row) => presentLessonMessage(row, lesson.teacher_id)),
          hasMore: rows.length > req.query.limit,
          canDelete: me.teacher,
        },
      };
    },
  });

  defineRoute(app, ctx, 'lessonChat.send', {
    params: LessonChatParamsSchema,
    body: LessonChatSendRequestSchema,
    response: { 201: LessonChatMessageResponseSchema },
    handler: async (req, reply) => {
      const { lesson, me } = await participantOf(
        requireAuth(req),
        req.params.scheduleId,
        req.locale,
      );
      const text = messageText(req.body.text);
      const row = await insertLessonMessage(db, { lessonId: lesson.id, senderId: me.userId, text });
      const message = presentLessonMessage(row, lesson.teacher_id);
      const event: LessonChatServerEvent = { type: 'message', message };
      await hub.toLessonChat(lesson.id, event);
      return reply.code(201).send({ data: message });
    },
  });

  defineRoute(app, ctx, 'lessonChat.delete', {
    params: LessonChatMessageParamsSchema,
    response: { 200: LessonChatMessageResponseSchema },
    handler: async (req) => {
      const { lesson, me } = await participantOf(
        requireAuth(req),
        req.params.scheduleId,
        req.locale,
      );
      assertMayDelete(me);
      if (!(await loadLessonMessage(db, lesson.id, req.params.messageId)))
        throw new LessonChatError(404, 'lesson_chat_message_not_found');
      const row = await deleteLessonMessage(db, {
        lessonId: lesson.id,
        messageId: req.params.messageId,
        by: me.userId,
      });
      const message = presentLessonMessage(row!, lesson.teacher_id);
      const event: LessonChatServerEvent = { type: 'deleted', message };
      await hub.toLessonChat(lesson.id, event);
      return { data: message };
    },
  });

  return {
    path: LESSON_CHAT_SOCKET.path,
    policy: LESSON_CHAT_SOCKET.policy,
    onShutdown: () => hub.close(),
    onConnection(socket, { params, user, req }) {
      if (!user) return socket.close(4401, 'unauthorized');
      const locale = normalizeLocale(
        new URL(req.url ?? '/', 'http://localhost').searchParams.get('lang'),
      );
      const id = Number(params.scheduleId);
      void (async () => {
        try {
          if (!Number.isInteger(id) || id <= 0) throw new Error('bad lesson id');
          const auth: AuthContext = { ...user, token: '' };
          const { lesson } = await participantOf(auth, id, locale);
          if (socket.readyState !== socket.OPEN) return;
          hub.joinLessonChat(lesson.id, socket);
          socket.on('close', () => hub.leaveLessonChat(lesson.id, socket));
          // Joined: from now on nothing said is missed (a client reloads the history on this).
          const ready: LessonChatServerEvent = { type: 'ready' };
          socket.send(JSON.stringify(ready));
          // The client only listens: it says things over HTTP (stored first, then delivered).
        } catch (err) {
          if (err instanceof LessonChatError && err.status === 403) socket.close(4403, 'forbidden');
          else socket.close(4404, teachingMessage('lesson_not_found', locale).slice(0, 100));
        }
      })();
    },
  };
}
