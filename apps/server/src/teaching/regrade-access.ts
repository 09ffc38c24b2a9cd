import type { AuthContext } from '../http/context';
import { assertCanEditDraft } from '../routes/drafts-access';
import type { Invitation } from '../routes/drafts-access';
import { HttpError } from '../http/errors';

/**
 * Who re-grades a republished draft's attempts: whoever may publish it (its owner or an invited
 * editor) — 404 for a draft they may not see, 403 for one they may only read (a colleague). Only attempts on lessons of the caller's own school are ever
 * listed or changed (the queries bind the school).
 */
export function assertRegradeDraft<Row extends { owner_id: number; school_id: number | null }>(
  auth: AuthContext,
  row: Row | null,
  inv: Invitation,
): asserts row is Row {
  if (!row) throw new HttpError(404, 'not_found');
  assertCanEditDraft(auth, { ownerId: row.owner_id, schoolId: row.school_id }, inv);
}
