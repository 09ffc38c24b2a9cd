import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';
import { MEDIA_MANAGERS } from './media';
import { METHODICAL_AUTHORS } from './methodical';
import { KINDERGARTEN_AUTHORS } from './kindergarten';

/**
 * Builder assets and attachments (issue 6). Spread into the one policy table (`API_ROUTES`).
 * Uploading is for the people who build content. Reading is public on purpose: images inside a
 * lesson are loaded by `<img src>`, which sends no bearer token; file names are random UUIDs
 * (unguessable, like pre-signed URLs), so knowing the name is the permission.
 */
const builders: readonly Role[] = [...ROLE_GROUPS.employees, 'methodist', 'individual'];
/** Who works with homework and chat attachments: a school's staff and its pupils. */
const lessonPeople: readonly Role[] = [...ROLE_GROUPS.employees, 'student'];
const uploaders: readonly Role[] = [...new Set([...builders, ...lessonPeople, ...MEDIA_MANAGERS])];
const P = '/api/v2/os';

/**
 * The roles that may upload for each use of the one file service (issue 14); the routes admit
 * every uploader and answer 403 for a use the caller's role does not have. Downloads are checked
 * where each use serves its files: builder assets stay capability-URL public (above), homework and
 * chat attachments go through `teaching.fileGet`, which checks the caller's rights per file.
 */
export const FILE_USE_ROLES = {
  builder: builders,
  homework: lessonPeople,
  chat: lessonPeople,
  // A calendar plan's spreadsheet, for the staff who import plans (calendarPlans.import).
  ktp: ROLE_GROUPS.employees,
  // The media catalogue's files, for its editors (policies/media.ts).
  media: MEDIA_MANAGERS,
  // The methodical cabinet's files, for its authors (policies/methodical.ts).
  methodical: METHODICAL_AUTHORS,
  // The kindergarten documents' files, for their authors (policies/kindergarten.ts).
  kindergarten: KINDERGARTEN_AUTHORS,
} as const satisfies Record<string, readonly Role[]>;

export const FILE_ROUTES = {
  'files.upload': {
    method: 'POST',
    path: `${P}/files`,
    policy: uploaders,
    summary:
      'Upload one file (multipart, streamed) for a use (?use=builder|homework|chat|ktp); type from content, limits per use',
  },
  'files.get': {
    method: 'GET',
    path: `${P}/files/:name`,
    policy: 'public',
    summary: 'A builder asset by its random name (Range, ETag; capability URL)',
  },
  // Media elements cannot send a token: a homework or chat attachment is played through a
  // short-lived signed URL, handed out after the same rights check as teaching.fileGet.
  'files.attachmentGrant': {
    method: 'GET',
    path: `${P}/files/attachments/:fileId/grant`,
    policy: lessonPeople,
    summary: 'A 15-minute stream URL for an attachment the caller may read (for <video>/<audio>)',
  },
  'files.stream': {
    method: 'GET',
    path: `${P}/files/stream/:grant`,
    policy: 'public',
    summary: 'A stored file by its stream grant (Range, ETag; the grant is the permission)',
  },
  // Resumable uploads (tus 1.0 core + creation). HEAD of the status route is the tus offset
  // request (Fastify answers HEAD from the GET route, with the same policy hook).
  'files.uploadCreate': {
    method: 'POST',
    path: `${P}/files/uploads`,
    policy: uploaders,
    summary:
      'Start a resumable upload (tus creation: Upload-Length, Upload-Metadata filename, use)',
  },
  'files.uploadStatus': {
    method: 'GET',
    path: `${P}/files/uploads/:uploadId`,
    policy: uploaders,
    summary: 'A resumable upload: offset (Upload-Offset header) and the file once complete',
  },
  'files.uploadAppend': {
    method: 'PATCH',
    path: `${P}/files/uploads/:uploadId`,
    policy: uploaders,
    summary: 'Append bytes at Upload-Offset (application/offset+octet-stream)',
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
