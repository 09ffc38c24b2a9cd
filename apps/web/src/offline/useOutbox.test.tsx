import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ApiClient, ApiResult } from '../api/client';
import { wipeReads } from './read-cache';
import { drain, enqueue, newOpId, startOutbox, stopOutbox, waiting } from './outbox';
import { useOutbox } from './useOutbox';

/** A fake API answering each call with the next of `replies` (then 201). */
function fakeApi(replies: ApiResult<unknown>[] = []): ApiClient {
  return {
    request: vi.fn(async () => replies.shift() ?? { error: false, status: 201, data: {} }),
  } as unknown as ApiClient;
}

const message = (text: string, scope = 'chat:5') => ({
  opId: newOpId(),
  method: 'POST' as const,
  path: '/api/v2/os/chat/5',
  body: { text, files: [] },
  scope,
});

beforeEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(async () => {
  stopOutbox();
  await wipeReads();
});

describe('useOutbox (issue 31)', () => {
  it("follows its scope's waiting writes and says when they are sent", async () => {
    let ready = false;
    startOutbox(fakeApi(), 7, () => ready);
    await enqueue(message('бірінші'));
    const onSent = vi.fn();
    const { result } = renderHook(() => useOutbox('chat:5', { onSent }));
    await waitFor(() => expect(result.current.map((w) => w.body)).toHaveLength(1));
    await act(() => enqueue(message('екінші')));
    // Another dialog's write is not this screen's.
    await act(() => enqueue(message('басқа', 'chat:6')));
    await waitFor(() =>
      expect(result.current.map((w) => (w.body as { text: string }).text)).toEqual([
        'бірінші',
        'екінші',
      ]),
    );
    expect(onSent).not.toHaveBeenCalled();
    ready = true;
    await act(() => drain());
    await waitFor(() => expect(result.current).toEqual([]));
    expect(onSent).toHaveBeenCalled();
  });

  it('hands a refused write to the screen once and drops it', async () => {
    startOutbox(
      fakeApi([
        {
          error: true,
          status: 422,
          errorType: 'validation',
          data: { message: 'Хабарлама тым ұзын' },
        },
      ]),
      7,
      () => true,
    );
    await enqueue(message('x'.repeat(10)));
    await drain();
    const onRefused = vi.fn();
    const { result } = renderHook(() => useOutbox('chat:5', { onRefused }));
    await waitFor(() => expect(onRefused).toHaveBeenCalledTimes(1));
    expect(onRefused.mock.calls[0]![0]).toMatchObject({ refused: 'Хабарлама тым ұзын' });
    expect(result.current).toEqual([]);
    await waitFor(async () => expect(await waiting()).toEqual([]));
  });
});
