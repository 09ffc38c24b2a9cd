import { ActionIcon, Progress } from '@mantine/core';
import type { ReactNode } from 'react';
import { SEEK_SECONDS, seekBy, togglePlay, useMediaState } from './keys';
import { clock, mediaText as t } from './texts';

/**
 * The players' buttons, each labelled: play/pause, ±10 s, mute, and what the player adds
 * (full screen, previous/next track). The time and a progress bar are read out as text.
 */
export function Controls({
  media,
  children,
}: {
  media: HTMLMediaElement | null;
  children?: ReactNode;
}) {
  const state = useMediaState(media);
  const percent = state.duration > 0 ? (state.time / state.duration) * 100 : 0;
  const button = (label: string, onClick: () => void, sign: string, pressed?: boolean) => (
    <ActionIcon
      size="lg"
      variant="filled"
      color="dark"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={!media}
    >
      <span aria-hidden>{sign}</span>
    </ActionIcon>
  );
  return (
    <div className="media-controls">
      {button(
        state.playing ? t('pause') : t('play'),
        () => media && togglePlay(media),
        state.playing ? '❚❚' : '▶',
      )}
      {button(t('back10'), () => media && seekBy(media, -SEEK_SECONDS), '«')}
      {button(t('forward10'), () => media && seekBy(media, SEEK_SECONDS), '»')}
      {button(
        state.muted ? t('unmute') : t('mute'),
        () => {
          if (media) media.muted = !media.muted;
        },
        state.muted ? '🔇' : '🔊',
      )}
      {children}
      <Progress value={percent} w={160} aria-label={clock(state.time)} size="sm" />
      <span className="media-time" data-testid="media-time">
        {clock(state.time)} / {clock(state.duration)}
      </span>
    </div>
  );
}

export function ControlButton({
  label,
  sign,
  onClick,
}: {
  label: string;
  sign: string;
  onClick: () => void;
}) {
  return (
    <ActionIcon size="lg" variant="filled" color="dark" aria-label={label} onClick={onClick}>
      <span aria-hidden>{sign}</span>
    </ActionIcon>
  );
}
