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
