import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { apiPath } from '@sabaq/platform';
import type { StreamGrant } from '@sabaq/platform';
import { api } from '../../app/services';
import { filesText } from './texts';

/**
 * A video or audio attachment played in place: a player cannot send the token, so the button
 * asks for a short-lived stream URL (the server checks the caller's rights first) and the
 * browser's own player streams it with Range requests (keyboard controls are the native ones).
 */
export function MediaAttachment({
  fileId,
  label,
  mime,
}: {
  fileId: number;
  label: string;
  mime: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    const r = await api.get<{ data: StreamGrant }>(apiPath('files.attachmentGrant', { fileId }), {
      handle: 'silent',
    });
    if (r.error) setError(filesText('playFailed', { label, reason: r.data?.message ?? '' }));
    else setUrl(r.data.data.url);
  };
  if (url)
    return mime.startsWith('video/') ? (
      <video
        controls
        src={url}
        aria-label={filesText('player', { label })}
        style={{ width: 480, maxWidth: '100%' }}
      />
    ) : (
      <audio controls src={url} aria-label={filesText('player', { label })} />
    );
  return (
    <>
      <Button
        variant="light"
        size="compact-md"
        mih={40}
        leftSection={<IconPlayerPlay size={18} stroke={1.75} aria-hidden />}
        onClick={() => void open()}
      >
        {filesText('play', { label })}
      </Button>
      {error && (
        <Text c="var(--sabaq-danger)" size="sm" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}
