import { useRef, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { AGE_GROUP_LABELS } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { urlLang } from '../shared/api';
import { useMediaDetail } from './api';
import { ControlButton, Controls } from './Controls';
import { handlePlayerKey, togglePlay } from './keys';
import { mediaText as t } from './texts';
import './media.css';

/**
 * media/video/{id}: a cartoon in the browser's own <video> (streamed with Range through a
 * 15-minute URL), kz/ru WebVTT captions as <track>s (the reader's language on), labelled
 * buttons, and the keys of handlePlayerKey on the focused player.
 */
export default function VideoPlayer() {
  const { id } = useParams();
  const { data, error } = useMediaDetail(id);
  const lang = currentUiLang();
  const frame = useRef<HTMLDivElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void frame.current?.requestFullscreen?.().catch(() => undefined);
  };
  const title = data?.title[lang] ?? '';
  return (
    <section className="media-page" aria-labelledby="video-h">
      <Button component={Link} to={`/${urlLang()}/media/video`} variant="subtle" mb="sm">
        {t('back')}
      </Button>
      {error && <Text role="alert">{error}</Text>}
      {!data && !error && <Text>{t('loading')}</Text>}
      {data && (
        <>
          <h1 id="video-h" className="media-title">
            {title}
          </h1>
          <Text c="dimmed" mb="sm">
            {AGE_GROUP_LABELS[data.ageGroup][lang]}
            {data.subject && ` · ${data.subject.name}`}
          </Text>
          <div
            ref={frame}
            className="media-player"
            role="region"
            aria-label={t('player', { title })}
            tabIndex={0}
            onKeyDown={(event) => {
              if (video && handlePlayerKey(event, video, { fullscreen })) event.preventDefault();
            }}
          >
            <video
              ref={setVideo}
              src={data.url ?? undefined}
              poster={data.posterUrl ?? undefined}
              preload="metadata"
              playsInline
              onClick={(event) => {
                togglePlay(event.currentTarget);
              }}
              data-testid="video"
            >
              {data.captions.map((caption, index) => (
                <track
                  key={caption.lang}
                  kind="captions"
                  src={caption.url}
                  srcLang={caption.srclang}
                  label={caption.label}
                  default={index === 0}
                />
              ))}
            </video>
            <Controls media={video}>
              <ControlButton label={t('fullscreen')} sign="⛶" onClick={fullscreen} />
            </Controls>
          </div>
          <Text size="sm" mt="xs">
            {t('keys')}
          </Text>
          <Text mt="md">{data.description[lang]}</Text>
        </>
      )}
    </section>
  );
}
