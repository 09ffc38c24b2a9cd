import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../api/client';
import { PREFETCH_EVERY_MS, prefetchReads, type PrefetchDeps } from './prefetch';

const lesson = (id: number, date: string) => ({ id, date }) as never;
const WEEK = {
  days: [
    { date: '2026-11-30', lessons: [lesson(11, '2026-11-30'), lesson(12, '2026-11-30')] },
    { date: '2026-12-01', lessons: [lesson(13, '2026-12-01')] },
  ],
  weeks: { next: { start: '2026-12-07' } },
};

function fake(options: { fail?: (path: string) => boolean; signedIn?: () => boolean } = {}) {
  const calls: string[] = [];
  const store = new Map<string, string>();
  let now = 10 * PREFETCH_EVERY_MS;
  const deps: PrefetchDeps = {
    async get<T>(path: string, query?: Record<string, string | number | undefined>) {
      calls.push(query?.date ? `${path}?date=${query.date}` : path);
      if (options.fail?.(path))
        return { error: true, status: 0, errorType: 'network', data: null } as ApiResult<{
          data: T;
        }>;
      return { error: false, status: 200, data: { data: WEEK as T } };
    },
    path: (id, params) => (id === 'schedule.week' ? '/week' : `/lesson/${params?.scheduleId}`),
    today: () => '2026-11-30',
    now: () => now,
    signedIn: options.signedIn ?? (() => true),
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
  };
  return { deps, calls, later: (ms: number) => (now += ms) };
}

describe('reads kept for offline after sign-in (issue 31)', () => {
  it("reads this week, the next and each of today's lessons, as the screens ask for them", async () => {
    const f = fake();
    expect(await prefetchReads('teacher', 2, f.deps)).toBe(4);
    expect(f.calls).toEqual([
      '/week?date=2026-11-30',
      '/week?date=2026-12-07',
      '/lesson/11',
      '/lesson/12',
    ]);
  });

  it('at most once an hour per user; roles without a timetable read nothing', async () => {
    const f = fake();
    await prefetchReads('student', 5, f.deps);
    const first = f.calls.length;
    expect(await prefetchReads('student', 5, f.deps)).toBe(0);
    expect(f.calls).toHaveLength(first);
    f.later(PREFETCH_EVERY_MS);
    expect(await prefetchReads('student', 5, f.deps)).toBe(4);
    expect(await prefetchReads('methodist', 6, fake().deps)).toBe(0);
  });

  it('stops on a failed read and after a logout, and tries again next time', async () => {
    const down = fake({ fail: (p) => p === '/week' });
    expect(await prefetchReads('teacher', 2, down.deps)).toBe(0);
    expect(down.calls).toEqual(['/week?date=2026-11-30']);
    expect(await prefetchReads('teacher', 2, down.deps)).toBe(0);
    expect(down.calls).toHaveLength(2);
    const out = fake({ signedIn: () => false });
    expect(await prefetchReads('teacher', 2, out.deps)).toBe(0);
    expect(out.calls).toEqual([]);
  });
});
