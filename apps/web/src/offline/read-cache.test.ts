import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@sabaq/platform';
import {
  KEEP_DAYS,
  SYNCED_AT,
  isKept,
  keepUser,
  keptUser,
  readCacheFor,
  wipeReads,
} from './read-cache';

const url = (path: string) => `kz|2|/api/v2/os/${path}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(async () => {
  vi.useRealTimers();
  await wipeReads();
});

describe('offline read cache (issue 31)', () => {
  it('keeps the daily screens’ reads and nothing else', () => {
    for (const path of [
      'user-info',
      'schedule/week?date=2026-11-23',
      'schedule/lesson/12',
      'journal/groups/4/subjects/2?period=5',
      'homework/list',
      'diary?week=2026-11-23',
      'chats',
    ])
      expect(isKept(url(path)), path).toBe(true);
    for (const path of ['auth/refresh', 'files/9/stream', 'statistics/country', 'jobs/4', 'ai/ask'])
      expect(isKept(url(path)), path).toBe(false);
  });

  it('answers a read for the user who saved it, never for another user', async () => {
    const teacher = readCacheFor(7);
    teacher.save(url('schedule/week'), { data: ['Алгебра'] });
    await settle();
    expect(await teacher.read(url('schedule/week'))).toEqual({ data: ['Алгебра'] });
    expect(await readCacheFor(8).read(url('schedule/week'))).toBeUndefined();
    expect(localStorage.getItem(SYNCED_AT)).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('forgets a read older than the keeping time', async () => {
    const cache = readCacheFor(7);
    cache.save(url('journal/groups/1'), { data: 1 });
    await settle();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (KEEP_DAYS + 1) * 24 * 3600 * 1000);
    expect(await cache.read(url('journal/groups/1'))).toBeUndefined();
  });

  it('keeps the session user, and a wipe removes everything', async () => {
    const user = { userId: 7, role: 'teacher' } as SessionUser;
    await keepUser(user);
    readCacheFor(7).save(url('homework/list'), { data: [] });
    await settle();
    expect(await keptUser(7)).toEqual(user);
    await wipeReads();
    expect(await keptUser(7)).toBeNull();
    expect(await readCacheFor(7).read(url('homework/list'))).toBeUndefined();
    expect(localStorage.getItem(SYNCED_AT)).toBeNull();
  });
});
