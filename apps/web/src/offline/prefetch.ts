import type { Lesson, Role } from '@sabaq/platform';
import type { ApiResult } from '../api/client';

/**
 * Issue 31: «the teacher's week (this and next), today's lessons with their content, the journal
 * of their classes for the current period» are there offline even when not opened before: after
 * sign-in (with the role's screens, precache.ts) the week of today, the next week, each of today's
 * lessons and a teacher's journals are read once, as the screens read them, so the read cache
 * (read-cache.ts) keeps them under the same keys. At most once an hour
 * per user and browser, so reloads do not multiply the calls.
 */
export const PREFETCH_EVERY_MS = 60 * 60_000;
const STAMP = 'sabaq.offline.prefetched';

/** The roles with a timetable (the schedule screen's readers). */
const WITH_SCHEDULE: readonly Role[] = ['teacher', 'group-lead', 'zavuch', 'director', 'student'];

interface Week {
  readonly days: readonly { readonly date: string; readonly lessons: readonly Lesson[] }[];
  readonly weeks: { readonly next: { readonly start: string } };
}

/** The calls the prefetch makes; the app's own by default (tests give theirs). */
export interface PrefetchDeps {
  get<T>(
    path: string,
    query?: Record<string, string | number | undefined>,
  ): Promise<ApiResult<{ data: T }>>;
  path(
    id:
      | 'schedule.week'
      | 'schedule.lesson'
      | 'journal.periods'
      | 'journal.groups'
      | 'journal.group'
      | 'journal.grid',
    params?: Record<string, number>,
  ): string;
  today(): string;
  now(): number;
  /** Still signed in as this user (a logout may come before the background work). */
  signedIn(userId: number): boolean;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

async function appDeps(): Promise<PrefetchDeps> {
  const [{ api, getToken }, shared, { store }] = await Promise.all([
    import('../app/services'),
    import('../screens/shared/api'),
    import('../session/store'),
  ]);
  return {
    // The schedule screen asks with `{ date, groupId }`; an undefined groupId is left out, so the
    // cache key is the same.
    get: (path, query) => api.get(path, { query, handle: 'silent' }),
    path: (id, params) => shared.path(id, params),
    today: () => shared.schoolToday(),
    now: () => Date.now(),
    signedIn: (userId) => getToken() !== null && store.get().user?.userId === userId,
    storage: typeof localStorage === 'undefined' ? null : localStorage,
  };
}

/** Reads this week, the next and today's lessons; returns how many reads were kept. */
export async function prefetchReads(
  role: Role,
  userId: number,
  deps?: PrefetchDeps,
): Promise<number> {
  if (!WITH_SCHEDULE.includes(role)) return 0;
  const d = deps ?? (await appDeps());
  if (!d.signedIn(userId)) return 0;
  const stamp = `${STAMP}.${userId}`;
  const last = Number(d.storage?.getItem(stamp) ?? 0);
  if (d.now() - last < PREFETCH_EVERY_MS) return 0;
  const today = d.today();
  const week = await d.get<Week>(d.path('schedule.week'), { date: today, groupId: undefined });
  if (week.error) return 0;
  let kept = 1;
  const next = await d.get<Week>(d.path('schedule.week'), {
    date: week.data.data.weeks.next.start,
    groupId: undefined,
  });
  if (!next.error) kept += 1;
  for (const lesson of week.data.data.days.find((day) => day.date === today)?.lessons ?? []) {
    if (!d.signedIn(userId)) return kept;
    const read = await d.get(d.path('schedule.lesson', { scheduleId: lesson.id }));
    if (read.error) return kept;
    kept += 1;
  }
  if (role !== 'student') kept += await journals(d, userId, week.data.data);
  d.storage?.setItem(stamp, String(d.now()));
  return kept;
}

/** A teacher's journals read at most: the classes and subjects of their week. */
export const MAX_JOURNALS = 20;

/**
 * «The journal of their classes for the current period»: the journal list, each class's page and
 * the grid of every class, subject and subgroup the teacher has lessons with this week, for the
 * current period — asked for as the journal screens ask (Groups, Group, Grid).
 */
async function journals(d: PrefetchDeps, userId: number, week: Week): Promise<number> {
  const periods = await d.get<{ id: number; is_current: boolean }[]>(d.path('journal.periods'));
  if (periods.error) return 0;
  const periodId = (periods.data.data.find((p) => p.is_current) ?? periods.data.data[0])?.id;
  if (periodId === undefined) return 1;
  let kept = 1;
  const grids = new Map<string, { groupId: number; subjectId: number; subgroupId?: number }>();
  for (const day of week.days)
    for (const l of day.lessons) {
      const grid = { groupId: l.group.id, subjectId: l.subject.id, subgroupId: l.subgroup?.id };
      grids.set(`${grid.groupId}/${grid.subjectId}/${grid.subgroupId ?? ''}`, grid);
    }
  const reads: [string, Record<string, number | undefined>?][] = [[d.path('journal.groups')]];
  for (const groupId of new Set([...grids.values()].map((g) => g.groupId)))
    reads.push([d.path('journal.group', { groupId })]);
  for (const g of [...grids.values()].slice(0, MAX_JOURNALS))
    reads.push([
      d.path('journal.grid', { groupId: g.groupId, subjectId: g.subjectId }),
      // In the grid screen's order: the same cache key.
      { subgroupId: g.subgroupId, periodId },
    ]);
  for (const [path, query] of reads) {
    if (!d.signedIn(userId)) break;
    if ((await d.get(path, query)).error) break;
    kept += 1;
  }
  return kept;
}
