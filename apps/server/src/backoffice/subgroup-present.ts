import type { SubgroupTransfer, SubgroupTransferRequest, Subgroups } from '@sabaq/platform';
import type { MessageKey } from '@sabaq/platform';
import { HttpError } from '../http/errors';
import type { SubgroupRow } from './subgroup-queries';

/** Subgroup rows → the platform contracts (pure), and the transfer body's row check. */

export function presentSubgroup(
  row: SubgroupRow,
): Subgroups['subjects'][number]['subgroups'][number] {
  return { id: row.id, name: row.name, members: row.members };
}

export function presentSubgroups(
  subjects: readonly { id: number; name: string }[],
  subgroups: readonly SubgroupRow[],
): Subgroups['subjects'] {
  return subjects.map((subject) => ({
    ...subject,
    subgroups: subgroups.filter((row) => row.subject_id === subject.id).map(presentSubgroup),
  }));
}

/**
 * Every listed pupil must be a pupil of the class (once) and every subgroup one of the
 * subject's; 422 naming each bad row (`members.<n>.userId` / `.subgroupId`), nothing written.
 */
export function assertPlacements(
  page: Pick<SubgroupTransfer, 'pupils' | 'subgroups'>,
  members: SubgroupTransferRequest['members'],
): void {
  const errors: Record<string, MessageKey[]> = {};
  const seen = new Set<number>();
  members.forEach((member, i) => {
    if (!page.pupils.some((pupil) => pupil.id === member.userId) || seen.has(member.userId))
      errors[`members.${i}.userId`] = ['field_invalid'];
    seen.add(member.userId);
    if (member.subgroupId !== null && !page.subgroups.some((s) => s.id === member.subgroupId))
      errors[`members.${i}.subgroupId`] = ['field_invalid'];
  });
  if (Object.keys(errors).length > 0) throw new HttpError(422, 'validation_failed', { errors });
}
