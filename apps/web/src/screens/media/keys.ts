import { useEffect, useState } from 'react';

/** Seconds the arrow keys and the ±10 buttons move. */
export const SEEK_SECONDS = 10;

export interface PlayerActions {
  fullscreen?: () => void;
  next?: () => void;
  previous?: () => void;
}

/** Plays or pauses (a rejected play — autoplay rules — leaves the element paused). */
export function togglePlay(media: HTMLMediaElement): void {
  if (media.paused) playQuietly(media);
  else media.pause();
}

/** Starts playing; a refusal (the browser's autoplay rules) leaves the element paused. */
export function playQuietly(media: HTMLMediaElement): void {
  const started = media.play() as Promise<void> | undefined;
  started?.catch(() => undefined);
}

export function seekBy(media: HTMLMediaElement, seconds: number): void {
  const end = Number.isFinite(media.duration) ? media.duration : Infinity;
  media.currentTime = Math.min(end, Math.max(0, media.currentTime + seconds));
}

/**
 * The players' keys (YouTube's, which people know): space or K play/pause, ← → seek 10 s,
 * F full screen, M mute; N / P the next / previous track of a playlist. Space and Enter on a
 * focused button are the button's own. Returns whether the key was the player's.
 */
export function handlePlayerKey(
  event: {
    key: string;
    target: EventTarget | null;
    ctrlKey?: boolean;
    metaKey?: boolean;
    altKey?: boolean;
  },
  media: HTMLMediaElement,
  actions: PlayerActions = {},
): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target as HTMLElement | null;
  const onControl = target?.closest?.('button, a, input, select, textarea, [role="combobox"]');
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === ' ' && onControl) return false;
  switch (key) {
    case ' ':
    case 'k':
      togglePlay(media);
      return true;
    case 'ArrowLeft':
      seekBy(media, -SEEK_SECONDS);
      return true;
    case 'ArrowRight':
      seekBy(media, SEEK_SECONDS);
      return true;
    case 'm':
      media.muted = !media.muted;
      return true;
    case 'f':
      if (!actions.fullscreen) return false;
      actions.fullscreen();
      return true;
    case 'n':
      if (!actions.next) return false;
      actions.next();
      return true;
    case 'p':
      if (!actions.previous) return false;
      actions.previous();
      return true;
    default:
      return false;
  }
}

/** The element's state for the controls: playing, muted, time and length. */
export function useMediaState(media: HTMLMediaElement | null) {
  const [state, setState] = useState({ playing: false, muted: false, time: 0, duration: 0 });
  useEffect(() => {
    if (!media) return;
    const update = () =>
      setState({
        playing: !media.paused,
        muted: media.muted,
        time: media.currentTime,
        duration: Number.isFinite(media.duration) ? media.duration : 0,
      });
    const events = [
      'play',
      'pause',
      'timeupdate',
      'volumechange',
      'loadedmetadata',
      'durationchange',
      'ended',
    ];
    for (const name of events) media.addEventListener(name, update);
    update();
    return () => {
      for (const name of events) media.removeEventListener(name, update);
    };
  }, [media]);
  return state;
}
