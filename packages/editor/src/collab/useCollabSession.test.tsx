import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDraftDoc } from '@sabaq/collab';
import { MemoryServer } from '../../../collab/src/test/memory-server';
import { sorBase } from '../../../collab/src/test/peers';
import { useCollabSession } from './useCollabSession';

describe('useCollabSession', () => {
  it('connects while mounted, exposes state, presence and the log, and leaves on unmount', async () => {
    const server = new MemoryServer();
    createDraftDoc(sorBase(), server.doc);
    const { result, unmount } = renderHook(() =>
      useCollabSession({
        serverUrl: 'ws://test',
        draftId: 'd1',
        user: { id: '1', name: 'Айгүл' },
        token: () => 't',
        createSocket: server.createSocket,
      }),
    );
    expect(result.current.log).toBeNull();
    await waitFor(() => expect(result.current.status.state).toBe('online'));
    expect(result.current.log?.draft().title).toBe('БЖБ 1');
    expect(result.current.presence.map((p) => p.user.name)).toEqual(['Айгүл']);
    act(() => {
      result.current.log!.append([{ type: 'page/rename', pageId: 'p1', title: 'Кіріспе' }]);
    });
    await waitFor(() => expect(result.current.status.saved).toBe(true));
    expect(server.doc.getArray('log').length).toBe(1);
    unmount();
    await waitFor(() => expect(server.sockets.size).toBe(0));
  });
});
