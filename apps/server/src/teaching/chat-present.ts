import type { ChatContact, ChatMessage, FileRef } from '@sabaq/platform';
import { groupName } from './lessons';
import type { ContactRow, MessageRow } from './chat-queries';

/** Chat rows → the camelCase contract of `@sabaq/platform` (contracts/teaching). */

export function presentContact(row: ContactRow): ChatContact {
  return {
    id: row.id,
    fullname: row.fullname,
    group:
      row.group_id !== null
        ? { id: row.group_id, name: groupName(row.parallel ?? 0, row.letter ?? '') }
        : null,
    subjects: row.subjects ?? [],
    unread: row.unread,
    lastAt: row.last_at,
  };
}

export function presentMessage(row: MessageRow, files: FileRef[]): ChatMessage {
  return {
    id: row.id,
    senderId: row.sender_id,
    recipientId: row.recipient_id,
    text: row.text,
    files,
    at: row.at,
    readAt: row.read_at,
  };
}
