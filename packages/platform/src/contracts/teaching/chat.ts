import { z } from 'zod';
import { FileIdsSchema, FileRefSchema, PersonSchema, TeachingId } from './common';

export const CHAT_PAGE_MAX = 100;
export const CHAT_TEXT_MAX = 4000;

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  recipientId: z.number().int(),
  text: z.string(),
  files: z.array(FileRefSchema),
  at: z.string(),
  readAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatContactSchema = PersonSchema.extend({
  /** Teacher's view: the student's group; student's view: subjects the teacher teaches. */
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  subjects: z.array(z.string()),
  unread: z.number().int(),
  lastAt: z.string().nullable(),
});
export type ChatContact = z.infer<typeof ChatContactSchema>;
export const ChatContactsResponseSchema = z.object({
  data: z.object({ contacts: z.array(ChatContactSchema), unread: z.number().int() }),
});

export const PeerParamsSchema = z.object({ peerId: TeachingId });
export const ChatHistoryQuerySchema = z.object({
  /** Messages older than this id (paging back). */
  before: TeachingId.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(30),
});
export const ChatHistoryResponseSchema = z.object({
  data: z.object({
    peer: PersonSchema,
    /** Oldest first within the page. */
    messages: z.array(ChatMessageSchema),
    hasMore: z.boolean(),
  }),
});
export const ChatSendRequestSchema = z
  .object({
    text: z.string().trim().max(CHAT_TEXT_MAX).default(''),
    files: FileIdsSchema.default([]),
  })
  .strict()
  .refine((b) => b.text.length > 0 || b.files.length > 0, {
    message: 'field_required',
    path: ['text'],
  });
export type ChatSendRequest = z.input<typeof ChatSendRequestSchema>;
export const ChatMessageResponseSchema = z.object({ data: ChatMessageSchema });
export const ChatReadResponseSchema = z.object({ data: z.object({ read: z.number().int() }) });

/** Server → client over `/ws/chat`. */
export const ChatServerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: ChatMessageSchema }),
  z.object({ type: z.literal('read'), readerId: z.number().int(), peerId: z.number().int() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ChatServerEvent = z.infer<typeof ChatServerEventSchema>;

/** Client → server over `/ws/chat`: send a message without an HTTP round trip. */
export const ChatClientEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('send'),
    to: TeachingId,
    text: z.string().max(CHAT_TEXT_MAX).default(''),
    files: FileIdsSchema.default([]),
  }),
  z.object({ type: z.literal('read'), peerId: TeachingId }),
]);
export type ChatClientEvent = z.infer<typeof ChatClientEventSchema>;
