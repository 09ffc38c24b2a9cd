import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Builder assets and attachments (issue 6). Spread into the one policy table (`API_ROUTES`).
 * Uploading is for the people who build content. Reading is public on purpose: images inside a
 * lesson are loaded by `<img src>`, which sends no bearer token; file names are random UUIDs
 * (unguessable, like pre-signed URLs), so knowing the name is the permission.
 */
const builders: readonly Role[] = [...ROLE_GROUPS.employees, 'methodist', 'individual'];
const P = '/api/v2/os';

export const FILE_ROUTES = {
  'files.upload': {
    method: 'POST',
    path: `${P}/files`,
    policy: builders,
    summary: 'Upload an asset or attachment (multipart, one file; size and type limits)',
  },
  'files.get': {
    method: 'GET',
    path: `${P}/files/:name`,
    policy: 'public',
    summary: 'An uploaded file by its random name',
  },
} as const;

/**
 * What the builder editor needs from the drafts API beyond issue 4's routes: the state a draft
 * started from, so the editor can rebuild the whole log (`replay(initial, history)`) for time
 * travel and undo across sessions.
 */
export const EDITOR_DRAFT_ROUTES = {
  'drafts.initial': {
    method: 'GET',
    path: `${P}/drafts/:id/initial`,
    policy: builders,
    summary: 'The draft as it was created (the base its history folds onto)',
  },
  // The dictionaries a draft references (skill levels, task types, theme types, speech
  // activities); the editor copies them into new drafts with `draft/setDictionary`.
  'builder.dictionaries': {
    method: 'GET',
    path: `${P}/builder/dictionaries`,
    policy: builders,
    summary: 'Builder dictionaries (skill levels, task types, theme types, speech activities)',
  },
} as const;
