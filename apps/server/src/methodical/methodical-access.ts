import { canAuthorMethodical } from '@sabaq/platform';
import type { Role } from '@sabaq/platform';
import { MethodicalError } from './methodical-texts';

/**
 * Rules of the methodical cabinet, without a database: the feature flag, who writes, what a
 * reader may see.
 */

/** While the flag `methodical-cabinet` is off the cabinet does not exist: 404, as other flags. */
export function assertCabinetOn(on: boolean): void {
  if (!on) throw new MethodicalError(404, 'methodical_off');
}

export function canAuthor(role: Role): boolean {
  return canAuthorMethodical(role);
}

/** A missing material, or a draft for a reader: 404 alike (a draft's existence is not told). */
export function assertVisible<T extends { status: string }>(
  row: T | null,
  role: Role,
): asserts row is T {
  if (!row || (row.status !== 'published' && !canAuthor(role)))
    throw new MethodicalError(404, 'methodical_not_found');
}

/** Every file to attach must be an upload of use `methodical`; otherwise 422 on `fileIds`. */
export function assertFilesKnown(wanted: readonly string[], known: ReadonlySet<string>): void {
  if (wanted.some((id) => !known.has(id)))
    throw new MethodicalError(422, 'methodical_file_invalid', 'fileIds');
}
