import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { Progress as Sent } from './upload';
import { filesText, megabytes } from './texts';

/** One file on its way: its name, a progress bar (announced to screen readers) and a stop button. */
export function UploadProgress({
  label,
  progress,
  onCancel,
}: {
  label: string;
  progress: Sent;
  onCancel?: () => void;
}) {
  const percent = progress.total ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const caption = progress.resuming
    ? filesText('resuming')
    : filesText('progress', {
        percent,
        done: megabytes(progress.sent),
        total: megabytes(progress.total),
      });
  return (
    <Stack gap={4} data-testid="upload-progress">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {filesText('uploading', { label })}
        </Text>
        {onCancel && (
          <Button variant="light" size="compact-sm" onClick={onCancel}>
            {filesText('cancel')}
          </Button>
        )}
      </Group>
      <Progress
        value={percent}
        size="lg"
        aria-label={filesText('uploading', { label })}
        transitionDuration={150}
      />
      <Text size="sm" c="var(--sabaq-muted)" aria-live="polite">
        {caption}
      </Text>
    </Stack>
  );
}
