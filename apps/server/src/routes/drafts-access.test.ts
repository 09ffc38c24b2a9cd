import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import {
  assertCanEditDraft,
  assertCanReadDraft,
  canEditDraft,
  canReadDraft,
  draftAccess,
} from './drafts-access';

const draft = { ownerId: 1, schoolId: 10 };
const owner = { userId: 1, schoolId: 10 };
const colleague = { userId: 2, schoolId: 10 };
const outsider = { userId: 3, schoolId: 20 };

function statusOf(f: () => void): number | null {
  try {
    f();
    return null;
  } catch (err) {
    return err instanceof HttpError ? err.status : -1;
  }
}

describe('draft rights (one rule for REST and the live socket)', () => {
  it('owner and invited editors edit; viewers and uninvited colleagues read; others see nothing', () => {
    expect(draftAccess(owner, draft, null)).toBe('edit');
    expect(draftAccess(colleague, draft, 'edit')).toBe('edit');
    expect(draftAccess(colleague, draft, 'view')).toBe('view');
    expect(draftAccess(colleague, draft, null)).toBe('view');
    expect(draftAccess(outsider, draft, null)).toBeNull();
    // An invitation counts even across schools (the owner may have moved).
    expect(draftAccess(outsider, draft, 'view')).toBe('view');
    // A draft without a school is its owner's (and invitees') alone.
    expect(draftAccess({ userId: 2, schoolId: null }, { ownerId: 1, schoolId: null }, null)).toBe(
      null,
    );
  });

  it('writes: 403 for a draft one may only read, 404 for one one may not see', () => {
    expect(canEditDraft(colleague, draft, null)).toBe(false);
    expect(canReadDraft(colleague, draft, null)).toBe(true);
    expect(statusOf(() => assertCanEditDraft(owner, draft, null))).toBeNull();
    expect(statusOf(() => assertCanEditDraft(colleague, draft, 'edit'))).toBeNull();
    expect(statusOf(() => assertCanEditDraft(colleague, draft, 'view'))).toBe(403);
    expect(statusOf(() => assertCanEditDraft(colleague, draft, null))).toBe(403);
    expect(statusOf(() => assertCanEditDraft(outsider, draft, null))).toBe(404);
    expect(statusOf(() => assertCanReadDraft(outsider, draft, null))).toBe(404);
    expect(statusOf(() => assertCanReadDraft(colleague, draft, null))).toBeNull();
  });
});
