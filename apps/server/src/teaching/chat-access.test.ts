import { describe, expect, it } from 'vitest';
import type { ChatContact } from '@sabaq/platform';
import type { TeachingError } from './errors';
import { assertMessageNotEmpty, assertPeer } from './chat-access';

function refusal(run: () => unknown): { status: number; key: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    const { status, teachingKey } = err as TeachingError;
    return { status, key: teachingKey };
  }
}

describe('chat row rules (no database)', () => {
  const contacts = [
    { id: 5, fullname: 'A', group: null, subjects: [], unread: 0, lastAt: null },
  ] as ChatContact[];

  it('only a contact is a peer; anyone else is 404', () => {
    expect(assertPeer(contacts, 5)).toBe(contacts[0]);
    expect(refusal(() => assertPeer(contacts, 6))).toEqual({
      status: 404,
      key: 'chat_peer_unknown',
    });
  });

  it('a message carries text or a file', () => {
    expect(refusal(() => assertMessageNotEmpty('hi', 0))).toBeNull();
    expect(refusal(() => assertMessageNotEmpty('  ', 1))).toBeNull();
    expect(refusal(() => assertMessageNotEmpty('  ', 0))).toEqual({
      status: 422,
      key: 'answer_empty',
    });
  });
});
