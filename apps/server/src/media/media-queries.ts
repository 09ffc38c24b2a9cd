import type { AgeGroup, Locale, MediaKind } from '@sabaq/platform';
import type { Queryable } from '../db/db';

/** All SQL of the media sections (snake_case rows stay here). */

export interface MediaRow {
  id: number;
  kind: MediaKind;
  title: { kz: string; ru: string };
  description: { kz: string; ru: string };
  ageGroup: AgeGroup;
  subjectId: number | null;
  subjectName: string | null;
  fileId: string | null;
  fileMime: string | null;
  posterId: string | null;
  captionsKzId: string | null;
  captionsRuId: string | null;
  durationSeconds: number;
  trackCount: number;
}

interface MediaDbRow {
  id: number;
  kind: MediaKind;
  title_kz: string;
  title_ru: string;
  description_kz: string;
  description_ru: string;
  age_group: AgeGroup;
  subject_id: number | null;
  subject_name: string | null;
  file_id: string | null;
  file_mime: string | null;
  poster_id: string | null;
  captions_kz_id: string | null;
  captions_ru_id: string | null;
  duration_seconds: number | string;
  track_count: number | string;
}

function toRow(row: MediaDbRow): MediaRow {
  return {
    id: row.id,
    kind: row.kind,
    title: { kz: row.title_kz, ru: row.title_ru },
    description: { kz: row.description_kz, ru: row.description_ru },
    ageGroup: row.age_group,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    fileId: row.file_id,
    fileMime: row.file_mime,
    posterId: row.poster_id,
    captionsKzId: row.captions_kz_id,
    captionsRuId: row.captions_ru_id,
    // PostgreSQL answers sums and counts as bigint text.
    durationSeconds: Number(row.duration_seconds),
    trackCount: Number(row.track_count),
  };
}

const SELECT_MEDIA = (locale: Locale) => `
  SELECT m.id, m.kind, m.title_kz, m.title_ru, m.description_kz, m.description_ru, m.age_group,
         m.subject_id, s.${locale === 'kz' ? 'name_kz' : 'name_ru'} AS subject_name,
         m.file_id, f.mime AS file_mime, m.poster_id, m.captions_kz_id, m.captions_ru_id,
         coalesce(m.duration_seconds,
                  (SELECT sum(t.duration_seconds) FROM media_tracks t WHERE t.media_id = m.id),
                  0) AS duration_seconds,
         CASE WHEN m.kind = 'video' THEN 1
              ELSE (SELECT count(*) FROM media_tracks t WHERE t.media_id = m.id) END AS track_count
    FROM media_items m
    LEFT JOIN subjects s ON s.id = m.subject_id
    LEFT JOIN stored_files f ON f.id = m.file_id`;

/** The catalogue filtered by kind, age group and subject, newest first. */
export async function listMedia(
  q: Queryable,
  filter: { kind?: MediaKind; age?: AgeGroup; subjectId?: number },
  locale: Locale,
): Promise<MediaRow[]> {
  const rows = await q.query<MediaDbRow>(
    `${SELECT_MEDIA(locale)}
      WHERE ($1::text IS NULL OR m.kind = $1)
        AND ($2::text IS NULL OR m.age_group = $2)
        AND ($3::integer IS NULL OR m.subject_id = $3)
      ORDER BY m.id DESC`,
    [filter.kind ?? null, filter.age ?? null, filter.subjectId ?? null],
  );
  return rows.map(toRow);
}

export async function loadMedia(
  q: Queryable,
  id: number,
  locale: Locale,
): Promise<MediaRow | null> {
  const rows = await q.query<MediaDbRow>(`${SELECT_MEDIA(locale)} WHERE m.id = $1`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}

export interface TrackRow {
  position: number;
  title: { kz: string; ru: string };
  fileId: string;
  mime: string;
  durationSeconds: number;
}

export async function loadTracks(q: Queryable, mediaId: number): Promise<TrackRow[]> {
  const rows = await q.query<{
    position: number;
    title_kz: string;
    title_ru: string;
    file_id: string;
    mime: string;
    duration_seconds: number;
  }>(
    `SELECT t.position, t.title_kz, t.title_ru, t.file_id, f.mime, t.duration_seconds
       FROM media_tracks t JOIN stored_files f ON f.id = t.file_id
      WHERE t.media_id = $1 ORDER BY t.position`,
    [mediaId],
  );
  return rows.map((row) => ({
    position: row.position,
    title: { kz: row.title_kz, ru: row.title_ru },
    fileId: row.file_id,
    mime: row.mime,
    durationSeconds: row.duration_seconds,
  }));
}

/** Every subject, by name in the reader's language (the catalogue's filter and the form). */
export async function listSubjects(
  q: Queryable,
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  const name = locale === 'kz' ? 'name_kz' : 'name_ru';
  return q.query<{ id: number; name: string }>(
    `SELECT id, ${name} AS name FROM subjects ORDER BY ${name}, id`,
  );
}

export async function subjectExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM subjects WHERE id = $1', [id])).length > 0;
}

