import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Live co-editing (issue 7): the collaborators of a draft. Spread into the one policy table
 * (`API_ROUTES`). The roles are the draft routes' (people who build content); that only the
 * owner invites or withdraws, and that invitees come from the draft's school, depends on the
 * row and is checked by the handlers. The WebSocket `/collab/{draftId}` checks the same roles.
 */
const builders: readonly Role[] = [...ROLE_GROUPS.employees, 'methodist', 'individual'];
const P = '/api/v2/os';

export const COLLAB_ROUTES = {
  'drafts.collaborators': {
    method: 'GET',
    path: `${P}/drafts/:id/collaborators`,
    policy: builders,
    summary: 'Who co-edits a draft (and, for its owner, colleagues who can be invited)',
  },
  'drafts.invite': {
    method: 'POST',
    path: `${P}/drafts/:id/collaborators`,
    policy: builders,
    summary: 'The owner invites a colleague of the school to co-edit (edit) or read (view)',
  },
  'drafts.uninvite': {
    method: 'DELETE',
    path: `${P}/drafts/:id/collaborators/:userId`,
    policy: builders,
    summary: 'The owner withdraws an invitation (open co-editing sockets are closed)',
  },
} as const;
