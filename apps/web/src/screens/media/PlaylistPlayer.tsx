import { useEffect, useState } from 'react';
import { Button, Text, UnstyledButton } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { AGE_GROUP_LABELS } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { urlLang } from '../shared/api';
import { useMediaDetail } from './api';
import { ControlButton, Controls } from './Controls';
import { handlePlayerKey, playQuietly } from './keys';
import { clock, mediaText as t } from './texts';
import './media.css';

/**
 * media/audio/{id}: an audio playlist (spec §3: title, audioFile) played one track after another
 * in the browser's own <audio>; the track list chooses, the labelled buttons and the keys of
 * handlePlayerKey (N / P for the next and previous track) drive it.
 */
export default function PlaylistPlayer() {
  const { id } = useParams();
  const { data, error } = useMediaDetail(id);
  const lang = currentUiLang();
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const [current, setCurrent] = useState(0);
  /** Whether the next track starts by itself (after `ended` or a chosen track). */
  const [autoplay, setAutoplay] = useState(false);
  const tracks = data?.tracks ?? [];
  const track = tracks[current];

  useEffect(() => {
    if (audio && autoplay) playQuietly(audio);
  }, [audio, autoplay, current]);

  const go = (index: number) => {
    if (index < 0 || index >= tracks.length) return;
    setAutoplay(true);
    setCurrent(index);
  };
  const title = data?.title[lang] ?? '';
  return (
    <section className="media-page media-audio" aria-labelledby="audio-h">
      <Button component={Link} to={`/${urlLang()}/media/audio`} variant="subtle" mb="sm">
        {t('back')}
      </Button>
      {error && <Text role="alert">{error}</Text>}
      {!data && !error && <Text>{t('loading')}</Text>}
      {data && track && (
        <>
          <h1 id="audio-h" className="media-title">
            {title}
          </h1>
          <Text c="dimmed" mb="sm">
            {AGE_GROUP_LABELS[data.ageGroup][lang]}
            {data.subject && ` · ${data.subject.name}`}
          </Text>
          {data.posterUrl && <img src={data.posterUrl} alt="" className="media-poster" />}
          <div
            className="media-player"
            role="region"
            aria-label={t('player', { title })}
            tabIndex={0}
            onKeyDown={(event) => {
              const handled =
                audio &&
                handlePlayerKey(event, audio, {
                  next: () => go(current + 1),
                  previous: () => go(current - 1),
                });
              if (handled) event.preventDefault();
            }}
          >
            <audio
              ref={setAudio}
              src={track.url}
              preload="metadata"
              onEnded={() => go(current + 1)}
              data-testid="audio"
            />
            <Text c="white" px="sm" pt="xs" aria-live="polite" data-testid="now-playing">
              {t('nowPlaying', { title: track.title[lang] })} (
              {t('position', { current: current + 1, total: tracks.length })})
            </Text>
            <Controls media={audio}>
              <ControlButton label={t('previous')} sign="⏮" onClick={() => go(current - 1)} />
              <ControlButton label={t('next')} sign="⏭" onClick={() => go(current + 1)} />
            </Controls>
          </div>
          <Text size="sm" mt="xs">
            {t('audioKeys')}
          </Text>
          <h2 className="media-card-title">{t('trackList')}</h2>
          <ol className="media-tracks">
            {tracks.map((item, index) => (
              <li key={item.position}>
                <UnstyledButton aria-current={index === current} onClick={() => go(index)}>
                  {item.title[lang]} ({clock(item.durationSeconds)})
                </UnstyledButton>
              </li>
            ))}
          </ol>
          <Text mt="md">{data.description[lang]}</Text>
        </>
      )}
    </section>
  );
}
