import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiResult } from '../api/client';
import { store } from '../session/store';
import { wipeReads } from './read-cache';
import {
  drain,
  enqueue,
  enqueueLatest,
  newOpId,
  startOutbox,
  stopOutbox,
  subscribe,
  waiting,
} from './outbox';

type Call = { method: string; path: string; body: unknown; op: string | undefined };

/** A fake API: answers each call with the next of `replies` (then 200), recording the calls. */
function fakeApi(replies: ApiResult<unknown>[] = []) {
  const calls: Call[] = [];
  const api = {
    request: vi.fn(
      async (
        method: string,
        path: string,
        options: { body?: unknown; headers?: Record<string, string> },
      ) => {
        calls.push({ method, path, body: options.body, op: options.headers?.['X-Client-Op'] });
        return replies.shift() ?? { error: false, status: 200, data: { data: null } };
      },
    ),
  } as unknown as ApiClient;
  return { api, calls };
}

const write = (n: number) => ({
  opId: newOpId(),
  method: 'PUT' as const,
  path: '/api/v2/os/journal/marks',
  body: { studentId: n, lessonId: 5, mark: n, absent: false },
  scope: 'journal:1:2',
});

beforeEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(async () => {
  stopOutbox();
  await wipeReads();
});

describe('outbox (issue 31)', () => {
  it('sends the waiting writes in the order they were made, each with its client operation id', async () => {
    const { api, calls } = fakeApi();
    let ready = false;
    startOutbox(api, 7, () => ready);
    const made = [write(1), write(2), write(3)];
    for (const w of made) await enqueue(w);
    expect(store.get().outbox).toBe(3);
    expect((await waiting('journal:1:2')).map((w) => w.opId)).toEqual(made.map((w) => w.opId));
    // No session token yet (restored from the device): nothing goes.
    await drain();
    expect(calls).toEqual([]);
    ready = true;
    const sent: string[] = [];
    subscribe((event) => sent.push(...event.sent.map((w) => w.opId)));
    await drain();
    expect(calls.map((c) => c.op)).toEqual(made.map((w) => w.opId));
    expect(calls.map((c) => (c.body as { mark: number }).mark)).toEqual([1, 2, 3]);
    expect(sent).toEqual(made.map((w) => w.opId));
    expect(store.get().outbox).toBe(0);
    expect(await waiting()).toEqual([]);
  });

  it('stops at a "not now" answer and keeps the rest in order for the next try', async () => {
    const { api, calls } = fakeApi([
      { error: false, status: 200, data: {} },
      { error: true, status: 0, errorType: 'network', data: null },
    ]);
    startOutbox(api, 7, () => true);
    const made = [write(1), write(2), write(3)];
    for (const w of made) await enqueue(w);
    await drain();
    expect(calls.map((c) => c.op)).toEqual([made[0]!.opId, made[1]!.opId]);
    expect((await waiting()).map((w) => w.opId)).toEqual([made[1]!.opId, made[2]!.opId]);
    expect(store.get().outbox).toBe(2);
    await drain();
    // The same id again: the server applies it once, whatever the retries.
    expect(calls.slice(2).map((c) => c.op)).toEqual([made[1]!.opId, made[2]!.opId]);
    expect(store.get().outbox).toBe(0);
  });

  it('keeps a write the server refuses, with its message, and goes on with the others', async () => {
    const { api } = fakeApi([
      {
        error: true,
        status: 422,
        errorType: 'validation',
        data: { message: 'Баға 1-ден 10-ға дейін' },
      },
    ]);
    startOutbox(api, 7, () => true);
    await enqueue(write(11));
    await enqueue(write(2));
    await drain();
    const left = await waiting();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ refused: 'Баға 1-ден 10-ға дейін' });
    expect(store.get().outbox).toBe(0);
  });

  it("never shows one user's waiting writes to another", async () => {
    startOutbox(fakeApi().api, 7, () => false);
    await enqueue(write(1));
    startOutbox(fakeApi().api, 8, () => false);
    expect(await waiting()).toEqual([]);
    expect(store.get().outbox).toBe(0);
  });

  it('retries a 409 only for an operation still pending; any other 409 is the answer, kept with its message', async () => {
    const { api, calls } = fakeApi([
      {
        error: true,
        status: 409,
        errorType: 'other',
        data: { message: 'күте тұрыңыз', pending: true } as never,
      },
      { error: true, status: 409, errorType: 'other', data: { message: 'Жұмыс уақыты аяқталды' } },
    ]);
    startOutbox(api, 7, () => true);
    await enqueue(write(1));
    await drain();
    expect(calls).toHaveLength(1);
    expect((await waiting())[0]!.refused).toBeUndefined();
    await drain();
    expect(calls).toHaveLength(2);
    expect((await waiting())[0]).toMatchObject({ refused: 'Жұмыс уақыты аяқталды' });
  });

  it('keeps only the newest of the writes a new one makes stale (an exam autosave)', async () => {
    startOutbox(fakeApi().api, 7, () => false);
    const save = (text: string) => ({
      opId: newOpId(),
      method: 'PUT' as const,
      path: '/api/v2/os/schedule/exam/1/sor/x/answers',
      body: { answers: { m1: { kind: 'open', text } } },
      scope: 'exam:1:sor:x',
    });
    await enqueue(write(1));
    await enqueueLatest(save('a'), (w) => w.method === 'PUT');
    await enqueueLatest(save('ab'), (w) => w.method === 'PUT');
    expect((await waiting('exam:1:sor:x')).map((w) => w.body)).toEqual([
      { answers: { m1: { kind: 'open', text: 'ab' } } },
    ]);
    // Another screen's writes stay.
    expect(await waiting('journal:1:2')).toHaveLength(1);
  });
});
