import { canManageMedia, opensMedia } from '@sabaq/platform';
import type { Locale, Role } from '@sabaq/platform';
import { isLive } from '../commerce/subscription-state';
import type { SubscriptionDates } from '../commerce/subscription-state';
import type { MediaFile, MediaRow } from './media-queries';
import { MediaError } from './media-texts';
import type { MediaMessageKey } from './media-texts';

/**
 * Rules of the media sections, without a database: the subscription gate (the same reading of
 * the caller's subscriptions as commerce's guard), the 404 of a missing entry, and what kind of
 * stored file each place of an entry takes.
 */

/**
 * Whether the caller may play media now: a live subscription, or never having subscribed while
 * belonging to a school or an authority (B2B; `opensMedia` of the platform, which the web's route
 * guard uses too). Subscriptions that have not started yet count as neither.
 */
export function isMediaOpen(
  role: Role,
  subscriptions: readonly SubscriptionDates[],
  now: Date,
): boolean {
  const started = subscriptions.filter((s) => s.startsAt <= now);
  return opensMedia({
    role,
    live: started.some((s) => isLive(s, now)),
    everSubscribed: started.length > 0,
  });
}

/** Spec §2: 423 with the redirect to `/{lang}/media` when the gate is closed. */
export function assertMediaOpen(open: boolean, locale: Locale): void {
  if (!open)
    throw new MediaError(
      423,
      'media_locked',
      undefined,
      {},
      `/${locale === 'kz' ? 'kk' : 'ru'}/media`,
    );
}

export function canManage(role: Role): boolean {
  return canManageMedia(role);
}

/** The catalogue is the platform's: an entry either exists for everyone or for no one (404). */
export function assertFound<T extends MediaRow>(row: T | null): asserts row is T {
  if (!row) throw new MediaError(404, 'media_not_found');
}

export type FileSlot = 'video' | 'audio' | 'picture' | 'captions';

const SLOT_MESSAGE: Record<FileSlot, MediaMessageKey> = {
  video: 'media_file_video',
  audio: 'media_file_audio',
  picture: 'media_file_picture',
  captions: 'media_file_captions',
};

/** Whether a stored type fits a place of an entry (captions are text; their header is checked apart). */
export function fitsSlot(slot: FileSlot, mime: string): boolean {
  if (slot === 'video') return mime.startsWith('video/');
  if (slot === 'audio') return mime.startsWith('audio/');
  if (slot === 'picture') return mime.startsWith('image/') && mime !== 'image/svg+xml';
  return mime === 'text/plain' || mime === 'text/vtt';
}

/**
 * 422 on `field` unless `file` is one of the catalogue's own uploads (`use=media`) of the right
 * type. Files of other uses (a pupil's homework, a lesson's picture) cannot be published here.
 */
export function assertFileFits(
  file: MediaFile | undefined,
  slot: FileSlot,
  field: string,
): asserts file is MediaFile {
  if (!file || file.use !== 'media') throw new MediaError(422, 'media_file_missing', field);
  if (!fitsSlot(slot, file.mime))
    throw new MediaError(422, SLOT_MESSAGE[slot], field, { label: file.label, type: file.mime });
}

/** WebVTT starts with "WEBVTT" (after an optional byte-order mark). */
export function isWebVtt(head: Buffer): boolean {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  return /^WEBVTT(?:[ \t\r\n]|$)/.test(text);
}
