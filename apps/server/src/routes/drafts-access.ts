/**
 * Who may do what with a draft: one rule for the REST routes (`routes/drafts.ts`, the
 * collaborators API) and the live socket (`collab/service.ts`), so that nobody can write
 * through one path what the other refuses.
 *
 * | who                                          | access                    |
 * | -------------------------------------------- | ------------------------- |
 * | owner                                        | edit                      |
 * | invited collaborator                         | edit or view (invitation) |
 * | colleague of the draft's school, not invited | view                      |
 * | anyone else                                  | none (the draft "does not exist") |
 */
import type { Access } from '@sabaq/collab';
import type { Queryable } from '../db/db';
import { HttpError } from '../http/errors';

export interface DraftUser {
  userId: number;
  schoolId: number | null;
}

export interface DraftOwnership {
  ownerId: number;
  schoolId: number | null;
}

/** The invitation of the user on the draft, if any. */
export type Invitation = Access | null;

/** What `user` may do with the draft; null when the draft is none of their business. */
export function draftAccess(
  user: DraftUser,
  draft: DraftOwnership,
  invitation: Invitation,
): Access | null {
  if (draft.ownerId === user.userId) return 'edit';
  if (invitation === 'edit' || invitation === 'view') return invitation;
  if (draft.schoolId !== null && draft.schoolId === user.schoolId) return 'view';
  return null;
}

export function canReadDraft(user: DraftUser, draft: DraftOwnership, inv: Invitation): boolean {
  return draftAccess(user, draft, inv) !== null;
}

/** Changing the draft: commands (REST or live), publishing. */
export function canEditDraft(user: DraftUser, draft: DraftOwnership, inv: Invitation): boolean {
  return draftAccess(user, draft, inv) === 'edit';
}

/** 404 for a draft the user may not see (ids reveal nothing), 403 for one they may only read. */
export function assertCanEditDraft(user: DraftUser, draft: DraftOwnership, inv: Invitation): void {
  const access = draftAccess(user, draft, inv);
  if (access === null) throw new HttpError(404, 'not_found');
  if (access !== 'edit') throw new HttpError(403, 'forbidden');
}

/** 404 for a draft the user may not see. */
export function assertCanReadDraft(user: DraftUser, draft: DraftOwnership, inv: Invitation): void {
  if (!canReadDraft(user, draft, inv)) throw new HttpError(404, 'not_found');
}

/** The user's invitation on a draft (one indexed lookup). */
export async function invitationOf(
  q: Queryable,
  draftId: string,
  userId: number,
): Promise<Invitation> {
  const rows = await q.query<{ access: string }>(
    'SELECT access FROM draft_collaborators WHERE draft_id = $1 AND user_id = $2',
    [draftId, userId],
  );
  const a = rows[0]?.access;
  return a === 'edit' || a === 'view' ? a : null;
}

/** The user's access to a live (not deleted) draft, from the database; null when none. */
export async function loadDraftAccess(
  q: Queryable,
  draftId: string,
  user: DraftUser,
): Promise<Access | null> {
  const rows = await q.query<{ owner_id: number; school_id: number | null; access: string | null }>(
    `SELECT d.owner_id, d.school_id, c.access FROM drafts d
       LEFT JOIN draft_collaborators c ON c.draft_id = d.id AND c.user_id = $2
      WHERE d.id = $1 AND d.deleted_at IS NULL`,
    [draftId, user.userId],
  );
  const r = rows[0];
  if (!r) return null;
  const inv = r.access === 'edit' || r.access === 'view' ? r.access : null;
  return draftAccess(user, { ownerId: r.owner_id, schoolId: r.school_id }, inv);
}