export interface MediaFile {
  id: string;
  use: string;
  label: string;
  mime: string;
}

/** The stored files among `ids` (any use: the caller checks that they are the catalogue's). */
export async function loadStoredFiles(q: Queryable, ids: readonly string[]): Promise<MediaFile[]> {
  if (ids.length === 0) return [];
  return q.query<MediaFile>(
    `SELECT id, use, label, mime FROM stored_files
      WHERE id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})`,
    [...ids],
  );
}

/** A captions file checked to be WebVTT is served as `text/vtt` (what `<track>` expects). */
export async function markCaptions(q: Queryable, id: string): Promise<void> {
  await q.query("UPDATE stored_files SET mime = 'text/vtt' WHERE id = $1 AND use = 'media'", [id]);
}

export interface MediaValues {
  kind: MediaKind;
  title: { kz: string; ru: string };
  description: { kz: string; ru: string };
  ageGroup: AgeGroup;
  subjectId: number | null;
  fileId: string | null;
  durationSeconds: number | null;
  posterId: string | null;
  captions: { kz: string | null; ru: string | null };
}

function valuesOf(v: MediaValues): unknown[] {
  return [
    v.title.kz,
    v.title.ru,
    v.description.kz,
    v.description.ru,
    v.ageGroup,
    v.subjectId,
    v.fileId,
    v.durationSeconds,
    v.posterId,
    v.captions.kz,
    v.captions.ru,
  ];
}

export async function insertMedia(q: Queryable, v: MediaValues, authorId: number): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO media_items (title_kz, title_ru, description_kz, description_ru, age_group,
                              subject_id, file_id, duration_seconds, poster_id, captions_kz_id,
                              captions_ru_id, kind, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [...valuesOf(v), v.kind, authorId],
  );
  return row!.id;
}

export async function updateMedia(q: Queryable, id: number, v: MediaValues): Promise<void> {
  await q.query(
    `UPDATE media_items SET title_kz = $1, title_ru = $2, description_kz = $3,
            description_ru = $4, age_group = $5, subject_id = $6, file_id = $7,
            duration_seconds = $8, poster_id = $9, captions_kz_id = $10, captions_ru_id = $11,
            updated_at = now()
      WHERE id = $12`,
    [...valuesOf(v), id],
  );
}

export async function replaceTracks(
  q: Queryable,
  mediaId: number,
  tracks: readonly { title: { kz: string; ru: string }; fileId: string; durationSeconds: number }[],
): Promise<void> {
  await q.query('DELETE FROM media_tracks WHERE media_id = $1', [mediaId]);
  for (const [position, track] of tracks.entries()) {
    await q.query(
      `INSERT INTO media_tracks (media_id, position, title_kz, title_ru, file_id, duration_seconds)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [mediaId, position, track.title.kz, track.title.ru, track.fileId, track.durationSeconds],
    );
  }
}

/** Every stored file an entry refers to (its video, poster, captions and tracks). */
export async function filesOfMedia(q: Queryable, mediaId: number): Promise<string[]> {
  const rows = await q.query<{ id: string | null }>(
    `SELECT unnest(ARRAY[file_id, poster_id, captions_kz_id, captions_ru_id])::text AS id
       FROM media_items WHERE id = $1
     UNION SELECT file_id::text FROM media_tracks WHERE media_id = $1`,
    [mediaId],
  );
  return rows.map((row) => row.id).filter((id): id is string => id !== null);
}

export async function deleteMedia(q: Queryable, mediaId: number): Promise<void> {
  await q.query('DELETE FROM media_items WHERE id = $1', [mediaId]);
}

/**
 * Of `ids`, the catalogue's stored files no entry refers to any more; their rows are deleted
 * here and the caller removes their bytes.
 */
export async function deleteUnusedFiles(q: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<{ id: string }>(
    `DELETE FROM stored_files s
      WHERE s.id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')}) AND s.use = 'media'
        AND NOT EXISTS (SELECT 1 FROM media_items m
                         WHERE s.id IN (m.file_id, m.poster_id, m.captions_kz_id, m.captions_ru_id))
        AND NOT EXISTS (SELECT 1 FROM media_tracks t WHERE t.file_id = s.id)
      RETURNING s.id`,
    [...ids],
  );
  return rows.map((row) => row.id);
}
