import type { Locale, Role } from '@sabaq/platform';
import { loadSubscriptions } from '../commerce/subscription-queries';
import type { Queryable } from '../db/db';
import { assertKindergartenOpen, isKindergartenOpen } from './document-access';
import { KindergartenError } from './document-texts';
import { visibleGroups, type CyclogramGroup } from './cyclogram-queries';

/**
 * What every group page of the kindergarten (cyclogram, perspective plan) checks first: the
 * kindergarten gate (423 → tariffs without the subscription), then that the group is one the
 * caller sees (404 otherwise, saying nothing about it).
 */
export interface GroupReader {
  userId: number;
  role: Role;
  schoolId: number | null;
}

export function groupGate(db: Queryable, now: () => Date) {
  return {
    open: async (auth: GroupReader, locale: Locale) =>
      assertKindergartenOpen(
        isKindergartenOpen(auth.role, await loadSubscriptions(db, auth.userId), now()),
        locale,
      ),
    groupOf: async (
      auth: GroupReader,
      groupId: number,
    ): Promise<{ group: CyclogramGroup; groups: CyclogramGroup[] }> => {
      const groups = await visibleGroups(db, auth);
      const group = groups.find((g) => g.id === groupId);
      if (!group) throw new KindergartenError(404, 'cyclogram_group_not_found');
      return { group, groups };
    },
  };
}
