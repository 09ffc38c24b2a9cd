import { canAuthorKindergartenDocuments, opensKindergarten } from '@sabaq/platform';
import type { Locale, Role } from '@sabaq/platform';
import { isLive } from '../commerce/subscription-state';
import type { SubscriptionRecord } from '../commerce/subscription-queries';
import { KindergartenError } from './document-texts';

/**
 * Rules of the kindergarten document sections, without a database: the kindergarden gate
 * (spec §6), who writes, what a reader may see.
 */

/** Whether the caller reads the sections now: a live kindergarden subscription, or an author. */
export function isKindergartenOpen(
  role: Role,
  subscriptions: readonly Pick<SubscriptionRecord, 'type' | 'startsAt' | 'endsAt' | 'locked'>[],
  now: Date,
): boolean {
  const liveKindergarden = subscriptions.some(
    (s) => s.type === 'kindergarden' && s.startsAt <= now && isLive(s, now),
  );
  return opensKindergarten({ role, liveKindergarden });
}

/** 423 with the redirect of the route table (`subscriptionFallback: 'tariffs'`). */
export function assertKindergartenOpen(open: boolean, locale: Locale): void {
  if (!open)
    throw new KindergartenError(
      423,
      'kindergarten_locked',
      undefined,
      `/${locale === 'kz' ? 'kk' : 'ru'}/tariffs`,
    );
}

export function canAuthor(role: Role): boolean {
  return canAuthorKindergartenDocuments(role);
}

/** A missing document, one of another section, or a draft for a reader: 404 alike. */
export function assertVisible<T extends { status: string }>(
  row: T | null,
  role: Role,
): asserts row is T {
  if (!row || (row.status !== 'published' && !canAuthor(role)))
    throw new KindergartenError(404, 'kindergarten_document_not_found');
}
