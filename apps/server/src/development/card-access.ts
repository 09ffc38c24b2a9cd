import { ROLE_GROUPS } from '@sabaq/platform';
import type { Role } from '@sabaq/platform';
import type { AuthContext } from '../http/context';
import { HttpError } from '../http/errors';
import { isLive } from '../commerce/subscription-state';
import type { SubscriptionRecord } from '../commerce/subscription-queries';
import type { Queryable } from '../db/db';
import type { GroupRow } from './card-queries';
import { listSchoolGroups, listTeacherGroups, teachesGroup } from './card-queries';

/**
 * Who sees which kindergarten group: management (director, zavuch) every group of its own
 * kindergarten; a teacher (teacher, group-lead) the groups she leads (group_personnel). Anything
 * else — another kindergarten's group, a group she does not teach — is "not found" (404).
 */
export function isManagement(role: Role): boolean {
  return (ROLE_GROUPS.management as readonly Role[]).includes(role);
}

export function visibleGroups(q: Queryable, auth: AuthContext): Promise<GroupRow[]> {
  if (isManagement(auth.role))
    return auth.schoolId === null ? Promise.resolve([]) : listSchoolGroups(q, auth.schoolId);
  return listTeacherGroups(q, auth.userId);
}

export async function canSeeGroup(
  q: Queryable,
  auth: AuthContext,
  group: GroupRow,
): Promise<boolean> {
  if (isManagement(auth.role)) return auth.schoolId !== null && auth.schoolId === group.schoolId;
  return teachesGroup(q, auth.userId, group.id);
}

/** Only the group's own teacher writes a child's card (management reads). */
export async function canWriteGroup(
  q: Queryable,
  auth: AuthContext,
  group: GroupRow,
): Promise<boolean> {
  return !isManagement(auth.role) && teachesGroup(q, auth.userId, group.id);
}

export function notFound(): never {
  throw new HttpError(404, 'not_found');
}

/** Spec §6: kindergarten sections need a live kindergarden subscription (423 → /{lang}/tariffs). */
export function hasKindergarden(
  subscriptions: readonly Pick<SubscriptionRecord, 'type' | 'startsAt' | 'endsAt' | 'locked'>[],
  now: Date,
): boolean {
  return subscriptions.some((s) => s.type === 'kindergarden' && isLive(s, now));
}

export function assertKindergarden(open: boolean, locale: 'kz' | 'ru'): void {
  if (!open)
    throw new HttpError(423, 'subscription_locked', {
      redirect: `/${locale === 'kz' ? 'kk' : 'ru'}/tariffs`,
    });
}
