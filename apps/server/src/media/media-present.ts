import { apiPath } from '@sabaq/platform';
import type { Locale, MediaCard, MediaCaption, MediaDetail, MediaTrack } from '@sabaq/platform';
import { grantFor } from '../files/stream-grant';
import type { MediaRow, TrackRow } from './media-queries';

/** Rows → the platform contract (camelCase), with short-lived stream URLs for the players. */

/** A 15-minute URL a `<video>`, `<audio>`, `<track>` or `<img>` streams the stored file from. */
export function streamUrl(fileId: string, now = Date.now()): { url: string; expiresAt: string } {
  const { grant, expiresAt } = grantFor(fileId, now);
  return { url: apiPath('files.stream', { grant }), expiresAt };
}

/** Words of a search: every one must appear in the title or description (either language). */
export function matchesWords(row: MediaRow, words: string | undefined): boolean {
  const wanted = (words ?? '').toLocaleLowerCase('kk').split(/\s+/).filter(Boolean);
  if (wanted.length === 0) return true;
  const text = [row.title.kz, row.title.ru, row.description.kz, row.description.ru]
    .join(' ')
    .toLocaleLowerCase('kk');
  return wanted.every((word) => text.includes(word));
}

export function presentCard(row: MediaRow, now = Date.now()): MediaCard {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    ageGroup: row.ageGroup,
    subject: row.subjectId !== null ? { id: row.subjectId, name: row.subjectName ?? '' } : null,
    durationSeconds: row.durationSeconds,
    trackCount: row.trackCount,
    posterUrl: row.posterId ? streamUrl(row.posterId, now).url : null,
  };
}

const CAPTION_LABELS = { kz: 'Қазақша', ru: 'Русский' } as const;

export function presentDetail(
  row: MediaRow,
  tracks: readonly TrackRow[],
  locale: Locale,
  now = Date.now(),
): MediaDetail {
  const captions: MediaCaption[] = [];
  // The reader's language first: the player turns the first captions track on.
  const order: ('kz' | 'ru')[] = locale === 'kz' ? ['kz', 'ru'] : ['ru', 'kz'];
  for (const lang of order) {
    const id = lang === 'kz' ? row.captionsKzId : row.captionsRuId;
    if (id)
      captions.push({
        lang,
        srclang: lang === 'kz' ? 'kk' : 'ru',
        label: CAPTION_LABELS[lang],
        url: streamUrl(id, now).url,
      });
  }
  const presentTrack = (track: TrackRow): MediaTrack => ({
    position: track.position,
    title: track.title,
    durationSeconds: track.durationSeconds,
    mime: track.mime,
    url: streamUrl(track.fileId, now).url,
    fileId: track.fileId,
  });
  return {
    ...presentCard(row, now),
    url: row.fileId ? streamUrl(row.fileId, now).url : null,
    mime: row.fileMime,
    captions,
    tracks: tracks.map(presentTrack),
    files: {
      file: row.fileId,
      poster: row.posterId,
      captionsKz: row.captionsKzId,
      captionsRu: row.captionsRuId,
    },
    subjectId: row.subjectId,
    // Every grant made now lives equally long.
    expiresAt: grantFor(row.fileId ?? '', now).expiresAt,
  };
}
