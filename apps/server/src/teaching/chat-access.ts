import type { ChatContact } from '@sabaq/platform';
import { TeachingError } from './errors';

/** Row rules of the chat: pure checks, no database. */

/** The peer if the two may talk (a student and one of their teachers: a contact); 404 otherwise. */
export function assertPeer(contacts: readonly ChatContact[], peerId: number): ChatContact {
  const peer = contacts.find((contact) => contact.id === peerId);
  if (!peer) throw new TeachingError(404, 'chat_peer_unknown');
  return peer;
}

/** A message says something: text or a file (422 otherwise). */
export function assertMessageNotEmpty(text: string, fileCount: number): void {
  if (!text.trim() && fileCount === 0) throw new TeachingError(422, 'answer_empty', 'text');
}
