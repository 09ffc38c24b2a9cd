import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../api/client';
import { PREFETCH_EVERY_MS, prefetchReads, type PrefetchDeps } from './prefetch';

const lesson = (id: number, date: string, group: number, subject: number, subgroup?: number) =>
  ({
    id,
    date,
    group: { id: group },
    subject: { id: subject },
    subgroup: subgroup ? { id: subgroup } : null,
  }) as never;
const WEEK = {
  days: [
    {
      date: '2026-11-30',
      lessons: [lesson(11, '2026-11-30', 7, 1), lesson(12, '2026-11-30', 8, 1, 40)],
    },
    { date: '2026-12-01', lessons: [lesson(13, '2026-12-01', 7, 1)] },
  ],
  weeks: { next: { start: '2026-12-07' } },
};
const PERIODS = [
  { id: 1, is_current: false },
  { id: 2, is_current: true },
];

function fake(options: { fail?: (path: string) => boolean; signedIn?: () => boolean } = {}) {
  const calls: string[] = [];
  const store = new Map<string, string>();
  let now = 10 * PREFETCH_EVERY_MS;
  const deps: PrefetchDeps = {
    async get<T>(path: string, query?: Record<string, string | number | undefined>) {
      const q = Object.entries(query ?? {}).filter(([, v]) => v !== undefined);
      calls.push(q.length ? `${path}?${q.map(([k, v]) => `${k}=${v}`).join('&')}` : path);
      if (options.fail?.(path))
        return { error: true, status: 0, errorType: 'network', data: null } as ApiResult<{
          data: T;
        }>;
      const data = path === '/periods' ? PERIODS : WEEK;
      return { error: false, status: 200, data: { data: data as T } };
    },
    path: (id, params) =>
      ({
        'schedule.week': '/week',
        'schedule.lesson': `/lesson/${params?.scheduleId}`,
        'journal.periods': '/periods',
        'journal.groups': '/groups',
        'journal.group': `/groups/${params?.groupId}`,
        'journal.grid': `/groups/${params?.groupId}/${params?.subjectId}`,
      })[id],
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
    expect(await prefetchReads('student', 5, f.deps)).toBe(4);
    expect(f.calls).toEqual([
      '/week?date=2026-11-30',
      '/week?date=2026-12-07',
      '/lesson/11',
      '/lesson/12',
    ]);
  });

  it("and a teacher's journals of the week's classes for the current period", async () => {
    const f = fake();
    expect(await prefetchReads('teacher', 2, f.deps)).toBe(4 + 6);
    expect(f.calls.slice(4)).toEqual([
      '/periods',
      '/groups',
      '/groups/7',
      '/groups/8',
      '/groups/7/1?periodId=2',
      '/groups/8/1?subgroupId=40&periodId=2',
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
