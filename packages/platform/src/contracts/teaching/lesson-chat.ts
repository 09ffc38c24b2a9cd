import { z } from 'zod';
import { PersonSchema, TeachingId } from './common';

/** The lesson chat (issue 20, spec §4 `lesson-chat`): text messages among a lesson's participants. */
export const LESSON_CHAT_TEXT_MAX = 2000;
export const LESSON_CHAT_PAGE_MAX = 100;

export const LessonChatMessageSchema = z.object({
  id: z.number().int(),
  lessonId: z.number().int(),
  sender: PersonSchema,
  /** Whether the sender is the lesson's teacher (shown beside the name). */
  fromTeacher: z.boolean(),
  /** Empty once deleted. */
  text: z.string(),
  at: z.string(),
  deleted: z.boolean(),
});
export type LessonChatMessage = z.infer<typeof LessonChatMessageSchema>;

export const LessonChatParamsSchema = z.object({ scheduleId: TeachingId });
export const LessonChatMessageParamsSchema = z.object({
  scheduleId: TeachingId,
  messageId: TeachingId,
});
export const LessonChatHistoryQuerySchema = z.object({
  /** Messages older than this id (paging back). */
  before: TeachingId.optional(),
  limit: z.coerce.number().int().min(1).max(LESSON_CHAT_PAGE_MAX).default(50),
});
export const LessonChatHistoryResponseSchema = z.object({
  data: z.object({
    /** Oldest first within the page (newest last). */
    messages: z.array(LessonChatMessageSchema),
    hasMore: z.boolean(),
    /** Whether the viewer may delete messages (the lesson's teacher). */
    canDelete: z.boolean(),
  }),
});
/** The text is checked by the handler (trimmed, 1–2000 characters; kz/ru 422 at `text`). */
export const LessonChatSendRequestSchema = z.object({ text: z.string() }).strict();
export const LessonChatMessageResponseSchema = z.object({ data: LessonChatMessageSchema });

/**
 * What the lesson chat socket sends: `ready` once joined (the client reloads the history then, so
 * nothing said while it was away is missed), a new message, or one deleted (as it now shows).
 */
export type LessonChatServerEvent =
  | { type: 'ready' }
  | { type: 'message'; message: LessonChatMessage }
  | { type: 'deleted'; message: LessonChatMessage };
