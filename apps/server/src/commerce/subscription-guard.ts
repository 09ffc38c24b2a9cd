import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { loadSubscriptions } from './subscription-queries';
import { assertNotLocked } from './subscription-state';

/**
 * For routes that need a paid subscription (spec §6, §8): 423 with the subscribe-locked redirect
 * when the caller's subscriptions have all ended. Used by the builder's draft routes.
 */
export async function requireOpenSubscription(
  q: Queryable,
  userId: number,
  locale: Locale,
  now: Date = new Date(),
): Promise<void> {
  assertNotLocked(await loadSubscriptions(q, userId), now, locale);
}
