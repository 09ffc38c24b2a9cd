import { useId, useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { AVATAR_LIMITS } from '@sabaq/platform';
import { notify } from '../../app/services';
import { useAppState } from '../../session/store';
import { failure } from '../shared/api';
import { UploadProgress } from '../files';
import { refreshSessionUser } from './api';
import { AvatarUploadError, removeAvatar, sendAvatar } from './avatar-api';
import { avatarText } from './avatar-texts';

/**
 * The profile picture in the cabinet: the current one (or the initials), a button that opens the
 * file picker (a real button: Enter and Space work), the upload's progress with a stop button,
 * the server's refusal under the field (kz/ru, read out), and removal. The header shows the new
 * picture at once (the session user is reloaded).
 */
export function AvatarField() {
  const user = useAppState((s) => s.user);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<{ label: string; sent: number; total: number } | null>(
    null,
  );
  const [removing, setRemoving] = useState(false);
  const abort = useRef<AbortController | null>(null);
  if (!user) return null;
  const name = `${user.surname} ${user.firstname}`;
  const initials = `${user.surname.charAt(0)}${user.firstname.charAt(0)}`;

  async function upload(file: File) {
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    setSending({ label: file.name, sent: 0, total: file.size });
    try {
      await sendAvatar(
        file,
        (sent, total) => setSending({ label: file.name, sent, total }),
        controller.signal,
      );
      await refreshSessionUser();
      notify({ kind: 'success', message: avatarText('saved') });
    } catch (err) {
      setError(err instanceof AvatarUploadError ? err.message : String(err));
    } finally {
      setSending(null);
      abort.current = null;
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setError(null);
    setRemoving(true);
    const result = await removeAvatar();
    setRemoving(false);
    if (result.error) return setError(failure(result));
    await refreshSessionUser();
    notify({ kind: 'success', message: avatarText('removed') });
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={`${hintId}-h`} mb="md">
      <h3 id={`${hintId}-h`} className="commerce-subtitle">
        {avatarText('title')}
      </h3>
      <Group gap="md" align="center" wrap="wrap">
        {user.avatar ? (
          <img
            className="avatar-picture"
            src={user.avatar}
            alt={avatarText('alt', { name })}
            width={96}
            height={96}
            data-testid="avatar-picture"
          />
        ) : (
          <span
            className="avatar-picture avatar-initials"
            role="img"
            aria-label={avatarText('none')}
          >
            {initials}
          </span>
        )}
        <Group gap="xs">
          <input
            ref={input}
            type="file"
            accept={AVATAR_LIMITS.types.join(',')}
            className="commerce-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="avatar-input"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button
            onClick={() => input.current?.click()}
            disabled={sending !== null}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          >
            {user.avatar ? avatarText('replace') : avatarText('upload')}
          </Button>
          {user.avatar ? (
            <Button
              variant="outline"
              color="red.9"
              loading={removing}
              onClick={() => void remove()}
            >
              {avatarText('remove')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="sm" id={hintId}>
        {avatarText('hint')}
      </Text>
      {sending ? (
        <UploadProgress
          label={sending.label}
          progress={{ sent: sending.sent, total: sending.total }}
          onCancel={() => abort.current?.abort()}
        />
      ) : null}
      {error ? (
        <Text c="red.9" size="sm" id={errorId} role="alert" data-testid="avatar-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
