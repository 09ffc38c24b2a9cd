import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';

const refreshSession = vi.fn<() => Promise<boolean>>();
vi.mock('../../app/services', () => ({
  api: { refreshSession: () => refreshSession() },
  getToken: () => 'token',
  currentUiLang: () => 'kz',
}));

/** A WebSocket stand-in that records each socket the hook opens. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  close() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.opened = [];
  refreshSession.mockReset();
});

describe('chat socket and the end of a session', () => {
  it('a socket closed with 4401 renews the session once and reconnects', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    refreshSession.mockResolvedValue(true);
    const { useChatSocket } = await import('./useChatSocket');
    renderHook(() => useChatSocket(() => {}));
    expect(FakeSocket.opened).toHaveLength(1);
    await act(async () => FakeSocket.opened[0]!.onclose?.({ code: 4401 }));
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(FakeSocket.opened).toHaveLength(2);
  });
  it('when the session cannot be renewed it stays closed (no reconnect loop)', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.useFakeTimers();
    refreshSession.mockResolvedValue(false);
    const { useChatSocket } = await import('./useChatSocket');
    renderHook(() => useChatSocket(() => {}));
    await act(async () => FakeSocket.opened[0]!.onclose?.({ code: 4401 }));
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.opened).toHaveLength(1);
    vi.useRealTimers();
  });
});
