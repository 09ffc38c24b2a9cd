import { EXPIRING_DAYS } from '@sabaq/platform';
import type { Locale, SubscriptionState } from '@sabaq/platform';
import { HttpError } from '../http/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A subscription as its dates and hard lock give it (rows of subscription-queries.ts). */
export interface SubscriptionDates {
  startsAt: Date;
  endsAt: Date | null;
  /** An administrator's hard lock (the old flag); nothing in the app sets it. */
  locked: boolean;
}

/**
 * The state from real dates: `locked` once ended (or hard-locked), `expiring` in its last
 * {@link EXPIRING_DAYS} days, `active` otherwise. A subscription that has not started yet is not
 * counted by {@link isLive}; its state reads `active` (it is paid for).
 */
export function subscriptionState(sub: SubscriptionDates, now: Date): SubscriptionState {
  if (sub.locked) return 'locked';
  if (sub.endsAt === null) return 'active';
  const left = sub.endsAt.getTime() - now.getTime();
  if (left <= 0) return 'locked';
  return left <= EXPIRING_DAYS * DAY_MS ? 'expiring' : 'active';
}

/**
 * Whole days left (rounded up), null for an open-ended subscription, 0 once ended. A period
 * bought on top of a live one (queued, not started yet) counts its own days: from its start, not
 * from now (issue 30: a queued month never reads «365 days left»).
 */
export function daysLeft(sub: SubscriptionDates, now: Date): number | null {
  if (sub.endsAt === null) return null;
  const from = sub.startsAt > now ? sub.startsAt : now;
  return Math.max(0, Math.ceil((sub.endsAt.getTime() - from.getTime()) / DAY_MS));
}

/** Whether it opens the paid sections now: started, not ended, not hard-locked. */
export function isLive(sub: SubscriptionDates, now: Date): boolean {
  return sub.startsAt <= now && subscriptionState(sub, now) !== 'locked';
}

/**
 * Spec §8 423: the user has had subscriptions and none of them is live now (the demo `locked`
 * user's ended one, a trial that ran out). Users who never subscribed (B2B staff) pass: their
 * school pays.
 */
export function assertNotLocked(
  subs: readonly SubscriptionDates[],
  now: Date,
  locale: Locale,
): void {
  const started = subs.filter((s) => s.startsAt <= now);
  if (started.length > 0 && !started.some((s) => isLive(s, now))) {
    throw new HttpError(423, 'subscription_locked', {
      redirect: `/${locale === 'kz' ? 'kk' : 'ru'}/subscribe-locked`,
    });
  }
}

/**
 * When a new period of `days` bought now starts and ends: right after the latest live period of
 * the same type (buying early never loses days), or now.
 */
export function nextPeriod(
  sameType: readonly SubscriptionDates[],
  days: number,
  now: Date,
): { startsAt: Date; endsAt: Date } {
  let start = now;
  for (const s of sameType) {
    if (!s.locked && s.endsAt && s.endsAt > start) start = s.endsAt;
  }
  return { startsAt: start, endsAt: new Date(start.getTime() + days * DAY_MS) };
}
