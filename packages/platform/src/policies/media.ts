import type { Role } from '../roles/roles';

/**
 * The media sections (issue 14). Everyone reads the catalogue (anonymous visitors too); playing (an entry's
 * details and its stream URLs) needs the media gate below; the platform's content editors — the
 * methodist and the site's content administrator — upload, edit and delete entries. The
 * catalogue is the platform's, not a school's: no row of it belongs to a school.
 */
export const MEDIA_MANAGERS = ['methodist', 'admin'] as const satisfies readonly Role[];

/** People who pay for themselves (B2C): media opens for them only with a live subscription. */
const PERSONAL_ROLES: readonly Role[] = ['guest', 'individual'];

export function canManageMedia(role: Role): boolean {
  return (MEDIA_MANAGERS as readonly Role[]).includes(role);
}

/**
 * Spec §2 "media paths need a subscription": a live subscription opens them; so does belonging to
 * a school or an authority that pays (B2B) — the same rule as commerce's subscription guard, which
 * lets through users who never subscribed, while anyone whose subscriptions have all ended is
 * locked. B2C roles (guests, individual lecturers) who never subscribed have not paid: locked.
 * The content editors always pass (they must see what they publish).
 */
export function opensMedia(who: { role: Role; live: boolean; everSubscribed: boolean }): boolean {
  if (who.live || canManageMedia(who.role)) return true;
  return !who.everSubscribed && !PERSONAL_ROLES.includes(who.role);
}

const P = '/api/v2/os/media';

export const MEDIA_ROUTES = {
  'media.catalogue': {
    method: 'GET',
    path: P,
    // Spec §2 and the anonymous menu show `media` to everyone: the catalogue is its shop window
    // (anonymous visitors and signed-in users alike); playing is what the gate guards.
    policy: 'public',
    summary:
      'The media catalogue (cartoons and audio playlists) by kind, age group, subject and words; whether the caller may play',
  },
  'media.show': {
    method: 'GET',
    path: `${P}/:mediaId`,
    policy: 'authenticated',
    summary:
      'One entry with 15-minute stream URLs (video, captions, tracks); 423 with redirect /{lang}/media without a subscription',
  },
  'media.create': {
    method: 'POST',
    path: P,
    policy: MEDIA_MANAGERS,
    summary: 'Publish a video or an audio playlist from files uploaded with use=media',
  },
  'media.update': {
    method: 'PUT',
    path: `${P}/:mediaId`,
    policy: MEDIA_MANAGERS,
    summary: 'Change an entry (metadata, files, captions, tracks)',
  },
  'media.remove': {
    method: 'DELETE',
    path: `${P}/:mediaId`,
    policy: MEDIA_MANAGERS,
    summary: 'Delete an entry and the files only it used',
  },
} as const;
