/**
 * Tables of the media sections (issue 14, migration ids 2400–2449).
 *
 * - `media_items`: one catalogue entry, a video (cartoon) or an audio playlist, with kz/ru title
 *   and description, age group and subject. A video names its stored file, length, poster and
 *   kz/ru WebVTT captions (stored files of `use = 'media'`); a playlist has its tracks below.
 *   The catalogue is the platform's: no school column (every school's pupils see the same one).
 * - `media_tracks`: a playlist's audio files in order (spec §3 "audio playlist: title,
 *   audioFile"), each with its kz/ru title and length.
 */
export const MEDIA_SQL = `
CREATE TABLE media_items (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('video', 'audio')),
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  description_kz text NOT NULL DEFAULT '',
  description_ru text NOT NULL DEFAULT '',
  age_group text NOT NULL CHECK (age_group IN ('preschool', 'primary', 'middle', 'senior')),
  subject_id integer REFERENCES subjects(id) ON DELETE SET NULL,
  file_id uuid REFERENCES stored_files(id),
  duration_seconds integer CHECK (duration_seconds IS NULL OR duration_seconds > 0),
  poster_id uuid REFERENCES stored_files(id),
  captions_kz_id uuid REFERENCES stored_files(id),
  captions_ru_id uuid REFERENCES stored_files(id),
  created_by integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'audio' OR (file_id IS NOT NULL AND duration_seconds IS NOT NULL))
);
CREATE INDEX media_items_filter ON media_items (kind, age_group, subject_id);
CREATE TABLE media_tracks (
  media_id integer NOT NULL REFERENCES media_items(id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  file_id uuid NOT NULL REFERENCES stored_files(id),
  duration_seconds integer NOT NULL CHECK (duration_seconds > 0),
  PRIMARY KEY (media_id, position)
);
`;
