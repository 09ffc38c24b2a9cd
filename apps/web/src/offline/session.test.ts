import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, RefreshOutcome } from '../api/client';
import { renewWhenBack } from './session';

afterEach(() => {
  vi.useRealTimers();
});

describe('a session restored from the device, once the link is back (issue 31)', () => {
  it('tries the renewal again, backing off, until it is answered; then takes the real session', async () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    const outcomes: RefreshOutcome[] = ['unavailable', 'unavailable', 'ok'];
    const restoreSession = vi.fn(async () => outcomes.shift()!);
    const api = { restoreSession } as unknown as ApiClient;
    const restore = vi.fn();
    renewWhenBack(api, () => true, restore);
    await vi.advanceTimersByTimeAsync(2000);
    expect(restoreSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(restoreSession).toHaveBeenCalledTimes(2);
    expect(restore).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(8000);
    expect(restoreSession).toHaveBeenCalledTimes(3);
    expect(restore).toHaveBeenCalledTimes(1);
  });

  it('stops once the session is no longer the device one', async () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    const restoreSession = vi.fn(async (): Promise<RefreshOutcome> => 'unavailable');
    let device = true;
    renewWhenBack({ restoreSession } as unknown as ApiClient, () => device, vi.fn());
    await vi.advanceTimersByTimeAsync(2000);
    device = false;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(restoreSession).toHaveBeenCalledTimes(1);
  });
});
