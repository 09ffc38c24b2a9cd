import { Button, Group, NumberInput, Text, TextInput } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { readDuration, uploadMediaFile } from './api';
import { FilePick } from './FilePick';
import { mediaText as t } from './texts';

/** One track of a playlist being edited (spec §3: title, audioFile), with its length. */
export interface TrackDraft {
  key: number;
  titleKz: string;
  titleRu: string;
  fileId: string | null;
  seconds: number | null;
}

let keys = 0;
/** A key for a new track row (React keeps each row's fields through reordering). */
export function trackKey(): number {
  return ++keys;
}

/**
 * The playlist's tracks in the editor: kz/ru titles, the audio file (uploaded when picked; its
 * length read from the file), the length, and buttons to move a track up or down or remove it.
 */
export function PlaylistTracks({
  tracks,
  setTracks,
  err,
}: {
  tracks: TrackDraft[];
  setTracks: Dispatch<SetStateAction<TrackDraft[]>>;
  err: (field: string) => string | undefined;
}) {
  const setTrack = (key: number, patch: Partial<TrackDraft>) =>
    setTracks((list) => list.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  const move = (index: number, by: number) =>
    setTracks((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  return (
    <>
      {tracks.map((track, index) => {
        const n = index + 1;
        return (
          <fieldset key={track.key} className="media-track-edit">
            <legend>{t('position', { current: n, total: tracks.length })}</legend>
            <TextInput
              label={t('trackTitleKz', { n })}
              required
              value={track.titleKz}
              error={err(`tracks.${index}.title.kz`)}
              onChange={(e) => setTrack(track.key, { titleKz: e.currentTarget.value })}
            />
            <TextInput
              label={t('trackTitleRu', { n })}
              required
              value={track.titleRu}
              error={err(`tracks.${index}.title.ru`)}
              onChange={(e) => setTrack(track.key, { titleRu: e.currentTarget.value })}
            />
            <FilePick
              label={t('trackFile', { n })}
              accept="audio/*"
              current={track.fileId}
              error={err(`tracks.${index}.fileId`)}
              upload={uploadMediaFile}
              onPicked={async (file) => {
                const seconds = await readDuration(file);
                if (seconds) setTrack(track.key, { seconds });
              }}
              onUploaded={(id) => setTrack(track.key, { fileId: id })}
            />
            <NumberInput
              label={t('trackSeconds', { n })}
              min={1}
              value={track.seconds ?? ''}
              error={err(`tracks.${index}.durationSeconds`)}
              onChange={(value) =>
                setTrack(track.key, { seconds: typeof value === 'number' ? value : null })
              }
            />
            <Group gap="xs" mt="xs">
              <Button
                size="compact-sm"
                variant="default"
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                {t('moveUp', { n })}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                disabled={index === tracks.length - 1}
                onClick={() => move(index, 1)}
              >
                {t('moveDown', { n })}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                color="red"
                onClick={() => setTracks((list) => list.filter((x) => x.key !== track.key))}
              >
                {t('removeTrack', { n })}
              </Button>
            </Group>
          </fieldset>
        );
      })}
      {err('tracks') && (
        <Text c="var(--sabaq-danger)" size="sm">
          {err('tracks')}
        </Text>
      )}
      <Button
        variant="light"
        onClick={() =>
          setTracks((list) => [
            ...list,
            { key: trackKey(), titleKz: '', titleRu: '', fileId: null, seconds: null },
          ])
        }
      >
        {t('addTrack')}
      </Button>
    </>
  );
}
